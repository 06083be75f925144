import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { containing as like } from "../../../platform/db/like";
import { nameTaken } from "../../../platform/db/names";
import { base, employeeBase } from "../staff.tables";

const baseSelect = {
  id: base.id,
  name: base.name,
  kind: base.kind,
  areaCode: base.areaCode,
  address: base.address,
  enabled: base.enabled,
};
type BaseRow = { id: string; name: string; kind: string; areaCode: string; address: string; enabled: boolean };
const baseOut = (b: BaseRow) => ({ ...b, kind: b.kind as "farm" | "site" | "warehouse" });

export async function listBases(
  db: Executor,
  boId: string,
  f: { name?: string | undefined; kind?: string | undefined; enabledOnly?: boolean },
) {
  const conditions = [eq(base.boId, boId)];
  if (f.name) conditions.push(sql`${base.name} ilike ${like(f.name)}`);
  if (f.kind) conditions.push(eq(base.kind, f.kind));
  if (f.enabledOnly) conditions.push(eq(base.enabled, true));
  const rows = await db
    .select({
      ...baseSelect,
      staffCount: sql<number>`(select count(*)::int from ${employeeBase} where ${employeeBase.baseId} = ${base.id})`,
    })
    .from(base)
    .where(and(...conditions))
    .orderBy(asc(base.name))
    .limit(500);
  return rows.map((r) => ({ ...baseOut(r), staffCount: Number(r.staffCount) }));
}

/** The enabled bases assigned to a staff member. */
export async function basesOfEmployee(db: Executor, boId: string, employeeId: string, kind?: string) {
  const conditions = [eq(base.boId, boId), eq(base.enabled, true), eq(employeeBase.employeeId, employeeId)];
  if (kind) conditions.push(eq(base.kind, kind));
  const rows = await db
    .select(baseSelect)
    .from(employeeBase)
    .innerJoin(base, eq(base.id, employeeBase.baseId))
    .where(and(...conditions))
    .orderBy(asc(base.name));
  return rows.map(baseOut);
}

export async function findBase(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select(baseSelect)
    .from(base)
    .where(and(eq(base.boId, boId), eq(base.id, id)))
    .limit(1);
  return row ? baseOut(row) : undefined;
}

export async function basesByIds(db: Executor, boId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: base.id, enabled: base.enabled })
    .from(base)
    .where(and(eq(base.boId, boId), inArray(base.id, ids)));
}

export const baseNameTaken = (db: Executor, boId: string, name: string, exceptId?: string) => nameTaken(db, base, { boId, name, exceptId });

export async function insertBase(db: Executor, values: typeof base.$inferInsert) {
  const [row] = await db.insert(base).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateBase(db: Executor, id: string, patch: Partial<typeof base.$inferInsert>) {
  await db.update(base).set(patch).where(eq(base.id, id));
}

/** Of `ids`, the organisation's bases with their names. */
export async function baseNames(db: Executor, boId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: base.id, name: base.name })
    .from(base)
    .where(and(eq(base.boId, boId), inArray(base.id, ids)));
}
