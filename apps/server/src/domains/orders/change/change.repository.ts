import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { memberNameSql } from "../../identity/identity.port";
import { orderLine, orderShipment, orderTimeline } from "../orders.tables";

/* Every query of order changes (the lines' own rows go through orders.repository's linesOf). */

/** An order's line changes, newest first, each with the name of the staff member who made it. */
export async function changesOf(db: Executor, orderId: string) {
  return db
    .select({
      id: orderTimeline.id,
      at: orderTimeline.at,
      detail: orderTimeline.detail,
      actorName: memberNameSql(orderTimeline.actorMemberId),
    })
    .from(orderTimeline)
    .where(and(eq(orderTimeline.orderId, orderId), eq(orderTimeline.event, "linesChanged")))
    .orderBy(desc(orderTimeline.at), desc(orderTimeline.id));
}

export async function hasShipments(db: Executor, orderId: string) {
  const [row] = await db.select({ id: orderShipment.id }).from(orderShipment).where(eq(orderShipment.orderId, orderId)).limit(1);
  return !!row;
}

export async function setLine(
  db: Executor,
  lineId: string,
  patch: { quantity: number; amount: number; revisedAmount: null; batches: { batchId: string; quantity: number }[] },
) {
  await db.update(orderLine).set(patch).where(eq(orderLine.id, lineId));
}

export async function deleteLine(db: Executor, lineId: string) {
  await db.delete(orderLine).where(eq(orderLine.id, lineId));
}
