import type { DeliveryMode, OrderDetail } from "@sbo/contract";
import { iso } from "../../../platform/days";
import type { FulfilRow } from "./fulfil.repository";

/** The detail's `delivery`; the pickup code only for the buyer's own view, once the order is paid. */
export function withDelivery(detail: OrderDetail, f: FulfilRow | null, opts: { showCode: boolean }): OrderDetail {
  return {
    ...detail,
    delivery: {
      mode: (f?.mode as DeliveryMode | undefined) ?? "express",
      repeatTimes: f?.repeatTimes ?? null,
      repeatEveryDays: f?.repeatEveryDays ?? null,
      pickupPoint: f?.pickupPoint ?? null,
      pickupCode: opts.showCode && detail.status !== "pendingPayment" && detail.status !== "cancelled" ? (f?.pickupCode ?? null) : null,
      pickedUpAt: iso(f?.pickedUpAt ?? null),
    },
  };
}
