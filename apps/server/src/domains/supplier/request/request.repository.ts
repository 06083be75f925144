import type { SupplierConsent } from "@sbo/contract";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { shopSupplier } from "../supplier.tables";

/** Authorisation requests addressed to `boId` (the organisation named as supplier), optionally by answer or id. */
export const requestsWhere = (boId: string, consent?: SupplierConsent, id?: string) =>
  and(
    eq(shopSupplier.supplierBoId, boId),
    eq(shopSupplier.kind, "authorised"),
    ...(consent ? [eq(shopSupplier.consent, consent)] : []),
    ...(id ? [eq(shopSupplier.id, id)] : []),
  ) as SQL;

export const requestCount = (where: SQL) => ({ from: sql`${shopSupplier}`, where });

export async function selectRequests(db: Executor, where: SQL, limit: number, offset: number) {
  return db
    .select()
    .from(shopSupplier)
    .where(where)
    .orderBy(desc(shopSupplier.createdAt), desc(shopSupplier.id))
    .limit(limit)
    .offset(offset);
}

/** Records the named organisation's answer (`by` is the member who gave it). */
export async function answerRequest(db: Executor, id: string, supplierBoId: string, consent: SupplierConsent, by: string) {
  await db
    .update(shopSupplier)
    .set({ consent, consentAt: new Date(), consentBy: by })
    .where(and(eq(shopSupplier.id, id), eq(shopSupplier.supplierBoId, supplierBoId)));
}
