import { type contract, evaluationSheet, type ParsedInputOf, type SheetKey } from "@sbo/contract";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import * as repo from "./evaluation.repository";
import { checkListSpan } from "./evaluation.rules";
import { summaryOf } from "./evaluation.view";

/* The review list's export: the sheet in the contract (evaluationSheet), the rows from the list's own conditions. */

type ExportRow = ReturnType<typeof summaryOf>;

const yesNo = { yes: { en: "Yes", zh: "是" }, no: { en: "No", zh: "否" } };

/** How each column of the review sheet reads an exported evaluation. */
const evaluationCells: SheetCells<SheetKey<typeof evaluationSheet>, ExportRow> = {
  orderNo: cell.text((r) => r.orderNo, 22),
  buyerName: cell.text((r) => r.buyerName, 16),
  score: cell.integer((r) => r.score, 8),
  descriptionScore: cell.integer((r) => r.descriptionScore, 10),
  serviceScore: cell.integer((r) => r.serviceScore, 10),
  logisticsScore: cell.integer((r) => r.logisticsScore, 10),
  goodsName: cell.text((r) => r.firstLine.goodsName, 28),
  content: cell.text((r) => r.firstLine.content || null, 40),
  lineCount: cell.integer((r) => r.lineCount, 8),
  imageCount: cell.integer((r) => r.imageCount, 8),
  followedUp: cell.enum(yesNo, (r) => (r.followedUp ? "yes" : "no"), 10),
  reply: cell.text((r) => r.reply, 40),
  createdAt: cell.datetime((r) => r.createdAt),
  repliedAt: cell.datetime((r) => r.repliedAt),
};

/** The review list as a spreadsheet: exactly the list's filters (`listWhere`), newest first, buyers masked as listed. */
export async function exportEvalOrderList(
  input: ParsedInputOf<typeof contract.evaluation.exportEvalOrderList>,
  ctx: Ctx,
): Promise<FileResult> {
  const { columns, ...filters } = input;
  checkListSpan(filters);
  const where = repo.listWhere(ctx.me().boId, filters);
  const e = repo.evaluationAlias;
  async function* batches() {
    const keyed = keysetBatches(
      { at: e.createdAt, id: e.id },
      where,
      (w, orderBy, size) => repo.summaryBatch(ctx.db, w, orderBy, size),
      (row) => ({ at: row.created_key, id: row.id }),
    );
    for await (const rows of keyed) yield rows.map(summaryOf);
  }
  return sheetFile(ctx, evaluationSheet, evaluationCells, columns, batches());
}
