// The goods list at scale: N goods (default BENCH_GOODS_ROWS, 100,000) for one organisation, made in SQL with
// generate_series (names in English and Chinese): 1–3 SKUs each, across the leaf categories, 70 % on shelf, a tenth fresh with two batches (some near
// expiry). run.ts measures the scenarios beside the ceiling.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Executor } from "../apps/server/src/platform/db/client";

export interface GoodsBench {
  rows: number;
  categoryId: string;
  generateMs: number;
}

export async function seedGoods(db: Executor, boId: string, rows: number): Promise<GoodsBench> {
  const started = performance.now();
  const id = (prefix: string, g = sql`g`) => sql`${prefix} || lpad((${g})::text, 24, '0')`;
  const leaves = "{C0101,C0102,C0103,C0104,C0201,C0202,C0203,C0204,C0301,C0302,C0401,C0402,C0601,C0603}";
  await db.execute(sql`
    insert into goods (id, bo_id, shop_id, kind, name, category_id, unit_id, status, fresh, price_min, price_max, stock_total,
                       sales, logistics, images, created_at, updated_at, on_shelf_at)
    select ${id("BG")}, ${boId}, 'BENCH', 'goods',
           (array['Fuji apples','Navel oranges','Pak choi','Shiitake','Pork ribs','Tiger prawns','Jasmine rice','Soy sauce'])[1 + g % 8] || ' ' ||
           (array['红富士苹果','赣南脐橙','上海青','香菇','猪肋排','大虾','泰国香米','生抽'])[1 + g % 8] || ' ' || g,
           (${leaves}::text[])[1 + g % 14], 'kg',
           case when g % 10 < 7 then 'on' when g % 10 < 9 then 'off' else 'draft' end,
           g % 10 = 3, 100 + g % 5000, 100 + g % 5000 + (g % 3) * 500, g % 300, g % 1000, '["express"]'::jsonb, '[]'::jsonb,
           now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval,
           case when g % 10 < 7 then now() - (g || ' seconds')::interval end
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into goods_sku (id, bo_id, goods_id, spec_values, price, stock, code, sort)
    select ${id("BK", sql`g * 3 + k`)}, ${boId}, ${id("BG")}, jsonb_build_array('v' || k), 100 + g % 5000 + k * 500,
           (g % 300) / (1 + g % 3), 'BC-' || g || '-' || k, k
    from generate_series(1, ${rows}) g, generate_series(0, 2) k where k <= g % 3`);
  await db.execute(sql`
    insert into goods_batch (id, bo_id, goods_id, sku_id, batch_no, quantity, "left", production_date, expires_on)
    select ${id("BB", sql`g * 2 + b`)}, ${boId}, ${id("BG")}, ${id("BK", sql`g * 3`)}, 'B' || b, 50, 20,
           current_date - 20, current_date + case when b = 0 then (g / 10) % 40 else 40 end
    from generate_series(3, ${rows}, 10) g, generate_series(0, 1) b`);
  for (const table of ["goods", "goods_search", "goods_sku", "goods_batch"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { rows, categoryId: "C0203", generateMs: Math.round(performance.now() - started) };
}

const LIST = "/api/seller/trading/goods/manage/selGoodsListByDefaultShop/v2";

/** The goods-list calls to measure (each answer carries every tab's count). */
export const goodsScenarios = (g: GoodsBench, cursor: string) => [
  { name: `goods list page 1 of ${g.rows} goods (with tab counts)`, path: LIST, body: { pageNum: 1, pageSize: 20 } },
  { name: "goods list: on-shelf tab", path: LIST, body: { tab: "on", pageSize: 20 } },
  { name: "goods list: near-expiry tab", path: LIST, body: { tab: "nearExpiry", pageSize: 20 } },
  { name: "goods list: next page by cursor", path: LIST, body: { cursor, pageSize: 20 } },
  { name: "goods list: page 400 (bounded offset)", path: LIST, body: { pageNum: 400, pageSize: 20 } },
  { name: "goods list: by category", path: LIST, body: { categoryId: g.categoryId, pageSize: 20 } },
  { name: "goods list: name contains", path: LIST, body: { keyword: "大虾 77", pageSize: 20 } },
  { name: "goods list: SKU code prefix", path: LIST, body: { keyword: "BC-4242", pageSize: 20 } },
  { name: "goods list: price range and low stock", path: LIST, body: { priceMin: 1000, priceMax: 2000, stockBelow: 10, pageSize: 20 } },
];
