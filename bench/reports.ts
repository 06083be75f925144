// The reports at scale (issue 24 goal 2, "Reports from rollups"): the data dashboard, the statement's totals (90 days),
// the organisation's purchase statement totals, the statement by day (30 days) and by order (page 1), the finance
// figures and the home page's to-dos, for the orders bench's seller (BENCH_ORDERS orders, bench/orders.ts). Each call is
// measured beside its ceiling: a bare Fastify route on the same pool and driver running the same repository SQL (the
// rollup reads) without the session, the function check, validation or the envelope.

import { contract } from "@sbo/contract";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import * as dashboard from "../apps/server/src/domains/dashboard/dashboard.repository";
import * as finance from "../apps/server/src/domains/finance/finance.repository";
import { todoCounts } from "../apps/server/src/domains/orders/desk/desk.repository";
import { TAB_STATUSES } from "../apps/server/src/domains/orders/orders.repository";
import * as statement from "../apps/server/src/domains/statement/statement.repository";
import { addDays, startOfDay, todayIn } from "../apps/server/src/platform/days";
import type { Executor } from "../apps/server/src/platform/db/client";
import { rowsOf } from "../apps/server/src/platform/db/rows";

/** The organisation whose purchases the buyer statement reads: `demo2`'s, which buys every fifth of the bench's orders. */
export interface ReportsBench {
  sellerBo: string;
  buyerBo: string;
  zone: string;
  purchases: number;
}

/**
 * Makes every fifth bench order (ids BO…) a purchase of demo2's organisation, once: an UPDATE the rollup triggers roll
 * into its purchase days like any order change.
 */
export async function preparePurchases(db: Executor, sellerBo: string): Promise<ReportsBench> {
  const [org] = await rowsOf<{ bo_id: string }>(
    db,
    sql`select e.bo_id from employee e join member m on m.id = e.member_id where m.login_name = 'demo2' and e.is_owner`,
  );
  if (!org) throw new Error("bench: demo2 missing");
  const [had] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from order_info where buyer_bo_id = ${org.bo_id}`);
  if (Number(had?.n ?? 0) < 1000) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(
        sql`update order_info set buyer_bo_id = ${org.bo_id} where bo_id = ${sellerBo} and id like 'BO%' and right(id, 1) in ('0', '5')`,
      );
    });
  }
  // As seedOrders leaves them: the orders and the rollups vacuumed (index-only scans) and analysed.
  for (const table of ["order_info", "order_day_rollup", "buyer_day_rollup", "order_goods_day", "order_goods_week", "order_buyer_day"])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  const [n] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from order_info where buyer_bo_id = ${org.bo_id}`);
  const [zone] = await rowsOf<{ z: string }>(db, sql`select sbo_bo_zone(${sellerBo}) as z`);
  return { sellerBo, buyerBo: org.bo_id, zone: zone?.z ?? "Asia/Shanghai", purchases: Number(n?.n ?? 0) };
}

const days = (zone: string, n: number) => {
  const to = todayIn(zone);
  return { from: addDays(to, -(n - 1)), to };
};

/** The calls to measure; `as: "buyer"` runs as demo2 (the purchasing organisation's owner). */
export const reportScenarios = (b: ReportsBench) => [
  { name: "dashboard (selCountTradingDataView)", path: contract.dashboard.selCountTradingDataView.path, body: {}, ceiling: "/dashboard" },
  { name: "statement totals, 90 days", path: contract.statement.selSellerNumByPC.path, body: days(b.zone, 90), ceiling: "/totals" },
  {
    name: `buyer statement totals, 90 days (${b.purchases} purchases)`,
    path: contract.statement.selBuyerNumByPC.path,
    body: days(b.zone, 90),
    ceiling: "/buyer-totals",
    as: "buyer" as const,
  },
  {
    name: "statement by day, 30 days, page 1",
    path: contract.statement.selSellerDateNumByPC.path,
    body: { ...days(b.zone, 30), pageSize: 20 },
    ceiling: "/days",
  },
  {
    name: "statement by order, 30 days, page 1",
    path: contract.statement.selSellerStatementByPC.path,
    body: { ...days(b.zone, 30), pageSize: 20 },
    ceiling: "/orders",
  },
  { name: "finance figures (queryAccountAmount)", path: contract.finance.queryAccountAmount.path, body: {}, ceiling: "/finance" },
  { name: "home to-dos (selSellerTodo)", path: contract.orderDesk.selSellerTodo.path, body: {}, ceiling: "/todo" },
];

/** The ceiling routes: each call's repository SQL on the same pool, for the bench's organisations. */
export async function reportsCeiling(db: Executor, b: ReportsBench) {
  const app = Fastify({ logger: false });
  const ok = (data: unknown) => ({ code: "0", msg: "success", data });
  const range = (side: statement.Side, body: { from: string; to: string }): statement.Range => ({
    boId: side === "seller" ? b.sellerBo : b.buyerBo,
    side,
    timeZone: b.zone,
    from: body.from,
    to: body.to,
    start: startOfDay(body.from, b.zone),
    end: startOfDay(addDays(body.to, 1), b.zone),
  });
  type Body = { from: string; to: string; pageSize?: number };
  app.post("/dashboard", async () => {
    const today = todayIn(b.zone);
    const w = { boId: b.sellerBo, from: addDays(today, -29), to: today };
    const periods = [
      { from: today, to: today },
      { from: addDays(today, -1), to: addDays(today, -1) },
      { from: addDays(today, -6), to: today },
      { from: w.from, to: today },
    ];
    const [d, buyers, top] = await Promise.all([
      dashboard.days(db, w),
      dashboard.buyers(db, b.sellerBo, periods),
      dashboard.topGoods(db, w),
    ]);
    return ok({ days: d, buyers, top });
  });
  app.post("/totals", async (req) => ok(await statement.totals(db, range("seller", req.body as Body))));
  app.post("/buyer-totals", async (req) => ok(await statement.totals(db, range("buyer", req.body as Body))));
  app.post("/days", async (req) => ok(await statement.days(db, range("seller", req.body as Body), 20, 0)));
  app.post("/orders", async (req) => {
    const r = range("seller", req.body as Body);
    const [list, total] = await Promise.all([statement.orders(db, r, 20, 0), statement.countOrders(db, r)]);
    return ok({ list, total });
  });
  app.post("/finance", async () => ok(await finance.amounts(db, b.sellerBo)));
  app.post("/todo", async () => ok(await todoCounts(db, b.sellerBo, TAB_STATUSES.toShip ?? [])));
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}
