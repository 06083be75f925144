import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/like";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { skuCards } from "../goods/goods.port";
import { promotion, promotionSku } from "./promotion.tables";

/*
 * Every query of the promotion domain, scoped by the seller's organisation (`bo_id`). A promotion's state is computed
 * here from the database's clock, the same clock every check uses.
 */

export type PromotionRecord = typeof promotion.$inferSelect;

/** The state of promotion `p` now. */
const stateOf = sql`case when p.cancelled_at is not null then 'cancelled' when now() < p.starts_at then 'notStarted'
  when now() < p.ends_at then 'running' else 'ended' end`;

const STATE_WHERE: Record<string, SQL> = {
  cancelled: sql`p.cancelled_at is not null`,
  notStarted: sql`p.cancelled_at is null and p.starts_at > now()`,
  running: sql`p.cancelled_at is null and p.starts_at <= now() and p.ends_at > now()`,
  ended: sql`p.cancelled_at is null and p.ends_at <= now()`,
};

export interface PromotionRow {
  id: string;
  name: string;
  kind: string;
  percent_off: number | null;
  starts_at: string | Date;
  ends_at: string | Date;
  per_buyer_limit: number | null;
  cancelled_at: string | Date | null;
  created_at: string | Date;
  state: string;
  goods_count: number;
  sku_count: number;
}

const rowColumns = sql`
  p.id, p.name, p.kind, p.percent_off, p.starts_at, p.ends_at, p.per_buyer_limit, p.cancelled_at, p.created_at,
  ${stateOf} as state,
  (select count(distinct s.goods_id)::int from ${promotionSku} s where s.promotion_id = p.id) as goods_count,
  (select count(*)::int from ${promotionSku} s where s.promotion_id = p.id) as sku_count`;
const rowSelect = sql`select ${rowColumns} from ${promotion} p`;

export function listWhere(boId: string, f: { state?: string | undefined; keyword?: string | undefined }): SQL {
  const parts: SQL[] = [sql`p.bo_id = ${boId}`];
  if (f.state) parts.push(STATE_WHERE[f.state] ?? sql`false`);
  if (f.keyword) parts.push(sql`p.name ilike ${containing(f.keyword)}`);
  return sql.join(parts, sql` and `);
}

export async function listPage(db: Executor, where: SQL, limit: number, offset: number): Promise<PromotionRow[]> {
  return rowsOf<PromotionRow>(db, sql`${rowSelect} where ${where} order by p.created_at desc, p.id desc limit ${limit} offset ${offset}`);
}

/** Up to `limit` rows of the list where `where`, in `orderBy` (an export's keyset batch), each with its exact created_at. */
export async function listRows(db: Executor, where: SQL, orderBy: SQL[], limit: number): Promise<(PromotionRow & { at: string })[]> {
  return rowsOf<PromotionRow & { at: string }>(
    db,
    sql`select ${rowColumns}, p.created_at::text as at from ${promotion} p where ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit}`,
  );
}

export async function listCount(db: Executor, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${promotion} p where ${where} limit ${COUNT_CAP}) x`,
  );
  return Number(row?.n ?? 0);
}

export async function findRow(db: Executor, boId: string, id: string): Promise<PromotionRow | undefined> {
  const [row] = await rowsOf<PromotionRow>(db, sql`${rowSelect} where p.id = ${id} and p.bo_id = ${boId}`);
  return row;
}

/** The promotion locked for a change, with its state now. */
export async function lockPromotion(db: Executor, boId: string, id: string) {
  const [row] = await rowsOf<{ id: string; kind: string; state: string; starts_at: string | Date }>(
    db,
    sql`select p.id, p.kind, p.starts_at, ${stateOf} as state from ${promotion} p where p.id = ${id} and p.bo_id = ${boId} for update`,
  );
  return row;
}

/**
 * Holds the seller's promotions for the rest of the transaction (an advisory lock): two saves that could put one SKU
 * in two overlapping promotions run one after the other, and the second sees the first's SKUs.
 */
export async function holdSellerPromotions(db: Executor, boId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`promotion:${boId}`}, 0))`);
}

export interface SkuOfPromotion {
  sku_id: string;
  goods_id: string;
  goods_name: string;
  spec_values: string[];
  sku_price: number | string;
  price: number | string | null;
}

export async function skusOf(db: Executor, promotionId: string): Promise<SkuOfPromotion[]> {
  return rowsOf<SkuOfPromotion>(
    db,
    sql`select s.sku_id, s.goods_id, k.goods_name, k.spec_values, k.sku_price, s.price
        from ${promotionSku} s join ${skuCards()} k on k.sku_id = s.sku_id
        where s.promotion_id = ${promotionId} order by k.goods_name, k.sku_sort, k.sku_id`,
  );
}

/** Another live (not cancelled) promotion of the seller holding one of `skuIds` in a period overlapping [from, to). */
export async function overlapping(
  db: Executor,
  boId: string,
  skuIds: string[],
  period: { from: string; to: string },
  exceptId: string | null,
): Promise<{ sku_id: string; name: string }[]> {
  if (skuIds.length === 0) return [];
  return rowsOf(
    db,
    sql`select s.sku_id, p.name from ${promotionSku} s join ${promotion} p on p.id = s.promotion_id
        where p.bo_id = ${boId} and s.sku_id in ${skuIds} and p.cancelled_at is null
          and p.starts_at < ${period.to}::timestamptz and p.ends_at > ${period.from}::timestamptz
          ${exceptId ? sql`and p.id <> ${exceptId}` : sql``}`,
  );
}

export async function insertPromotion(db: Executor, row: typeof promotion.$inferInsert): Promise<string> {
  const [saved] = await db.insert(promotion).values(row).returning({ id: promotion.id });
  if (!saved) throw new Error("insert returned nothing");
  return saved.id;
}

export async function updatePromotion(db: Executor, boId: string, id: string, set: Partial<typeof promotion.$inferInsert>) {
  await db
    .update(promotion)
    .set(set)
    .where(and(eq(promotion.id, id), eq(promotion.boId, boId)));
}

/** Ends a running promotion at the transaction's time (the clock its state is read by). */
export async function endNow(db: Executor, boId: string, id: string) {
  await db
    .update(promotion)
    .set({ endsAt: sql`greatest(now(), ${promotion.startsAt} + interval '1 millisecond')` })
    .where(and(eq(promotion.id, id), eq(promotion.boId, boId)));
}

export async function replaceSkus(
  db: Executor,
  boId: string,
  promotionId: string,
  skus: { goodsId: string; skuId: string; price: number | null }[],
): Promise<void> {
  await db.delete(promotionSku).where(eq(promotionSku.promotionId, promotionId));
  if (skus.length > 0) await db.insert(promotionSku).values(skus.map((s) => ({ ...s, boId, promotionId })));
}

// ---- what other domains read (through ports) ----

/** The seller's items in a promotion that has not ended and is not cancelled (a subquery of goods ids). */
export const goodsInLivePromotion = (boId: string): SQL =>
  sql`(select s.goods_id from ${promotionSku} s join ${promotion} p on p.id = s.promotion_id
       where p.bo_id = ${boId} and p.cancelled_at is null and p.ends_at > now())`;

/** The live promotions (not ended, not cancelled) holding one of the seller's items. */
export async function livePromotionsOfGoods(db: Executor, boId: string, goodsId: string) {
  return rowsOf<{ id: string; name: string; kind: string }>(
    db,
    sql`select distinct p.id, p.name, p.kind, p.starts_at from ${promotion} p join ${promotionSku} s on s.promotion_id = p.id
        where p.bo_id = ${boId} and s.goods_id = ${goodsId} and p.cancelled_at is null and p.ends_at > now()
        order by p.starts_at`,
  );
}

export interface RunningPrice {
  promotion_id: string;
  name: string;
  sku_id: string;
  kind: string;
  percent_off: number | null;
  price: number | string | null;
  per_buyer_limit: number | null;
  starts_at: string | Date;
}

/** The running promotion (if any) of each of the seller's SKUs among `skuIds`. */
export async function runningPrices(db: Executor, boId: string, skuIds: string[]): Promise<RunningPrice[]> {
  if (skuIds.length === 0) return [];
  return rowsOf<RunningPrice>(
    db,
    sql`select p.id as promotion_id, p.name, s.sku_id, p.kind, p.percent_off, s.price, p.per_buyer_limit, p.starts_at
        from ${promotionSku} s join ${promotion} p on p.id = s.promotion_id
        where p.bo_id = ${boId} and s.sku_id in ${skuIds} and p.cancelled_at is null
          and p.starts_at <= now() and p.ends_at > now()`,
  );
}
