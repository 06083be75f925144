import { z } from "zod";
import { id, page, pageInput } from "./common";
import { read } from "./define";
import { goods, goodsKind, goodsListItem, goodsStatus, statusCounts } from "./goods";

/*
 * The goods calls outside the seller prefix (spec §7, "/api/trading/goods/"; issue 10). Those that do what a seller
 * call does are that call under a second path (one service, one schema); the rest answer what the seller's
 * screens and the marketplace directory need: counts by kind and category, and the sellers with goods on shelf.
 * See docs/domains/goods.md ("The calls under /api/trading/goods/").
 */

const view = { func: "goods.manage" } as const;

/** A seller with goods on shelf, as the marketplace shows it: its shop's name and how many items it has on shelf. */
export const sellerWithGoods = z.object({ boId: id, orgName: z.string(), shopName: z.string(), onShelf: z.int() });

export const goodsPublic = {
  myGoodsList: read({
    path: "/api/trading/goods/myGoodsList",
    summary: "The caller's goods and packages by name, category, status and kind, newest change first",
    access: view,
    input: goods.selGoodsInfoByPage.input,
    output: page(goodsListItem),
  }),
  selGoodsInfoByPage: { ...goods.selGoodsInfoByPage, path: "/api/trading/goods/selGoodsInfoByPage" },
  detail: { ...goods.selGoodsById, path: "/api/trading/goods/detail" },
  publishGoods: { ...goods.publishGoods, path: "/api/trading/goods/publishGoods" },
  modifyGoods: { ...goods.modifyGoods, path: "/api/trading/goods/modifyGoods" },
  selBaseGoodsStatus: read({
    path: "/api/trading/goods/manage/selBaseGoodsStatus",
    summary: "How many of the caller's goods are in each status tab (all, on, off, draft, near expiry)",
    access: view,
    input: z.strictObject({}),
    output: statusCounts,
  }),
  selGoodsNumByTypeAndCate: read({
    path: "/api/trading/goods/selGoodsNumByTypeAndCate",
    summary: "How many live goods the caller has by kind (items, packages) and by top-level category, optionally of one status",
    access: view,
    input: z.strictObject({ status: goodsStatus.optional() }),
    output: z.object({
      byKind: z.array(z.object({ kind: goodsKind, count: z.int() })),
      byCategory: z.array(z.object({ id, name: z.string(), nameEn: z.string(), count: z.int() })),
    }),
  }),
  selBoListByCategory: read({
    path: "/api/trading/goods/selBoListByCategory",
    summary: "The sellers with goods on shelf in a category or any category under it, most goods first (at most 50)",
    access: "member",
    input: z.strictObject({ categoryId: id, limit: z.int().min(1).max(50).default(20) }),
    output: z.array(sellerWithGoods),
  }),
  selBoListByParam: read({
    path: "/api/trading/goods/info/selBoListByParam",
    summary: "The sellers with goods on shelf whose organisation or shop name holds the keyword, by name",
    access: "member",
    input: pageInput({ keyword: z.string().trim().min(1, "is required").max(40) }),
    output: page(sellerWithGoods),
  }),
};
