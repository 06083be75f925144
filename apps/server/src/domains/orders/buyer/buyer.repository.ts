import { and, count, eq } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { createBuyerAccount } from "../../identity/identity.port";
import { buyerAddress } from "../orders.tables";

/* A buyer's account and delivery addresses (the list with area names: orders.repository `addressesOf`). */

export async function countAddresses(db: Executor, memberId: string): Promise<number> {
  const [n] = await db.select({ n: count() }).from(buyerAddress).where(eq(buyerAddress.memberId, memberId));
  return n?.n ?? 0;
}

export async function clearDefaultAddress(db: Executor, memberId: string) {
  await db.update(buyerAddress).set({ isDefault: false }).where(eq(buyerAddress.memberId, memberId));
}

export async function insertAddress(db: Executor, row: typeof buyerAddress.$inferInsert): Promise<string | undefined> {
  const [out] = await db.insert(buyerAddress).values(row).returning({ id: buyerAddress.id });
  return out?.id;
}

export async function updateAddress(
  db: Executor,
  memberId: string,
  id: string,
  patch: Partial<Pick<typeof buyerAddress.$inferInsert, "name" | "phone" | "areaCode" | "detail" | "isDefault">>,
) {
  await db
    .update(buyerAddress)
    .set(patch)
    .where(and(eq(buyerAddress.id, id), eq(buyerAddress.memberId, memberId)));
}

export async function deleteAddress(db: Executor, memberId: string, id: string) {
  await db.delete(buyerAddress).where(and(eq(buyerAddress.id, id), eq(buyerAddress.memberId, memberId)));
}

/**
 * Opens (adopts or makes) the buyer account of a phone whose login code was just used: the one place the buyer side
 * writes accounts (`member`), through the identity domain's port (its buyer-account.repository.ts).
 */
export const insertBuyerAccount = (db: Executor, phone: string) => createBuyerAccount(db, phone);
