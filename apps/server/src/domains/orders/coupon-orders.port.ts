import { and, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { orderInfo } from "./orders.tables";

/** The status of one of the seller's orders, or null (the coupon domain's `CouponOrders` port, handed in by app.ts). */
export async function orderStatusForCoupons(db: Executor, boId: string, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ status: orderInfo.status })
    .from(orderInfo)
    .where(and(eq(orderInfo.id, orderId), eq(orderInfo.boId, boId)));
  return row?.status ?? null;
}
