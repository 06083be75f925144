import { afterSaleRefusals as A, type AfterSaleDetail, type AfterSaleItem, maskPhone, type OrderStatus } from "@sbo/contract";
import { iso } from "../../platform/days";
import type { Executor } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { findLine, findOrder, timelineEntryOf, timelineWith } from "../orders/orders.port";
import { dictItemOf } from "../reference/reference.port";
import { filesByIds } from "../system/system.port";
import * as repo from "./aftersale.repository";
import { refundOf } from "./refund/refund.repository";

/* Applications as the contract shows them: a list's item, and the detail with its line, order, refund and steps. */

const DAY = 86_400_000;

export function itemOf(r: repo.ItemRow, opts: { maskPhone: boolean }): AfterSaleItem {
  const created = new Date(r.created_at);
  return {
    id: r.id,
    afterSaleNo: r.after_sale_no,
    orderId: r.order_id,
    orderNo: r.order_no,
    lineId: r.line_id,
    goodsName: r.goods_name,
    specValues: r.spec_values ?? [],
    image: r.image,
    type: r.type as AfterSaleItem["type"],
    state: r.state as AfterSaleItem["state"],
    quantity: r.quantity,
    amount: Number(r.amount),
    reasonCode: r.reason_code,
    reasonName: r.reason_name ?? r.reason_code,
    reasonNameEn: r.reason_name_en ?? r.reason_code,
    buyerName: r.buyer_name ?? "",
    buyerPhone: opts.maskPhone ? maskPhone(r.buyer_phone) : r.buyer_phone,
    appliedAt: created.toISOString(),
    autoApproveAt:
      r.state === "applied" ? new Date(created.getTime() + (r.auto_days ?? repo.DEFAULT_AUTO_APPROVE_DAYS) * DAY).toISOString() : null,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

async function parcelOf(db: Executor, code: string | null, trackingNo: string | null) {
  if (!code || !trackingNo) return null;
  const names = await dictItemOf(db, "express", code);
  return { expressCode: code, expressName: names?.name ?? code, expressNameEn: names?.name_en ?? code, trackingNo };
}

/** One application as its detail shows it (one query at a time: inside a write's transaction). */
export async function detailOfApply(db: Executor, a: repo.ApplyRow, opts: { maskPhone: boolean } = { maskPhone: false }) {
  const [row] = await repo.itemsByIds(db, [a.id]);
  if (!row) throw notFound(A.notFound);
  const line = await findLine(db, a.lineId);
  const order = await findOrder(db, a.orderId);
  const refund = await refundOf(db, a.id);
  const files = await filesByIds(db, a.images);
  const steps = await timelineWith(db, a.orderId, "afterSaleId", a.id);
  const names = new Map(files.map((f) => [f.id, f.name]));
  const detail: AfterSaleDetail = {
    ...itemOf(row, opts),
    description: a.description,
    images: a.images.filter((id) => names.has(id)).map((id) => ({ id, url: `/files/${id}`, name: names.get(id) ?? "" })),
    rejectReason: a.rejectReason,
    autoApproved: a.autoApproved,
    returnParcel: await parcelOf(db, a.returnExpressCode, a.returnTrackingNo),
    exchangeParcel: await parcelOf(db, a.exchangeExpressCode, a.exchangeTrackingNo),
    refund: refund
      ? { amount: refund.amount, provider: refund.provider, providerRef: refund.providerRef, at: refund.createdAt.toISOString() }
      : null,
    decidedAt: iso(a.decidedAt),
    buyerShippedAt: iso(a.buyerShippedAt),
    receivedAt: iso(a.receivedAt),
    refundedAt: iso(a.refundedAt),
    exchangeShippedAt: iso(a.exchangeShippedAt),
    lineQuantity: line?.quantity ?? 0,
    lineAmount: line ? (line.revisedAmount ?? line.amount) : 0,
    orderPaid: order?.payAmount ?? 0,
    orderRefunded: order?.refundedAmount ?? 0,
    orderStatus: (order?.status ?? "paid") as OrderStatus,
    timeline: steps.map(timelineEntryOf),
  };
  return detail;
}
