import type { DeliveryMode, OrderDetail } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import * as fr from "./fulfil.repository";

/** The detail's `delivery`; the pickup code only for the buyer's own view, once the order is paid. */
export async function withDelivery(db: Executor, detail: OrderDetail, opts: { showCode: boolean }): Promise<OrderDetail> {
  const f = await fr.fulfilOf(db, detail.id);
  return {
    ...detail,
    delivery: {
      mode: (f?.mode as DeliveryMode | undefined) ?? "express",
      repeatTimes: f?.repeatTimes ?? null,
      repeatEveryDays: f?.repeatEveryDays ?? null,
      pickupPoint: f?.pickupPoint ?? null,
      pickupCode: opts.showCode && detail.status !== "pendingPayment" && detail.status !== "cancelled" ? (f?.pickupCode ?? null) : null,
      pickedUpAt: f?.pickedUpAt ? f.pickedUpAt.toISOString() : null,
    },
  };
}
