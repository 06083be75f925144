import { and, asc, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { nameTaken as nameTakenIn } from "../../../platform/db/names";
import { rowsOf } from "../../../platform/db/rows";
import { goodsMatching, isLiveGoods } from "../../goods/goods.port";
import type { Placed } from "../ordering.rules";
import { shopClassify, shopClassifyGoods } from "./shop-category.tables";

export type CategoryRow = typeof shopClassify.$inferSelect;

/**
 * The organisation's category lock for this transaction: every write of its tree takes it first, so two moves (or
 * a move and an add) run one after the other and each renumbers from what the other left.
 */
export async function lockTree(tx: Executor, boId: string): Promise<void> {
  await rowsOf(tx, sql`select pg_advisory_xact_lock(71000010, hashtext(${boId}))`);
}

/** Every category of the organisation, top level first, each list in order. */
export async function allOf(db: Executor, boId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(shopClassify)
    .where(eq(shopClassify.boId, boId))
    .orderBy(sql`${shopClassify.parentId} nulls first`, asc(shopClassify.sort), asc(shopClassify.id));
}

export async function childrenOf(db: Executor, boId: string, parentId: string | null): Promise<CategoryRow[]> {
  return db
    .select()
    .from(shopClassify)
    .where(and(eq(shopClassify.boId, boId), parentId === null ? isNull(shopClassify.parentId) : eq(shopClassify.parentId, parentId)))
    .orderBy(asc(shopClassify.sort), asc(shopClassify.id));
}

export async function findById(db: Executor, boId: string, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(shopClassify)
    .where(and(eq(shopClassify.boId, boId), eq(shopClassify.id, id)));
  return row;
}

export async function countOf(db: Executor, boId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shopClassify).where(eq(shopClassify.boId, boId));
  return Number(row?.n ?? 0);
}

/** Live goods per category: one grouped count over the (bo_id, classify_id) index, deleted goods left out. */
export async function goodsCounts(db: Executor, boId: string, classifyIds?: string[]): Promise<Map<string, number>> {
  const where = [eq(shopClassifyGoods.boId, boId), isLiveGoods(shopClassifyGoods.goodsId)];
  if (classifyIds) {
    if (classifyIds.length === 0) return new Map();
    where.push(inArray(shopClassifyGoods.classifyId, classifyIds));
  }
  const rows = await db
    .select({ id: shopClassifyGoods.classifyId, n: count() })
    .from(shopClassifyGoods)
    .where(and(...where))
    .groupBy(shopClassifyGoods.classifyId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/**
 * Live goods per top-level category counted with its sub-categories' (an item in both, or in two sub-categories,
 * once): one grouped count, keyed by the top-level category's id.
 */
export async function goodsCountsWithSub(db: Executor, boId: string, topIds?: string[]): Promise<Map<string, number>> {
  if (topIds?.length === 0) return new Map();
  const top = sql`coalesce(${shopClassify.parentId}, ${shopClassify.id})`;
  const where = [eq(shopClassifyGoods.boId, boId), isLiveGoods(shopClassifyGoods.goodsId)];
  if (topIds) where.push(inArray(top, topIds));
  const rows = await db
    .select({ id: sql<string>`${top}`, n: sql<number>`count(distinct ${shopClassifyGoods.goodsId})::int` })
    .from(shopClassifyGoods)
    .innerJoin(shopClassify, and(eq(shopClassify.id, shopClassifyGoods.classifyId), eq(shopClassify.boId, shopClassifyGoods.boId)))
    .where(and(...where))
    .groupBy(top);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Whether a sibling of the list under `parentId` already has this name (any case), other than `exceptId`. */
export const nameTaken = (db: Executor, boId: string, parentId: string | null, name: string, exceptId?: string) =>
  nameTakenIn(db, shopClassify, {
    boId,
    name,
    exceptId,
    within: parentId === null ? isNull(shopClassify.parentId) : eq(shopClassify.parentId, parentId),
  });

export async function insertCategory(db: Executor, values: typeof shopClassify.$inferInsert): Promise<CategoryRow> {
  const [row] = await db.insert(shopClassify).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function rename(db: Executor, id: string, name: string): Promise<CategoryRow> {
  const [row] = await db.update(shopClassify).set({ name }).where(eq(shopClassify.id, id)).returning();
  if (!row) throw new Error("update returned nothing");
  return row;
}

/** Writes new places (parent and sort) in one statement. */
export async function place(db: Executor, boId: string, rows: readonly Placed[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::text, ${r.parentId}::text, ${r.sort}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${shopClassify} c set parent_id = v.parent_id, sort = v.sort, updated_at = now()
    from (values ${values}) as v(id, parent_id, sort)
    where c.id = v.id and c.bo_id = ${boId}`);
}

/** Deletes categories with their goods links; answers how many links went. Sub-categories before their parents. */
export async function deleteWithLinks(db: Executor, boId: string, ids: string[]): Promise<number> {
  const links = await db
    .delete(shopClassifyGoods)
    .where(and(eq(shopClassifyGoods.boId, boId), inArray(shopClassifyGoods.classifyId, ids)))
    .returning({ id: shopClassifyGoods.id });
  await db
    .delete(shopClassify)
    .where(and(eq(shopClassify.boId, boId), inArray(shopClassify.id, ids), sql`${shopClassify.parentId} is not null`));
  await db.delete(shopClassify).where(and(eq(shopClassify.boId, boId), inArray(shopClassify.id, ids)));
  return links.length;
}

// ---------------------------------------------------------------------------------------------------
// Goods in categories

/** Links goods to a category; those already linked stay. Answers how many were added. */
export async function link(db: Executor, boId: string, classifyId: string, goodsIds: string[]): Promise<number> {
  if (goodsIds.length === 0) return 0;
  const rows = await db
    .insert(shopClassifyGoods)
    .values(goodsIds.map((goodsId) => ({ boId, classifyId, goodsId })))
    .onConflictDoNothing()
    .returning({ id: shopClassifyGoods.id });
  return rows.length;
}

/** Takes goods out of a category; answers the ids of those that were in it. */
export async function unlink(db: Executor, boId: string, classifyId: string, goodsIds: string[]): Promise<string[]> {
  const rows = await db
    .delete(shopClassifyGoods)
    .where(
      and(eq(shopClassifyGoods.boId, boId), eq(shopClassifyGoods.classifyId, classifyId), inArray(shopClassifyGoods.goodsId, goodsIds)),
    )
    .returning({ goodsId: shopClassifyGoods.goodsId });
  return rows.map((r) => r.goodsId);
}

/** The categories one goods item is in. */
export async function categoryIdsOf(db: Executor, boId: string, goodsId: string): Promise<string[]> {
  const rows = await db
    .select({ id: shopClassifyGoods.classifyId })
    .from(shopClassifyGoods)
    .where(and(eq(shopClassifyGoods.boId, boId), eq(shopClassifyGoods.goodsId, goodsId)));
  return rows.map((r) => r.id);
}

/** Makes one goods item's categories exactly `classifyIds`. */
export async function setCategoriesOf(db: Executor, boId: string, goodsId: string, classifyIds: string[]): Promise<void> {
  const mine = and(eq(shopClassifyGoods.boId, boId), eq(shopClassifyGoods.goodsId, goodsId)) as SQL;
  await db.delete(shopClassifyGoods).where(classifyIds.length ? and(mine, notInArray(shopClassifyGoods.classifyId, classifyIds)) : mine);
  if (classifyIds.length)
    await db
      .insert(shopClassifyGoods)
      .values(classifyIds.map((classifyId) => ({ boId, classifyId, goodsId })))
      .onConflictDoNothing();
}

/** A category's live goods, optionally by name (contains) or SKU code (starts with). */
export function linkedWhere(boId: string, classifyId: string, keyword: string | undefined): SQL {
  const c: SQL[] = [eq(shopClassifyGoods.boId, boId), eq(shopClassifyGoods.classifyId, classifyId), isLiveGoods(shopClassifyGoods.goodsId)];
  if (keyword) c.push(goodsMatching(shopClassifyGoods.goodsId, boId, keyword));
  return and(...c) as SQL;
}

export const linkedCountSource = (where: SQL) => ({
  from: sql`${shopClassifyGoods}`,
  where,
});

/** A page of a category's goods ids, most recently added first. */
export async function linkedPage(db: Executor, where: SQL, limit: number, offset: number): Promise<string[]> {
  const rows = await db
    .select({ id: shopClassifyGoods.goodsId })
    .from(shopClassifyGoods)
    .where(where)
    .orderBy(desc(shopClassifyGoods.createdAt), desc(shopClassifyGoods.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}
