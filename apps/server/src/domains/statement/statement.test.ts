import { codes, contract, SERVICE_FEE_BP, STATEMENT_MAX_DAYS } from "@sbo/contract";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../platform/days";
import { rowsOf } from "../../platform/db/rows";
import { createStaff, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";

/*
 * Statements: the shop's sales by order, by day and in total over a range of days, the organisation's own purchases,
 * the export — checked against the demo orders and refunds summed directly; bad ranges, another seller, missing function.
 */

const S = contract.statement;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
const zone = "Asia/Shanghai";
const to = todayIn(zone);
const from = addDays(to, -(STATEMENT_MAX_DAYS - 1));

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  other = await t.login("demo2");
  boId = (await meOf(t, owner)).boId as string;
}, 120_000);
afterAll(() => t.close());

/** The seller's figures summed straight from the tables over [from, to] in Shanghai days. */
async function expected(bo: string) {
  const start = sql`(${from}::date)::timestamp at time zone ${zone}`;
  const end = sql`(${to}::date + 1)::timestamp at time zone ${zone}`;
  const [s] = await rowsOf<{ orders: number; sales: string; fees: string }>(
    t.db,
    sql`select count(*)::int as orders, coalesce(sum(pay_amount), 0) as sales,
               coalesce(sum(floor((greatest(pay_amount - freight_amount, 0) * ${SERVICE_FEE_BP} + 5000) / 10000.0)), 0) as fees
        from order_info where bo_id = ${bo} and paid_at >= ${start} and paid_at < ${end} and status <> 'cancelled'`,
  );
  const [r] = await rowsOf<{ refunds: string }>(
    t.db,
    sql`select coalesce(sum(amount), 0) as refunds from order_refund where bo_id = ${bo} and created_at >= ${start} and created_at < ${end}`,
  );
  return { orders: Number(s?.orders), sales: Number(s?.sales), fees: Number(s?.fees), refunds: Number(r?.refunds) };
}

describe("the seller's statement", () => {
  it("when the shop reads a year's statement, then totals, days and orders agree with its paid orders and refunds", async () => {
    const want = await expected(boId);
    expect(want.orders).toBeGreaterThan(0);
    expect(want.refunds).toBeGreaterThan(0);
    const totals = await t.call(S.selSellerNumByPC, { from, to }, { ticket: owner });
    expect(totals.code, totals.msg).toBe(codes.OK);
    expect(totals.data).toEqual({
      orders: want.orders,
      salesAmount: want.sales,
      refundAmount: want.refunds,
      feeAmount: want.fees,
      netAmount: want.sales - want.refunds - want.fees,
    });

    const days = await t.call(S.selSellerDateNumByPC, { from, to, pageSize: 100 }, { ticket: owner });
    expect(days.code, days.msg).toBe(codes.OK);
    expect(days.data.total).toBeGreaterThan(0);
    const all = [...days.data.list];
    for (let p = 2; all.length < days.data.total; p++) {
      const next = await t.call(S.selSellerDateNumByPC, { from, to, pageSize: 100, pageNum: p }, { ticket: owner });
      all.push(...next.data.list);
    }
    expect(all.map((d) => d.day)).toEqual([...all.map((d) => d.day)].sort().reverse());
    const sum = (k: "orders" | "salesAmount" | "refundAmount" | "feeAmount") => all.reduce((a, d) => a + d[k], 0);
    expect(sum("orders")).toBe(want.orders);
    expect(sum("salesAmount")).toBe(want.sales);
    expect(sum("refundAmount")).toBe(want.refunds);
    expect(sum("feeAmount")).toBe(want.fees);
    for (const d of all) expect(d.netAmount).toBe(d.salesAmount - d.refundAmount - d.feeAmount);

    // One day's orders: the same figures as that day's line.
    const busy = all.find((d) => d.orders > 0);
    if (!busy) throw new Error("no day with orders");
    const orders = await t.call(S.selSellerStatementByPC, { from: busy.day, to: busy.day, pageSize: 100 }, { ticket: owner });
    expect(orders.code, orders.msg).toBe(codes.OK);
    expect(orders.data.total).toBe(busy.orders);
    expect(orders.data.list.reduce((a, o) => a + o.payAmount, 0)).toBe(busy.salesAmount);
    expect(orders.data.list.reduce((a, o) => a + o.feeAmount, 0)).toBe(busy.feeAmount);
    for (const o of orders.data.list) {
      expect(o.feeAmount).toBe(Math.floor((Math.max(0, o.payAmount - o.freightAmount) * SERVICE_FEE_BP + 5000) / 10000));
      expect(o.netAmount).toBe(o.payAmount - o.refundedAmount - o.feeAmount);
    }
    const paidAt = orders.data.list.map((o) => o.paidAt);
    expect(paidAt).toEqual([...paidAt].sort().reverse());

    // A page past the last day still tells how many days there are.
    const past = await t.call(S.selSellerDateNumByPC, { from, to, pageSize: 100, pageNum: 50 }, { ticket: owner });
    expect(past.data.list).toEqual([]);
    expect(past.data.total).toBe(days.data.total);
  });

  it("when another seller reads, then it gets its own figures and none of this shop's orders", async () => {
    const theirs = await t.call(S.selSellerNumByPC, { from, to }, { ticket: other });
    const want = await expected((await meOf(t, other)).boId as string);
    expect(theirs.data.orders).toBe(want.orders);
    expect(theirs.data.salesAmount).toBe(want.sales);
    const list = await t.call(S.selSellerStatementByPC, { from, to, pageSize: 100 }, { ticket: other });
    const ids = list.data.list.map((o) => o.orderId);
    const mine = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_info where bo_id = ${boId} and id in ${ids.length ? ids : ["-"]}`,
    );
    expect(mine[0]?.n).toBe(0);
  });

  it("when the range is reversed, too long or not a date, then it answers 400 naming the field", async () => {
    const reversed = await t.call(S.selSellerNumByPC, { from: to, to: addDays(to, -1) }, { ticket: owner });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed)).toContain("statement.rangeReversed");
    expect(reversed.msg).toContain("to");
    const long = await t.call(S.selSellerDateNumByPC, { from: addDays(from, -1), to }, { ticket: owner });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long)).toContain("statement.rangeTooLong");
    const bad = await t.call(S.selSellerStatementByPC, { from: "2026-13-01", to } as never, { ticket: owner });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("from");
  });

  it("when a member lacks the statements function, then every statement call is refused with 403", async () => {
    const nobody = await createStaff(t, boId, ["order.manage"]);
    for (const call of [S.selSellerNumByPC, S.selSellerDateNumByPC, S.selSellerStatementByPC]) {
      const res = await t.call(call, { from: to, to }, { ticket: nobody });
      expect(res.status).toBe(403);
      expect(res.msg).toContain("finance.statement");
    }
    const reader = await createStaff(t, boId, ["finance.statement"]);
    expect((await t.call(S.selSellerNumByPC, { from: to, to }, { ticket: reader })).code).toBe(codes.OK);
    // The organisation's purchase statements belong to the Purchases area, not to the shop's statements.
    for (const call of [S.selBuyerNumByPC, S.selBuyerDateNumByPC, S.selBuyerStatementByPC]) {
      const res = await t.call(call, { from: to, to }, { ticket: reader });
      expect(res.status).toBe(403);
      expect(res.msg).toContain("purchase.order");
    }
  });

  it("when the statement is exported, then the sheet holds one row per day with the same money", async () => {
    const res = await t.post(S.exportSellerStatement.path, { from, to }, { ticket: owner, headers: { "accept-language": "zh-CN" } });
    expect(res.status).toBe(200);
    expect(decodeURIComponent(String(res.headers["content-disposition"]))).toContain(`对账单-${from}-${to}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      "日期",
      "支付订单数",
      "销售额（元）",
      "退款（元）",
      "服务费（元）",
      "净收入（元）",
    ]);
    const days = await t.call(S.selSellerDateNumByPC, { from, to, pageSize: 100 }, { ticket: owner });
    expect(sheet.rowCount - 1).toBe(days.data.total);
    const first = days.data.list[0];
    expect(Number(sheet.getRow(2).getCell(3).value)).toBeCloseTo((first?.salesAmount ?? 0) / 100, 2);
  });
});

describe("the organisation's purchase statement", () => {
  it("when orders were placed for the organisation and paid, then its buyer statement counts them with no fee", async () => {
    // Three more of another shop's paid orders were placed for this organisation (an organisation purchase, buyer_bo_id);
    // the demo's own purchases for it (purchases.demo.ts) are counted too.
    await t.db.execute(
      sql`update order_info set buyer_bo_id = ${boId} where id in (select id from order_info where bo_id <> ${boId}
          and buyer_bo_id is null and paid_at >= (${from}::date)::timestamp at time zone ${zone} and status <> 'cancelled' order by id limit 3)`,
    );
    const [want] = await rowsOf<{ orders: number; sales: string }>(
      t.db,
      sql`select count(*)::int as orders, coalesce(sum(pay_amount), 0) as sales from order_info
          where buyer_bo_id = ${boId} and paid_at >= (${from}::date)::timestamp at time zone ${zone} and status <> 'cancelled'`,
    );
    expect(want?.orders).toBeGreaterThanOrEqual(3);
    const res = await t.call(S.selBuyerNumByPC, { from, to }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.orders).toBe(want?.orders);
    expect(res.data.salesAmount).toBe(Number(want?.sales));
    expect(res.data.feeAmount).toBe(0);
    const days = await t.call(S.selBuyerDateNumByPC, { from, to, pageSize: 100 }, { ticket: owner });
    expect(days.code, days.msg).toBe(codes.OK);
    if (days.data.total <= 100) expect(days.data.list.reduce((a, d) => a + d.orders, 0)).toBe(want?.orders);
    const orders = await t.call(S.selBuyerStatementByPC, { from, to }, { ticket: owner });
    expect(orders.data.total).toBe(want?.orders);
    expect(orders.data.list.every((o) => o.feeAmount === 0)).toBe(true);
  });
});
