// The order list at scale (issue 11: 1,000,000 orders for one seller). `BENCH_ORDERS` (default 1,000,000) orders of the
// demo seller, made in SQL with generate_series (never through the service): one or two lines each, every status,
// spread over the last 90 days. Each scenario runs through the real call and beside its ceiling: a bare Fastify route
// on the same pool and driver running the same repository SQL (page ids, the page's summaries, the tabs' capped
// counts) without the session, the function check, validation or the envelope.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { sellerPageIds, sellerWhere, summariesByIds, TAB_STATUSES, tabCounts } from "../apps/server/src/domains/orders/orders.repository";
import type { Executor } from "../apps/server/src/platform/db/client";

export const ORDER_LIST = "/api/seller/trading/order/info/selOrderListByPage";

export interface OrdersBench {
  rows: number;
  generateMs: number;
  /** The list's cursor at depth 50,000 (or half the rows when fewer). */
  deepCursor: string;
  depth: number;
}

export async function seedOrders(db: Executor, boId: string, rows: number): Promise<OrdersBench> {
  const started = performance.now();
  const [ctx] = (
    await db.execute(
      sql`select (select id from shop where bo_id = ${boId} limit 1) as shop_id, (select id from member order by id limit 1) as member_id`,
    )
  ).rows as { shop_id: string; member_id: string }[];
  if (!ctx?.shop_id || !ctx.member_id) throw new Error("bench: the demo seller has no shop or there is no member");
  const statuses = "{pendingPayment,paid,partlyShipped,shipped,received,completed,completed,completed,cancelled,received}";
  // 90 days back, evenly: order g placed g × (90 days / rows) ago.
  const step = (90 * 86_400) / rows;
  await db.execute(sql`
    insert into order_info (id, order_no, bo_id, shop_id, buyer_member_id, status, goods_amount, freight_amount, pay_amount, pay_method,
                            address, paid_at, remind_count, created_at, updated_at)
    select 'BO' || lpad(g::text, 24, '0'), 'B' || lpad(g::text, 19, '0'), ${boId}, ${ctx.shop_id}, ${ctx.member_id},
           (${statuses}::text[])[1 + g % 10], 1000 + g % 9000, (g % 3) * 500, 1000 + g % 9000 + (g % 3) * 500,
           case when g % 10 not in (0, 8) then 'online' end,
           jsonb_build_object('name', 'Bench', 'phone', '13900000000', 'areaCode', '330106', 'areaName', '浙江省 杭州市 西湖区', 'detail', 'Bench Rd ' || g),
           case when g % 10 not in (0, 8) then now() - make_interval(secs => g * ${step}::float8) end, (g % 50 = 1)::int,
           now() - make_interval(secs => g * ${step}::float8), now() - make_interval(secs => g * ${step}::float8)
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into order_line (id, order_id, bo_id, goods_id, sku_id, goods_name, unit_price, price_source, quantity, amount, sort)
    select 'BL' || lpad((g * 2 + k)::text, 24, '0'), 'BO' || lpad(g::text, 24, '0'), ${boId}, 'BG' || (g % 1000), 'BK' || (g % 1000),
           (array['Fuji apples','Navel oranges','Pak choi','Shiitake','Pork ribs','Tiger prawns','Jasmine rice','Soy sauce'])[1 + (g + k) % 8] || ' ' ||
           (array['红富士苹果','赣南脐橙','上海青','香菇','猪肋排','大虾','泰国香米','生抽'])[1 + (g + k) % 8],
           1000 + g % 9000, 'price', 1, 1000 + g % 9000, k
    from generate_series(1, ${rows}) g, generate_series(0, 1) k where k <= g % 2`);
  for (const table of ["order_info", "order_line"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const depth = Math.min(50_000, Math.floor(rows / 2));
  const [deep] = (
    await db.execute(
      sql`select created_at::text as at, id from order_info where bo_id = ${boId} and seller_deleted_at is null
          order by created_at desc, id desc offset ${depth - 1} limit 1`,
    )
  ).rows as { at: string; id: string }[];
  if (!deep) throw new Error("bench: no order at depth");
  const deepCursor = Buffer.from(JSON.stringify([deep.at, deep.id])).toString("base64url");
  return { rows, generateMs: Math.round(performance.now() - started), deepCursor, depth };
}

const lastMonth = () => ({ from: new Date(Date.now() - 30 * 86_400_000).toISOString(), to: new Date().toISOString() });

/** The order-list calls to measure; each answer carries its tab's capped total (and the route counts every tab). */
export const orderScenarios = (o: OrdersBench) => [
  { name: `order list page 1 of ${o.rows} orders (total)`, body: { pageSize: 20 } },
  { name: "order list page 1: to-ship tab, last 30 days (total)", body: { tab: "toShip", ...lastMonth(), pageSize: 20 } },
  { name: "order list page 1: keyword (goods name), last 30 days", body: { keyword: "脐橙", ...lastMonth(), pageSize: 20 } },
  { name: `order list page at depth ${o.depth} (cursor)`, body: { cursor: o.deepCursor, pageSize: 20 } },
];

/** The ceiling route: the list's repository SQL on the same pool, for the bench's organisation. */
export async function ordersCeiling(db: Executor, boId: string) {
  const app = Fastify({ logger: false });
  app.post("/orders-ceiling", async (req) => {
    const body = req.body as { tab?: string; keyword?: string; from?: string; to?: string; cursor?: string; pageSize?: number };
    const size = body.pageSize ?? 20;
    const filters = { keyword: body.keyword, from: body.from, to: body.to };
    const after = body.cursor
      ? (([at, id]) => ({ at, id }))(JSON.parse(Buffer.from(body.cursor, "base64url").toString()) as string[])
      : null;
    const where = sellerWhere(boId, filters, TAB_STATUSES[body.tab ?? "all"] ?? null);
    const ids = await sellerPageIds(db, where, size + 1, after as { at: string; id: string } | null, 0);
    const [list, counts] = await Promise.all([summariesByIds(db, ids.slice(0, size)), tabCounts(db, boId, filters)]);
    return { code: "0", msg: "success", data: { list, total: counts[body.tab ?? "all"] } };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}
