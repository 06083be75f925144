import { codes, contract, DASHBOARD_SERIES_DAYS, DASHBOARD_TOP_GOODS, SERVICE_FEE_BP } from "@sbo/contract";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, daysBetween, startOfDay, todayIn } from "../../platform/days";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { buyerAddress, buyerLogin } from "../../test/buyer-kit";
import { createSeller, meOf } from "../../test/fixtures";
import { PNG } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { buyerCaller, onShelfSku, orderScene } from "../../test/order-kit";
import { goodsParts, mondayOf } from "../dashboard/dashboard.repository";
import { rebuildRollups } from "./rollup.jobs";

/*
 * The reports' rollups (docs/domains/statement.md, "Rollups") against the raw aggregation: a seeded random sequence of
 * real calls — checkouts (some for an organisation), online payments, vouchers passed and rejected, cancels, price
 * revisions, reminders, shipments, after-sale refunds, seller deletions, paid and refund times moved back (as a late
 * correction would), paid orders closed by hand, and time-zone changes of the shop and of the buying organisation — then every rollup row and every
 * report call compared with the orders, lines, payments and refunds summed directly (the queries the reports ran before
 * the rollups), and again after a rebuild. ROLLUP_SEED picks another sequence; ROLLUP_LOG=1 prints the steps taken.
 */

const B = contract.buyer;
const BP = contract.buyerPay;
const BA = contract.buyerAfterSale;
const O = contract.orders;
const P = contract.orderPay;
const S = contract.statement;
const A = contract.afterSale;

let t: TestApp;
let owner: string;
let sellerBo: string;
let purchaserBo: string;
let purchaser: string;
const zones = new Map<string, string>();
const skus: string[] = [];
/** Each buyer: its ticket and default address (the organisation's purchaser buys for it). */
const buyers: { ticket: string; addressId: string; forBo?: string }[] = [];
const ticketOfOrder = new Map<string, string>();

/** mulberry32: the same sequence for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const seed = Number(process.env.ROLLUP_SEED ?? 20261129);
const rnd = random(seed);
const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(rnd() * xs.length)];

const bcall = buyerCaller(() => ({ t, ticket: "" }));

const ids = async (where: SQL) =>
  (await rowsOf<{ id: string }>(t.db, sql`select o.id from order_info o where o.bo_id = ${sellerBo} and ${where} order by o.id`)).map(
    (r) => r.id,
  );

async function setZone(ticket: string, bo: string, timeZone: string) {
  const shopId = (await meOf(t, ticket)).shop?.shopId ?? "";
  const { shopId: _, updatedAt: __, logo, ...rest } = (await t.call(contract.shop.selShopSettingByShopId, { shopId }, { ticket })).data;
  const saved = await t.call(
    contract.shop.addOrUpdShopSettingByShopId,
    { shopId, ...rest, contactPhone: "13800138000", servicePhone: "400-800-8000", logoFileId: logo?.id ?? null, timeZone },
    { ticket },
  );
  expect(saved.data?.timeZone, saved.msg).toBe(timeZone);
  zones.set(bo, timeZone);
}

/** One step of the sequence: what it did (for the failure message), or null when nothing was eligible. */
const steps: Record<string, () => Promise<string | null>> = {
  async checkout() {
    const buyer = pick(buyers);
    if (!buyer) return null;
    const items = [...new Set([pick(skus), pick(skus)])].map((skuId) => ({ skuId: skuId as string, quantity: 1 + Math.floor(rnd() * 3) }));
    const res = await bcall(
      B.submitOrder,
      { addressId: buyer.addressId, items, ...(buyer.forBo ? { buyerBoId: buyer.forBo } : {}) },
      buyer.ticket,
    );
    expect(res.code, res.msg).toBe(codes.OK);
    for (const o of res.data.orders) ticketOfOrder.set(o.id, buyer.ticket);
    return `checkout ${res.data.orders.map((o) => o.id).join(",")}`;
  },
  async payOnline() {
    const id = pick(await ids(sql`o.status = 'pendingPayment'`));
    if (!id) return null;
    const ticket = ticketOfOrder.get(id) as string;
    const pay = await bcall(B.payOrder, { id }, ticket);
    if (pay.code !== codes.OK) return `pay ${id} refused (${pay.reason})`;
    const notified = await t.app.inject({
      method: "POST",
      url: "/api/buyer/trading/pay/notify/sandbox",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(pay.data.params),
    });
    expect(notified.statusCode).toBe(200);
    return `pay ${id}`;
  },
  async voucher() {
    const id = pick(await ids(sql`o.status = 'pendingPayment'`));
    if (!id) return null;
    const ticket = ticketOfOrder.get(id) as string;
    const img = await t.upload<{ id: string }>(
      BP.uploadVoucherImage.path,
      [
        { name: "systemId", value: "71" },
        { name: "file", filename: "transfer.png", contentType: "image/png", value: PNG },
      ],
      { headers: { cookie: `buyer_ticket=${ticket}` } },
    );
    expect(img.code, img.msg).toBe(codes.OK);
    const [o] = await rowsOf<{ pay_amount: number | string }>(t.db, sql`select pay_amount from order_info where id = ${id}`);
    const res = await bcall(
      BP.uploadVoucher,
      { id, voucherFileId: img.data.id, amount: Number(o?.pay_amount), payerName: "Li Lei", bankRef: `R${Math.floor(rnd() * 1e6)}` },
      ticket,
    );
    return `voucher ${id}: ${res.code === codes.OK ? "in review" : res.reason}`;
  },
  async reviewVoucher() {
    const [v] = await rowsOf<{ id: string }>(
      t.db,
      sql`select p.id from order_payment p join order_info o on o.id = p.order_id
          where p.bo_id = ${sellerBo} and p.method = 'offline' and p.status = 'reviewing' and o.status = 'pendingPayment'
          order by p.id offset ${Math.floor(rnd() * 3)} limit 1`,
    );
    if (!v) return null;
    const pass = rnd() < 0.6;
    const res = pass
      ? await t.call(P.auditVoucherPass, { id: v.id }, { ticket: owner })
      : await t.call(P.auditVoucherReject, { id: v.id, reason: "Not on our statement" }, { ticket: owner });
    // A voucher of an order paid online meanwhile is refused (the order cannot be paid twice): it stays in review.
    return `voucher ${v.id} ${res.code === codes.OK ? (pass ? "passed" : "rejected") : `: ${res.reason}`}`;
  },
  async cancel() {
    const id = pick(await ids(sql`o.status = 'pendingPayment'`));
    if (!id) return null;
    const res = await bcall(B.cancelOrder, { id, reason: "Changed my mind" }, ticketOfOrder.get(id) as string);
    return `cancel ${id}: ${res.code === codes.OK ? "ok" : res.reason}`;
  },
  async revise() {
    const id = pick(await ids(sql`o.status = 'pendingPayment'`));
    if (!id) return null;
    const amount = 500 + Math.floor(rnd() * 5000);
    const res = await t.call(O.orderPriceRevision, { id, amount, reason: "Discount" }, { ticket: owner });
    return `revise ${id} to ${amount}: ${res.code === codes.OK ? "ok" : res.reason}`;
  },
  async remind() {
    const id = pick(await ids(sql`o.status in ('paid', 'partlyShipped') and o.remind_count = 0`));
    if (!id) return null;
    const res = await bcall(B.remindDelivery, { id }, ticketOfOrder.get(id) as string);
    return `remind ${id}: ${res.code === codes.OK ? "ok" : res.reason}`;
  },
  async ship() {
    const id = pick(await ids(sql`o.status = 'paid'`));
    if (!id) return null;
    const res = await t.call(O.orderDelivery, { id, expressCode: "SF", trackingNo: `SF${Math.floor(rnd() * 1e8)}` }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    return `ship ${id}`;
  },
  async refund() {
    const [line] = await rowsOf<{ order_id: string; line_id: string; amount: number | string }>(
      t.db,
      sql`select o.id as order_id, l.id as line_id, least(coalesce(l.revised_amount, l.amount), o.pay_amount - o.refunded_amount) as amount
          from order_info o join order_line l on l.order_id = o.id
          where o.bo_id = ${sellerBo} and o.status in ('paid', 'shipped', 'partlyShipped') and o.pay_amount > o.refunded_amount
            and not exists (select 1 from after_sale_apply a where a.line_id = l.id)
          order by l.id offset ${Math.floor(rnd() * 4)} limit 1`,
    );
    if (!line) return null;
    const ticket = ticketOfOrder.get(line.order_id) as string;
    const amount = Math.max(1, Math.floor(Number(line.amount) * rnd()));
    const a = await bcall(
      BA.apply,
      { orderId: line.order_id, lineId: line.line_id, type: "refundOnly", quantity: 1, amount, reasonCode: "quality" },
      ticket,
    );
    if (a.code !== codes.OK) return `refund ${line.order_id}: ${a.reason}`;
    expect((await t.call(A.approveApply, { id: a.data.id }, { ticket: owner })).code).toBe(codes.OK);
    const r = await t.call(A.refundApply, { id: a.data.id }, { ticket: owner });
    expect(r.code, r.msg).toBe(codes.OK);
    return `refund ${amount} of ${line.order_id}`;
  },
  async deleteClosed() {
    const id = pick(await ids(sql`o.status = 'cancelled' and o.seller_deleted_at is null`));
    if (!id) return null;
    const res = await t.call(O.deleteOrderById, { id }, { ticket: owner });
    return `delete ${id}: ${res.code === codes.OK ? "ok" : res.reason}`;
  },
  /** A paid order closed by hand (as a rejected offline payment once was): it leaves its day, its goods and its buyer. */
  async closePaid() {
    const id = pick(await ids(sql`o.status = 'paid'`));
    if (!id) return null;
    await t.db.execute(sql`update order_info set status = 'cancelled', cancelled_at = now(), cancelled_by = 'seller' where id = ${id}`);
    return `paid ${id} closed`;
  },
  /** A correction of a payment's or a refund's time (late data): the row moves back up to three days. */
  async backdate() {
    const hours = 1 + Math.floor(rnd() * 72);
    if (rnd() < 0.7) {
      const id = pick(await ids(sql`o.paid_at is not null`));
      if (!id) return null;
      await t.db.execute(sql`update order_info set paid_at = paid_at - make_interval(hours => ${hours}) where id = ${id}`);
      return `paid_at of ${id} − ${hours} h`;
    }
    const [f] = await rowsOf<{ id: string }>(t.db, sql`select id from order_refund where bo_id = ${sellerBo} order by id limit 1`);
    if (!f) return null;
    await t.db.execute(sql`update order_refund set created_at = created_at - make_interval(hours => ${hours}) where id = ${f.id}`);
    return `refund ${f.id} − ${hours} h`;
  },
};
const weighted: [keyof typeof steps, number][] = [
  ["checkout", 6],
  ["payOnline", 5],
  ["voucher", 2],
  ["reviewVoucher", 3],
  ["cancel", 1],
  ["revise", 1],
  ["remind", 2],
  ["ship", 2],
  ["refund", 3],
  ["deleteClosed", 1],
  ["backdate", 2],
  ["closePaid", 1],
];
function nextStep(): keyof typeof steps {
  const total = weighted.reduce((a, [, w]) => a + w, 0);
  let r = rnd() * total;
  for (const [name, w] of weighted) {
    r -= w;
    if (r < 0) return name;
  }
  return "checkout";
}

const int = (v: unknown) => Number(v ?? 0);
const day = (col: string, zone: string) => sql`to_char((${sql.raw(col)} at time zone ${zone})::date, 'YYYY-MM-DD')`;
const fee = sql.raw(`floor((greatest(o.pay_amount - o.freight_amount, 0) * ${SERVICE_FEE_BP} + 5000) / 10000.0)`);
const counted = sql`o.paid_at is not null and o.status <> 'cancelled'`;

/** Every rollup row of the seller and the buying organisation beside the raw tables summed directly. */
async function compareTables() {
  const zs = zones.get(sellerBo) as string;
  const zb = zones.get(purchaserBo) as string;
  const q = async (query: SQL) => (await rowsOf<Record<string, unknown>>(t.db, query)).map((r) => JSON.stringify(r));

  expect(
    await q(sql`select to_char(day, 'YYYY-MM-DD') as day, sum(orders)::int as orders, sum(sales)::int as sales, sum(fees)::int as fees,
                       sum(refunds)::int as refunds, sum(refund_count)::int as refund_count
                from order_day_rollup where bo_id = ${sellerBo} group by day
                having sum(orders) <> 0 or sum(sales) <> 0 or sum(fees) <> 0 or sum(refunds) <> 0 or sum(refund_count) <> 0 order by day`),
    "order_day_rollup",
  ).toEqual(
    await q(sql`select day, sum(orders)::int as orders, sum(sales)::int as sales, sum(fees)::int as fees, sum(refunds)::int as refunds,
                       sum(refund_count)::int as refund_count
                from (select ${day("o.paid_at", zs)} as day, 1 as orders, o.pay_amount as sales, ${fee} as fees, 0 as refunds, 0 as refund_count
                      from order_info o where o.bo_id = ${sellerBo} and ${counted}
                      union all
                      select ${day("f.created_at", zs)}, 0, 0, 0, f.amount, 1 from order_refund f where f.bo_id = ${sellerBo}) x
                group by day order by day`),
  );
  expect(
    await q(sql`select to_char(day, 'YYYY-MM-DD') as day, orders::int as orders, sales::int as sales, refunds::int as refunds,
                       refund_count::int as refund_count
                from buyer_day_rollup where bo_id = ${purchaserBo}
                  and (orders <> 0 or sales <> 0 or refunds <> 0 or refund_count <> 0) order by day`),
    "buyer_day_rollup",
  ).toEqual(
    await q(sql`select day, sum(orders)::int as orders, sum(sales)::int as sales, sum(refunds)::int as refunds,
                       sum(refund_count)::int as refund_count
                from (select ${day("o.paid_at", zb)} as day, 1 as orders, o.pay_amount as sales, 0 as refunds, 0 as refund_count
                      from order_info o where o.buyer_bo_id = ${purchaserBo} and ${counted}
                      union all
                      select ${day("f.created_at", zb)}, 0, 0, f.amount, 1
                      from order_refund f join order_info o on o.id = f.order_id where o.buyer_bo_id = ${purchaserBo}) x
                group by day order by day`),
  );
  expect(
    await q(sql`select to_char(day, 'YYYY-MM-DD') as day, goods_id, goods_name, lines::int as lines, quantity::int as quantity,
                       amount::int as amount
                from order_goods_day where bo_id = ${sellerBo} and (lines <> 0 or quantity <> 0 or amount <> 0)
                order by 1, 2, 3`),
    "order_goods_day",
  ).toEqual(
    await q(sql`select ${day("o.paid_at", zs)} as day, l.goods_id, l.goods_name, count(*)::int as lines, sum(l.quantity)::int as quantity,
                       sum(coalesce(l.revised_amount, l.amount))::int as amount
                from order_info o join order_line l on l.order_id = o.id where o.bo_id = ${sellerBo} and ${counted}
                group by 1, 2, 3 order by 1, 2, 3`),
  );
  expect(
    await q(sql`select to_char(week, 'YYYY-MM-DD') as week, goods_id, goods_name, lines::int as lines, quantity::int as quantity,
                       amount::int as amount
                from order_goods_week where bo_id = ${sellerBo} and (lines <> 0 or quantity <> 0 or amount <> 0)
                order by 1, 2, 3`),
    "order_goods_week",
  ).toEqual(
    await q(sql`select to_char(w, 'YYYY-MM-DD') as week, goods_id, goods_name, count(*)::int as lines, sum(quantity)::int as quantity,
                       sum(amount)::int as amount
                from (select d - (extract(isodow from d)::int - 1) as w, l.goods_id, l.goods_name, l.quantity,
                             coalesce(l.revised_amount, l.amount) as amount
                      from (select o.id, (o.paid_at at time zone ${zs})::date as d from order_info o
                            where o.bo_id = ${sellerBo} and ${counted}) o
                      join order_line l on l.order_id = o.id) x
                group by 1, 2, 3 order by 1, 2, 3`),
  );
  expect(
    await q(sql`select buyer_member_id, to_char(day, 'YYYY-MM-DD') as day, orders::int as orders
                from order_buyer_day where bo_id = ${sellerBo} and orders <> 0 order by 1, 2`),
    "order_buyer_day",
  ).toEqual(
    await q(sql`select o.buyer_member_id, ${day("o.paid_at", zs)} as day, count(*)::int as orders
                from order_info o where o.bo_id = ${sellerBo} and ${counted} group by 1, 2 order by 1, 2`),
  );
  expect(
    await q(sql`select buyer_member_id, to_char(last_day, 'YYYY-MM-DD') as last_day
                from order_buyer_last where bo_id = ${sellerBo} and last_day is not null order by 1`),
    "order_buyer_last",
  ).toEqual(
    await q(sql`select o.buyer_member_id, max(${day("o.paid_at", zs)}) as last_day
                from order_info o where o.bo_id = ${sellerBo} and ${counted} group by 1 order by 1`),
  );
  const [todo] = await rowsOf<{ voucher: unknown; reminded: unknown }>(
    t.db,
    sql`select (select coalesce(sum(n), 0) from order_todo_count where bo_id = ${sellerBo} and kind = 'voucher')::int as voucher,
               (select coalesce(sum(n), 0) from order_todo_count where bo_id = ${sellerBo} and kind = 'reminded')::int as reminded`,
  );
  const [raw] = await rowsOf<{ voucher: unknown; reminded: unknown }>(
    t.db,
    sql`select count(*) filter (where exists (select 1 from order_payment p where p.order_id = o.id and p.method = 'offline'
                                              and p.status = 'reviewing'))::int as voucher,
               count(*) filter (where o.status in ('paid', 'partlyShipped') and o.remind_count > 0)::int as reminded
        from order_info o where o.bo_id = ${sellerBo} and o.seller_deleted_at is null`,
  );
  expect({ voucher: int(todo?.voucher), reminded: int(todo?.reminded) }, "order_todo_count").toEqual({
    voucher: int(raw?.voucher),
    reminded: int(raw?.reminded),
  });
}

/** The statement's figures over [from, to] summed straight from orders and refunds (the statement's former queries). */
async function rawFigures(side: "seller" | "buyer", bo: string, from: string, to: string) {
  const zone = zones.get(bo) as string;
  const start = startOfDay(from, zone);
  const end = startOfDay(addDays(to, 1), zone);
  const scope = side === "seller" ? sql`o.bo_id = ${bo}` : sql`o.buyer_bo_id = ${bo}`;
  const refunds =
    side === "seller"
      ? sql`order_refund f where f.bo_id = ${bo} and f.created_at >= ${start} and f.created_at < ${end}`
      : sql`order_refund f join order_info o on o.id = f.order_id where o.buyer_bo_id = ${bo} and f.created_at >= ${start} and f.created_at < ${end}`;
  const paid = sql`${scope} and o.paid_at >= ${start} and o.paid_at < ${end} and ${counted}`;
  const days = await rowsOf<Record<string, unknown>>(
    t.db,
    sql`with s as (select ${day("o.paid_at", zone)} as day, count(*)::int as orders, sum(o.pay_amount)::int as sales,
                          ${side === "seller" ? sql`sum(${fee})::int` : sql`0`} as fees
                   from order_info o where ${paid} group by 1),
             r as (select ${day("f.created_at", zone)} as day, sum(f.amount)::int as refunds from ${refunds} group by 1)
        select coalesce(s.day, r.day) as day, coalesce(s.orders, 0) as orders, coalesce(s.sales, 0) as sales,
               coalesce(r.refunds, 0) as refunds, coalesce(s.fees, 0) as fees
        from s full join r on r.day = s.day order by 1 desc`,
  );
  const figures = (d: Record<string, unknown>) => {
    const f = { orders: int(d.orders), salesAmount: int(d.sales), refundAmount: int(d.refunds), feeAmount: int(d.fees) };
    return { ...f, netAmount: f.salesAmount - f.refundAmount - f.feeAmount };
  };
  const sum = (k: string) => days.reduce((a, d) => a + int(d[k]), 0);
  return {
    totals: figures({ orders: sum("orders"), sales: sum("sales"), refunds: sum("refunds"), fees: sum("fees") }),
    days: days.map((d) => ({ day: d.day, ...figures(d) })),
  };
}

/** Every report call beside the raw aggregation. */
async function compareCalls() {
  const zs = zones.get(sellerBo) as string;
  const today = todayIn(zs);
  const range = { from: addDays(today, -9), to: addDays(today, 1) };
  for (const [side, bo, ticket] of [
    ["seller", sellerBo, owner],
    ["buyer", purchaserBo, purchaser],
  ] as const) {
    const r = { from: addDays(todayIn(zones.get(bo) as string), -9), to: addDays(todayIn(zones.get(bo) as string), 1) };
    const want = await rawFigures(side, bo, r.from, r.to);
    const totals = await t.call(side === "seller" ? S.selSellerNumByPC : S.selBuyerNumByPC, r, { ticket });
    expect(totals.code, totals.msg).toBe(codes.OK);
    expect(totals.data, `${side} totals`).toEqual(want.totals);
    const days = await t.call(side === "seller" ? S.selSellerDateNumByPC : S.selBuyerDateNumByPC, { ...r, pageSize: 100 }, { ticket });
    expect(days.data.list, `${side} days`).toEqual(want.days);
    expect(days.data.total).toBe(want.days.length);
  }
  // The statement's orders of the range: a page of the orders paid, newest first, the count the rollup's orders.
  const orders = await t.call(S.selSellerStatementByPC, { ...range, pageSize: 100 }, { ticket: owner });
  expect(orders.data.total).toBe((await rawFigures("seller", sellerBo, range.from, range.to)).totals.orders);

  // The dashboard: periods, trend and top goods.
  const dash = await t.call(contract.dashboard.selCountTradingDataView, {}, { ticket: owner });
  expect(dash.code, dash.msg).toBe(codes.OK);
  const first = addDays(today, -(DASHBOARD_SERIES_DAYS - 1));
  const period = {
    today: [today, today],
    yesterday: [addDays(today, -1), addDays(today, -1)],
    last7: [addDays(today, -6), today],
    last30: [first, today],
  };
  for (const [name, [from, to]] of Object.entries(period) as [keyof typeof period, string[]][]) {
    const f = await rawFigures("seller", sellerBo, from as string, to as string);
    const [b] = await rowsOf<{ buyers: unknown; refunds: unknown }>(
      t.db,
      sql`select (select count(distinct o.buyer_member_id) from order_info o
                  where o.bo_id = ${sellerBo} and ${counted} and o.paid_at >= ${startOfDay(from as string, zs)}
                    and o.paid_at < ${startOfDay(addDays(to as string, 1), zs)})::int as buyers,
                 (select count(*) from order_refund f where f.bo_id = ${sellerBo} and f.created_at >= ${startOfDay(from as string, zs)}
                    and f.created_at < ${startOfDay(addDays(to as string, 1), zs)})::int as refunds`,
    );
    expect(dash.data.periods[name], `dashboard ${name}`).toEqual({
      paidOrders: f.totals.orders,
      salesAmount: f.totals.salesAmount,
      buyers: int(b?.buyers),
      averageOrderAmount: f.totals.orders === 0 ? 0 : Math.round(f.totals.salesAmount / f.totals.orders),
      refundAmount: f.totals.refundAmount,
      refunds: int(b?.refunds),
    });
  }
  const month = await rawFigures("seller", sellerBo, first, today);
  const byDay = new Map(month.days.map((d) => [d.day, d]));
  expect(dash.data.trend, "dashboard trend").toEqual(
    Array.from({ length: DASHBOARD_SERIES_DAYS }, (_, i) => {
      const d = addDays(first, i);
      const f = byDay.get(d);
      return { day: d, paidOrders: f?.orders ?? 0, salesAmount: f?.salesAmount ?? 0, refundAmount: f?.refundAmount ?? 0 };
    }),
  );
  const top = await rowsOf<{ goods_id: string; name: string; quantity: unknown; amount: unknown }>(
    t.db,
    sql`select l.goods_id, max(l.goods_name) as name, sum(l.quantity)::int as quantity, sum(coalesce(l.revised_amount, l.amount))::int as amount
        from order_info o join order_line l on l.order_id = o.id
        where o.bo_id = ${sellerBo} and ${counted} and o.paid_at >= ${startOfDay(first, zs)} and o.paid_at < ${startOfDay(addDays(today, 1), zs)}
        group by l.goods_id order by amount desc, l.goods_id limit ${DASHBOARD_TOP_GOODS}`,
  );
  expect(dash.data.topGoods, "dashboard top goods").toEqual(
    top.map((g) => ({ goodsId: g.goods_id, name: g.name, quantity: int(g.quantity), salesAmount: int(g.amount) })),
  );

  // Finance: the whole history.
  const [money] = await rowsOf<{ income: unknown; fees: unknown; refunds: unknown }>(
    t.db,
    sql`select (select coalesce(sum(o.pay_amount), 0) from order_info o where o.bo_id = ${sellerBo} and ${counted})::int as income,
               (select coalesce(sum(${fee}), 0) from order_info o where o.bo_id = ${sellerBo} and ${counted})::int as fees,
               (select coalesce(sum(f.amount), 0) from order_refund f where f.bo_id = ${sellerBo})::int as refunds`,
  );
  const account = await t.call(contract.finance.queryAccountAmount, {}, { ticket: owner });
  expect(account.code, account.msg).toBe(codes.OK);
  expect(account.data, "finance figures").toMatchObject({
    income: int(money?.income),
    fees: int(money?.fees),
    refunds: int(money?.refunds),
    balance: int(money?.income) - int(money?.fees) - int(money?.refunds),
  });

  // The home page's to-dos: the order list's own counts of the same orders.
  const todo = await t.call(contract.orderDesk.selSellerTodo, {}, { ticket: owner });
  expect(todo.code, todo.msg).toBe(codes.OK);
  const count = async (where: SQL) =>
    int(
      (
        await rowsOf<{ n: unknown }>(
          t.db,
          sql`select count(*)::int as n from order_info o where o.bo_id = ${sellerBo} and o.seller_deleted_at is null and ${where}`,
        )
      )[0]?.n,
    );
  expect(todo.data, "to-dos").toEqual({
    toShip: Math.min(COUNT_CAP, await count(sql`o.status in ('paid', 'partlyShipped')`)),
    vouchers: Math.min(
      COUNT_CAP,
      await count(sql`exists (select 1 from order_payment p where p.order_id = o.id and p.method = 'offline' and p.status = 'reviewing')`),
    ),
    reminders: Math.min(COUNT_CAP, await count(sql`o.status in ('paid', 'partlyShipped') and o.remind_count > 0`)),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const scene = await orderScene(t, "13900000811", "Wang Fang");
  ({ owner } = scene);
  sellerBo = scene.boId;
  zones.set(sellerBo, "Asia/Shanghai");
  for (const [i, name] of ["Rollup apples", "Rollup pears", "Rollup plums", "Rollup figs"].entries())
    skus.push(await onShelfSku(t, owner, scene.image, name, 1000 + i * 350, 10_000));
  buyers.push({ ticket: scene.buyer, addressId: scene.addressId });
  const second = await buyerLogin(t, "13900000812");
  buyers.push({ ticket: second, addressId: await buyerAddress(t, second, "13900000812", "Zhao Lei") });
  // An organisation whose owner buys for it (its own purchases: the buyer statement).
  const org = await createSeller(t, { phone: "13900000813" });
  purchaserBo = org.boId;
  purchaser = await t.login(org.loginName, org.password);
  zones.set(purchaserBo, "Asia/Shanghai");
  const own = await buyerLogin(t, "13900000813");
  buyers.push({ ticket: own, addressId: await buyerAddress(t, own, "13900000813", "Org buyer"), forBo: purchaserBo });
}, 180_000);
afterAll(() => t.close());

describe("the reports' rollups", () => {
  it(`when a random sequence of orders, payments, refunds, cancels and time-zone changes runs (seed ${seed}), then every rollup equals the raw aggregation`, async () => {
    const done: string[] = [];
    const run = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const name = nextStep();
        const what = await steps[name]?.();
        if (what) done.push(what);
      }
    };
    await run(45);
    await compareTables();
    // The shop moves far east (its days start up to 20 hours earlier than in Shanghai's), the buyer far west.
    await setZone(owner, sellerBo, "Pacific/Kiritimati");
    await setZone(purchaser, purchaserBo, "America/Los_Angeles");
    done.push("time zones: shop Pacific/Kiritimati, buyer America/Los_Angeles");
    await compareTables();
    await run(35);
    await setZone(owner, sellerBo, "Europe/Berlin");
    done.push("time zone: shop Europe/Berlin");
    await run(20);
    expect(done.filter((d) => d.startsWith("pay ") || d.includes("passed")).length, done.join("\n")).toBeGreaterThan(5);
    expect(done.filter((d) => d.startsWith("refund ") && !d.includes(":")).length, done.join("\n")).toBeGreaterThan(0);
    await compareTables();
    await compareCalls();
    if (process.env.ROLLUP_LOG) console.log(done.join("\n"));
  }, 300_000);

  it("when the rollups are rebuilt from the raw tables, then they hold the same figures and the reports answer the same", async () => {
    const before = await rowsOf<Record<string, unknown>>(
      t.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(orders)::int as orders, sum(sales)::int as sales, sum(fees)::int as fees,
                 sum(refunds)::int as refunds from order_day_rollup where bo_id = ${sellerBo} group by day
          having sum(orders) <> 0 or sum(refund_count) <> 0 order by day`,
    );
    expect(before.length).toBeGreaterThan(0);
    // Spoil a rollup row, as a lost write or a manual repair would: the rebuild puts it right.
    await t.db.execute(sql`update order_day_rollup set sales = sales + 12345 where bo_id = ${sellerBo}`);
    const rebuilt = await rebuildRollups(t.db, { boIds: [sellerBo, purchaserBo] });
    expect(rebuilt.organisations).toBe(2);
    expect(
      await rowsOf<Record<string, unknown>>(
        t.db,
        sql`select to_char(day, 'YYYY-MM-DD') as day, sum(orders)::int as orders, sum(sales)::int as sales, sum(fees)::int as fees,
                   sum(refunds)::int as refunds from order_day_rollup where bo_id = ${sellerBo} group by day
            having sum(orders) <> 0 or sum(refund_count) <> 0 order by day`,
      ),
    ).toEqual(before);
    await compareTables();
    await compareCalls();
  }, 120_000);

  it("the top goods' parts (whole weeks, less or plus the days outside or inside the range) add up to exactly the range", () => {
    for (let start = 0; start < 14; start++)
      for (const length of [1, 7, 13, 14, 20, 30, 31, 45]) {
        const from = addDays("2026-11-02", start);
        const to = addDays(from, length - 1);
        const covered = new Map<string, number>();
        for (const p of goodsParts(from, to)) {
          expect(p.table === "day" || mondayOf(p.from) === p.from).toBe(true);
          for (let d = p.from; d <= p.to; d = addDays(d, p.table === "day" ? 1 : 7))
            for (let k = 0; k < (p.table === "day" ? 1 : 7); k++) {
              const day = addDays(d, k);
              covered.set(day, (covered.get(day) ?? 0) + p.sign);
            }
        }
        const inside = [...covered].filter(([, n]) => n !== 0);
        expect(inside.map(([d]) => d).sort(), `${from}…${to}`).toEqual(Array.from({ length }, (_, i) => addDays(from, i)));
        expect(inside.every(([, n]) => n === 1)).toBe(true);
        const days = goodsParts(from, to)
          .filter((p) => p.table === "day")
          .reduce((a, p) => a + daysBetween(p.from, p.to), 0);
        if (length >= 14) expect(days, `${from}…${to}`).toBeLessThanOrEqual(6);
      }
  });

  it("the database's service fee is the contract's SERVICE_FEE_BP, half up to a cent", async () => {
    const cases = [
      [0, 0],
      [1, 0],
      [8333, 0],
      [8334, 0],
      [100_000, 500],
      [99_999_999, 123],
      [500, 800],
    ];
    for (const [pay, freight] of cases) {
      const [row] = await rowsOf<{ fee: unknown }>(t.db, sql`select sbo_service_fee(${pay}::bigint, ${freight}::bigint)::bigint as fee`);
      expect(int(row?.fee), `${pay} − ${freight}`).toBe(
        Math.floor((Math.max(0, (pay as number) - (freight as number)) * SERVICE_FEE_BP + 5000) / 10000),
      );
    }
  });
});
