import {
  type AdvertItem,
  advertPositionWords,
  advertSheet,
  type contract,
  MAX_ADVERTS,
  type ParsedInputOf,
  type SheetKey,
} from "@sbo/contract";
import type { SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import * as repo from "./advert.repository";
import { advertList } from "./advert.service";

/*
 * The advert list's export: the sheet in the contract (advertSheet), the list's own where-clause (advertWhere). A shop
 * has at most MAX_ADVERTS adverts and the list is the seller's order, so the file is that order in one batch.
 */

const yesNo = { yes: { en: "Yes", zh: "是" }, no: { en: "No", zh: "否" } };

/** How each column of the advert sheet reads an exported advert. */
export const advertCells: SheetCells<SheetKey<typeof advertSheet>, AdvertItem> = {
  sort: cell.integer((r) => r.sort),
  name: cell.text((r) => r.name, 24),
  position: cell.enum(advertPositionWords, (r) => r.position, 16),
  enabled: cell.enum(yesNo, (r) => (r.enabled ? "yes" : "no"), 10),
  itemCount: cell.integer((r) => r.itemCount),
  showingCount: cell.integer((r) => r.showingCount),
  createdAt: cell.datetime((r) => r.createdAt),
  updatedAt: cell.datetime((r) => r.updatedAt),
};

async function* inOrder(db: Executor, where: SQL): AsyncGenerator<AdvertItem[]> {
  yield await advertList(db, await repo.advertPage(db, where, MAX_ADVERTS, 0));
}

/** The advert list as a spreadsheet: the list's filters, the reader's language, the shop's time zone. */
export async function exportAdvertList(input: ParsedInputOf<typeof contract.advert.exportAdvertList>, ctx: Ctx): Promise<FileResult> {
  const { columns, ...filters } = input;
  return sheetFile(ctx, advertSheet, advertCells, columns, inOrder(ctx.db, repo.advertWhere(ctx.me().boId, filters)));
}
