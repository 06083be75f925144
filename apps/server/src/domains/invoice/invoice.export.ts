import { type contract, invoiceSheet, invoiceStateWords, orderStatusWords, type ParsedInputOf, type SheetKey } from "@sbo/contract";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import { seesFullPhones } from "../orders/orders.port";
import * as repo from "./invoice.repository";
import { itemOf } from "./invoice.view";

/* The invoice list's export: the sheet in the contract (invoiceSheet), the rows from the list's own conditions. */

type ExportRow = ReturnType<typeof itemOf>;

const typeWords = {
  ordinary: { en: "Ordinary VAT invoice", zh: "增值税普通发票" },
  special: { en: "Special VAT invoice", zh: "增值税专用发票" },
};
const kindWords = { personal: { en: "Personal", zh: "个人" }, company: { en: "Company", zh: "单位" } };
const requesterWords = { buyer: { en: "Buyer", zh: "买家" }, organization: { en: "Organisation", zh: "组织" } };

/** How each column of the invoice sheet reads an exported request. */
const invoiceCells: SheetCells<SheetKey<typeof invoiceSheet>, ExportRow> = {
  orderNo: cell.text((r) => r.orderNo, 22),
  orderStatus: cell.enum(orderStatusWords, (r) => r.orderStatus, 16),
  state: cell.enum(invoiceStateWords, (r) => r.state, 12),
  invoiceType: cell.enum(typeWords, (r) => r.title.invoiceType, 20),
  titleKind: cell.enum(kindWords, (r) => r.title.kind, 10),
  titleName: cell.text((r) => r.title.name, 28),
  taxNo: cell.text((r) => r.title.taxNo || null, 22),
  amount: cell.money((r) => r.amount),
  paidAmount: cell.money((r) => r.paidAmount),
  refundedAmount: cell.money((r) => r.refundedAmount),
  requestedBy: cell.enum(requesterWords, (r) => r.requestedBy, 12),
  buyerName: cell.text((r) => r.buyerName, 16),
  buyerPhone: cell.text((r) => r.buyerPhone, 16),
  email: cell.text((r) => r.title.email || null, 24),
  invoiceNo: cell.text((r) => r.invoiceNo, 22),
  issuedAt: cell.datetime((r) => r.issuedAt),
  refuseReason: cell.text((r) => r.refuseReason, 28),
  requestedAt: cell.datetime((r) => r.requestedAt),
  decidedAt: cell.datetime((r) => r.decidedAt),
};

/**
 * The invoice list as a spreadsheet: exactly the list's filters (`sellerListWhere`), newest first, in the reader's
 * language; buyers' phones masked unless the member holds `order.manage.phone`.
 */
export async function exportInvoiceList(input: ParsedInputOf<typeof contract.invoice.exportInvoiceList>, ctx: Ctx): Promise<FileResult> {
  const { columns, ...filters } = input;
  const maskPhone = !seesFullPhones(ctx);
  const r = repo.requestAlias;
  async function* batches() {
    const keyed = keysetBatches(
      { at: r.createdAt, id: r.id },
      repo.sellerListWhere(ctx.me().boId, filters),
      (where, orderBy, size) => repo.sellerBatch(ctx.db, where, orderBy, size),
      (row) => ({ at: row.created_key, id: row.id }),
    );
    for await (const rows of keyed) yield rows.map((row) => itemOf(row, { maskPhone }));
  }
  return sheetFile(ctx, invoiceSheet, invoiceCells, columns, batches());
}
