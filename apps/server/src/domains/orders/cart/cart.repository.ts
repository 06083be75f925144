import type { Executor } from "../../../platform/db/client";
import { buyerCartItem } from "../orders.tables";

/* A buyer's cart (read with orders.repository `cartOf`, emptied by a checkout). */

/** The SKU's line with this quantity: added, or its quantity replaced. */
export async function saveCartLine(db: Executor, memberId: string, skuId: string, quantity: number) {
  await db
    .insert(buyerCartItem)
    .values({ memberId, skuId, quantity })
    .onConflictDoUpdate({ target: [buyerCartItem.memberId, buyerCartItem.skuId], set: { quantity, updatedAt: new Date() } });
}
