import { codes, orderRefusals as R } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import { AppError, refuse } from "../../platform/http/errors";
import { type Actor, type OrderRow, type OrderScope, transition } from "./order.machine";
import * as repo from "./orders.repository";
import type { OrderPorts } from "./orders-needs.port";
import type { ProviderNotification } from "./payment/payment.port";
import * as payments from "./payment/payment.repository";
import { refundUntakenPayment } from "./payment/payment-refund.service";

/* Transitions with effects beyond the order row, shared by the buyer's and the seller's calls. */

/** Cancels an unpaid order and puts each line's stock back into the batches it came from, in one transaction. */
export async function cancelAndReturnStock(
  db: Executor,
  ports: OrderPorts,
  orderId: string,
  scope: OrderScope,
  actor: Actor,
  reason: string,
) {
  const tz = await repo.timeZoneOfShop(db, orderId);
  return transition(db, { orderId, scope, action: "cancel", actor }, async (order) => {
    const lines = await repo.linesOf(db, order.id, true);
    for (const l of lines) await ports.goods.returnStock(db, l.skuId, l.quantity, l.batches, tz);
    await ports.goods.addSales(
      db,
      lines.map((l) => ({ goodsId: l.goodsId, quantity: -l.quantity })),
    );
    return { patch: { cancelReason: reason, cancelledBy: actor.kind }, detail: { reason } };
  });
}

/** The provider's answer to a notification: 200 with `ok`, or a refusal. */
export class BadSignature extends Error {}
/** A notification to a provider this server does not run (not in PAYMENT_PROVIDERS): answered as an unknown call. */
export class ProviderNotEnabled extends Error {}

/**
 * Applies a payment provider's notification, idempotently: the payment row is locked; one already settled answers
 * as before with no second effect; a success pays the order through the machine. A success the order cannot take
 * (already paid, cancelled, its amount changed) keeps the order as it is and is given back to the buyer.
 */
export async function applyPayment(
  db: Executor,
  ports: OrderPorts,
  providerName: string,
  notification: ProviderNotification,
): Promise<{ paymentId: string; status: string }> {
  const provider = Object.hasOwn(ports.payments, providerName) ? ports.payments[providerName] : undefined;
  if (!provider) throw new ProviderNotEnabled();
  const notice = await provider.verify(notification);
  if (!notice) throw new BadSignature();
  const p = await payments.lockProviderPayment(db, notice.paymentId, providerName);
  if (!p) throw refuse(codes.NOT_FOUND, R.paymentNotFound);
  // Settled already (a replay, or a provider's later notice such as Alipay's after a refund), or still under way at
  // the provider (the buyer has not paid yet): nothing changes.
  if (p.status !== "pending" || notice.outcome === "pending") return { paymentId: p.id, status: p.status };
  if (notice.outcome !== "paid" || notice.amount !== p.amount) {
    await payments.settlePayment(db, p.id, { status: "failed", providerRef: notice.providerRef, settledAt: new Date() });
    return { paymentId: p.id, status: "failed" };
  }
  await payments.settlePayment(db, p.id, { status: "succeeded", providerRef: notice.providerRef, settledAt: new Date() });
  const system: Actor = { kind: "system", memberId: null };
  try {
    await transition(db, { orderId: p.orderId, scope: { system: true }, action: "pay", actor: system }, async (order: OrderRow) => {
      if (order.payAmount !== p.amount) throw refuse(codes.STATE_FORBIDS, R.paymentNotFound);
      return { patch: { payMethod: "online" }, detail: { paymentId: p.id, provider: providerName, amount: p.amount } };
    });
  } catch (err) {
    // Paid twice, after a cancel or after a price change: the order stays as it is and the money goes back to the
    // buyer (payment-refund.service.ts), due until the provider takes the refund.
    if (!(err instanceof AppError)) throw err;
    await refundUntakenPayment(db, ports, p);
  }
  return { paymentId: p.id, status: "succeeded" };
}
