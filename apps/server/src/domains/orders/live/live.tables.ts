import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../../platform/db/columns";

/*
 * Live arrival, timed jobs and the ERP push (docs/domains/orders.md "Live arrival, timed jobs, ERP push").
 */

/**
 * What the open back offices of a shop are told (new orders, payments, vouchers, reminders, cancels, receipts). Written
 * by the order machine in the transition's own transaction and announced with `pg_notify` (sent on commit only). The id
 * grows with every row; `at` is the moment of writing (clock time, not the transaction's start), so a reader that
 * looks back a short window finds a row whose transaction committed after a row with a larger id. Pruned after a day.
 */
export const orderEvent = pgTable(
  "order_event",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    boId: boIdColumn(),
    orderId: text("order_id").notNull(),
    orderNo: text("order_no").notNull(),
    /** created | paid | voucherUploaded | reminded | cancelled | received */
    kind: text("kind").notNull(),
    actor: text("actor").notNull(),
    payAmount: bigint("pay_amount", { mode: "number" }).notNull(),
    at: instantColumn("at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("order_event_bo_id_idx").on(t.boId, t.id), index("order_event_at_idx").on(t.at)],
);

/** A seller's ERP webhook: where paid sale orders are POSTed, signed with HMAC-SHA256 over the body with `secret`. */
export const erpWebhook = pgTable("erp_webhook", {
  boId: text("bo_id").primaryKey(),
  url: text("url").notNull(),
  secret: text("secret").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  ...timestamps,
});

/** One sale order's push to the seller's ERP: pending (due at `next_attempt_at`) → succeeded | failed. */
export const orderPush = pgTable(
  "order_push",
  {
    id: idColumn(),
    boId: boIdColumn(),
    orderId: text("order_id").notNull(),
    orderNo: text("order_no").notNull(),
    /** pending | succeeded | failed */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instantColumn("next_attempt_at").notNull().defaultNow(),
    /** http | timeout | network | refused (the address is not allowed) */
    lastErrorKind: text("last_error_kind"),
    lastStatusCode: integer("last_status_code"),
    /** The remote's own words (its answer's first 300 characters) or the network error, as they came. */
    lastError: text("last_error"),
    lastAttemptAt: instantColumn("last_attempt_at"),
    pushedAt: instantColumn("pushed_at"),
    /** The URL it went to at its last attempt. */
    url: text("url"),
    ...timestamps,
  },
  (t) => [
    check("order_push_status_ck", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    uniqueIndex("order_push_order_uq").on(t.orderId),
    index("order_push_bo_created_idx").on(t.boId, t.createdAt, t.id),
    index("order_push_bo_status_created_idx").on(t.boId, t.status, t.createdAt, t.id),
    index("order_push_bo_no_idx").on(t.boId, t.orderNo),
    index("order_push_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
