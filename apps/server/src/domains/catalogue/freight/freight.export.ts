import { type contract, freightSheet, type ParsedInputOf, type SheetKey } from "@sbo/contract";
import type { SQL } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { cell, type SheetCells, sheetFile } from "../../../platform/export/sheet-file";
import type { FileResult } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { keysetBatches } from "../../../platform/http/paging";
import * as repo from "./freight.repository";
import { freightTemplate } from "./freight.tables";
import { listItems, type Out } from "./freight.view";

/* The freight template list's export: the sheet in the contract (freightSheet), the list's own where-clause (listWhere). */

type Item = Out<"selByParam">["list"][number];

const chargeWords = {
  piece: { en: "By piece", zh: "按件数" },
  weight: { en: "By weight", zh: "按重量" },
  volume: { en: "By volume", zh: "按体积" },
};

/** How each column of the freight sheet reads an exported template (units as stored: pieces, grams, cm³). */
export const freightCells: SheetCells<SheetKey<typeof freightSheet>, Item> = {
  name: cell.text((r) => r.name, 24),
  chargeType: cell.enum(chargeWords, (r) => r.chargeType, 12),
  firstUnit: cell.integer((r) => r.defaultRule.firstUnit),
  firstFee: cell.money((r) => r.defaultRule.firstFee),
  additionalUnit: cell.integer((r) => r.defaultRule.additionalUnit),
  additionalFee: cell.money((r) => r.defaultRule.additionalFee),
  regionRuleCount: cell.integer((r) => r.regionRuleCount),
  freeRuleCount: cell.integer((r) => r.freeRuleCount),
  notDeliveredCount: cell.integer((r) => r.notDeliveredCount),
  goodsCount: cell.integer((r) => r.goodsCount),
  updatedAt: cell.datetime((r) => r.updatedAt),
  createdAt: cell.datetime((r) => r.createdAt),
};

/** The list's templates, latest change first, in keyset batches; each batch's counts in one query each (listItems). */
async function* batches(db: Executor, boId: string, where: SQL) {
  const rows = keysetBatches(
    { at: freightTemplate.updatedAt, id: freightTemplate.id },
    where,
    (w, orderBy, size) => repo.listRows(db, w, orderBy, size),
    (r) => ({ at: r.at, id: r.id }),
  );
  for await (const batch of rows) yield await listItems(db, boId, batch);
}

/** The freight template list as a spreadsheet: the list's filters, the reader's language, the shop's time zone. */
export async function exportByParam(input: ParsedInputOf<typeof contract.freight.exportByParam>, ctx: Ctx): Promise<FileResult> {
  const { boId } = ctx.me();
  const { columns, ...filters } = input;
  return sheetFile(ctx, freightSheet, freightCells, columns, batches(ctx.db, boId, repo.listWhere(boId, filters)));
}
