import type { SupplierItem, SupplierKind } from "@sbo/contract";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/like";
import { nameTaken } from "../../platform/db/names";
import { exactAt } from "../../platform/http/paging";
import { shopSupplier, shopSupplierMember } from "./supplier.tables";

export type SupplierRow = typeof shopSupplier.$inferSelect;

/** An organisation's suppliers of a kind, optionally by (part of) the name and by status (the list and its export). */
export function suppliersWhere(
  boId: string,
  kind: SupplierKind,
  name: string | undefined,
  status: SupplierItem["status"] | undefined,
): SQL {
  const conditions: SQL[] = [eq(shopSupplier.boId, boId), eq(shopSupplier.kind, kind)];
  if (name) conditions.push(sql`lower(${shopSupplier.name}) like ${containing(name.toLowerCase())}`);
  if (status) conditions.push(eq(shopSupplier.status, status));
  return and(...conditions) as SQL;
}

/** An organisation's authorisation of another organisation as its supplier. */
export const authorisationWhere = (boId: string, supplierBoId: string) =>
  and(eq(shopSupplier.boId, boId), eq(shopSupplier.kind, "authorised"), eq(shopSupplier.supplierBoId, supplierBoId)) as SQL;

/** What `pageOf` counts of the suppliers matching `where`. */
export const supplierCount = (where: SQL) => ({ from: sql`${shopSupplier}`, where });

export const supplierSelect = {
  row: shopSupplier,
  // Qualified by hand: drizzle renders a column bare when the query reads one table, which the subquery would bind to `m`.
  memberCount: sql<number>`(select count(*)::int from ${shopSupplierMember} m where m.supplier_id = "shop_supplier"."id")`,
};

export type SupplierSelected = { row: SupplierRow; memberCount: number };

/** Suppliers matching `where`, newest first (or by name), with how many member accounts each has. */
export async function selectSuppliers(db: Executor, where: SQL, opts: { limit: number; offset?: number; byName?: boolean }) {
  return db
    .select(supplierSelect)
    .from(shopSupplier)
    .where(where)
    .orderBy(...(opts.byName ? [asc(shopSupplier.name)] : [desc(shopSupplier.createdAt)]), desc(shopSupplier.id))
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
}

export async function findOwn(db: Executor, boId: string, id: string, kind?: SupplierKind) {
  const conditions = [eq(shopSupplier.id, id), eq(shopSupplier.boId, boId)];
  if (kind) conditions.push(eq(shopSupplier.kind, kind));
  const [row] = await db
    .select()
    .from(shopSupplier)
    .where(and(...conditions));
  return row;
}

export async function findAuthorisation(db: Executor, boId: string, supplierBoId: string) {
  const [row] = await db
    .select({ id: shopSupplier.id, consent: shopSupplier.consent })
    .from(shopSupplier)
    .where(authorisationWhere(boId, supplierBoId));
  return row;
}

export const purchaseNameTaken = (db: Executor, boId: string, name: string, exceptId?: string) =>
  nameTaken(db, shopSupplier, { boId, name, exceptId, within: eq(shopSupplier.kind, "purchase") });

export async function insertSupplier(db: Executor, values: typeof shopSupplier.$inferInsert) {
  const [row] = await db.insert(shopSupplier).values(values).returning({ id: shopSupplier.id });
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateSupplier(db: Executor, id: string, set: Partial<typeof shopSupplier.$inferInsert>, boId?: string) {
  await db
    .update(shopSupplier)
    .set(set)
    .where(and(eq(shopSupplier.id, id), boId ? eq(shopSupplier.boId, boId) : undefined));
}

/** Removes a supplier's member accounts. */
export async function deleteSupplierMembers(db: Executor, supplierId: string) {
  await db.delete(shopSupplierMember).where(eq(shopSupplierMember.supplierId, supplierId));
}

export async function deleteSupplier(db: Executor, boId: string, id: string) {
  await db.delete(shopSupplier).where(and(eq(shopSupplier.id, id), eq(shopSupplier.boId, boId)));
}

/** One of the organisation's suppliers by id. */
export const ownWhere = (boId: string, id: string) => and(eq(shopSupplier.id, id), eq(shopSupplier.boId, boId)) as SQL;

/** A batch of the export: suppliers matching `where` in `orderBy`, at most `size`, with the exact creation time. */
export async function supplierBatch(db: Executor, where: SQL, orderBy: SQL[], size: number) {
  return db
    .select({ ...supplierSelect, at: exactAt(shopSupplier.createdAt) })
    .from(shopSupplier)
    .where(where)
    .orderBy(...orderBy)
    .limit(size);
}
