import { sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { runningPromotionPrices } from "../../promotion/promotion.service";
import type { PriceAdjuster } from "../orders-needs.port";

/*
 * Running promotions at checkout (docs/domains/promotion.md): a line whose SKU is in a running promotion is charged
 * the promotion's price (percent off the line's unit price, or the SKU's promotion price when lower) for as many units
 * as the buyer's limit leaves: units of that SKU the buyer ordered from the seller since the promotion started
 * (cancelled orders aside) count against it. One adjustment per promotion, labelled with its name.
 *
 * The count holds under races (issue 22): before counting, a limited checkout takes the buyer's promotion lock for the
 * rest of its transaction, so a second checkout of the same buyer waits for the first to commit its order and then
 * counts it (units beyond the limit are charged the normal price, as when the buyer checks out one after another).
 * One lock per buyer, not per seller, so that two checkouts naming two sellers in opposite orders cannot deadlock.
 */

/** Holds the buyer's promotion limits until the transaction ends (read committed: the count after it sees the first order). */
async function lockBuyerLimits(db: Executor, buyerMemberId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`promotion:buyer:${buyerMemberId}`}, 0))`);
}

/** Units of each SKU the buyer ordered from the seller since `since` (cancelled orders not counted). */
async function boughtSince(db: Executor, buyerMemberId: string, boId: string, skuIds: string[], since: string) {
  const rows = await rowsOf<{ sku_id: string; n: number }>(
    db,
    sql`select l.sku_id, sum(l.quantity)::int as n from order_line l join order_info o on o.id = l.order_id
        where o.buyer_member_id = ${buyerMemberId} and o.bo_id = ${boId} and o.status <> 'cancelled'
          and o.created_at >= ${since}::timestamptz and l.sku_id in ${skuIds}
        group by l.sku_id`,
  );
  return new Map(rows.map((r) => [r.sku_id, Number(r.n)]));
}

export const promotionAdjuster: PriceAdjuster = {
  name: "promotion",
  async adjust(db, order) {
    const prices = await runningPromotionPrices(
      db,
      order.boId,
      order.lines.map((l) => l.skuId),
    );
    if (prices.length === 0) return [];
    const bySku = new Map(prices.map((p) => [p.skuId, p]));
    const limited = prices.filter((p) => p.perBuyerLimit !== null);
    const earliest = limited.map((p) => p.startsAt).sort()[0];
    if (earliest) await lockBuyerLimits(db, order.buyerMemberId);
    const bought = earliest
      ? await boughtSince(
          db,
          order.buyerMemberId,
          order.boId,
          limited.map((p) => p.skuId),
          earliest,
        )
      : new Map<string, number>();
    const byPromotion = new Map<string, { label: string; amount: number }>();
    for (const line of order.lines) {
      const p = bySku.get(line.skuId);
      if (!p) continue;
      const left = p.perBuyerLimit === null ? line.quantity : Math.max(p.perBuyerLimit - (bought.get(line.skuId) ?? 0), 0);
      const units = Math.min(line.quantity, left);
      const off = (line.unitPrice - p.priceFrom(line.unitPrice)) * units;
      if (off <= 0) continue;
      const entry = byPromotion.get(p.promotionId) ?? { label: p.name, amount: 0 };
      entry.amount -= off;
      byPromotion.set(p.promotionId, entry);
    }
    return [...byPromotion.values()];
  },
};
