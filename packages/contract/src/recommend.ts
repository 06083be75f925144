import { z } from "zod";
import { bulkReport } from "./bulk";
import { id, instant, page, pageInput } from "./common";
import { read, seller, write } from "./define";
import { goodsListItem } from "./goods";
import { refusals } from "./refusals";

/*
 * Shop recommendations (issue 10, docs/domains/catalogue.md): named groups ("New this week", "Staff picks")
 * of hand-picked goods in the seller's order, shown on the shop's front page. Groups and the goods in a group are
 * sorted 1..n, renumbered under a lock on every move.
 */

export const recommendRefusals = refusals("recommend", {
  groupNotFound: { en: "That recommendation group was not found", zh: "未找到该推荐分组" },
  goodsNotFound: { en: "That recommended item was not found", zh: "未找到该推荐商品" },
  nameTaken: { en: "{field} is already the name of another group", zh: "{field}与其他推荐分组重名" },
  tooManyGroups: { en: "A shop has at most {max} recommendation groups", zh: "一个店铺最多有 {max} 个推荐分组" },
  tooManyGoods: {
    en: "A group holds at most {max} goods: it has {count}, and {adding} more were chosen",
    zh: "一个分组最多 {max} 件商品：已有 {count} 件，又选了 {adding} 件",
  },
  itemNotFound: { en: "Goods item {id} was not found", zh: "未找到商品 {id}" },
});

export const MAX_RECOMMEND_GROUPS = 20;
export const MAX_RECOMMEND_GOODS = 100;
export const MAX_RECOMMEND_NAME = 20;

const name = z.string().trim().min(1, "is required").max(MAX_RECOMMEND_NAME);

export const recommendGroupItem = z.object({
  id,
  name: z.string(),
  /** Hidden groups stay on this screen but not on the shop's front page. */
  visible: z.boolean(),
  /** 1..n. */
  sort: z.int(),
  goodsCount: z.int(),
  createdAt: instant,
  updatedAt: instant,
});
export type RecommendGroupItem = z.infer<typeof recommendGroupItem>;

export const recommendGoodsItem = z.object({
  /** The recommendation's own id (updRecommendInfo, delRecommendInfo). */
  id,
  classifyId: id,
  /** 1..n within the group. */
  sort: z.int(),
  goods: goodsListItem,
});
export type RecommendGoodsItem = z.infer<typeof recommendGoodsItem>;

const view = { func: "shop.recommend" } as const;
const edit = { func: "shop.recommend.edit" } as const;

export const recommend = {
  selRecommendClassifyList: read({
    path: seller("/trading/recommendClassify/selRecommendClassifyList"),
    summary: "The shop's recommendation groups in order, with how many goods each holds",
    access: view,
    input: z.strictObject({}),
    output: z.array(recommendGroupItem),
  }),
  addRecommendClassify: write({
    path: seller("/trading/recommendClassify/addRecommendClassify"),
    summary: "Add a recommendation group at the end",
    access: edit,
    input: z.strictObject({ name, visible: z.boolean().default(true) }),
    output: recommendGroupItem,
  }),
  updRecommendClassifyById: write({
    path: seller("/trading/recommendClassify/updRecommendClassifyById"),
    summary: "Rename a group, or show or hide it",
    access: edit,
    input: z.strictObject({ id, name, visible: z.boolean() }),
    output: recommendGroupItem,
  }),
  execRecommendClassifyList: write({
    path: seller("/trading/recommendClassify/execRecommendClassifyList"),
    summary:
      "Change the list of groups: move one to position `index` (0-based), or delete some with their goods links; answers the groups in order",
    access: edit,
    input: z.discriminatedUnion("action", [
      z.strictObject({ action: z.literal("move"), id, index: z.int().min(0).max(MAX_RECOMMEND_GROUPS) }),
      z.strictObject({ action: z.literal("delete"), ids: z.array(id).min(1).max(MAX_RECOMMEND_GROUPS) }),
    ]),
    output: z.array(recommendGroupItem),
  }),

  // /trading/recommend/
  selExistRecommendByPage: read({
    path: seller("/trading/recommend/selExistRecommendByPage"),
    summary: "A page of a group's goods in the seller's order",
    access: view,
    input: pageInput({ classifyId: id }),
    output: page(recommendGoodsItem),
  }),
  addRecommendInfoList: write({
    path: seller("/trading/recommend/addRecommendInfoList"),
    summary: "Add goods at the end of a group, in the order given (those already in it stay where they are)",
    access: edit,
    input: z.strictObject({ classifyId: id, goodsIds: z.array(id).min(1).max(MAX_RECOMMEND_GOODS) }),
    output: z.object({ added: z.int(), goodsCount: z.int() }),
  }),
  delRecommendInfo: write({
    path: seller("/trading/recommend/delRecommendInfo"),
    summary: "Take recommendations out of their group; the rest are renumbered",
    access: edit,
    input: z.strictObject({ ids: z.array(id).min(1).max(MAX_RECOMMEND_GOODS) }),
    /** Per item (contract bulk.ts): those taken out, and each not found (taken out meanwhile); none found is a 404. */
    output: bulkReport,
  }),
  updRecommendInfo: write({
    path: seller("/trading/recommend/updRecommendInfo"),
    summary: "Move a recommendation to position `index` (0-based) in its group; the group is renumbered 1..n",
    access: edit,
    input: z.strictObject({ id, index: z.int().min(0).max(MAX_RECOMMEND_GOODS) }),
    output: recommendGoodsItem,
  }),
};
