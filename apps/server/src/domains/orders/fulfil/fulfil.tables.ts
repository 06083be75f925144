import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../../platform/db/columns";
import { orderInfo } from "../orders.tables";

/*
 * The other fulfilment paths (docs/domains/orders.md "Fulfilment"): an order delivered in several planned deliveries,
 * or picked up at one of the shop's pickup points with a code; and the seller's complaints to the platform.
 */

export interface PickupPointSnapshot {
  id: string | null;
  contactName: string;
  phone: string;
  areaName: string;
  detail: string;
  openTime: string | null;
  closeTime: string | null;
}

/** How an order is delivered, for orders that are not plain express (those have no row). */
export const orderFulfil = pgTable(
  "order_fulfil",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orderInfo.id, { onDelete: "cascade" }),
    boId: boIdColumn(),
    /** repeated | pickup */
    mode: text("mode").notNull(),
    repeatTimes: integer("repeat_times"),
    repeatEveryDays: integer("repeat_every_days"),
    /** The pickup point as it was at checkout (the point may be edited or deleted later). */
    pickupPoint: jsonb("pickup_point").$type<PickupPointSnapshot>(),
    /** 8 digits, made at checkout, shown to the buyer once paid. */
    pickupCode: text("pickup_code"),
    pickedUpAt: instantColumn("picked_up_at"),
    ...timestamps,
  },
  (t) => [
    check("order_fulfil_mode_ck", sql`${t.mode} in ('repeated', 'pickup')`),
    uniqueIndex("order_fulfil_order_uq").on(t.orderId),
    uniqueIndex("order_fulfil_code_uq").on(t.boId, t.pickupCode),
    // Awaiting pickup: the shop's pickup orders not yet handed over, newest first.
    index("order_fulfil_awaiting_idx").on(t.boId, t.mode, t.createdAt).where(sql`${t.pickedUpAt} is null`),
  ],
);

/** One delivery of a repeated-delivery order: its date, pieces, logistics and status. */
export const orderDeliveryRound = pgTable(
  "order_delivery_round",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orderInfo.id, { onDelete: "cascade" }),
    boId: boIdColumn(),
    seq: integer("seq").notNull(),
    /** The planned day (YYYY-MM-DD, the shop's calendar). */
    plannedOn: text("planned_on").notNull(),
    /** planned | shipped | delivered */
    status: text("status").notNull().default("planned"),
    expressCode: text("express_code"),
    trackingNo: text("tracking_no"),
    lines: jsonb("lines").$type<{ lineId: string; quantity: number }[]>().notNull(),
    remark: text("remark").notNull().default(""),
    /** The order_shipment written when the delivery shipped. */
    shipmentId: text("shipment_id"),
    shippedAt: instantColumn("shipped_at"),
    deliveredAt: instantColumn("delivered_at"),
    ...timestamps,
  },
  (t) => [
    check("order_delivery_round_status_ck", sql`${t.status} in ('planned', 'shipped', 'delivered')`),
    uniqueIndex("order_delivery_round_seq_uq").on(t.orderId, t.seq),
  ],
);

/** A seller's report to the platform about an order or its buyer. */
export const complaintInform = pgTable(
  "complaint_inform",
  {
    id: idColumn(),
    boId: boIdColumn(),
    memberId: text("member_id").notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => orderInfo.id, { onDelete: "cascade" }),
    buyerMemberId: text("buyer_member_id").notNull(),
    /** order | buyer */
    about: text("about").notNull(),
    category: text("category").notNull(),
    content: text("content").notNull(),
    /** submitted (the platform's handling comes with the help desk) */
    status: text("status").notNull().default("submitted"),
    ...timestamps,
  },
  (t) => [index("complaint_inform_order_idx").on(t.orderId, t.createdAt), index("complaint_inform_bo_idx").on(t.boId, t.createdAt)],
);
