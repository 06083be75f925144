import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { memberRanks, rankLevelOf } from "../../member/member.port";
import { goods, goodsLadderPrice, goodsMemberPrice, goodsSku } from "../goods.tables";

/* Member prices and ladder prices: every query. */

export async function memberPricesOf(db: Executor, goodsIds: string[]) {
  if (goodsIds.length === 0) return [];
  return db
    .select({
      goodsId: goodsMemberPrice.goodsId,
      skuId: goodsMemberPrice.skuId,
      rankId: goodsMemberPrice.rankId,
      price: goodsMemberPrice.price,
    })
    .from(goodsMemberPrice)
    .innerJoin(goodsSku, eq(goodsSku.id, goodsMemberPrice.skuId))
    .where(and(inArray(goodsMemberPrice.goodsId, goodsIds), isNull(goodsSku.retiredAt)))
    .orderBy(asc(goodsSku.sort), asc(rankLevelOf(goodsMemberPrice.rankId)));
}

/** Makes an item's member prices exactly these (pairs not given are removed; unchanged ones are left alone). */
export async function replaceMemberPrices(
  db: Executor,
  boId: string,
  goodsId: string,
  prices: { skuId: string; rankId: string; price: number }[],
) {
  const existing = await db.select().from(goodsMemberPrice).where(eq(goodsMemberPrice.goodsId, goodsId));
  const key = (p: { skuId: string; rankId: string }) => `${p.skuId}|${p.rankId}`;
  const wanted = new Map(prices.map((p) => [key(p), p]));
  for (const e of existing)
    if (!wanted.has(key(e)))
      await db.delete(goodsMemberPrice).where(and(eq(goodsMemberPrice.skuId, e.skuId), eq(goodsMemberPrice.rankId, e.rankId)));
  const have = new Map(existing.map((e) => [key(e), e]));
  const fresh = prices.filter((p) => !have.has(key(p)));
  if (fresh.length) await db.insert(goodsMemberPrice).values(fresh.map((p) => ({ ...p, boId, goodsId })));
  for (const p of prices) {
    const old = have.get(key(p));
    if (old && old.price !== p.price)
      await db
        .update(goodsMemberPrice)
        .set({ price: p.price, updatedAt: new Date() })
        .where(and(eq(goodsMemberPrice.skuId, p.skuId), eq(goodsMemberPrice.rankId, p.rankId)));
  }
}

export async function deleteMemberPrices(db: Executor, goodsId: string) {
  await db.delete(goodsMemberPrice).where(eq(goodsMemberPrice.goodsId, goodsId));
}

/** How many member prices of the organisation's live items use a rank (the member domain's RankUsage port). */
export async function memberPricesOfRank(db: Executor, boId: string, rankId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(goodsMemberPrice)
    .innerJoin(goods, eq(goods.id, goodsMemberPrice.goodsId))
    .innerJoin(goodsSku, eq(goodsSku.id, goodsMemberPrice.skuId))
    .where(and(eq(goodsMemberPrice.boId, boId), eq(goodsMemberPrice.rankId, rankId), isNull(goods.deletedAt), isNull(goodsSku.retiredAt)));
  return Number(row?.n ?? 0);
}

export async function laddersOf(db: Executor, goodsIds: string[]) {
  if (goodsIds.length === 0) return [];
  return db
    .select({ goodsId: goodsLadderPrice.goodsId, skuId: goodsLadderPrice.skuId, tiers: goodsLadderPrice.tiers })
    .from(goodsLadderPrice)
    .innerJoin(goodsSku, eq(goodsSku.id, goodsLadderPrice.skuId))
    .where(and(inArray(goodsLadderPrice.goodsId, goodsIds), isNull(goodsSku.retiredAt)))
    .orderBy(asc(goodsSku.sort));
}

/** Makes an item's ladders exactly these (SKUs not given lose theirs). */
export async function replaceLadders(
  db: Executor,
  boId: string,
  goodsId: string,
  ladders: { skuId: string; tiers: { minQuantity: number; price: number }[] }[],
) {
  const existing = await db.select().from(goodsLadderPrice).where(eq(goodsLadderPrice.goodsId, goodsId));
  const wanted = new Map(ladders.map((l) => [l.skuId, l]));
  for (const e of existing) if (!wanted.has(e.skuId)) await db.delete(goodsLadderPrice).where(eq(goodsLadderPrice.skuId, e.skuId));
  const have = new Map(existing.map((e) => [e.skuId, e]));
  for (const l of ladders) {
    const old = have.get(l.skuId);
    if (!old) await db.insert(goodsLadderPrice).values({ boId, goodsId, skuId: l.skuId, tiers: l.tiers });
    else if (JSON.stringify(old.tiers) !== JSON.stringify(l.tiers))
      await db.update(goodsLadderPrice).set({ tiers: l.tiers, updatedAt: new Date() }).where(eq(goodsLadderPrice.skuId, l.skuId));
  }
}

export async function deleteLadders(db: Executor, goodsId: string) {
  await db.delete(goodsLadderPrice).where(eq(goodsLadderPrice.goodsId, goodsId));
}

/** Items with member prices (optionally of one rank), as a filter on the goods list. */
export const withMemberPrices = (boId: string, rankId?: string): SQL =>
  sql`${goods.id} in (select mp.goods_id from goods_member_price mp where mp.bo_id = ${boId} ${rankId ? sql`and mp.rank_id = ${rankId}` : sql``})`;

export const withLadders = (boId: string): SQL =>
  sql`${goods.id} in (select lp.goods_id from goods_ladder_price lp where lp.bo_id = ${boId})`;

/** Per item of a page: how many member prices, the lowest, and the ranks priced (one query). */
export async function memberPriceSummaries(db: Executor, goodsIds: string[]) {
  if (goodsIds.length === 0) return new Map<string, { n: number; lowest: number; ranks: { id: string; name: string }[] }>();
  const rows = await rowsOf<{ goodsId: string; n: number; lowest: string | number; ranks: { id: string; name: string; level: number }[] }>(
    db,
    sql`select mp.goods_id as "goodsId", count(*)::int as n, min(mp.price) as lowest,
               jsonb_agg(distinct jsonb_build_object('id', r.id, 'name', r.name, 'level', r.level)) as ranks
        from goods_member_price mp join ${memberRanks()} r on r.id = mp.rank_id join goods_sku s on s.id = mp.sku_id
        where mp.goods_id in ${goodsIds} and s.retired_at is null group by mp.goods_id`,
  );
  return new Map(
    rows.map((r) => [
      r.goodsId,
      { n: r.n, lowest: Number(r.lowest), ranks: [...r.ranks].sort((a, b) => a.level - b.level).map(({ id, name }) => ({ id, name })) },
    ]),
  );
}

/** Per item of a page: how many SKUs have a ladder and the lowest tier price (one query). */
export async function ladderSummaries(db: Executor, goodsIds: string[]) {
  if (goodsIds.length === 0) return new Map<string, { n: number; lowest: number }>();
  const rows = await rowsOf<{ goodsId: string; n: number; lowest: string | number }>(
    db,
    sql`select lp.goods_id as "goodsId", count(distinct lp.sku_id)::int as n, min((t->>'price')::bigint) as lowest
        from goods_ladder_price lp join goods_sku s on s.id = lp.sku_id, jsonb_array_elements(lp.tiers) t
        where lp.goods_id in ${goodsIds} and s.retired_at is null group by lp.goods_id`,
  );
  return new Map(rows.map((r) => [r.goodsId, { n: r.n, lowest: Number(r.lowest) }]));
}

/** What the pricing function needs for one SKU: its price, member prices by rank, ladder (two queries). */
export async function priceInputsOf(db: Executor, skuId: string) {
  const [sku] = await db
    .select({ price: goodsSku.price, tiers: goodsLadderPrice.tiers })
    .from(goodsSku)
    .leftJoin(goodsLadderPrice, eq(goodsLadderPrice.skuId, goodsSku.id))
    .where(eq(goodsSku.id, skuId));
  if (!sku) return null;
  const member = await db
    .select({ rankId: goodsMemberPrice.rankId, price: goodsMemberPrice.price })
    .from(goodsMemberPrice)
    .where(eq(goodsMemberPrice.skuId, skuId));
  return { price: sku.price, ladder: sku.tiers ?? [], memberPrices: new Map(member.map((m) => [m.rankId, m.price])) };
}

/** Both conditions (a list filter and the price filter). */
export const both = (a: SQL, b: SQL): SQL => and(a, b) as SQL;
