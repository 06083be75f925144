import type { PaymentRefundStatus } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { boundedCount } from "../../../platform/http/paging";
import { orderInfo, orderPayment, orderTimeline, paymentRefund } from "../orders.tables";

/* Every query of payments given back to the buyer (payment_refund; see payment-refund.service.ts). */

export type PaymentRefundRow = typeof paymentRefund.$inferSelect;

/** Written once per payment: answers the new row, or nothing when the payment already has one. */
export async function insertDue(db: Executor, row: typeof paymentRefund.$inferInsert) {
  const [saved] = await db.insert(paymentRefund).values(row).onConflictDoNothing().returning();
  return saved;
}

/** The payment a refund gives back, as settled (its provider reference written by the notification). */
export async function paymentById(db: Executor, id: string) {
  const [row] = await db
    .select({ id: orderPayment.id, providerRef: orderPayment.providerRef, amount: orderPayment.amount })
    .from(orderPayment)
    .where(eq(orderPayment.id, id));
  return row;
}

export async function lockById(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(paymentRefund)
    .where(and(eq(paymentRefund.id, id), eq(paymentRefund.boId, boId)))
    .for("update");
  return row;
}

export async function markRefunded(db: Executor, id: string, providerRef: string, at: Date) {
  const [row] = await db
    .update(paymentRefund)
    .set({ status: "refunded", providerRef, refundedAt: at, lastAttemptAt: at, updatedAt: at })
    .where(eq(paymentRefund.id, id))
    .returning();
  return row;
}

export async function markFailed(db: Executor, id: string, error: string, at: Date) {
  const [row] = await db
    .update(paymentRefund)
    .set({
      failedAttempts: sql`${paymentRefund.failedAttempts} + 1`,
      lastError: error.slice(0, 500),
      lastAttemptAt: at,
      updatedAt: at,
    })
    .where(eq(paymentRefund.id, id))
    .returning();
  return row;
}

export async function ofOrder(db: Executor, orderId: string) {
  return db.select().from(paymentRefund).where(eq(paymentRefund.orderId, orderId));
}

export interface PaymentRefundListRow {
  id: string;
  payment_id: string;
  order_id: string;
  order_no: string;
  order_status: string;
  reason: string;
  status: string;
  amount: string | number;
  provider: string;
  provider_ref: string | null;
  failed_attempts: number;
  last_attempt_at: string | Date | null;
  refunded_at: string | Date | null;
  paid_at: string | Date | null;
}

const listSelect = sql`
  select r.id, r.payment_id, r.order_id, o.order_no, o.status as order_status, r.reason, r.status, r.amount, r.provider,
         r.provider_ref, r.failed_attempts, r.last_attempt_at, r.refunded_at, p.settled_at as paid_at
  from ${paymentRefund} r
  join ${orderInfo} o on o.id = r.order_id
  join ${orderPayment} p on p.id = r.payment_id`;

const listWhere = (boId: string, status?: PaymentRefundStatus) => sql`r.bo_id = ${boId} ${status ? sql`and r.status = ${status}` : sql``}`;

/** Due ones first (what needs the seller), then newest first. */
export async function listPage(db: Executor, boId: string, status: PaymentRefundStatus | undefined, limit: number, offset: number) {
  return rowsOf<PaymentRefundListRow>(
    db,
    sql`${listSelect} where ${listWhere(boId, status)}
        order by (r.status = 'due') desc, r.created_at desc, r.id desc limit ${limit} offset ${offset}`,
  );
}

export const count = (db: Executor, boId: string, status?: PaymentRefundStatus) =>
  boundedCount(db, sql`${paymentRefund} r`, listWhere(boId, status));

export async function findListRow(db: Executor, boId: string, id: string) {
  const [row] = await rowsOf<PaymentRefundListRow>(db, sql`${listSelect} where r.id = ${id} and r.bo_id = ${boId}`);
  return row;
}

/** A timeline entry the refunds write on an order (asked, refunded, failed). */
export async function insertTimelineEntry(db: Executor, row: typeof orderTimeline.$inferInsert) {
  await db.insert(orderTimeline).values(row);
}
