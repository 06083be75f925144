// The order list at scale (issue 11: 1,000,000 orders for one seller; issue 24: every keyword kind). `BENCH_ORDERS`
// (default 1,000,000) orders of the demo seller, made in SQL with generate_series (never through the service): one or
// two lines each, every status, spread over the last 90 days, numbered as checkout numbers them (the UTC second placed
// and six digits), placed by BENCH_BUYERS (default 2,000) buyers with phones 1880000xxxx, each holding 1 in 2,000. Each scenario runs through the real call and beside its ceiling: a bare Fastify route
// on the same pool and driver running the same repository SQL (page ids, the page's summaries, the tabs' capped
// counts) without the session, the function check, validation or the envelope.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { sellerPageIds, summariesByIds, TAB_STATUSES, tabCounts } from "../apps/server/src/domains/orders/orders.repository";
import type { Executor } from "../apps/server/src/platform/db/client";

export const ORDER_LIST = "/api/seller/trading/order/info/selOrderListByPage";

export interface OrdersBench {
  rows: number;
  generateMs: number;
  /** The list's cursor at depth 50,000 (or half the rows when fewer). */
  deepCursor: string;
  depth: number;
  /** An order number in the middle of the rows, and a buyer's phone. */
  orderNo: string;
  phone: string;
}

const BUYERS = Number(process.env.BENCH_BUYERS ?? 2000);
const buyerPhone = (i: number) => `1880000${String(i).padStart(4, "0")}`;

export async function seedOrders(db: Executor, boId: string, rows: number): Promise<OrdersBench> {
  const started = performance.now();
  const [ctx] = (
    await db.execute(
      sql`select (select id from shop where bo_id = ${boId} limit 1) as shop_id, (select id from member order by id limit 1) as member_id`,
    )
  ).rows as { shop_id: string; member_id: string }[];
  if (!ctx?.shop_id || !ctx.member_id) throw new Error("bench: the demo seller has no shop or there is no member");
  // The buyers: members who have ordered (their phone is the one they order with, `buyer_phone`).
  await db.execute(sql`
    insert into member (id, login_name, phone, buyer_phone, name, password_hash)
    select 'BM' || lpad(i::text, 6, '0'), 'bench-buyer-' || i, '1880000' || lpad(i::text, 4, '0'), '1880000' || lpad(i::text, 4, '0'),
           'Buyer ' || i, 'x'
    from generate_series(0, ${BUYERS - 1}) i`);
  const statuses = "{pendingPayment,paid,partlyShipped,shipped,received,completed,completed,completed,cancelled,received}";
  // 90 days back, evenly: order g placed g × (90 days / rows) ago.
  const step = (90 * 86_400) / rows;
  await db.execute(sql`
    insert into order_info (id, order_no, bo_id, shop_id, buyer_member_id, status, goods_amount, freight_amount, pay_amount, pay_method,
                            address, paid_at, remind_count, created_at, updated_at)
    select 'BO' || lpad(g::text, 24, '0'),
           to_char((now() - make_interval(secs => g * ${step}::float8)) at time zone 'UTC', 'YYYYMMDDHH24MISS') || lpad((g % 1000000)::text, 6, '0'),
           ${boId}, ${ctx.shop_id}, 'BM' || lpad((g % ${BUYERS})::text, 6, '0'),
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
  for (const table of ["order_info", "order_line", "member"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { ...(await describeOrders(db, boId, rows)), generateMs: Math.round(performance.now() - started) };
}

/** What the scenarios need of orders already made (BENCH_REUSE: a database seeded by an earlier run). */
export async function describeOrders(db: Executor, boId: string, rows: number): Promise<OrdersBench> {
  const depth = Math.min(50_000, Math.floor(rows / 2));
  const [deep] = (
    await db.execute(
      sql`select created_at::text as at, id from order_info where bo_id = ${boId} and seller_deleted_at is null
          order by created_at desc, id desc offset ${depth - 1} limit 1`,
    )
  ).rows as { at: string; id: string }[];
  if (!deep) throw new Error("bench: no order at depth");
  const deepCursor = Buffer.from(JSON.stringify([deep.at, deep.id])).toString("base64url");
  const [mid] = (await db.execute(sql`select order_no from order_info where id = ${`BO${String(Math.floor(rows / 2)).padStart(24, "0")}`}`))
    .rows as { order_no: string }[];
  if (!mid) throw new Error("bench: no order in the middle");
  return { rows, generateMs: 0, deepCursor, depth, orderNo: mid.order_no, phone: buyerPhone(7) };
}

const lastMonth = () => ({ from: new Date(Date.now() - 30 * 86_400_000).toISOString(), to: new Date().toISOString() });

export const ORDER_COUNTS = "/api/seller/trading/order/info/selectOrderCount";

/** Each keyword kind (docs/domains/orders.md "Search") as the bench's orders hold it. */
const keywords = (o: OrdersBench) => [
  { kind: "order number (exact)", keyword: o.orderNo },
  { kind: "order number (prefix: its hour, ≈ 460 orders)", keyword: o.orderNo.slice(0, 10) },
  { kind: "a buyer's phone (1 in 2,000)", keyword: o.phone },
  { kind: "an unknown phone", keyword: "18899999999" },
  { kind: "goods name in Chinese (1 in 4–8)", keyword: "脐橙" },
  { kind: "goods name in English (1 in 4–8)", keyword: "navel oranges" },
];

/** The order-list calls to measure; each answer carries every tab's count (the screen asks for them only there). */
export const orderScenarios = (o: OrdersBench) => [
  { name: `order list page 1 of ${o.rows} orders (total)`, path: ORDER_LIST, body: { pageSize: 20 } },
  { name: "order list page 1: to-ship tab, last 30 days (total)", path: ORDER_LIST, body: { tab: "toShip", ...lastMonth(), pageSize: 20 } },
  { name: `order list page at depth ${o.depth} (cursor)`, path: ORDER_LIST, body: { cursor: o.deepCursor, pageSize: 20 } },
  ...keywords(o).flatMap(({ kind, keyword }) => [
    { name: `keyword: ${kind}`, path: ORDER_LIST, body: { keyword, pageSize: 20 } },
    {
      name: `keyword: ${kind}, to-ship tab, last 30 days`,
      path: ORDER_LIST,
      body: { keyword, tab: "toShip", ...lastMonth(), pageSize: 20 },
    },
    { name: `tab counts: ${kind}`, path: ORDER_COUNTS, body: { keyword } },
  ]),
];

/** The ceiling routes: the list's and the counts' repository SQL on the same pool, for the bench's organisation. */
export async function ordersCeiling(db: Executor, boId: string) {
  const app = Fastify({ logger: false });
  ordersCeilingRoutes(app, db, boId);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/** The ceiling's two routes on an app of the caller's (bench/scale-ceiling.ts serves them in processes of their own). */
export function ordersCeilingRoutes(app: FastifyInstance, db: Executor, boId: string) {
  type Body = { tab?: string; keyword?: string; from?: string; to?: string; cursor?: string; pageSize?: number };
  app.post("/orders-ceiling", async (req) => {
    const body = req.body as Body;
    const size = body.pageSize ?? 20;
    const filters = { keyword: body.keyword, from: body.from, to: body.to };
    const after = body.cursor
      ? (([at, id]) => ({ at, id }))(JSON.parse(Buffer.from(body.cursor, "base64url").toString()) as string[])
      : null;
    const statuses = TAB_STATUSES[body.tab ?? "all"] ?? null;
    const [ids, tabs] = await Promise.all([
      sellerPageIds(db, boId, filters, statuses, size + 1, after as { at: string; id: string } | null, 0),
      tabCounts(db, boId, filters),
    ]);
    const list = await summariesByIds(db, ids.slice(0, size));
    return { code: "0", msg: "success", data: { list, total: tabs.counts[body.tab ?? "all"], counts: tabs.counts } };
  });
  app.post("/orders-count-ceiling", async (req) => {
    const body = req.body as Body;
    const tabs = await tabCounts(db, boId, { keyword: body.keyword, from: body.from, to: body.to });
    return { code: "0", msg: "success", data: tabs.counts };
  });
}
