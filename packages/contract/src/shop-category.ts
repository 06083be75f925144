import { z } from "zod";
import { bulkReport } from "./bulk";
import { id, instant, ok, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { goodsListItem } from "./goods";
import { refusals } from "./refusals";
import { sheet } from "./sheets";

/*
 * Shop categories (issue 10, docs/domains/catalogue.md): the seller's own two-level tree of categories that
 * buyers browse the shop by (unlike the platform's category tree, which every item has one leaf of). A goods item
 * may sit in any number of them. Sorting is 1..n among siblings, renumbered under a lock on every move.
 */

/** What shop-category calls refuse with, in both languages. Field rules start with `{field}`. */
export const shopCategoryRefusals = refusals("shopCategory", {
  notFound: { en: "That shop category was not found", zh: "未找到该店铺分类" },
  goodsNotInCategory: { en: '"{name}" is no longer in this category', zh: "“{name}”已不在此分类中" },
  nameTaken: { en: "{field} is already the name of another category at this level", zh: "{field}与同级的其他分类重名" },
  parentNotRoot: { en: "{field} must be a top-level category: categories have two levels", zh: "{field}必须是一级分类：分类只有两级" },
  parentHasChildren: {
    en: '{field}: "{name}" has sub-categories, so it stays at the top level',
    zh: "{field}：“{name}”有子分类，只能作为一级分类",
  },
  parentIsSelf: { en: "{field} cannot be the category itself", zh: "{field}不能是该分类自己" },
  tooMany: { en: "A shop has at most {max} categories", zh: "一个店铺最多有 {max} 个分类" },
  hasChildren: {
    en: '"{name}" has {count} sub-categories: move or delete them first (or delete them together)',
    zh: "“{name}”下有 {count} 个子分类：请先移走或删除它们（或一并删除）",
  },
  goodsNotFound: { en: "Goods item {id} was not found", zh: "未找到商品 {id}" },
});

export const MAX_SHOP_CATEGORIES = 200;
export const MAX_SHOP_CATEGORY_NAME = 20;
/** Goods linked or unlinked in one call. */
export const MAX_LINK_GOODS = 200;

const name = z.string().trim().min(1, "is required").max(MAX_SHOP_CATEGORY_NAME);
const uniqueIds = (max: number) => z.array(id).min(1).max(max);

export const shopCategoryItem = z.object({
  id,
  /** Null for a top-level category. */
  parentId: id.nullable(),
  name: z.string(),
  /** 1..n among its siblings. */
  sort: z.int(),
  /** Live goods linked to this category itself (not its sub-categories). */
  goodsCount: z.int(),
  /** Live goods in this category or any of its sub-categories, each counted once (a sub-category: its goodsCount). */
  goodsCountWithSub: z.int(),
  childCount: z.int(),
  createdAt: instant,
  updatedAt: instant,
});
export type ShopCategoryItem = z.infer<typeof shopCategoryItem>;

/** A top-level category with its sub-categories, both in sort order. */
export const shopCategoryNode = shopCategoryItem.extend({ children: z.array(shopCategoryItem) });
export type ShopCategoryNode = z.infer<typeof shopCategoryNode>;

/** The shop category tree's export sheet (sheets.ts): one row a category, each top-level one before its children. */
export const shopCategorySheet = sheet(
  "shopCategoryList",
  { en: "Shop categories", zh: "店铺分类" },
  {
    parent: { en: "Top-level category", zh: "一级分类" },
    name: { en: "Name", zh: "分类名称" },
    level: { en: "Level", zh: "级别" },
    sort: { en: "Order", zh: "排序" },
    goodsCount: { en: "Goods", zh: "商品数" },
    goodsCountWithSub: { en: "Goods with sub-categories", zh: "含子分类商品数" },
    childCount: { en: "Sub-categories", zh: "子分类数" },
    createdAt: { en: "Created", zh: "创建时间" },
  },
);

const view = { func: "shop.classify" } as const;
const edit = { func: "shop.classify.edit" } as const;

export const shopCategory = {
  selShopClassifyListByBoId: read({
    path: seller("/trading/shopClassify/selShopClassifyListByBoId"),
    summary:
      "The shop's whole category tree in order, with goods counts; given a goods item, also the categories it is in (the goods form)",
    access: "member",
    shop: true,
    input: z.strictObject({ goodsId: id.optional() }),
    output: z.object({ tree: z.array(shopCategoryNode), goodsCategoryIds: z.array(id) }),
  }),
  selShopClassifyByParentId: read({
    path: seller("/trading/shopClassify/selShopClassifyByParentId"),
    summary: "The categories under a parent (null: the top level), in order",
    access: view,
    input: z.strictObject({ parentId: id.nullable().default(null) }),
    output: z.array(shopCategoryItem),
  }),
  exportShopClassifyList: exportFile({
    path: seller("/trading/shopClassify/exportShopClassifyList"),
    summary: "The shop's categories as an Excel file, in tree order (optionally chosen columns)",
    access: { func: "shop.classify.export" },
    input: z.strictObject({ columns: shopCategorySheet.chosen }),
    sheet: shopCategorySheet,
  }),
  selShopClassifyById: read({
    path: seller("/trading/shopClassify/selShopClassifyById"),
    summary: "One category, with its parent's name",
    access: view,
    input: z.strictObject({ id }),
    output: shopCategoryItem.extend({ parentName: z.string().nullable() }),
  }),
  addShopClassify: write({
    path: seller("/trading/shopClassify/addShopClassify"),
    summary: "Add a category at the end of the top level or of a top-level category's sub-categories",
    access: edit,
    input: z.strictObject({ parentId: id.nullable().default(null), name }),
    output: shopCategoryItem,
  }),
  updShopClassifyById: write({
    path: seller("/trading/shopClassify/updShopClassifyById"),
    summary: "Rename a category (moving it is updShopClassifyList)",
    access: edit,
    input: z.strictObject({ id, name }),
    output: shopCategoryItem,
  }),
  delClassifyByIdList: write({
    path: seller("/trading/shopClassify/delClassifyByIdList"),
    summary: "Delete categories: their goods stay (only the links go); one with sub-categories is refused unless they are deleted with it",
    access: edit,
    input: z.strictObject({ ids: uniqueIds(MAX_SHOP_CATEGORIES) }),
    output: z.object({ deleted: z.int(), unlinkedGoods: z.int() }),
  }),
  updShopClassifyList: write({
    path: seller("/trading/shopClassify/updShopClassifyList"),
    summary:
      "Move a category to position `index` (0-based) among the children of `parentId` (null: the top level); both sibling lists are renumbered 1..n",
    access: edit,
    input: z.strictObject({ id, parentId: id.nullable(), index: z.int().min(0).max(MAX_SHOP_CATEGORIES) }),
    output: z.array(shopCategoryNode),
  }),

  // /trading/shopClassifyGoods/
  selShopClassifyGoodsByPage: read({
    path: seller("/trading/shopClassifyGoods/selShopClassifyGoodsByPage"),
    summary: "A page of a category's goods (name or SKU code filter), most recently added first",
    access: view,
    input: pageInput({ classifyId: id, keyword: z.string().trim().max(60).optional() }),
    output: page(goodsListItem),
  }),
  addShopClassifyGoods: write({
    path: seller("/trading/shopClassifyGoods/addShopClassifyGoods"),
    summary: "Put goods in a category (those already in it stay as they are)",
    access: edit,
    input: z.strictObject({ classifyId: id, goodsIds: uniqueIds(MAX_LINK_GOODS) }),
    output: z.object({ added: z.int(), goodsCount: z.int() }),
  }),
  delShopClassifyGoods: write({
    path: seller("/trading/shopClassifyGoods/delShopClassifyGoods"),
    summary: "Take goods out of a category (the goods themselves stay)",
    access: edit,
    input: z.strictObject({ classifyId: id, goodsIds: uniqueIds(MAX_LINK_GOODS) }),
    /** Per item (contract bulk.ts): the goods taken out, and each chosen item that was not in the category. */
    output: bulkReport.extend({ goodsCount: z.int() }),
  }),
  updList: write({
    path: seller("/trading/shopClassifyGoods/updList"),
    summary: "Set the categories one goods item is in (the goods form, after saving the item)",
    // Part of editing the item, so the goods form's function: an editor of goods need not edit the tree.
    access: { func: "goods.manage.edit" },
    input: z.strictObject({ goodsId: id, classifyIds: z.array(id).max(MAX_SHOP_CATEGORIES) }),
    output: ok,
  }),
};
