import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { sellerAddress } from "./address.tables";

export type AddressRow = typeof sellerAddress.$inferSelect;

/** Shipping, return, pickup: the order lists show them in. */
const typeOrder = sql`case ${sellerAddress.type} when 'shipping' then 1 when 'return' then 2 else 3 end`;

/**
 * Address writes of one seller run one after another (a transaction-scoped advisory lock), so two
 * concurrent "first address of a type" writes cannot both make a default.
 */
export async function lockAddresses(db: Executor, boId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`seller_address:${boId}`}))`);
}

export async function findOwn(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(sellerAddress)
    .where(and(eq(sellerAddress.id, id), eq(sellerAddress.boId, boId)));
  return row;
}

/** The list's conditions and what `pageOf` counts. */
export function addressCount(boId: string, type?: string) {
  const conditions: SQL[] = [eq(sellerAddress.boId, boId)];
  if (type) conditions.push(eq(sellerAddress.type, type));
  return { from: sql`${sellerAddress}`, where: and(...conditions) as SQL };
}

export async function pageAddresses(db: Executor, where: SQL, limit: number, offset: number) {
  return db
    .select()
    .from(sellerAddress)
    .where(where)
    .orderBy(asc(typeOrder), desc(sellerAddress.isDefault), desc(sellerAddress.createdAt), desc(sellerAddress.id))
    .limit(limit)
    .offset(offset);
}

export async function hasDefault(db: Executor, boId: string, type: string) {
  const [row] = await db
    .select({ id: sellerAddress.id })
    .from(sellerAddress)
    .where(and(eq(sellerAddress.boId, boId), eq(sellerAddress.type, type), eq(sellerAddress.isDefault, true)));
  return Boolean(row);
}

export async function insertAddress(db: Executor, values: typeof sellerAddress.$inferInsert) {
  const [row] = await db.insert(sellerAddress).values(values).returning();
  return row;
}

export async function updateAddress(db: Executor, boId: string, id: string, patch: Partial<typeof sellerAddress.$inferInsert>) {
  const [row] = await db
    .update(sellerAddress)
    .set(patch)
    .where(and(eq(sellerAddress.id, id), eq(sellerAddress.boId, boId)))
    .returning();
  return row;
}

export async function deleteAddress(db: Executor, boId: string, id: string) {
  await db.delete(sellerAddress).where(and(eq(sellerAddress.id, id), eq(sellerAddress.boId, boId)));
}

/** The newest address of a type. */
export async function newestOfType(db: Executor, boId: string, type: string) {
  const [row] = await db
    .select({ id: sellerAddress.id })
    .from(sellerAddress)
    .where(and(eq(sellerAddress.boId, boId), eq(sellerAddress.type, type)))
    .orderBy(desc(sellerAddress.createdAt), desc(sellerAddress.id))
    .limit(1);
  return row;
}

export async function setDefault(db: Executor, id: string) {
  const [row] = await db.update(sellerAddress).set({ isDefault: true }).where(eq(sellerAddress.id, id)).returning();
  return row;
}

/** Clears the default of a type but `exceptId`. */
export async function clearDefault(db: Executor, boId: string, type: string, exceptId: string) {
  await db
    .update(sellerAddress)
    .set({ isDefault: false })
    .where(
      and(eq(sellerAddress.boId, boId), eq(sellerAddress.type, type), eq(sellerAddress.isDefault, true), ne(sellerAddress.id, exceptId)),
    );
}
