import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { shopSupplierMember } from "../supplier.tables";

/** A supplier's member accounts, oldest first. */
export async function membersOf(db: Executor, supplierId: string) {
  return db
    .select()
    .from(shopSupplierMember)
    .where(eq(shopSupplierMember.supplierId, supplierId))
    .orderBy(asc(shopSupplierMember.createdAt), asc(shopSupplierMember.id));
}

/** Of `memberIds`, those with an account of the supplier already. */
export async function membersAlreadyIn(db: Executor, supplierId: string, memberIds: string[]) {
  if (memberIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ memberId: shopSupplierMember.memberId })
    .from(shopSupplierMember)
    .where(and(eq(shopSupplierMember.supplierId, supplierId), inArray(shopSupplierMember.memberId, memberIds)));
  return new Set(rows.map((r) => r.memberId));
}

/** Of `ids`, the supplier's member accounts. */
export async function accountsIn(db: Executor, boId: string, supplierId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: shopSupplierMember.id })
    .from(shopSupplierMember)
    .where(and(eq(shopSupplierMember.supplierId, supplierId), eq(shopSupplierMember.boId, boId), inArray(shopSupplierMember.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertMembers(db: Executor, values: (typeof shopSupplierMember.$inferInsert)[]) {
  if (values.length) await db.insert(shopSupplierMember).values(values);
}

export async function updateMember(db: Executor, supplierId: string, id: string, set: { role: string; enabled: boolean }) {
  await db
    .update(shopSupplierMember)
    .set(set)
    .where(and(eq(shopSupplierMember.id, id), eq(shopSupplierMember.supplierId, supplierId)));
}
