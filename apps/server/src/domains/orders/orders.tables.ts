import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * The orders domain's tables (docs/domains/orders.md). Money in cents (bigint), times timestamptz. Seller rows carry
 * the seller's organisation (`bo_id`); buyer rows the buyer's account (`member_id`).
 */

export interface AddressSnapshot {
  name: string;
  phone: string;
  areaCode: string;
  areaName: string;
  detail: string;
}

/** One order of one shop. Its status moves only through orders/order.machine.ts. */
export const orderInfo = pgTable(
  "order_info",
  {
    id: idColumn(),
    orderNo: text("order_no").notNull(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    buyerMemberId: text("buyer_member_id").notNull(),
    /** The organisation the order was placed for (an organisation purchase); null: the buyer's personal purchase. */
    buyerBoId: text("buyer_bo_id"),
    /** pendingPayment | paid | partlyShipped | shipped | received | completed | cancelled */
    status: text("status").notNull().default("pendingPayment"),
    goodsAmount: bigint("goods_amount", { mode: "number" }).notNull(),
    freightAmount: bigint("freight_amount", { mode: "number" }).notNull(),
    discountAmount: bigint("discount_amount", { mode: "number" }).notNull().default(0),
    /** The seller's revisions, signed. */
    reviseAmount: bigint("revise_amount", { mode: "number" }).notNull().default(0),
    payAmount: bigint("pay_amount", { mode: "number" }).notNull(),
    /** online | offline */
    payMethod: text("pay_method"),
    address: jsonb("address").$type<AddressSnapshot>().notNull(),
    buyerRemark: text("buyer_remark").notNull().default(""),
    sellerRemark: text("seller_remark").notNull().default(""),
    flagColor: text("flag_color"),
    cancelReason: text("cancel_reason"),
    /** buyer | seller | system */
    cancelledBy: text("cancelled_by"),
    paidAt: instantColumn("paid_at"),
    shippedAt: instantColumn("shipped_at"),
    receivedAt: instantColumn("received_at"),
    completedAt: instantColumn("completed_at"),
    cancelledAt: instantColumn("cancelled_at"),
    remindCount: integer("remind_count").notNull().default(0),
    remindedAt: instantColumn("reminded_at"),
    sellerDeletedAt: instantColumn("seller_deleted_at"),
    buyerDeletedAt: instantColumn("buyer_deleted_at"),
    /** Refunded over all the order's after-sales (aftersale domain); never above what was paid (the CHECK below). */
    refundedAmount: bigint("refunded_amount", { mode: "number" }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("order_info_refunded_ck", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.payAmount}`),
    check(
      "order_info_status_ck",
      sql`${t.status} in ('pendingPayment', 'paid', 'partlyShipped', 'shipped', 'received', 'completed', 'cancelled')`,
    ),
    check(
      "order_info_amounts_ck",
      sql`${t.goodsAmount} >= 0 and ${t.freightAmount} >= 0 and ${t.discountAmount} >= 0 and ${t.payAmount} >= 1`,
    ),
    uniqueIndex("order_info_no_uq").on(t.orderNo),
    // An order number or its beginning (LIKE 'k%' in any collation) within the seller's orders: the list's keyword, and
    // the after-sale and voucher lists' order number (which do not exclude orders the seller deleted).
    index("order_info_bo_no_idx").on(t.boId, t.orderNo.op("text_pattern_ops")),
    // The seller's list: every order and each status, newest first by keyset (ascending: read backwards).
    index("order_info_bo_created_idx").on(t.boId, t.createdAt, t.id).where(sql`${t.sellerDeletedAt} is null`),
    index("order_info_bo_status_created_idx").on(t.boId, t.status, t.createdAt, t.id).where(sql`${t.sellerDeletedAt} is null`),
    index("order_info_buyer_created_idx").on(t.buyerMemberId, t.createdAt, t.id),
    index("order_info_buyer_bo_paid_idx").on(t.buyerBoId, t.paidAt).where(sql`${t.buyerBoId} is not null`),
    // The timed jobs (orders/jobs.ts): unpaid orders by age, shipped orders by shipping time, across every seller.
    index("order_info_unpaid_due_idx").on(t.createdAt).where(sql`${t.status} = 'pendingPayment'`),
    index("order_info_shipped_due_idx").on(t.shippedAt).where(sql`${t.status} = 'shipped'`),
  ],
);

/**
 * How many of an organisation's orders (not deleted by the seller) are in each status: kept by statement-level triggers
 * on `order_info` (migration 0031) in the same transaction as each insert, status change, seller deletion and delete,
 * so the order list's tab counts without a keyword, dates or need are read, not counted. Each backend adds to its own
 * `slot` (its process id modulo 16), so concurrent checkouts of one seller do not queue on one counter row; a read sums
 * the slots.
 */
export const orderStatusCount = pgTable(
  "order_status_count",
  {
    boId: boIdColumn(),
    status: text("status").notNull(),
    slot: integer("slot").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boId, t.status, t.slot] })],
);

/**
 * The home page's to-dos beyond the status counts, per organisation: `voucher` (orders not deleted by the seller with an
 * offline voucher in review) and `reminded` (orders to ship, not deleted, that the buyer reminded). Kept by the
 * rollup triggers on `order_info` and `order_payment` (migration 0033) like `order_status_count`, slot by backend.
 */
export const orderTodoCount = pgTable(
  "order_todo_count",
  {
    boId: boIdColumn(),
    /** voucher | reminded */
    kind: text("kind").notNull(),
    slot: integer("slot").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boId, t.kind, t.slot] })],
);

/** A SKU bought: the goods as they were at checkout, and the fresh batches its stock came from. */
export const orderLine = pgTable(
  "order_line",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orderInfo.id, { onDelete: "cascade" }),
    boId: boIdColumn(),
    goodsId: text("goods_id").notNull(),
    skuId: text("sku_id").notNull(),
    goodsName: text("goods_name").notNull(),
    specValues: jsonb("spec_values").$type<string[]>().notNull().default([]),
    image: text("image"),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    /** price | member | rank | ladder: which rule of the pricing function gave the unit price. */
    priceSource: text("price_source").notNull(),
    quantity: integer("quantity").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    revisedAmount: bigint("revised_amount", { mode: "number" }),
    shippedQuantity: integer("shipped_quantity").notNull().default(0),
    batches: jsonb("batches").$type<{ batchId: string; quantity: number }[]>().notNull().default([]),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    check("order_line_qty_ck", sql`${t.quantity} > 0 and ${t.shippedQuantity} >= 0 and ${t.shippedQuantity} <= ${t.quantity}`),
    index("order_line_order_idx").on(t.orderId, t.sort),
    index("order_line_bo_goods_idx").on(t.boId, t.goodsId),
  ],
);

/** Every transition and change of an order, in order. */
export const orderTimeline = pgTable(
  "order_timeline",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orderInfo.id, { onDelete: "cascade" }),
    boId: boIdColumn(),
    at: instantColumn("at").notNull().defaultNow(),
    /** buyer | seller | system */
    actor: text("actor").notNull(),
    actorMemberId: text("actor_member_id"),
    event: text("event").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("order_timeline_order_idx").on(t.orderId, t.at, t.id)],
);

/** A parcel: its logistics company (the `express` dictionary), tracking number and the lines it carries. */
export const orderShipment = pgTable(
  "order_shipment",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orderInfo.id, { onDelete: "cascade" }),
    boId: boIdColumn(),
    expressCode: text("express_code").notNull(),
    trackingNo: text("tracking_no").notNull(),
    lines: jsonb("lines").$type<{ lineId: string; quantity: number }[]>().notNull(),
    shippedAt: instantColumn("shipped_at").notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index("order_shipment_order_idx").on(t.orderId, t.shippedAt)],
);

/** A payment attempt (online, through a provider) or an offline voucher under review. */
export const orderPayment = pgTable(
  "order_payment",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orderInfo.id, { onDelete: "cascade" }),
    boId: boIdColumn(),
    buyerMemberId: text("buyer_member_id").notNull(),
    /** online | offline */
    method: text("method").notNull(),
    provider: text("provider").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** online: pending | succeeded | failed; offline: reviewing | passed | rejected */
    status: text("status").notNull(),
    providerRef: text("provider_ref"),
    voucherFileId: text("voucher_file_id"),
    payerName: text("payer_name"),
    bankRef: text("bank_ref"),
    rejectReason: text("reject_reason"),
    settledAt: instantColumn("settled_at"),
    ...timestamps,
  },
  (t) => [
    index("order_payment_order_idx").on(t.orderId, t.createdAt),
    index("order_payment_bo_status_idx").on(t.boId, t.status, t.createdAt),
    uniqueIndex("order_payment_provider_ref_uq").on(t.provider, t.providerRef),
  ],
);

/**
 * A successful payment the order could not take (already paid, cancelled, or its amount changed since the payment
 * started), given back to the buyer through the provider's refund (issue 22). One per payment: a replayed
 * notification finds it and refunds nothing more. `due` until the provider takes the refund; the balance counts
 * neither the payment nor its refund (docs/domains/finance.md).
 */
export const paymentRefund = pgTable(
  "payment_refund",
  {
    id: idColumn(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => orderPayment.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orderInfo.id, { onDelete: "cascade" }),
    boId: boIdColumn(),
    /** alreadyPaid | cancelled | amountChanged */
    reason: text("reason").notNull(),
    /** due | refunded */
    status: text("status").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** The provider's words on the last refusal, for the log and support; sellers see only that it failed. */
    lastError: text("last_error"),
    lastAttemptAt: instantColumn("last_attempt_at"),
    refundedAt: instantColumn("refunded_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payment_refund_payment_uq").on(t.paymentId),
    index("payment_refund_order_idx").on(t.orderId),
    index("payment_refund_bo_created_idx").on(t.boId, t.createdAt),
    index("payment_refund_bo_refunded_idx").on(t.boId, t.refundedAt),
    check("payment_refund_amount_ck", sql`${t.amount} > 0`),
    check("payment_refund_status_ck", sql`${t.status} in ('due', 'refunded')`),
    check("payment_refund_done_ck", sql`(${t.status} = 'refunded') = (${t.providerRef} is not null and ${t.refundedAt} is not null)`),
  ],
);

/** A buyer's delivery addresses (one default). */
export const buyerAddress = pgTable(
  "buyer_address",
  {
    id: idColumn(),
    memberId: text("member_id").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    areaCode: text("area_code").notNull(),
    detail: text("detail").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("buyer_address_member_idx").on(t.memberId),
    uniqueIndex("buyer_address_default_uq").on(t.memberId).where(sql`${t.isDefault}`),
  ],
);

/** A buyer's cart: SKU → quantity. */
export const buyerCartItem = pgTable(
  "buyer_cart_item",
  {
    memberId: text("member_id").notNull(),
    skuId: text("sku_id").notNull(),
    quantity: integer("quantity").notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.memberId, t.skuId] })],
);

/** The first answer of a call made with an Idempotency-Key, per caller (a buyer's member id or a seller's bo_id). */
export const idempotencyRecord = pgTable(
  "idempotency_record",
  {
    scope: text("scope").notNull(),
    call: text("call").notNull(),
    key: text("key").notNull(),
    answer: jsonb("answer"),
    createdAt: instantColumn("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.call, t.key] }), index("idempotency_record_created_idx").on(t.createdAt)],
);
