import { DEFAULT_TIME_ZONE } from "@sbo/contract";
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { containing } from "../../../platform/db/like";
import { rowsOf } from "../../../platform/db/rows";
import { timeZoneOfOrg } from "../../shop/shop.port";
import { baseNameOf } from "../../staff/staff.port";
import { goods, goodsBatch, goodsSku, goodsTrace } from "../goods.tables";

/* Fresh batches, FEFO and trace records: every query. */

export type BatchRow = typeof goodsBatch.$inferSelect;
export type TraceRow = typeof goodsTrace.$inferSelect;

export async function insertBatches(db: Executor, values: (typeof goodsBatch.$inferInsert)[]): Promise<BatchRow[]> {
  if (values.length === 0) return [];
  return db.insert(goodsBatch).values(values).returning();
}

export async function findBatch(db: Executor, boId: string, id: string, lock = false) {
  const q = db
    .select()
    .from(goodsBatch)
    .where(and(eq(goodsBatch.boId, boId), eq(goodsBatch.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function updateBatch(db: Executor, id: string, patch: Partial<typeof goodsBatch.$inferInsert>) {
  await db
    .update(goodsBatch)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(goodsBatch.id, id));
}

export async function deleteBatch(db: Executor, id: string) {
  await db.delete(goodsBatch).where(eq(goodsBatch.id, id));
}

export async function batchNoTaken(db: Executor, skuId: string, batchNo: string, exceptId?: string) {
  const rows = await db
    .select({ id: goodsBatch.id })
    .from(goodsBatch)
    .where(and(eq(goodsBatch.skuId, skuId), eq(goodsBatch.batchNo, batchNo)));
  return rows.some((r) => r.id !== exceptId);
}

/**
 * Rewrites the stock of fresh SKUs as the sum of what is left in their unexpired batches (today included), and their
 * items' totals, in two statements. Called in the transaction of every batch change.
 */
export async function refreshFreshStock(db: Executor, skuIds: string[], today: string) {
  if (skuIds.length === 0) return;
  await db.execute(sql`
    update ${goodsSku} s set stock = coalesce((
      select sum(b."left") from ${goodsBatch} b where b.sku_id = s.id and b."left" > 0 and b.expires_on >= ${today}::date), 0)
    where s.id in ${skuIds}`);
  await db.execute(sql`
    update ${goods} g set stock_total = coalesce((select sum(stock) from ${goodsSku} s where s.goods_id = g.id and s.retired_at is null), 0)
    where g.id in (select goods_id from ${goodsSku} where id in ${skuIds})`);
}

/** The batches of an item (or one SKU): sellable first by expiry, then empty and expired ones, newest first; at most 200. */
export async function batchesOf(
  db: Executor,
  boId: string,
  goodsId: string,
  skuId: string | undefined,
  today: string,
  onlySellable = false,
) {
  const sellable = sql`(${goodsBatch.left} > 0 and ${goodsBatch.expiresOn} >= ${today}::date)`;
  return db
    .select({ b: goodsBatch, specValues: goodsSku.specValues })
    .from(goodsBatch)
    .innerJoin(goodsSku, eq(goodsSku.id, goodsBatch.skuId))
    .where(
      and(
        eq(goodsBatch.boId, boId),
        eq(goodsBatch.goodsId, goodsId),
        skuId ? eq(goodsBatch.skuId, skuId) : undefined,
        onlySellable ? sellable : undefined,
      ),
    )
    .orderBy(
      desc(sellable),
      sql`case when ${sellable} then ${goodsBatch.expiresOn} end asc`,
      desc(goodsBatch.expiresOn),
      asc(goodsBatch.id),
    )
    .limit(200);
}

/** The organisation's SKU with its item, locked when `lock`. */
export async function findSku(db: Executor, boId: string, skuId: string, lock = false) {
  const q = db
    .select({ s: goodsSku, g: goods })
    .from(goodsSku)
    .innerJoin(goods, eq(goods.id, goodsSku.goodsId))
    .where(and(eq(goodsSku.boId, boId), eq(goodsSku.id, skuId), isNull(goodsSku.retiredAt), isNull(goods.deletedAt)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

// ---- FEFO ----

/** A live SKU with whether its item is fresh, locked for the take that follows. */
export async function lockSkuForTake(db: Executor, skuId: string) {
  return rowsOf<{ stock: number; fresh: boolean }>(
    db,
    sql`select s.stock, g.fresh from ${goodsSku} s join ${goods} g on g.id = s.goods_id
        where s.id = ${skuId} and s.retired_at is null and g.deleted_at is null for update of s`,
  );
}

/** A fresh SKU's batches in expiry order, locked (FEFO reads them, then writes the takes). */
export async function lockBatchesForTake(db: Executor, skuId: string) {
  return rowsOf<{ id: string; left: number; expiresOn: string }>(
    db,
    sql`select id, "left", expires_on::text as "expiresOn" from ${goodsBatch}
        where sku_id = ${skuId} order by expires_on, id for update`,
  );
}

/** Takes `quantity` from a batch that holds at least that much (never below zero: the check constraint guards too). */
export async function takeFromBatch(db: Executor, batchId: string, quantity: number): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update ${goodsBatch} set "left" = "left" - ${quantity}, updated_at = now() where id = ${batchId} and "left" >= ${quantity} returning id`,
  );
  return rows.length === 1;
}

/** Takes from a SKU's stock only when it holds enough (`stock = stock - n where stock >= n`), and from its item's total. */
export async function takeFromSku(db: Executor, skuId: string, quantity: number): Promise<boolean> {
  const rows = await rowsOf<{ goodsId: string }>(
    db,
    sql`update ${goodsSku} set stock = stock - ${quantity}, updated_at = now()
        where id = ${skuId} and stock >= ${quantity} returning goods_id as "goodsId"`,
  );
  const goodsId = rows[0]?.goodsId;
  if (!goodsId) return false;
  await db.execute(sql`update ${goods} set stock_total = greatest(stock_total - ${quantity}, 0) where id = ${goodsId}`);
  return true;
}

/**
 * A checkout's stock in one statement (docs/domains/orders.md, Checkout): locks the lines' SKUs in id order, then their
 * items in id order (so that concurrent checkouts never wait on each other in a circle), takes each line's quantity from
 * a normal SKU only when it holds that much (the stock as locked, so a take made meanwhile is counted), takes it from the
 * item's total and adds every line to its item's sales. Fresh SKUs are locked and counted as sales but not taken here:
 * their batches are (`takeStockOfOrder`). Answers every locked SKU — retired or deleted ones are missing — with its
 * stock before the take and whether it was taken.
 */
export async function takeForOrder(db: Executor, lines: { skuId: string; quantity: number }[]) {
  const values = sql.join(
    lines.map((l) => sql`(${l.skuId}::text, ${l.quantity}::int)`),
    sql`, `,
  );
  return rowsOf<{ id: string; fresh: boolean; stock: number; taken: boolean }>(
    db,
    sql`with v(id, q) as (values ${values}),
        l as materialized (
          select s.id, s.goods_id, s.stock, g.fresh from ${goodsSku} s join ${goods} g on g.id = s.goods_id
          where s.id in (select id from v) and s.retired_at is null and g.deleted_at is null
          order by s.id for update of s),
        lg as materialized (
          select id from ${goods} where id = any((select array_agg(goods_id) from l)::text[]) order by id for update),
        t as (
          update ${goodsSku} s set stock = s.stock - v.q, updated_at = now() from v join l on l.id = v.id
          where s.id = v.id and not l.fresh and l.stock >= v.q
          returning s.id),
        x as (
          select l.goods_id, coalesce(sum(v.q) filter (where not l.fresh), 0)::int as taken, sum(v.q)::int as sold
          from v join l on l.id = v.id group by l.goods_id),
        gu as (
          update ${goods} g set stock_total = greatest(g.stock_total - x.taken, 0), sales = greatest(g.sales + x.sold, 0)
          from x join lg on lg.id = x.goods_id where g.id = x.goods_id)
        select l.id, l.fresh, l.stock, exists (select 1 from t where t.id = l.id) as taken from l`,
  );
}

/** Expired batches still counted in their SKUs' stock: the SKUs to refresh (the hourly job). */
/**
 * SKUs whose stored stock still counts a batch expired before `today`, of the organisations whose shop keeps
 * `timeZone` (`today` is that zone's date).
 */
export async function skusWithExpiredStock(db: Executor, today: string, timeZone: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select distinct b.sku_id as id from ${goodsBatch} b join ${goodsSku} s on s.id = b.sku_id
        where b."left" > 0 and b.expires_on < ${today}::date and s.stock > 0
          and coalesce(${timeZoneOfOrg(sql`b.bo_id`)}, ${DEFAULT_TIME_ZONE}) = ${timeZone}
          and s.stock > coalesce((select sum(x."left") from ${goodsBatch} x where x.sku_id = s.id and x."left" > 0 and x.expires_on >= ${today}::date), 0)`,
  );
  return rows.map((r) => r.id);
}

// ---- trace records ----

export async function traceIdsOf(db: Executor, boId: string, goodsId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: goodsTrace.id })
    .from(goodsTrace)
    .where(and(eq(goodsTrace.boId, boId), eq(goodsTrace.goodsId, goodsId)));
  return new Set(rows.map((r) => r.id));
}

export async function findTrace(db: Executor, boId: string, id: string, lock = false) {
  const q = db
    .select()
    .from(goodsTrace)
    .where(and(eq(goodsTrace.boId, boId), eq(goodsTrace.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function insertTrace(db: Executor, values: typeof goodsTrace.$inferInsert) {
  const [row] = await db.insert(goodsTrace).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateTrace(db: Executor, id: string, patch: Partial<typeof goodsTrace.$inferInsert>) {
  await db
    .update(goodsTrace)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(goodsTrace.id, id));
}

export async function deleteTrace(db: Executor, id: string) {
  await db.update(goodsBatch).set({ traceId: null, updatedAt: new Date() }).where(eq(goodsBatch.traceId, id));
  await db.delete(goodsTrace).where(eq(goodsTrace.id, id));
}

export interface TraceFilters {
  goodsId?: string | undefined;
  keyword?: string | undefined;
  harvestFrom?: string | undefined;
  harvestTo?: string | undefined;
}

export function traceWhere(boId: string, f: TraceFilters): SQL {
  return and(
    eq(goodsTrace.boId, boId),
    f.goodsId ? eq(goodsTrace.goodsId, f.goodsId) : undefined,
    f.keyword
      ? sql`(${goodsTrace.origin} ilike ${containing(f.keyword)} or ${goodsTrace.farm} ilike ${containing(f.keyword)}
             or ${goodsTrace.goodsId} in (select g.id from goods g where g.bo_id = ${boId} and g.name ilike ${containing(f.keyword)}))`
      : undefined,
    f.harvestFrom ? gte(goodsTrace.harvestDate, f.harvestFrom) : undefined,
    f.harvestTo ? lte(goodsTrace.harvestDate, f.harvestTo) : undefined,
  ) as SQL;
}

export const traceById = (boId: string, id: string): SQL => and(eq(goodsTrace.boId, boId), eq(goodsTrace.id, id)) as SQL;

export const traceCountSource = (where: SQL) => ({ from: sql`${goodsTrace}`, where });

/** A page of trace records with their item's name and base (newest first). */
export async function tracePage(db: Executor, where: SQL, limit: number, offset: number) {
  return db
    .select({ t: goodsTrace, goodsName: goods.name, baseName: baseNameOf(goodsTrace.baseId) })
    .from(goodsTrace)
    .innerJoin(goods, eq(goods.id, goodsTrace.goodsId))
    .where(where)
    .orderBy(desc(goodsTrace.createdAt), desc(goodsTrace.id))
    .limit(limit)
    .offset(offset);
}

/** The batch numbers naming each trace record (one query). */
export async function batchNosOfTraces(db: Executor, traceIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (traceIds.length === 0) return out;
  const rows = await db
    .select({ traceId: goodsBatch.traceId, batchNo: goodsBatch.batchNo })
    .from(goodsBatch)
    .where(inArray(goodsBatch.traceId, traceIds))
    .orderBy(asc(goodsBatch.batchNo));
  for (const r of rows) if (r.traceId) out.set(r.traceId, [...(out.get(r.traceId) ?? []), r.batchNo]);
  return out;
}

/** The retirement job's lock for this transaction: only one process runs it at a time. */
export async function tryRetirementLock(tx: Executor): Promise<boolean> {
  const [row] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(71000009) as ok`);
  return row?.ok === true;
}
