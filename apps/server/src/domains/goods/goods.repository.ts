import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { containing, startingWith } from "../../platform/db/like";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { memberNames, organizationView } from "../identity/identity.port";
import { categoryAndBelow, categoryTops } from "../reference/reference.port";
import { shops } from "../shop/shop.port";
import {
  goods,
  goodsAttrDef,
  goodsBatch,
  goodsDeliveryRange,
  goodsPackageItem,
  goodsShelfBatch,
  goodsSku,
  goodsStatusCount,
} from "./goods.tables";

export type GoodsRow = typeof goods.$inferSelect;
export type SkuRow = typeof goodsSku.$inferSelect;

/** A list row: the item and what its SKUs and batches say about it (one query per page, no query per row). */
export interface ListRow {
  g: GoodsRow;
  skuCount: number;
  firstCode: string | null;
  earliestExpiry: string | null;
  /** updated_at as PostgreSQL's exact text (microseconds), for the keyset cursor. */
  cursorAt: string;
}

/** The extras of a list row, as subqueries on the outer "goods" row (index lookups per row of the page). */
const listExtras = (today: string) => ({
  skuCount: sql<number>`(select count(*)::int from goods_sku s where s.goods_id = "goods"."id" and s.retired_at is null)`,
  firstCode: sql<
    string | null
  >`(select s.code from goods_sku s where s.goods_id = "goods"."id" and s.retired_at is null and s.code is not null order by s.sort limit 1)`,
  earliestExpiry: sql<
    string | null
  >`(select min(b.expires_on)::text from goods_batch b where b.goods_id = "goods"."id" and b."left" > 0 and b.expires_on >= ${today}::date)`,
  cursorAt: sql<string>`"goods"."updated_at"::text`,
});

export interface GoodsFilters {
  kind?: "goods" | "package" | undefined;
  /** goods: what is sold (items and packages); serviceOffer / serviceWant: service listings. */
  listingType?: string | undefined;
  status?: string | undefined;
  statuses?: string[] | undefined;
  keyword?: string | undefined;
  categoryId?: string | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  stockBelow?: number | undefined;
  fresh?: boolean | undefined;
  /** Only items with a sellable batch expiring between these dates (inclusive). */
  expiring?: { from: string; to: string } | undefined;
  ids?: string[] | undefined;
  /** A subquery of goods ids to leave out (the items in a promotion, from the PromotedGoods port). */
  notIn?: SQL | undefined;
}

/** The ids of a category and of every category under it (the platform's tree is a few levels deep). */

/** Items of a category or of any category under it. */
const inCategory = (categoryId: string): SQL => sql`${goods.categoryId} in ${categoryAndBelow(categoryId)}`;

/** The organisation's live items matching the filters. */
export function goodsWhere(boId: string, f: GoodsFilters): SQL {
  const c: SQL[] = [eq(goods.boId, boId), isNull(goods.deletedAt)];
  if (f.kind) c.push(eq(goods.kind, f.kind));
  if (f.listingType) c.push(eq(goods.listingType, f.listingType));
  if (f.status) c.push(eq(goods.status, f.status));
  if (f.statuses) c.push(inArray(goods.status, f.statuses));
  if (f.ids) c.push(inArray(goods.id, f.ids));
  if (f.notIn) c.push(sql`${goods.id} not in ${f.notIn}`);
  if (f.categoryId) c.push(inCategory(f.categoryId));
  if (f.priceMin !== undefined) c.push(gte(goods.priceMin, f.priceMin));
  if (f.priceMax !== undefined) c.push(lte(goods.priceMin, f.priceMax));
  if (f.stockBelow !== undefined) c.push(lt(goods.stockTotal, f.stockBelow));
  if (f.fresh !== undefined) c.push(eq(goods.fresh, f.fresh));
  if (f.keyword) {
    // Name contains (case-insensitive), or a SKU code starts with it (an index on codes per organisation).
    c.push(
      or(
        sql`${goods.name} ilike ${containing(f.keyword)}`,
        sql`${goods.id} in (select s.goods_id from goods_sku s where s.bo_id = ${boId} and s.retired_at is null and s.code like ${startingWith(f.keyword)})`,
      ) as SQL,
    );
  }
  if (f.expiring) {
    c.push(
      sql`${goods.id} in (select b.goods_id from goods_batch b where b.bo_id = ${boId} and b."left" > 0 and b.expires_on between ${f.expiring.from}::date and ${f.expiring.to}::date)`,
    );
  }
  return and(...c) as SQL;
}

/** After a keyset cursor (newest change first). */
export const afterCursor = (at: string, id: string): SQL => sql`("goods"."updated_at", "goods"."id") < (${at}::timestamptz, ${id})`;

/** `where`, and after the cursor when there is one. */
export const pastCursor = (where: SQL, cursor: { at: string; id: string } | null): SQL =>
  cursor ? sql`${where} and ${afterCursor(cursor.at, cursor.id)}` : where;

/**
 * A page of items, newest change first: the page's ids first (PostgreSQL computes a select list for the rows an OFFSET
 * skips too, so the per-row extras are read only for the page's own rows, in a second query).
 */
export async function listPage(db: Executor, where: SQL, today: string, limit: number, offset: number): Promise<ListRow[]> {
  const order = [desc(goods.updatedAt), desc(goods.id)];
  const ids = await db
    .select({ id: goods.id })
    .from(goods)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  if (ids.length === 0) return [];
  return db
    .select({ g: goods, ...listExtras(today) })
    .from(goods)
    .where(
      inArray(
        goods.id,
        ids.map((r) => r.id),
      ),
    )
    .orderBy(...order);
}

/** Items by a custom order (best sellers). */
export async function listOrdered(db: Executor, where: SQL, today: string, orderBy: SQL[], limit: number): Promise<ListRow[]> {
  return db
    .select({ g: goods, ...listExtras(today) })
    .from(goods)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

/** One list row by id (after a write). */
export async function listRow(db: Executor, boId: string, id: string, today: string): Promise<ListRow | undefined> {
  const [row] = await db
    .select({ g: goods, ...listExtras(today) })
    .from(goods)
    .where(and(eq(goods.boId, boId), eq(goods.id, id)));
  return row;
}

/** Every tab's count in one statement (the status groups, and the items with a batch near expiry). */
export async function statusCounts(db: Executor, where: SQL, boId: string, near: { from: string; to: string }) {
  const [row] = await rowsOf<{ all: number; on: number; off: number; draft: number; near: number }>(
    db,
    sql`select count(*)::int as "all",
               count(*) filter (where "goods"."status" = 'on')::int as "on",
               count(*) filter (where "goods"."status" = 'off')::int as "off",
               count(*) filter (where "goods"."status" = 'draft')::int as "draft",
               count(*) filter (where "goods"."id" in (
                 select b.goods_id from goods_batch b
                 where b.bo_id = ${boId} and b."left" > 0 and b.expires_on between ${near.from}::date and ${near.to}::date))::int as "near"
        from ${goods} where ${where}`,
  );
  return { all: row?.all ?? 0, on: row?.on ?? 0, off: row?.off ?? 0, draft: row?.draft ?? 0, nearExpiry: row?.near ?? 0 };
}

/** The kept counts of an organisation's live items of a kind by status (no filter): one indexed read. */
export async function keptStatusCounts(db: Executor, boId: string, kind: string) {
  const rows = await db
    .select({ status: goodsStatusCount.status, n: goodsStatusCount.n })
    .from(goodsStatusCount)
    .where(and(eq(goodsStatusCount.boId, boId), eq(goodsStatusCount.kind, kind)));
  const by = new Map(rows.map((r) => [r.status, r.n]));
  return { on: by.get("on") ?? 0, off: by.get("off") ?? 0, draft: by.get("draft") ?? 0 };
}

/**
 * How many of an organisation's live items of a kind have a sellable batch expiring in the range: from the batch index,
 * each item checked by its key (a scalar subquery, so the planner does not scan every item to join them).
 */
export async function nearExpiryCount(db: Executor, boId: string, kind: string, near: { from: string; to: string }): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum((select 1 from ${goods} g where g.id = x.goods_id and g.kind = ${kind} and g.deleted_at is null)), 0)::int as n
        from (select distinct b.goods_id from goods_batch b
              where b.bo_id = ${boId} and b."left" > 0 and b.expires_on between ${near.from}::date and ${near.to}::date) x`,
  );
  return Number(row?.n ?? 0);
}

/** A bounded count of the items matching `where` (for the simple pages). */
export const goodsCountSource = (where: SQL) => ({ from: sql`${goods}`, where });

/** Whether the file is an image of goods on shelf (any seller's): buyers see it (the public renditions). */
export async function isOnShelfImage(db: Executor, fileId: string): Promise<boolean> {
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(isNull(goods.deletedAt), eq(goods.status, "on"), sql`${goods.images} @> ${JSON.stringify([fileId])}::jsonb`))
    .limit(1);
  return rows.length > 0;
}

/** One live item of the organisation, locked for the change that follows when `lock`. */
export async function findGoods(db: Executor, boId: string, id: string, lock = false): Promise<GoodsRow | undefined> {
  const q = db
    .select()
    .from(goods)
    .where(and(eq(goods.boId, boId), eq(goods.id, id), isNull(goods.deletedAt)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function insertGoods(db: Executor, values: typeof goods.$inferInsert): Promise<GoodsRow> {
  const [row] = await db.insert(goods).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** How many live items name each of the templates (the catalogue's freight templates). */
export async function freightTemplateUse(db: Executor, boId: string, templateIds: string[]): Promise<Map<string, number>> {
  if (templateIds.length === 0) return new Map();
  const rows = await db
    .select({ id: goods.freightTemplateId, n: sql<number>`count(*)::int` })
    .from(goods)
    .where(and(eq(goods.boId, boId), inArray(goods.freightTemplateId, templateIds), isNull(goods.deletedAt)))
    .groupBy(goods.freightTemplateId);
  return new Map(rows.map((r) => [r.id ?? "", Number(r.n)]));
}

/** Many items at once (the import), in statements of at most 1,000 rows. */
export async function insertGoodsMany(db: Executor, values: (typeof goods.$inferInsert)[]) {
  for (let i = 0; i < values.length; i += 1000) await db.insert(goods).values(values.slice(i, i + 1000));
}

/** Every listed item's price range and total stock from its SKUs, in one statement. */
export async function refreshAggregatesMany(db: Executor, goodsIds: string[]) {
  if (goodsIds.length === 0) return;
  await db.execute(sql`
    update ${goods} g set price_min = coalesce(a.min, 0), price_max = coalesce(a.max, 0), stock_total = coalesce(a.stock, 0)
    from (select goods_id, min(price) as min, max(price) as max, sum(stock)::int as stock
          from goods_sku where goods_id in (select jsonb_array_elements_text(${JSON.stringify(goodsIds)}::jsonb)) and retired_at is null
          group by goods_id) a
    where g.id = a.goods_id`);
}

export async function updateGoods(db: Executor, id: string, patch: Partial<typeof goods.$inferInsert>) {
  await db
    .update(goods)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(goods.id, id));
}

/** Writes an item's row: updates the saved one, or inserts a new one of `kind` for the shop; answers its id. */
export async function saveGoodsRow(
  db: Executor,
  saved: { id: string } | undefined,
  values: Omit<typeof goods.$inferInsert, "boId" | "shopId" | "kind">,
  owner: { boId: string; shopId: string; kind: "goods" | "package" },
): Promise<string> {
  if (saved) {
    await updateGoods(db, saved.id, values);
    return saved.id;
  }
  return (await insertGoods(db, { ...values, ...owner })).id;
}

/** The item's live SKUs, in grid order. */
export async function skusOf(db: Executor, goodsId: string): Promise<SkuRow[]> {
  return db
    .select()
    .from(goodsSku)
    .where(and(eq(goodsSku.goodsId, goodsId), isNull(goodsSku.retiredAt)))
    .orderBy(asc(goodsSku.sort));
}

/** The live SKUs of several items, in grid order (one query). */
export async function skusOfMany(db: Executor, goodsIds: string[]): Promise<SkuRow[]> {
  if (goodsIds.length === 0) return [];
  return db
    .select()
    .from(goodsSku)
    .where(and(inArray(goodsSku.goodsId, goodsIds), isNull(goodsSku.retiredAt)))
    .orderBy(asc(goodsSku.goodsId), asc(goodsSku.sort));
}

export async function insertSkus(db: Executor, values: (typeof goodsSku.$inferInsert)[]): Promise<SkuRow[]> {
  if (values.length === 0) return [];
  const out: SkuRow[] = [];
  for (let i = 0; i < values.length; i += 1000)
    out.push(
      ...(await db
        .insert(goodsSku)
        .values(values.slice(i, i + 1000))
        .returning()),
    );
  return out;
}

export async function updateSku(db: Executor, id: string, patch: Partial<typeof goodsSku.$inferInsert>) {
  await db
    .update(goodsSku)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(goodsSku.id, id));
}

export async function retireSkus(db: Executor, ids: string[]) {
  if (ids.length === 0) return;
  await db.update(goodsSku).set({ retiredAt: new Date(), updatedAt: new Date() }).where(inArray(goodsSku.id, ids));
}

/**
 * Rewrites an item's price range and total stock from its live SKUs (after every write of them), in one statement.
 * Packages keep their price range from their one SKU and no stored stock (it follows the parts).
 */
export async function refreshAggregates(db: Executor, goodsId: string) {
  await db.execute(sql`
    update ${goods} g set
      price_min = coalesce(a.min, 0), price_max = coalesce(a.max, 0),
      stock_total = case when g.kind = 'package' then 0 else coalesce(a.stock, 0) end
    from (select min(price) as min, max(price) as max, sum(stock)::int as stock
          from goods_sku where goods_id = ${goodsId} and retired_at is null) a
    where g.id = ${goodsId}`);
}

/** Which of these codes (lower-cased) another live SKU of the organisation already has, outside `exceptGoodsId`. */
export async function codesTaken(db: Executor, boId: string, codes: string[], exceptGoodsId: string | null): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: sql<string>`lower(${goodsSku.code})` })
    .from(goodsSku)
    .where(
      and(
        eq(goodsSku.boId, boId),
        isNull(goodsSku.retiredAt),
        inArray(sql`lower(${goodsSku.code})`, codes),
        exceptGoodsId ? ne(goodsSku.goodsId, exceptGoodsId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.code));
}

/** Attribute definitions of these categories, in form order (parents first). */
export async function attrDefsOf(db: Executor, categoryIds: string[]) {
  if (categoryIds.length === 0) return [];
  return db.select().from(goodsAttrDef).where(inArray(goodsAttrDef.categoryId, categoryIds)).orderBy(asc(goodsAttrDef.sort));
}

/** Sellable batches' earliest expiry per SKU of an item (fresh goods). */
export async function earliestExpiryBySku(db: Executor, goodsId: string, today: string): Promise<Map<string, string>> {
  const rows = await rowsOf<{ skuId: string; at: string }>(
    db,
    sql`select sku_id as "skuId", min(expires_on)::text as "at" from ${goodsBatch}
        where goods_id = ${goodsId} and "left" > 0 and expires_on >= ${today}::date group by sku_id`,
  );
  return new Map(rows.map((r) => [r.skuId, r.at]));
}

// ---- shelf ----

/**
 * Moves the organisation's items among `ids` whose status is one of `from` to `to`, in one statement, locking them;
 * answers each moved item with the status it had. Items elsewhere (already there, a draft, another seller's) stay.
 * `extra` narrows further (a package only with every part on shelf).
 */
export async function moveStatus(db: Executor, boId: string, ids: string[], from: string[], to: string, extra?: SQL) {
  // No candidates (none of the chosen ids is the organisation's, or none is ready): nothing to move, and no `in ()`.
  if (ids.length === 0) return [];
  return rowsOf<{ id: string; from: string }>(
    db,
    sql`with old as (
          select id, status from ${goods}
          where bo_id = ${boId} and id in ${ids} and deleted_at is null and status in ${from} ${extra ? sql`and ${extra}` : sql``}
          for update
        )
        update ${goods} g set status = ${to}, updated_at = now(),
          on_shelf_at = case when ${to} = 'on' then now() else g.on_shelf_at end
        from old where g.id = old.id
        returning g.id as "id", old.status as "from"`,
  );
}

/** The current status of the organisation's live items among `ids`. */
export async function statusesOf(db: Executor, boId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: goods.id, status: goods.status })
    .from(goods)
    .where(and(eq(goods.boId, boId), inArray(goods.id, ids), isNull(goods.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** A package may go on shelf only while every part's item is on shelf (SQL on the outer "goods" row). */
export const partsOnShelf = sql`not exists (
  select 1 from goods_package_item pi join goods p on p.id = pi.goods_id
  join goods_sku ps on ps.id = pi.sku_id
  where pi.package_id = "goods"."id" and (p.status <> 'on' or p.deleted_at is not null or ps.retired_at is not null))`;

/** What may go on shelf in a batch: an item, or a package whose parts are all on sale. */
export const sellableOnShelf = sql`("goods"."kind" = 'goods' or ${partsOnShelf})`;

export async function insertShelfBatch(db: Executor, values: typeof goodsShelfBatch.$inferInsert) {
  const [row] = await db.insert(goodsShelfBatch).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** The organisation's latest shelf batch, locked when `lock`. */
export async function latestShelfBatch(db: Executor, boId: string, lock = false) {
  const q = db
    .select()
    .from(goodsShelfBatch)
    .where(eq(goodsShelfBatch.boId, boId))
    // Ids are time-ordered (ULIDs): the last made is the greatest.
    .orderBy(desc(goodsShelfBatch.id))
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function findShelfBatchRow(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(goodsShelfBatch)
    .where(and(eq(goodsShelfBatch.boId, boId), eq(goodsShelfBatch.id, id)))
    .for("update");
  return row;
}

/** Whether a shelf batch is younger than `minutes` by the database's clock. */
export async function shelfBatchYoung(db: Executor, id: string, minutes: number): Promise<boolean> {
  const [row] = await rowsOf<{ young: boolean }>(
    db,
    sql`select created_at > now() - make_interval(mins => ${minutes}) as young from ${goodsShelfBatch} where id = ${id}`,
  );
  return row?.young === true;
}

/** The organisation's latest shelf batch while it can still be undone, with who made it. */
export async function lastUndoableShelfBatch(db: Executor, boId: string, minutes: number) {
  const latest = await latestShelfBatch(db, boId);
  if (!latest || latest.undoneAt || !(await shelfBatchYoung(db, latest.id, minutes))) return undefined;
  const who = (await memberNames(db, [latest.memberId])).get(latest.memberId);
  return { b: latest, byName: who?.name ?? null };
}

export async function markShelfBatchUndone(db: Executor, id: string) {
  await db.update(goodsShelfBatch).set({ undoneAt: new Date(), updatedAt: new Date() }).where(eq(goodsShelfBatch.id, id));
}

// ---- delivery ranges ----

export async function rangeOf(db: Executor, boId: string, goodsId: string | null) {
  const [row] = await db
    .select()
    .from(goodsDeliveryRange)
    .where(and(eq(goodsDeliveryRange.boId, boId), goodsId ? eq(goodsDeliveryRange.goodsId, goodsId) : isNull(goodsDeliveryRange.goodsId)));
  return row;
}

/** Sets (shapes) or clears (null) the range of an item or (goodsId null) the shop's default. */
export async function saveRange(db: Executor, boId: string, goodsId: string | null, shapes: unknown[] | null) {
  const existing = await rangeOf(db, boId, goodsId);
  if (shapes === null) {
    if (existing) await db.delete(goodsDeliveryRange).where(eq(goodsDeliveryRange.id, existing.id));
    return;
  }
  if (existing) {
    if (JSON.stringify(existing.shapes) !== JSON.stringify(shapes))
      await db.update(goodsDeliveryRange).set({ shapes, updatedAt: new Date() }).where(eq(goodsDeliveryRange.id, existing.id));
  } else await db.insert(goodsDeliveryRange).values({ boId, goodsId, shapes });
}

// ---- packages (the parts of packages, for their availability) ----

export interface PartRow {
  packageId: string;
  skuId: string;
  goodsId: string;
  goodsName: string;
  specValues: string[];
  quantity: number;
  price: number;
  stock: number;
  onShelf: boolean;
  images: string[];
}

/** The parts of these packages with their SKUs' price and stock and whether each is on sale (one query). */
export async function partsOf(db: Executor, packageIds: string[]): Promise<PartRow[]> {
  if (packageIds.length === 0) return [];
  return db
    .select({
      packageId: goodsPackageItem.packageId,
      skuId: goodsPackageItem.skuId,
      goodsId: goodsPackageItem.goodsId,
      goodsName: goods.name,
      specValues: goodsSku.specValues,
      quantity: goodsPackageItem.quantity,
      price: goodsSku.price,
      stock: goodsSku.stock,
      onShelf: sql<boolean>`(${goods.status} = 'on' and ${goods.deletedAt} is null and ${goodsSku.retiredAt} is null)`,
      images: goods.images,
    })
    .from(goodsPackageItem)
    .innerJoin(goodsSku, eq(goodsSku.id, goodsPackageItem.skuId))
    .innerJoin(goods, eq(goods.id, goodsPackageItem.goodsId))
    .where(inArray(goodsPackageItem.packageId, packageIds))
    .orderBy(asc(goodsPackageItem.packageId), asc(goodsPackageItem.sort));
}

// ---- SKU pickers (package parts, gifts) ----

/** Live SKUs of published normal items (gifts: on shelf with stock), by item name or code, and category. */
export function skuPickWhere(boId: string, f: { keyword?: string | undefined; categoryId?: string | undefined; gifts: boolean }): SQL {
  return and(
    eq(goods.boId, boId),
    eq(goods.kind, "goods"),
    // Services are never sold: no package holds one and none is given away.
    eq(goods.listingType, "goods"),
    isNull(goods.deletedAt),
    isNull(goodsSku.retiredAt),
    f.gifts ? and(eq(goods.status, "on"), sql`${goodsSku.stock} > 0`) : inArray(goods.status, ["on", "off"]),
    f.categoryId ? inCategory(f.categoryId) : undefined,
    f.keyword ? or(sql`${goods.name} ilike ${containing(f.keyword)}`, sql`${goodsSku.code} like ${startingWith(f.keyword)}`) : undefined,
  ) as SQL;
}

export const skuPickCountSource = (where: SQL) => ({
  from: sql`${goodsSku} inner join ${goods} on ${goods.id} = ${goodsSku.goodsId}`,
  where,
});

/** A page of SKUs to pick, newest item first, in grid order. */
export async function skuPickPage(db: Executor, where: SQL, limit: number, offset: number) {
  return db
    .select({
      skuId: goodsSku.id,
      goodsId: goods.id,
      goodsName: goods.name,
      specValues: goodsSku.specValues,
      price: goodsSku.price,
      stock: goodsSku.stock,
      code: goodsSku.code,
      status: goods.status,
      images: goods.images,
    })
    .from(goodsSku)
    .innerJoin(goods, eq(goods.id, goodsSku.goodsId))
    .where(where)
    .orderBy(desc(goods.updatedAt), desc(goods.id), asc(goodsSku.sort))
    .limit(limit)
    .offset(offset);
}

// ---- counts and the sellers' directory (the calls under /api/trading/goods/) ----

/** The organisation's live goods by kind and by top-level category (one grouped statement each). */
export async function countsByKindAndTop(db: Executor, boId: string, status: string | undefined) {
  const live = and(eq(goods.boId, boId), isNull(goods.deletedAt), status ? eq(goods.status, status) : undefined);
  const [byKind, byTop] = await Promise.all([
    db.select({ kind: goods.kind, count: sql<number>`count(*)::int` }).from(goods).where(live).groupBy(goods.kind).orderBy(goods.kind),
    rowsOf<{ id: string; name: string; nameEn: string; count: number }>(
      db,
      sql`select top.id, top.name, top.name_en as "nameEn", count(*)::int as count
          from ${goods} g join ${categoryTops()} top on top.category_id = g.category_id
          where g.bo_id = ${boId} and g.deleted_at is null ${status ? sql`and g.status = ${status}` : sql``}
          group by top.id, top.name, top.name_en, top.sort order by top.sort`,
    ),
  ]);
  return { byKind, byTop };
}

export interface SellerWithGoods {
  boId: string;
  orgName: string;
  shopName: string;
  onShelf: number;
}

/** Goods on shelf (`g`) of open shops (`s`) and their organisations (`o`) that match `where`: one group per seller. */
const sellersOnShelf = (where: SQL): SQL =>
  sql`from ${goods} g join ${organizationView} o on o.id = g.bo_id join ${shops()} s on s.bo_id = g.bo_id and s.status = 'open'
      where g.status = 'on' and g.deleted_at is null and g.listing_type = 'goods' and ${where}`;

/** Sellers with goods on shelf (in open shops) matching `where` on goods, most on shelf first. */
export async function sellersWithGoods(db: Executor, where: SQL, limit: number, offset = 0, byName = false): Promise<SellerWithGoods[]> {
  return rowsOf<SellerWithGoods>(
    db,
    sql`select g.bo_id as "boId", o.name as "orgName", s.name as "shopName", count(*)::int as "onShelf"
        ${sellersOnShelf(where)}
        group by g.bo_id, o.name, s.name
        order by ${byName ? sql`o.name, g.bo_id` : sql`count(*) desc, g.bo_id`} limit ${limit} offset ${offset}`,
  );
}

/** How many sellers `sellersWithGoods` finds (bounded like every list's count). */
export async function sellersWithGoodsCount(db: Executor, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select g.bo_id ${sellersOnShelf(where)} group by g.bo_id limit ${COUNT_CAP}) t`,
  );
  return row?.n ?? 0;
}

/** Goods of a category or any category under it, for `sellersWithGoods`. */
export const ofCategory = (categoryId: string): SQL => sql`g.category_id in ${categoryAndBelow(categoryId)}`;

/** Goods of organisations or shops whose name holds the keyword, for `sellersWithGoods`. */
export const ofSellerNamed = (keyword: string): SQL => sql`(o.name ilike ${containing(keyword)} or s.name ilike ${containing(keyword)})`;

/** The organisation's live items among `ids` (a bulk action's chosen rows), whatever their status. */
export async function findGoodsMany(db: Executor, boId: string, ids: string[]): Promise<GoodsRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(goods)
    .where(and(eq(goods.boId, boId), inArray(goods.id, ids), isNull(goods.deletedAt)));
}

/** Deletes (softly) the organisation's live items among `ids` that are not on shelf; answers the ids deleted. */
export async function deleteNotOnShelf(db: Executor, boId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(goods)
    .set({ deletedAt: new Date() })
    .where(and(eq(goods.boId, boId), inArray(goods.id, ids), isNull(goods.deletedAt), sql`${goods.status} <> 'on'`))
    .returning({ id: goods.id });
  return rows.map((r) => r.id);
}
