import { type contract, type ParsedInputOf, type SheetKey, type ShopCategoryItem, shopCategorySheet } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import { cell, type SheetCells, sheetFile } from "../../../platform/export/sheet-file";
import type { FileResult } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { treeOf } from "./shop-category.service";

/*
 * The shop category tree's export: the sheet in the contract (shopCategorySheet), the tree the screen shows (treeOf:
 * at most MAX_SHOP_CATEGORIES categories, their goods counted in one query each), one row a category in tree order.
 */

/** A category as exported: its parent's name (a sub-category) beside it. */
type Row = ShopCategoryItem & { parentName: string | null };

const levelWords = { top: { en: "Top level", zh: "一级" }, sub: { en: "Sub-category", zh: "二级" } };

/** How each column of the shop category sheet reads an exported category. */
export const shopCategoryCells: SheetCells<SheetKey<typeof shopCategorySheet>, Row> = {
  parent: cell.text((r) => r.parentName, 20),
  name: cell.text((r) => r.name, 20),
  level: cell.enum(levelWords, (r) => (r.parentId === null ? "top" : "sub"), 12),
  sort: cell.integer((r) => r.sort),
  goodsCount: cell.integer((r) => r.goodsCount),
  goodsCountWithSub: cell.integer((r) => r.goodsCountWithSub),
  childCount: cell.integer((r) => r.childCount),
  createdAt: cell.datetime((r) => r.createdAt),
};

async function* inTreeOrder(db: Executor, boId: string): AsyncGenerator<Row[]> {
  const tree = await treeOf(db, boId);
  yield tree.flatMap(({ children, ...top }) => [{ ...top, parentName: null }, ...children.map((c) => ({ ...c, parentName: top.name }))]);
}

/** The shop's categories as a spreadsheet, in tree order, in the reader's language and the shop's time zone. */
export async function exportShopClassifyList(
  input: ParsedInputOf<typeof contract.shopCategory.exportShopClassifyList>,
  ctx: Ctx,
): Promise<FileResult> {
  return sheetFile(ctx, shopCategorySheet, shopCategoryCells, input.columns, inTreeOrder(ctx.db, ctx.me().boId));
}
