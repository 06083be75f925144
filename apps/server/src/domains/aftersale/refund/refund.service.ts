import { afterSaleRefusals as A, codes } from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { refuse, stateForbids } from "../../../platform/http/errors";
import { yuan } from "../../../platform/money";
import { type Actor, addRefunded, type OrderPorts, paidPayment, refunderOf } from "../../orders/orders.port";
import { step } from "../aftersale.machine";
import { insertRefund } from "./refund.repository";

/*
 * Refunds (docs/domains/aftersale.md): an approved refund-only or a received return refunded through the order's
 * payment provider, in the call's transaction; the order's refunded total raised by the orders' conditional UPDATE
 * (addRefunded), which the database's CHECK backs.
 */

export function createRefundService(ports: OrderPorts) {
  /** Refunds the seller's application `id` (the `refund` step); answers the application as written. */
  async function refund(ctx: Ctx, seller: { boId: string; actor: Actor }, id: string) {
    return step(ctx.db, { id, scope: { boId: seller.boId }, action: "refund", actor: seller.actor }, async (app, order) => {
      // The order row is locked (step); the conditional UPDATE and the CHECK keep every refund within what was paid.
      if (!(await addRefunded(ctx.db, order.id, app.amount)))
        throw stateForbids(A.refundExceedsPaid, {
          orderNo: order.orderNo,
          paid: yuan(order.payAmount),
          refunded: yuan(order.refundedAmount),
          amount: yuan(app.amount),
        });
      // The provider the order was paid through (its refunds work even once it is no longer enabled for payments),
      // else the enabled default; none (PAYMENT_PROVIDERS): refused, rolled back.
      const payment = await paidPayment(ctx.db, order.id);
      const provider = refunderOf(ports, payment?.provider ?? null) ?? refunderOf(ports, ports.defaultPayment);
      if (!provider) throw refuse(codes.NOT_CONFIGURED, A.refundUnavailable);
      const paid = payment && payment.provider === provider.name ? payment : null;
      const done = await provider
        .refund({ refundId: app.id, orderNo: order.orderNo, amount: app.amount, payment: paid })
        .catch((err: unknown) => {
          throw refuse(codes.STATE_FORBIDS, A.refundFailed, { message: err instanceof Error ? err.message : String(err) });
        });
      await insertRefund(ctx.db, {
        orderId: order.id,
        boId: order.boId,
        afterSaleId: app.id,
        amount: app.amount,
        provider: provider.name,
        providerRef: done.providerRef,
      });
      return { detail: { refunded: app.amount, providerRef: done.providerRef, refundedTotal: order.refundedAmount + app.amount } };
    });
  }
  return { refund };
}
