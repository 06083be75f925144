import type { OrderStatus } from "@sbo/contract/order-statuses";
import type { OrderTimelineEntry, TimelineActor } from "@sbo/contract/orders-timeline";
import { Space, Timeline, Typography } from "antd";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { formatCents } from "@/platform/money";

/**
 * The words an order's timeline is told in, from the screen that shows it (its own texts: the order detail's are the
 * orders', the after-sale order's partly its own). A part whose words are not given is not shown on that screen.
 */
export interface OrderTimelineWords {
  /** An event's name ("Shipped"); an `other` entry passes the event as it was stored. */
  event: (event: string) => string;
  actor: (actor: TimelineActor) => string;
  /** A status's name. Given: an entry that moved the order shows "from → to". */
  status?: (status: OrderStatus) => string;
  /** A step's reason ("Reason: …"). */
  reason: (reason: string) => string;
  /** A price revision's amounts, before and after. Given: a revision shows its goods, amounts and new total. */
  amounts?: (before: string, after: string) => string;
  /** The order's total after a revision or a change of goods. */
  payAfter?: (amount: string) => string;
  /** A parcel's company and tracking number. Absent: the bare tracking number. */
  tracking?: (express: string, trackingNo: string) => string;
  /** What a payment paid. */
  paid?: (amount: string) => string;
  /** A line's quantity changed. Given: a change of goods shows each line and the new total. */
  lineQuantity?: (name: string, before: number, after: number) => string;
  /** A payment voucher's amount and payer. */
  voucher?: (amount: string, payer: string) => string;
  /** Why a payment is given back (its reason is a code); null for a code the screen does not know. */
  refundReason?: (reason: string) => string | null;
  /** An after-sale's type (its code); null for a code the screen does not know. */
  afterSaleType?: (type: string) => string | null;
}

/** A shipment as the timeline names its company. */
export interface TimelineShipment {
  id: string;
  expressName: string;
  expressNameEn: string;
}

const cents = (v: number | undefined) => (typeof v === "number" ? formatCents(v) : "");

/** What an entry's detail says, in parts, narrowed by its event (the wire types each event's detail). */
function partsOf(e: OrderTimelineEntry, w: OrderTimelineWords, shipments: readonly TimelineShipment[]): string[] {
  const parts: string[] = [];
  const push = (text: string | null | undefined) => {
    if (text) parts.push(text);
  };
  switch (e.event) {
    case "other":
      // A row the contract does not read: its name only, its detail unread.
      return parts;
    case "shipped":
    case "roundShipped":
    case "logisticsUpdated": {
      const trackingNo = e.event === "logisticsUpdated" ? e.detail.after?.trackingNo : e.detail.trackingNo;
      const s = shipments.find((sh) => sh.id === e.detail.shipmentId);
      if (!w.tracking) push(trackingNo);
      else if (s) push(w.tracking(currentLanguage() === "zh" ? s.expressName : s.expressNameEn, trackingNo ?? ""));
      break;
    }
    case "priceRevised":
      if (w.amounts) {
        push(e.detail.goodsName);
        push(w.amounts(cents(e.detail.before), cents(e.detail.after)));
        if (typeof e.detail.payAfter === "number") push(w.payAfter?.(cents(e.detail.payAfter)));
      }
      break;
    case "linesChanged":
      if (w.lineQuantity) {
        for (const l of e.detail.lines ?? []) push(w.lineQuantity(l.goodsName, l.quantityBefore, l.quantityAfter));
        if (typeof e.detail.payAfter === "number") push(w.payAfter?.(cents(e.detail.payAfter)));
      }
      break;
    case "voucherUploaded":
      if (typeof e.detail.amount === "number") push(w.voucher?.(cents(e.detail.amount), e.detail.payerName ?? ""));
      break;
    case "paid":
      if (typeof e.detail.amount === "number") push(w.paid?.(cents(e.detail.amount)));
      break;
    case "afterSaleApplied":
    case "afterSaleApproved":
    case "afterSaleRejected":
    case "afterSaleWithdrawn":
    case "afterSaleReturnShipped":
    case "afterSaleReceived":
    case "afterSaleRefunded":
    case "afterSaleExchangeShipped":
      // An after-sale step names its application (and its type, where the screen words it), a refund its amount,
      // a parcel its tracking number.
      push(e.detail.afterSaleNo);
      if (e.detail.type) push(w.afterSaleType?.(e.detail.type));
      if (e.event === "afterSaleRefunded") push(cents(e.detail.refunded));
      if (e.event === "afterSaleReturnShipped" || e.event === "afterSaleExchangeShipped") push(e.detail.trackingNo);
      break;
    case "paymentRefundDue":
    case "paymentRefunded":
      // A payment given back: its amount and why, in words (its reason is a code, never shown as such).
      push(cents(e.detail.amount));
      if (e.detail.reason) push(w.refundReason?.(e.detail.reason));
      return parts;
  }
  if ("reason" in e.detail && typeof e.detail.reason === "string" && e.detail.reason) push(w.reason(e.detail.reason));
  return parts;
}

/**
 * An order's timeline, newest first: each step's event and who took it, when (and, where the screen words statuses,
 * the status it moved the order from and to), then what its detail says. The order detail and the after-sale's order
 * both draw it.
 */
export function OrderTimeline({
  entries,
  words,
  shipments = [],
}: {
  /** Oldest first, as the order's detail answers them. */
  entries: readonly OrderTimelineEntry[];
  words: OrderTimelineWords;
  /** The order's shipments, to name a parcel's company. */
  shipments?: readonly TimelineShipment[];
}) {
  return (
    <Timeline
      items={[...entries].reverse().map((e) => {
        const extra = partsOf(e, words, shipments).join(" · ");
        const moved = words.status && e.fromStatus && e.toStatus && e.fromStatus !== e.toStatus;
        return {
          key: e.id,
          content: (
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>
                {words.event(e.event === "other" ? e.recordedEvent : e.event)} · {words.actor(e.actor)}
              </Typography.Text>
              <Typography.Text type="secondary">
                {when(e.at)}
                {moved && e.fromStatus && e.toStatus && words.status
                  ? ` · ${words.status(e.fromStatus)} → ${words.status(e.toStatus)}`
                  : ""}
              </Typography.Text>
              {extra ? <Typography.Text>{extra}</Typography.Text> : null}
            </Space>
          ),
        };
      })}
    />
  );
}
