import { type InvoiceItem, type InvoiceState, maskPhone } from "@sbo/contract";
import { iso } from "../../platform/days";
import type * as repo from "./invoice.repository";

/* Invoice requests as the contract shows them. */

export function itemOf(r: repo.RequestRow, opts: { maskPhone: boolean }): InvoiceItem {
  return {
    id: r.id,
    orderId: r.order_id,
    orderNo: r.order_no,
    orderStatus: r.order_status as InvoiceItem["orderStatus"],
    amount: Number(r.amount),
    paidAmount: Number(r.paid_amount),
    refundedAmount: Number(r.refunded_amount),
    state: r.state as InvoiceState,
    title: r.title,
    requestedBy: r.requested_by === "organization" ? "organization" : "buyer",
    buyerName: r.buyer_name ?? "",
    buyerPhone: opts.maskPhone ? maskPhone(r.buyer_phone) : r.buyer_phone,
    invoiceNo: r.invoice_no,
    issuedAt: iso(r.issued_at),
    file: r.file_id ? { id: r.file_id, url: `/files/${r.file_id}`, name: r.file_name ?? "" } : null,
    refuseReason: r.refuse_reason,
    requestedAt: iso(r.created_at) as string,
    decidedAt: iso(r.decided_at),
  };
}
