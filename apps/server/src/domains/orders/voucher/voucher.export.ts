import { type contract, orderStatusWords, type ParsedInputOf, type SheetKey, voucherSheet } from "@sbo/contract";
import { cell, type SheetCells, sheetFile } from "../../../platform/export/sheet-file";
import type { FileResult } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { keysetBatches } from "../../../platform/http/paging";
import { seesFullPhones } from "../orders.view";
import * as repo from "./voucher.repository";
import { voucherOf } from "./voucher.service";

/* The payment voucher queue's export: the sheet in the contract (voucherSheet), the rows from the queue's own conditions. */

type ExportRow = ReturnType<typeof voucherOf>;

const statusWords = {
  reviewing: { en: "In review", zh: "待审核" },
  passed: { en: "Passed", zh: "已通过" },
  rejected: { en: "Rejected", zh: "已驳回" },
};

/** How each column of the voucher sheet reads an exported voucher. */
const voucherCells: SheetCells<SheetKey<typeof voucherSheet>, ExportRow> = {
  orderNo: cell.text((r) => r.orderNo, 22),
  orderStatus: cell.enum(orderStatusWords, (r) => r.orderStatus, 16),
  orderPayAmount: cell.money((r) => r.orderPayAmount, 16),
  amount: cell.money((r) => r.amount, 16),
  payerName: cell.text((r) => r.payerName, 16),
  bankRef: cell.text((r) => r.bankRef, 24),
  status: cell.enum(statusWords, (r) => r.status, 12),
  rejectReason: cell.text((r) => r.rejectReason, 28),
  buyerName: cell.text((r) => r.buyerName, 16),
  buyerPhone: cell.text((r) => r.buyerPhone, 16),
  createdAt: cell.datetime((r) => r.createdAt),
  reviewedAt: cell.datetime((r) => r.reviewedAt),
};

/**
 * The voucher queue as a spreadsheet: exactly the queue's filters (`queueWhere`) in its order (in review oldest first,
 * reviewed newest first); buyers' phones masked unless the member holds `order.manage.phone`.
 */
export async function exportPayList(input: ParsedInputOf<typeof contract.orderPay.exportPayList>, ctx: Ctx): Promise<FileResult> {
  const { columns, ...filters } = input;
  const maskPhone = !seesFullPhones(ctx);
  const p = repo.paymentAlias;
  async function* batches() {
    const keyed = keysetBatches(
      { at: p.createdAt, id: p.id },
      repo.queueWhere(ctx.me().boId, filters),
      (where, orderBy, size) => repo.queueBatch(ctx.db, where, orderBy, size),
      (r) => ({ at: r.created_key, id: r.id }),
      undefined,
      repo.queueDirection(filters),
    );
    for await (const rows of keyed) yield rows.map((r) => voucherOf(r, { maskPhone }));
  }
  return sheetFile(ctx, voucherSheet, voucherCells, columns, batches());
}
