import { and, asc, count, eq, inArray, max, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { nameTaken } from "../../../platform/db/names";
import { rowsOf } from "../../../platform/db/rows";
import { isDeletedGoods, isLiveGoods } from "../../goods/goods.port";
import type { Placed } from "../ordering.rules";
import { recommendClassify, recommendInfo } from "./recommend.tables";

export type GroupRow = typeof recommendClassify.$inferSelect;
export type InfoRow = typeof recommendInfo.$inferSelect;

/** The organisation's recommendation lock for this transaction: every write of groups or their goods takes it first. */
export async function lockRecommend(tx: Executor, boId: string): Promise<void> {
  await rowsOf(tx, sql`select pg_advisory_xact_lock(71000011, hashtext(${boId}))`);
}

export async function groupsOf(db: Executor, boId: string): Promise<GroupRow[]> {
  return db
    .select()
    .from(recommendClassify)
    .where(eq(recommendClassify.boId, boId))
    .orderBy(asc(recommendClassify.sort), asc(recommendClassify.id));
}

export async function findGroup(db: Executor, boId: string, id: string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select()
    .from(recommendClassify)
    .where(and(eq(recommendClassify.boId, boId), eq(recommendClassify.id, id)));
  return row;
}

/** Live goods per group (deleted goods left out). */
export async function goodsCounts(db: Executor, boId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: recommendInfo.classifyId, n: count() })
    .from(recommendInfo)
    .where(and(eq(recommendInfo.boId, boId), isLiveGoods(recommendInfo.goodsId)))
    .groupBy(recommendInfo.classifyId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export const groupNameTaken = (db: Executor, boId: string, name: string, exceptId?: string) =>
  nameTaken(db, recommendClassify, { boId, name, exceptId });

export async function insertGroup(db: Executor, values: typeof recommendClassify.$inferInsert): Promise<GroupRow> {
  const [row] = await db.insert(recommendClassify).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateGroup(db: Executor, id: string, patch: { name: string; visible: boolean }): Promise<GroupRow> {
  const [row] = await db.update(recommendClassify).set(patch).where(eq(recommendClassify.id, id)).returning();
  if (!row) throw new Error("update returned nothing");
  return row;
}

export async function deleteGroups(db: Executor, boId: string, ids: string[]): Promise<void> {
  await db.delete(recommendInfo).where(and(eq(recommendInfo.boId, boId), inArray(recommendInfo.classifyId, ids)));
  await db.delete(recommendClassify).where(and(eq(recommendClassify.boId, boId), inArray(recommendClassify.id, ids)));
}

/** Writes new sort positions of a table's rows in one statement. */
async function placeIn(db: Executor, table: "recommend_classify" | "recommend_info", boId: string, rows: readonly Placed[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::text, ${r.sort}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${sql.identifier(table)} t set sort = v.sort, updated_at = now()
    from (values ${values}) as v(id, sort)
    where t.id = v.id and t.bo_id = ${boId}`);
}

export const placeGroups = (db: Executor, boId: string, rows: readonly Placed[]) => placeIn(db, "recommend_classify", boId, rows);
export const placeInfos = (db: Executor, boId: string, rows: readonly Placed[]) => placeIn(db, "recommend_info", boId, rows);

// ---------------------------------------------------------------------------------------------------
// Goods in a group

export async function findInfo(db: Executor, boId: string, id: string): Promise<InfoRow | undefined> {
  const [row] = await db
    .select()
    .from(recommendInfo)
    .where(and(eq(recommendInfo.boId, boId), eq(recommendInfo.id, id)));
  return row;
}

export async function infosByIds(db: Executor, boId: string, ids: string[]): Promise<InfoRow[]> {
  return db
    .select()
    .from(recommendInfo)
    .where(and(eq(recommendInfo.boId, boId), inArray(recommendInfo.id, ids)));
}

/** A group's recommendations in order. */
export async function infosOf(db: Executor, classifyId: string): Promise<InfoRow[]> {
  return db
    .select()
    .from(recommendInfo)
    .where(eq(recommendInfo.classifyId, classifyId))
    .orderBy(asc(recommendInfo.sort), asc(recommendInfo.id));
}

/** Drops a group's links to goods deleted since (they are not shown), so its positions stay 1..n of what is. */
export async function dropDeletedGoods(db: Executor, classifyId: string): Promise<void> {
  await db.delete(recommendInfo).where(and(eq(recommendInfo.classifyId, classifyId), isDeletedGoods(recommendInfo.goodsId)));
}

export async function insertInfos(db: Executor, values: (typeof recommendInfo.$inferInsert)[]): Promise<number> {
  if (values.length === 0) return 0;
  // No ON CONFLICT: the deferrable sort constraint cannot arbitrate; callers pass only goods not yet in the group.
  const rows = await db.insert(recommendInfo).values(values).returning({ id: recommendInfo.id });
  return rows.length;
}

export async function deleteInfos(db: Executor, boId: string, ids: string[]): Promise<number> {
  const rows = await db
    .delete(recommendInfo)
    .where(and(eq(recommendInfo.boId, boId), inArray(recommendInfo.id, ids)))
    .returning({ id: recommendInfo.id });
  return rows.length;
}

export async function maxInfoSort(db: Executor, classifyId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(recommendInfo.sort) })
    .from(recommendInfo)
    .where(eq(recommendInfo.classifyId, classifyId));
  return Number(row?.n ?? 0);
}

export const infoPageWhere = (classifyId: string): SQL =>
  and(eq(recommendInfo.classifyId, classifyId), isLiveGoods(recommendInfo.goodsId)) as SQL;

export const infoCountSource = (where: SQL) => ({ from: sql`${recommendInfo}`, where });

export async function infoPage(db: Executor, where: SQL, limit: number, offset: number): Promise<InfoRow[]> {
  const rows = await db
    .select({ r: recommendInfo })
    .from(recommendInfo)
    .where(where)
    .orderBy(asc(recommendInfo.sort), asc(recommendInfo.id))
    .limit(limit)
    .offset(offset);
  return rows.map((x) => x.r);
}
