import { type contract, type ParsedInputOf, pushSheet, type SheetKey } from "@sbo/contract";
import { cell, type SheetCells, sheetFile } from "../../../platform/export/sheet-file";
import type { FileResult } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { keysetBatches } from "../../../platform/http/paging";
import { orderPush } from "../live/live.tables";
import * as push from "./push.repository";
import { toPushItem } from "./push.service";

/* The pushed sales order list's export: the sheet in the contract (pushSheet), the rows from the list's own conditions. */

type ExportRow = ReturnType<typeof toPushItem>;

const statusWords = {
  pending: { en: "Pending", zh: "待推送" },
  succeeded: { en: "Succeeded", zh: "推送成功" },
  failed: { en: "Failed", zh: "推送失败" },
};
const errorWords = {
  http: { en: "The ERP answered an error", zh: "ERP 返回错误" },
  timeout: { en: "Timed out", zh: "超时" },
  network: { en: "Network error", zh: "网络错误" },
  refused: { en: "Address not allowed", zh: "地址不允许" },
};

/** How each column of the push sheet reads an exported push. */
const pushCells: SheetCells<SheetKey<typeof pushSheet>, ExportRow> = {
  orderNo: cell.text((r) => r.orderNo, 22),
  status: cell.enum(statusWords, (r) => r.status, 12),
  attempts: cell.integer((r) => r.attempts, 10),
  lastErrorKind: cell.enum(errorWords, (r) => r.lastErrorKind, 22),
  lastStatusCode: cell.integer((r) => r.lastStatusCode, 10),
  lastError: cell.text((r) => r.lastError, 40),
  lastAttemptAt: cell.datetime((r) => r.lastAttemptAt),
  nextAttemptAt: cell.datetime((r) => r.nextAttemptAt),
  pushedAt: cell.datetime((r) => r.pushedAt),
  url: cell.text((r) => r.url, 32),
  createdAt: cell.datetime((r) => r.createdAt),
};

/** The pushed sales order list as a spreadsheet: exactly the list's filters (`pushWhere`), newest first. */
export async function exportPushList(input: ParsedInputOf<typeof contract.ordersLive.exportPushList>, ctx: Ctx): Promise<FileResult> {
  const { columns, ...filters } = input;
  async function* batches() {
    const keyed = keysetBatches(
      { at: orderPush.createdAt, id: orderPush.id },
      push.pushWhere(ctx.me().boId, filters),
      (where, orderBy, size) => push.pushBatch(ctx.db, where, orderBy, size),
      (r) => ({ at: r.at, id: r.push.id }),
    );
    for await (const rows of keyed) yield rows.map((r) => toPushItem(r.push));
  }
  return sheetFile(ctx, pushSheet, pushCells, columns, batches());
}
