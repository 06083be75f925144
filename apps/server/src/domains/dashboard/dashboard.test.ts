import { codes, contract, DASHBOARD_SERIES_DAYS, DASHBOARD_TOP_GOODS } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../platform/days";
import { rowsOf } from "../../platform/db/rows";
import { createStaff, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";

/* The data dashboard: periods, the daily series and the top goods against the demo orders summed directly. */

const D = contract.dashboard;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
const zone = "Asia/Shanghai";

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  other = await t.login("demo2");
  boId = (await meOf(t, owner)).boId as string;
}, 120_000);
afterAll(() => t.close());

async function paidSince(bo: string, fromDay: string) {
  const [row] = await rowsOf<{ orders: number; sales: string; buyers: number }>(
    t.db,
    sql`select count(*)::int as orders, coalesce(sum(pay_amount), 0) as sales, count(distinct buyer_member_id)::int as buyers
        from order_info where bo_id = ${bo} and status <> 'cancelled'
        and paid_at >= (${fromDay}::date)::timestamp at time zone ${zone}`,
  );
  const [r] = await rowsOf<{ amount: string; n: number }>(
    t.db,
    sql`select coalesce(sum(amount), 0) as amount, count(*)::int as n from order_refund
        where bo_id = ${bo} and created_at >= (${fromDay}::date)::timestamp at time zone ${zone}`,
  );
  return {
    orders: Number(row?.orders),
    sales: Number(row?.sales),
    buyers: Number(row?.buyers),
    refunds: Number(r?.amount),
    refundCount: Number(r?.n),
  };
}

describe("the data dashboard", () => {
  it("when the shop opens its dashboard, then the 30 days' figures, series and top goods agree with its orders", async () => {
    const res = await t.call(D.selCountTradingDataView, {}, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    const today = todayIn(zone);
    const want = await paidSince(boId, addDays(today, -(DASHBOARD_SERIES_DAYS - 1)));
    expect(want.orders).toBeGreaterThan(0);
    const last30 = res.data.periods.last30;
    expect(last30).toEqual({
      paidOrders: want.orders,
      salesAmount: want.sales,
      buyers: want.buyers,
      averageOrderAmount: Math.round(want.sales / want.orders),
      refundAmount: want.refunds,
      refunds: want.refundCount,
    });
    const week = await paidSince(boId, addDays(today, -6));
    expect(res.data.periods.last7.paidOrders).toBe(week.orders);
    expect(res.data.periods.last7.buyers).toBe(week.buyers);
    expect(res.data.trend).toHaveLength(DASHBOARD_SERIES_DAYS);
    expect(res.data.trend.at(-1)?.day).toBe(today);
    expect(res.data.trend.reduce((a, d) => a + d.paidOrders, 0)).toBe(want.orders);
    expect(res.data.trend.at(-1)?.paidOrders).toBe(res.data.periods.today.paidOrders);
    expect(res.data.trend.at(-2)?.salesAmount).toBe(res.data.periods.yesterday.salesAmount);

    expect(res.data.topGoods.length).toBeGreaterThan(0);
    expect(res.data.topGoods.length).toBeLessThanOrEqual(DASHBOARD_TOP_GOODS);
    const amounts = res.data.topGoods.map((g) => g.salesAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const ids = res.data.topGoods.map((g) => g.goodsId);
    const [foreign] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from goods where id in ${ids} and bo_id <> ${boId}`);
    expect(foreign?.n).toBe(0);
  });

  it("when another seller opens its dashboard, then it sees its own figures", async () => {
    const res = await t.call(D.selCountTradingDataView, {}, { ticket: other });
    const want = await paidSince((await meOf(t, other)).boId as string, addDays(todayIn(zone), -(DASHBOARD_SERIES_DAYS - 1)));
    expect(res.data.periods.last30.paidOrders).toBe(want.orders);
    expect(res.data.periods.last30.salesAmount).toBe(want.sales);
  });

  it("when a member lacks the dashboard function or sends unknown fields, then it is refused", async () => {
    const nobody = await createStaff(t, boId, ["order.manage"]);
    const res = await t.call(D.selCountTradingDataView, {}, { ticket: nobody });
    expect(res.status).toBe(403);
    expect(res.msg).toContain("home.dashboard");
    const bad = await t.call(D.selCountTradingDataView, { boId: "x" } as never, { ticket: owner });
    expect(bad.status).toBe(400);
  });
});
