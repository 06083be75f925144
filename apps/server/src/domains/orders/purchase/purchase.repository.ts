import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { orderInfo, orderPayment } from "../orders.tables";

/* A buyer's purchases: their own orders (not deleted by them) and the online payments they start. */

export async function findBuyerOrder(db: Executor, memberId: string, id: string) {
  const [row] = await db
    .select()
    .from(orderInfo)
    .where(and(eq(orderInfo.id, id), eq(orderInfo.buyerMemberId, memberId), isNull(orderInfo.buyerDeletedAt)));
  return row;
}

export async function insertPendingPayment(db: Executor, row: typeof orderPayment.$inferInsert) {
  const [p] = await db.insert(orderPayment).values(row).returning();
  return p;
}
