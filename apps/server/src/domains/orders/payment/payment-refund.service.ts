import {
  codes,
  type contract,
  type OrderTimelineEvent,
  type OutputOf,
  orderPayRefusals as P,
  type ParsedInputOf,
  type PaymentRefundInfo,
  type PaymentRefundItem,
  type PaymentRefundReason,
} from "@sbo/contract";
import { iso } from "../../../platform/days";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { notFound, refuse, stateForbids } from "../../../platform/http/errors";
import { offsetOf } from "../../../platform/http/paging";
import { yuan } from "../../../platform/money";
import { canDo, lockOrder, type OrderRow } from "../order.machine";
import type { PaymentRow } from "../orders.repository";
import { type OrderPorts, refunderOf } from "../orders-needs.port";
import * as repo from "./payment-refund.repository";

/*
 * A successful payment the order could not take (issue 22, docs/domains/orders.md "Payments given back"): the order
 * was already paid (the buyer paid twice), was cancelled, or its amount changed after the payment started. The
 * payment stays recorded as succeeded; a `payment_refund` row (one per payment) gives it back through the provider's
 * `refund`, whose refund id is derived from the payment, so asking again (a retry, a replayed notification) never
 * moves the money twice. A refusal by the provider leaves it `due`, in finance's list with a retry.
 */

type OP = typeof contract.orderPay;
type In<K extends keyof OP> = ParsedInputOf<OP[K]>;
type Out<K extends keyof OP> = OutputOf<OP[K]>;

/** The provider's refund id of a payment: the same payment always asks the same refund. */
export const refundIdOf = (paymentId: string) => `payment:${paymentId}`;

const reasonOf = (order: OrderRow): PaymentRefundReason =>
  order.status === "cancelled" ? "cancelled" : canDo("pay", order.status as never) ? "amountChanged" : "alreadyPaid";

async function note(db: Executor, order: OrderRow, event: OrderTimelineEvent, detail: Record<string, unknown>) {
  await repo.insertTimelineEntry(db, {
    orderId: order.id,
    boId: order.boId,
    actor: "system",
    actorMemberId: null,
    event,
    fromStatus: order.status,
    toStatus: order.status,
    detail,
  });
}

/** Asks the provider; answers the row as written (refunded, or due with one more failed attempt). */
async function attempt(db: Executor, ports: OrderPorts, row: repo.PaymentRefundRow, order: OrderRow) {
  const provider = refunderOf(ports, row.provider);
  const now = new Date();
  try {
    if (!provider) throw new Error(`no payment provider ${row.provider}`);
    const payment = (await repo.paymentById(db, row.paymentId)) ?? null;
    const done = await provider.refund({ refundId: refundIdOf(row.paymentId), orderNo: order.orderNo, amount: row.amount, payment });
    const saved = await repo.markRefunded(db, row.id, done.providerRef, now);
    await note(db, order, "paymentRefunded", { paymentId: row.paymentId, amount: row.amount, reason: row.reason });
    return saved ?? row;
  } catch (err) {
    return (await repo.markFailed(db, row.id, err instanceof Error ? err.message : String(err), now)) ?? row;
  }
}

/**
 * In the notification's transaction, after the machine refused to pay the order with `payment` (already marked
 * succeeded): records the money as due back to the buyer and asks the provider to refund it.
 */
export async function refundUntakenPayment(db: Executor, ports: OrderPorts, payment: PaymentRow): Promise<void> {
  const order = await lockOrder(db, payment.orderId, { system: true });
  const reason = reasonOf(order);
  const row = await repo.insertDue(db, {
    paymentId: payment.id,
    orderId: order.id,
    boId: order.boId,
    reason,
    status: "due",
    amount: payment.amount,
    provider: payment.provider,
  });
  if (!row) return;
  await note(db, order, "paymentRefundDue", { paymentId: payment.id, amount: payment.amount, reason });
  await attempt(db, ports, row, order);
}

export function refundInfoOf(r: repo.PaymentRefundRow): PaymentRefundInfo {
  return {
    id: r.id,
    reason: r.reason as PaymentRefundReason,
    status: r.status as PaymentRefundInfo["status"],
    amount: r.amount,
    providerRef: r.providerRef,
    failedAttempts: r.failedAttempts,
    lastAttemptAt: iso(r.lastAttemptAt),
    refundedAt: iso(r.refundedAt),
  };
}

function itemOf(r: repo.PaymentRefundListRow): PaymentRefundItem {
  return {
    id: r.id,
    paymentId: r.payment_id,
    orderId: r.order_id,
    orderNo: r.order_no,
    orderStatus: r.order_status as PaymentRefundItem["orderStatus"],
    reason: r.reason as PaymentRefundReason,
    status: r.status as PaymentRefundItem["status"],
    amount: Number(r.amount),
    provider: r.provider,
    providerRef: r.provider_ref,
    failedAttempts: r.failed_attempts,
    lastAttemptAt: iso(r.last_attempt_at),
    refundedAt: iso(r.refunded_at),
    paidAt: iso(r.paid_at),
  };
}

export function createPaymentRefundService(ports: OrderPorts) {
  async function itemById(db: Executor, boId: string, id: string) {
    const row = await repo.findListRow(db, boId, id);
    if (!row) throw notFound(P.paymentRefundNotFound);
    return itemOf(row);
  }

  return {
    async selPaymentRefundPage(input: In<"selPaymentRefundPage">, ctx: Ctx): Promise<Out<"selPaymentRefundPage">> {
      const { boId } = ctx.me();
      const rows = await repo.listPage(ctx.db, boId, input.status, input.pageSize, offsetOf(input));
      const total = await repo.count(ctx.db, boId, input.status);
      return { list: rows.map(itemOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    /** The order first, then the row (the notification's order): of two retries at once one asks, the other finds it done. */
    async retryPaymentRefund(input: In<"retryPaymentRefund">, ctx: Ctx): Promise<Out<"retryPaymentRefund">> {
      const { boId } = ctx.me();
      const found = await repo.findListRow(ctx.db, boId, input.id);
      if (!found) throw notFound(P.paymentRefundNotFound);
      // The row is this organisation's (found by bo_id); the order may since be deleted from the seller's list.
      const order = await lockOrder(ctx.db, found.order_id, { system: true });
      const row = await repo.lockById(ctx.db, boId, input.id);
      if (!row) throw notFound(P.paymentRefundNotFound);
      if (row.status === "refunded") throw stateForbids(P.paymentRefundDone, { orderNo: order.orderNo });
      const after = await attempt(ctx.db, ports, row, order);
      // The failed attempt is kept (commit): the list shows how many the provider refused and when.
      if (after.status !== "refunded")
        throw refuse(codes.PROVIDER_FAILED, P.paymentRefundFailed, { amount: yuan(row.amount), orderNo: order.orderNo }, { commit: true });
      return itemById(ctx.db, boId, row.id);
    },
  };
}
