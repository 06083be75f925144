import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * The after-sales domain's tables (docs/domains/aftersale.md). Money in cents (bigint), times timestamptz. The order's
 * running refunded total is `order_info.refunded_amount` (orders.tables.ts, CHECK refunded ≤ paid); each refund is an
 * `order_refund` row here, one per application.
 */

/** One buyer's application for a refund, return or exchange of (part of) one order line. */
export const afterSaleApply = pgTable(
  "after_sale_apply",
  {
    id: idColumn(),
    /** What people quote: `S` + yyyyMMddHHmmss + 6 random digits. */
    afterSaleNo: text("after_sale_no").notNull(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    // The foreign key to order_info stays in the migration SQL; the orders' tables are not imported here.
    orderId: text("order_id").notNull(),
    // The foreign key to order_line stays in the migration SQL; the orders' tables are not imported here.
    lineId: text("line_id").notNull(),
    buyerMemberId: text("buyer_member_id").notNull(),
    /** refundOnly | returnRefund | exchange */
    type: text("type").notNull(),
    /** applied | approved | rejected | withdrawn | buyerShipped | received | refunded | exchangeShipped */
    state: text("state").notNull().default("applied"),
    quantity: integer("quantity").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** An item code of the `afterSaleReason` dictionary. */
    reasonCode: text("reason_code").notNull(),
    description: text("description").notNull().default(""),
    /** Stored file ids (filed under the seller's organisation). */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    rejectReason: text("reject_reason"),
    autoApproved: boolean("auto_approved").notNull().default(false),
    returnExpressCode: text("return_express_code"),
    returnTrackingNo: text("return_tracking_no"),
    exchangeExpressCode: text("exchange_express_code"),
    exchangeTrackingNo: text("exchange_tracking_no"),
    decidedAt: instantColumn("decided_at"),
    buyerShippedAt: instantColumn("buyer_shipped_at"),
    receivedAt: instantColumn("received_at"),
    refundedAt: instantColumn("refunded_at"),
    exchangeShippedAt: instantColumn("exchange_shipped_at"),
    ...timestamps,
  },
  (t) => [
    check("after_sale_type_ck", sql`${t.type} in ('refundOnly', 'returnRefund', 'exchange')`),
    check(
      "after_sale_state_ck",
      sql`${t.state} in ('applied', 'approved', 'rejected', 'withdrawn', 'buyerShipped', 'received', 'refunded', 'exchangeShipped')`,
    ),
    check("after_sale_amounts_ck", sql`${t.quantity} >= 1 and ${t.amount} >= 0`),
    uniqueIndex("after_sale_no_uq").on(t.afterSaleNo),
    // The seller's list: every application, each state, each type, newest first.
    index("after_sale_bo_created_idx").on(t.boId, t.createdAt, t.id),
    index("after_sale_bo_state_created_idx").on(t.boId, t.state, t.createdAt, t.id),
    index("after_sale_bo_type_created_idx").on(t.boId, t.type, t.createdAt, t.id),
    index("after_sale_order_idx").on(t.orderId),
    index("after_sale_line_idx").on(t.lineId),
    index("after_sale_buyer_created_idx").on(t.buyerMemberId, t.createdAt, t.id),
    // The auto-approve job: applications awaiting a decision, oldest first, across every seller.
    index("after_sale_applied_due_idx").on(t.createdAt).where(sql`${t.state} = 'applied'`),
  ],
);

/** One refund of an application: recorded in the transaction that raises the order's refunded total. */
export const orderRefund = pgTable(
  "order_refund",
  {
    id: idColumn(),
    // The foreign key to order_info stays in the migration SQL; the orders' tables are not imported here.
    orderId: text("order_id").notNull(),
    boId: boIdColumn(),
    afterSaleId: text("after_sale_id")
      .notNull()
      .references(() => afterSaleApply.id, { onDelete: "cascade" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    provider: text("provider").notNull(),
    /** The provider's refund reference (the sandbox answers the same for the same refund id: idempotent). */
    providerRef: text("provider_ref").notNull(),
    ...timestamps,
  },
  (t) => [
    check("order_refund_amount_ck", sql`${t.amount} >= 0`),
    // One refund per application: a second refund of it cannot be written.
    uniqueIndex("order_refund_after_sale_uq").on(t.afterSaleId),
    index("order_refund_order_idx").on(t.orderId),
  ],
);
