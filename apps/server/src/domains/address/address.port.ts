import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { sellerAddress } from "./address.tables";

/* What the address domain offers the domains above it, so none names its tables. */

// ---- for goods (goods & marketing helper) ----

/** How many pickup addresses the organisation keeps. */
export async function pickupPointCount(db: Executor, boId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sellerAddress)
    .where(and(eq(sellerAddress.boId, boId), eq(sellerAddress.type, "pickup")));
  return Number(row?.n ?? 0);
}

/* What the address domain offers other domains: reads of a seller's addresses. */

// ---- for orders (pickup points, warehouses) ----

/** One of the organisation's addresses, of one of these types. */
export async function ownAddress(db: Executor, boId: string, id: string, types: string[]) {
  const [row] = await db
    .select()
    .from(sellerAddress)
    .where(and(eq(sellerAddress.id, id), eq(sellerAddress.boId, boId), inArray(sellerAddress.type, types)));
  return row;
}

/** The organisation's shipping and return addresses, defaults first (at most 100). */
export async function warehousesOf(db: Executor, boId: string) {
  return db
    .select()
    .from(sellerAddress)
    .where(and(eq(sellerAddress.boId, boId), inArray(sellerAddress.type, ["shipping", "return"])))
    .orderBy(asc(sellerAddress.type), desc(sellerAddress.isDefault), desc(sellerAddress.createdAt))
    .limit(100);
}
