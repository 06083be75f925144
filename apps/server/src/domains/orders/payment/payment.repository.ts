import { and, eq } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { orderPayment } from "../orders.tables";

/* Online payments as a provider's notification settles them (order-effects.service `applyPayment`). */

/** The provider's payment, locked until the notification is applied. */
export async function lockProviderPayment(db: Executor, id: string, provider: string) {
  const [p] = await db
    .select()
    .from(orderPayment)
    .where(and(eq(orderPayment.id, id), eq(orderPayment.provider, provider)))
    .for("update");
  return p;
}

export async function settlePayment(
  db: Executor,
  id: string,
  patch: Pick<typeof orderPayment.$inferInsert, "status" | "providerRef" | "settledAt">,
) {
  await db.update(orderPayment).set(patch).where(eq(orderPayment.id, id));
}
