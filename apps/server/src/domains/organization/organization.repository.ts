import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { organization } from "../../platform/access/access.tables";
import type { Executor } from "../../platform/db/client";
import { area, category } from "../basic/basic.tables";
import { storedFile } from "../system/system.tables";
import { orgEnterprise } from "./organization.tables";

export async function findOrganization(db: Executor, boId: string) {
  const [row] = await db.select().from(organization).where(eq(organization.id, boId)).limit(1);
  return row;
}

export async function findEnterprise(db: Executor, boId: string) {
  const [row] = await db.select().from(orgEnterprise).where(eq(orgEnterprise.boId, boId)).limit(1);
  return row;
}

export async function upsertEnterprise(db: Executor, boId: string, values: Partial<typeof orgEnterprise.$inferInsert>) {
  const [row] = await db
    .insert(orgEnterprise)
    .values({ ...values, boId })
    .onConflictDoUpdate({ target: orgEnterprise.boId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error("upsert returned nothing");
  return row;
}

export async function renameOrganization(db: Executor, boId: string, name: string) {
  await db.update(organization).set({ name }).where(eq(organization.id, boId));
}

/** Files of an organisation by id (uploaded by its members); others' files are not returned. */
export async function filesOf(db: Executor, boId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: storedFile.id, name: storedFile.name })
    .from(storedFile)
    .where(and(eq(storedFile.boId, boId), inArray(storedFile.id, ids)));
}

/** An area and its ancestors, the area first (two levels in the reference data; bounded anyway). */
export async function areaPath(db: Executor, code: string) {
  const rows = await db.execute(sql`
    with recursive up as (
      select code, parent_code, name, name_en, 0 as depth from ${area} where code = ${code}
      union all
      select a.code, a.parent_code, a.name, a.name_en, up.depth + 1 from ${area} a join up on a.code = up.parent_code where up.depth < 5
    )
    select code, name, name_en as "nameEn" from up order by depth`);
  return (rows as unknown as { rows: { code: string; name: string; nameEn: string }[] }).rows;
}

export async function areasUnder(db: Executor, pid: string | null) {
  // Qualified by hand: drizzle renders a column bare in a select list, which the subquery would bind to `c`.
  const child = sql<boolean>`exists (select 1 from ${area} c where c.parent_code = "area"."code")`;
  return db
    .select({ code: area.code, name: area.name, nameEn: area.nameEn, level: area.level, hasChildren: child })
    .from(area)
    .where(pid === null ? isNull(area.parentCode) : eq(area.parentCode, pid))
    .orderBy(asc(area.code));
}

export async function findCategory(db: Executor, id: string) {
  const [row] = await db.select().from(category).where(eq(category.id, id)).limit(1);
  return row;
}

export async function categoriesUnder(db: Executor, pid: string | null) {
  return db
    .select({ id: category.id, name: category.name, nameEn: category.nameEn, level: category.level })
    .from(category)
    .where(pid === null ? isNull(category.parentId) : eq(category.parentId, pid))
    .orderBy(asc(category.sort));
}
