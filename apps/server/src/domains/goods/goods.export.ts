import {
  type contract,
  type GoodsListItem,
  goodsSheet,
  type LogisticsMode,
  NEAR_EXPIRY_DAYS,
  type ParsedInputOf,
  type SheetKey,
} from "@sbo/contract";
import { addDays } from "../../platform/days";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import * as repo from "./goods.repository";
import { goods } from "./goods.tables";
import { listItems, type ViewContext } from "./goods.view";

/* The goods list's export: the list's tab and filters, one row per item, newest change first; the sheet in the contract (goodsSheet). */

type In = ParsedInputOf<typeof contract.goods.exportGoodsList>;

const logisticsWords: Record<LogisticsMode, { en: string; zh: string }> = {
  express: { en: "Express", zh: "快递" },
  cityDelivery: { en: "Same-city delivery", zh: "同城配送" },
  selfPickup: { en: "Self-pickup", zh: "到店自提" },
};

const yesNo = { yes: { en: "Yes", zh: "是" }, no: { en: "No", zh: "否" } };

/** How each column of the goods sheet (contract `goodsSheet`) reads an exported item. */
export const goodsCells: SheetCells<SheetKey<typeof goodsSheet>, GoodsListItem> = {
  name: cell.text((r) => r.name, 32),
  code: cell.text((r) => r.code, 16),
  category: cell.text((r) => r.category?.name ?? null, 16),
  status: cell.enum(
    { draft: { en: "Draft", zh: "草稿" }, on: { en: "On shelf", zh: "已上架" }, off: { en: "Off shelf", zh: "已下架" } },
    (r) => r.status,
    10,
  ),
  priceMin: cell.money((r) => r.priceMin, 14),
  priceMax: cell.money((r) => r.priceMax, 14),
  stock: cell.integer((r) => r.stock),
  skuCount: cell.integer((r) => r.skuCount),
  sales: cell.integer((r) => r.sales),
  fresh: cell.enum(yesNo, (r) => (r.fresh ? "yes" : "no"), 8),
  earliestExpiry: cell.date((r) => r.earliestExpiry, 14),
  nearExpiry: cell.enum(yesNo, (r) => (r.nearExpiry ? "yes" : "no"), 12),
  logistics: cell.enums(logisticsWords, (r) => r.logistics, 24),
  listingType: cell.enum(
    {
      goods: { en: "Goods", zh: "商品" },
      serviceOffer: { en: "Service offered", zh: "服务供应" },
      serviceWant: { en: "Service wanted", zh: "服务需求" },
    },
    (r) => r.listingType,
    12,
  ),
  onShelfAt: cell.datetime((r) => r.onShelfAt),
  createdAt: cell.datetime((r) => r.createdAt),
  updatedAt: cell.datetime((r) => r.updatedAt),
};

/** The goods list as a spreadsheet, streamed in batches of 500 items (keyset on the last change). */
export async function exportGoodsList(ctx: Ctx, v: ViewContext, input: In): Promise<FileResult> {
  const near = { from: v.today, to: addDays(v.today, NEAR_EXPIRY_DAYS) };
  const { tab, columns, ...filters } = input;
  const where = repo.goodsWhere(v.boId, {
    kind: "goods",
    ...filters,
    ...(tab === "nearExpiry" ? { expiring: near } : tab === "all" ? {} : { status: tab }),
  });
  const db = ctx.db;
  async function* items(): AsyncGenerator<GoodsListItem[]> {
    const batches = keysetBatches(
      { at: goods.updatedAt, id: goods.id },
      where,
      (w, orderBy, size) => repo.listOrdered(db, w, v.today, orderBy, size),
      (r) => ({ at: r.cursorAt, id: r.g.id }),
      500,
    );
    for await (const rows of batches) yield await listItems(db, v, rows);
  }
  return sheetFile(ctx, goodsSheet, goodsCells, columns, items());
}
