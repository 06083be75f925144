import {
  maskPhone,
  ORDER_PHONE_FUNCTION,
  type OrderDetail,
  type OrderSummary,
  type OrderTimelineEntry,
  orderTimelineEntry,
  publicImageUrl,
} from "@sbo/contract";

/** A line's image as anyone may load it (the list size), beside its file id. */
export const imageUrlOf = (image: string | null) => (image ? publicImageUrl(image, "list") : null);

import { iso } from "../../platform/days";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { withDelivery } from "./fulfil/fulfil.view";
import type { OrderRow } from "./order.machine";
import * as repo from "./orders.repository";
import { refundInfoOf } from "./payment/payment-refund.service";

/* Rows → the contract's order shapes. */

export function summaryOf(r: repo.SummaryRow, opts: { maskPhone: boolean }): OrderSummary {
  return {
    id: r.id,
    orderNo: r.order_no,
    boId: r.bo_id,
    shopName: r.shop_name ?? "",
    status: r.status as OrderSummary["status"],
    buyerName: r.buyer_name ?? "",
    buyerPhone: opts.maskPhone ? maskPhone(r.buyer_phone) : r.buyer_phone,
    goodsAmount: Number(r.goods_amount),
    freightAmount: Number(r.freight_amount),
    discountAmount: Number(r.discount_amount),
    reviseAmount: Number(r.revise_amount),
    payAmount: Number(r.pay_amount),
    payMethod: r.pay_method as OrderSummary["payMethod"],
    lineCount: r.line_count,
    pieces: r.pieces,
    firstLine:
      r.first_name === null
        ? null
        : { goodsName: r.first_name, image: r.first_image, imageUrl: imageUrlOf(r.first_image), specValues: r.first_specs ?? [] },
    sellerRemark: r.seller_remark,
    flagColor: r.flag_color as OrderSummary["flagColor"],
    createdAt: iso(r.created_at) as string,
    paidAt: iso(r.paid_at),
  };
}

/** Summaries in the order of `ids`. */
export async function summaries(db: Executor, ids: string[], opts: { maskPhone: boolean }): Promise<OrderSummary[]> {
  const rows = new Map((await repo.summariesByIds(db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = rows.get(id);
    return r ? [summaryOf(r, opts)] : [];
  });
}

/** The whole order: summary, address, lines, timeline, shipments, payments (the buyer's own phone unmasked). */
/** An order line as the detail and the desk's line lists show it. */
export const lineOf = (l: Omit<OrderDetail["lines"][number], "imageUrl">): OrderDetail["lines"][number] => ({
  id: l.id,
  goodsId: l.goodsId,
  skuId: l.skuId,
  goodsName: l.goodsName,
  specValues: l.specValues,
  image: l.image,
  imageUrl: imageUrlOf(l.image),
  unitPrice: l.unitPrice,
  priceSource: l.priceSource,
  quantity: l.quantity,
  amount: l.amount,
  revisedAmount: l.revisedAmount,
  shippedQuantity: l.shippedQuantity,
});

export async function detailOf(db: Executor, order: OrderRow, opts: { showPickupCode?: boolean } = {}): Promise<OrderDetail> {
  const parts = await repo.partsOf(db, order.id);
  if (!parts) throw new Error("order vanished");
  const { summary, lines, timeline, shipments, payments, fulfil } = parts;
  const refundOf = new Map(parts.refunds.map((r) => [r.paymentId, refundInfoOf(r)]));
  const detail: OrderDetail = {
    ...summaryOf(summary, { maskPhone: false }),
    address: order.address,
    buyerRemark: order.buyerRemark,
    cancelReason: order.cancelReason,
    cancelledBy: order.cancelledBy,
    shippedAt: iso(order.shippedAt),
    receivedAt: iso(order.receivedAt),
    completedAt: iso(order.completedAt),
    cancelledAt: iso(order.cancelledAt),
    remindCount: order.remindCount,
    remindedAt: iso(order.remindedAt),
    lines: lines.map(lineOf),
    timeline: timeline.map(timelineEntryOf),
    shipments: shipments.map((s) => ({
      id: s.id,
      expressCode: s.expressCode,
      expressName: s.expressName ?? s.expressCode,
      expressNameEn: s.expressNameEn ?? s.expressCode,
      trackingNo: s.trackingNo,
      lines: s.lines,
      shippedAt: new Date(s.shippedAt).toISOString(),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      method: p.method as "online" | "offline",
      provider: p.provider,
      amount: p.amount,
      status: p.status as OrderDetail["payments"][number]["status"],
      voucherFileId: p.voucherFileId,
      payerName: p.payerName,
      bankRef: p.bankRef,
      rejectReason: p.rejectReason,
      createdAt: p.createdAt.toISOString(),
      refund: refundOf.get(p.id) ?? null,
    })),
  };
  // How it is delivered (fulfil.view.ts): the pickup code only in the buyer's own view.
  return withDelivery(detail, fulfil, { showCode: opts.showPickupCode ?? false });
}

/** An order's timeline row as the views read it (the detail's parts, an after-sale's steps). */
export interface TimelineRow {
  id: string;
  at: Date | string;
  actor: string;
  event: string;
  fromStatus: string | null;
  toStatus: string | null;
  detail: unknown;
}

/**
 * A timeline row as the contract answers it: its `detail` typed by its `event` (`orderTimelineEntry`,
 * orders-timeline.ts). A row no variant reads — an event no writer records any more, or a detail off its event's
 * shape — is answered as an `other` entry with the event as stored (`recordedEvent`) and its detail unread, so one odd
 * row never fails the whole order's answer; the order tests walk every writer's events and find none. The actor and
 * the statuses come from the machines' closed lists and are answered as stored.
 */
export function timelineEntryOf(r: TimelineRow): OrderTimelineEntry {
  const head = {
    id: r.id,
    at: new Date(r.at).toISOString(),
    actor: r.actor as OrderTimelineEntry["actor"],
    fromStatus: r.fromStatus as OrderTimelineEntry["fromStatus"],
    toStatus: r.toStatus as OrderTimelineEntry["toStatus"],
  };
  const read = orderTimelineEntry.safeParse({ ...head, event: r.event, detail: r.detail });
  if (read.success && read.data.event !== "other") return read.data;
  const detail = typeof r.detail === "object" && r.detail !== null && !Array.isArray(r.detail) ? (r.detail as Record<string, unknown>) : {};
  return { ...head, event: "other", recordedEvent: r.event, detail };
}

/** Whether the caller may see buyers' and recipients' full phone numbers (`order.manage.phone`; the owner holds all). */
export const seesFullPhones = (ctx: Ctx) => ctx.me().functions.has(ORDER_PHONE_FUNCTION);

/** A phone as the caller may see it ("" when there is none). */
export const phoneFor = (full: boolean, phone: string | null | undefined): string =>
  phone ? (full ? phone : (maskPhone(phone) ?? "")) : "";

/** A seller's view of an order: the buyer's and the recipient's phones masked unless the caller may see them. */
export async function sellerDetail(ctx: Ctx, detail: OrderDetail | Promise<OrderDetail>): Promise<OrderDetail> {
  const d = await detail;
  if (seesFullPhones(ctx)) return d;
  return { ...d, buyerPhone: maskPhone(d.buyerPhone), address: { ...d.address, phone: maskPhone(d.address.phone) ?? "" } };
}
