import { type contract, flowSheet, type ParsedInputOf, type SheetKey } from "@sbo/contract";
import { longWorkPage } from "../../platform/db/turns";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import * as repo from "./finance.repository";
import { flowFilterOf } from "./finance.rules";
import { flowOf } from "./finance.view";

/*
 * The cash flow list's export: the sheet in the contract (flowSheet), the rows from the list's own filter
 * (`flowFilterOf`). A flow comes from one of four sources (orders paid, refunds, payments an order could not take and
 * their refunds), so the batches are keyset pages of the list's own union — each source after the last flow of the
 * batch before, on (time, flow id) as the list orders them — rather than `keysetBatches` over one table.
 */

type ExportRow = ReturnType<typeof flowOf>;

const kindWords = { credit: { en: "In", zh: "收入" }, debit: { en: "Out", zh: "支出" } };
const sourceWords = {
  order: { en: "Order paid", zh: "订单收款" },
  refund: { en: "After-sale refund", zh: "售后退款" },
  payment: { en: "Payment not taken", zh: "未入账付款" },
  paymentRefund: { en: "Payment given back", zh: "退还买家付款" },
};

/** How each column of the cash flow sheet reads an exported flow. */
const flowCells: SheetCells<SheetKey<typeof flowSheet>, ExportRow> = {
  at: cell.datetime((r) => r.at),
  kind: cell.enum(kindWords, (r) => r.kind, 8),
  source: cell.enum(sourceWords, (r) => r.source, 18),
  orderNo: cell.text((r) => r.orderNo || null, 22),
  gross: cell.money((r) => r.gross),
  fee: cell.money((r) => r.fee),
  amount: cell.money((r) => r.amount),
};

/** The cash flow list as a spreadsheet: exactly the list's filter, newest first, in the shop's time zone. */
export async function exportFlowList(input: ParsedInputOf<typeof contract.finance.exportFlowList>, ctx: Ctx): Promise<FileResult> {
  const { columns, ...filters } = input;
  const filter = flowFilterOf(ctx, filters);
  const boId = ctx.me().boId;
  const size = longWorkPage(1000);
  async function* batches() {
    let after: repo.FlowFilter["after"];
    for (;;) {
      const rows = await repo.flows(ctx.db, boId, { ...filter, after }, size, 0);
      if (rows.length === 0) return;
      yield rows.map(flowOf);
      const last = rows[rows.length - 1];
      if (!last || rows.length < size) return;
      after = { at: last.at_key, id: last.id };
    }
  }
  return sheetFile(ctx, flowSheet, flowCells, columns, batches());
}
