import { eq } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { orderRefund } from "../aftersale.tables";

/* The refunds made for applications (`order_refund`, one per application refunded). */

export async function refundOf(db: Executor, afterSaleId: string) {
  const [row] = await db.select().from(orderRefund).where(eq(orderRefund.afterSaleId, afterSaleId));
  return row;
}

export async function insertRefund(db: Executor, row: typeof orderRefund.$inferInsert): Promise<void> {
  await db.insert(orderRefund).values(row);
}
