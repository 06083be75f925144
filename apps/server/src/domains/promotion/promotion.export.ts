import { type contract, type ParsedInputOf, promotionSheet, promotionStateWords, type SheetKey } from "@sbo/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import * as repo from "./promotion.repository";

/* The promotion list's export: the sheet in the contract (promotionSheet), the list's own where-clause (listWhere). */

type Row = repo.PromotionRow & { at: string };

const kindWords = {
  percent: { en: "Percent off", zh: "折扣" },
  price: { en: "Price per SKU", zh: "按规格定价" },
};

/** How each column of the promotion sheet reads an exported promotion. */
export const promotionCells: SheetCells<SheetKey<typeof promotionSheet>, Row> = {
  name: cell.text((r) => r.name, 24),
  kind: cell.enum(kindWords, (r) => r.kind, 14),
  percentOff: cell.integer((r) => r.percent_off),
  state: cell.enum(promotionStateWords, (r) => r.state, 12),
  startsAt: cell.datetime((r) => r.starts_at),
  endsAt: cell.datetime((r) => r.ends_at),
  perBuyerLimit: cell.integer((r) => r.per_buyer_limit),
  goodsCount: cell.integer((r) => Number(r.goods_count)),
  skuCount: cell.integer((r) => Number(r.sku_count)),
  cancelledAt: cell.datetime((r) => r.cancelled_at),
  createdAt: cell.datetime((r) => r.created_at),
};

/** The list's rows, newest first, in keyset batches (counts come with each row from the list's own query). */
const batches = (db: Executor, where: SQL) =>
  keysetBatches(
    { at: sql`p.created_at`, id: sql`p.id` },
    where,
    (w, orderBy, size) => repo.listRows(db, w, orderBy, size),
    (r: Row) => ({ at: r.at, id: r.id }),
  );

/** The promotion list as a spreadsheet: the list's filters, the reader's language, the shop's time zone. */
export async function exportList(input: ParsedInputOf<typeof contract.promotion.exportList>, ctx: Ctx): Promise<FileResult> {
  const { columns, ...filters } = input;
  return sheetFile(ctx, promotionSheet, promotionCells, columns, batches(ctx.db, repo.listWhere(ctx.me().boId, filters)));
}
