import { sql } from "drizzle-orm";
import * as repo from "../domains/promotion/promotion.repository";
import type { Executor } from "../platform/db/client";
import { rowsOf } from "../platform/db/rows";

interface Seller {
  boId: string;
  memberId: string;
}

const DAY = 86_400_000;

/**
 * Per demo seller: a running promotion (12% off two items, two weeks from the demo's making, 5 a buyer), one that
 * ended (a price per SKU on two other items, last month) and one not started (next month, 20% off one item). Written
 * through the promotion domain's repository: the service refuses a period in the past, which an ended one has. The
 * items are taken from the middle of the seller's on-shelf catalogue (by id), not its first or newest ones.
 */
export async function seedPromotionDemo(db: Executor, sellers: Seller[]): Promise<void> {
  const now = Date.now();
  for (const s of sellers) {
    const items = await rowsOf<{ goods_id: string; shop_id: string; skus: { id: string; price: number }[] }>(
      db,
      sql`select g.id as goods_id, g.shop_id,
                 (select json_agg(json_build_object('id', k.id, 'price', k.price) order by k.sort, k.id)
                  from goods_sku k where k.goods_id = g.id and k.retired_at is null) as skus
          from goods g where g.bo_id = ${s.boId} and g.status = 'on' and g.kind = 'goods' and g.listing_type = 'goods'
            and g.deleted_at is null
          order by g.id offset 10 limit 5`,
    );
    if (items.length < 5) continue;
    const [a, b, c, d, e] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0], (typeof items)[0], (typeof items)[0]];
    const shopId = a.shop_id;
    const percentSkus = (goods: (typeof items)[0][]) =>
      goods.flatMap((g) => g.skus.map((k) => ({ goodsId: g.goods_id, skuId: k.id, price: null })));

    const running = await repo.insertPromotion(db, {
      boId: s.boId,
      shopId,
      name: "Harvest week",
      kind: "percent",
      percentOff: 12,
      startsAt: new Date(now - 2 * DAY),
      endsAt: new Date(now + 14 * DAY),
      perBuyerLimit: 5,
      createdBy: s.memberId,
    });
    await repo.replaceSkus(db, s.boId, running, percentSkus([a, b]));

    const ended = await repo.insertPromotion(db, {
      boId: s.boId,
      shopId,
      name: "Mid-autumn specials",
      kind: "price",
      startsAt: new Date(now - 40 * DAY),
      endsAt: new Date(now - 33 * DAY),
      createdBy: s.memberId,
    });
    await repo.replaceSkus(
      db,
      s.boId,
      ended,
      [c, d].flatMap((g) =>
        g.skus.map((k) => ({ goodsId: g.goods_id, skuId: k.id, price: Math.max(Math.floor(Number(k.price) * 0.8), 0) })),
      ),
    );

    const coming = await repo.insertPromotion(db, {
      boId: s.boId,
      shopId,
      name: "New year early bird",
      kind: "percent",
      percentOff: 20,
      startsAt: new Date(now + 30 * DAY),
      endsAt: new Date(now + 37 * DAY),
      createdBy: s.memberId,
    });
    await repo.replaceSkus(db, s.boId, coming, percentSkus([e]));
  }
}
