import { and, eq, sql } from "drizzle-orm";
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
