import { codes, contract, SERVICE_FEE_BP } from "@sbo/contract";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLogin } from "../../../test/buyer-kit";
import { createSeller, createStaff } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/harness";
import { buyerCaller, onShelfSku, orderScene, placeOrder } from "../../../test/order-kit";
import { orderInfo, orderPayment, orderTimeline } from "../orders.tables";

/*
 * The order desk (docs/domains/orders.md "Desk: reads, statistics, export"): the sale, keyset and filtered lists,
 * lines of several orders, the organisation's own purchases, statistics, times, service fee, coupons and revisions,
 * both-sides delete, the export and the home page's to-dos; tenancy, functions, bad input and wrong states.
 */

const D = contract.orderDesk;
const O = contract.orders;
const B = contract.buyer;
let t: TestApp;
/** A fresh seller of its own, so counts are exact. */
let owner: string;
let boId: string;
let other: string;
let buyer: string;
let addressId: string;
let skuId: string;
const ids: string[] = [];

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

const setOrder = (id: string, patch: Partial<typeof orderInfo.$inferInsert>) =>
  t.db.update(orderInfo).set(patch).where(eq(orderInfo.id, id));

beforeAll(async () => {
  t = await createTestApp();
  const scene = await orderScene(t, "13900000201", "Han Mei");
  ({ boId, owner, other, buyer, addressId } = scene);
  skuId = await onShelfSku(t, owner, scene.image, "Desk plums", 1234, 500);
  for (let i = 0; i < 6; i++) ids.push((await placeOrder(t, buyer, { addressId, items: [{ skuId, quantity: 1 }] })).id);
  // 0 pending, 1 paid (reminded), 2 partly shipped, 3 shipped, 4 completed, 5 cancelled
  await setOrder(ids[1] as string, { status: "paid", paidAt: new Date(), payMethod: "online", remindCount: 1, remindedAt: new Date() });
  await setOrder(ids[2] as string, { status: "partlyShipped", paidAt: new Date(), payMethod: "offline", flagColor: "red" });
  await setOrder(ids[3] as string, { status: "shipped", paidAt: new Date(), shippedAt: new Date(), payMethod: "online" });
  await setOrder(ids[4] as string, { status: "completed", paidAt: new Date(), payMethod: "online" });
  await setOrder(ids[5] as string, { status: "cancelled", cancelledAt: new Date() });
}, 90_000);
afterAll(() => t.close());

describe("the desk's lists", () => {
  it("when the sale list is read, then only paid orders and later come, newest first, with a total", async () => {
    const res = await t.call(D.selSaleOrderListByPage, {}, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.total).toBe(4);
    expect(res.data.list.map((o) => o.id)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    expect(res.data.list[0]?.buyerPhone).toBe("139****0201");
    expect((await t.call(D.selSaleOrderListByPage, {}, { ticket: other })).data.list.map((o) => o.id)).not.toContain(ids[1]);
  });

  it("when every order is paged by keyset, then the cursor walks all of them once and ends with null", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await t.call(D.selAllOrderListByPageV3, { pageSize: 4, ...(cursor ? { cursor } : {}) }, { ticket: owner });
      expect(res.code, res.msg).toBe(codes.OK);
      seen.push(...res.data.list.map((o) => o.id));
      if (!res.data.nextCursor) break;
      cursor = res.data.nextCursor;
    }
    expect(seen).toEqual([...ids].reverse());
    const only = await t.call(D.selAllOrderListByPageV3, { statuses: ["cancelled", "shipped"] }, { ticket: owner });
    expect(only.data.list.map((o) => o.id).sort()).toEqual([ids[3], ids[5]].sort());
    expect((await t.call(D.selAllOrderListByPageV3, { cursor: "nope" }, { ticket: owner })).status).toBe(400);
  });

  it("when the list is filtered by pay method or flag, then the days placed are needed and bounded", async () => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const offline = await t.call(D.selFilterOrderListByPage, { payMethod: "offline", from, to }, { ticket: owner });
    expect(offline.data.list.map((o) => o.id)).toEqual([ids[2]]);
    const red = await t.call(D.selFilterOrderListByPage, { flagColor: "red", from, to, statuses: ["partlyShipped"] }, { ticket: owner });
    expect(red.data.total).toBe(1);
    const online = await t.call(
      D.selFilterOrderListByPage,
      { payMethod: "online", from, to, statuses: ["paid", "shipped"] },
      { ticket: owner },
    );
    expect(online.data.list.map((o) => o.id)).toEqual([ids[3], ids[1]]);
    const noWindow = await t.call(D.selFilterOrderListByPage, { payMethod: "offline" }, { ticket: owner });
    expect(noWindow.status).toBe(400);
    expect(noWindow.msg).toContain("payMethod");
    const tooLong = await t.call(
      D.selFilterOrderListByPage,
      { flagColor: "red", from: "2026-01-01T00:00:00Z", to: "2026-06-01T00:00:00Z" },
      { ticket: owner },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.msg).toContain("to");
    expect((await t.call(D.selFilterOrderListByPage, { flagColor: "pink" as never }, { ticket: owner })).msg).toContain("flagColor");
  });

  it("when the lines of several orders are asked, then each of the seller's orders comes with its lines; another seller's are absent", async () => {
    const res = await t.call(D.selOrderGoodsListByParam, { orderIds: [ids[0] as string, ids[1] as string] }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.map((o) => o.orderId)).toEqual([ids[0], ids[1]]);
    expect(res.data[0]?.lines[0]).toMatchObject({ goodsName: "Desk plums", quantity: 1, unitPrice: 1234 });
    expect((await t.call(D.selOrderGoodsListByParam, { orderIds: [ids[0] as string] }, { ticket: other })).data).toEqual([]);
    const bad = await t.call(D.selOrderGoodsListByParam, { orderIds: [] }, { ticket: owner });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("orderIds");
  });
});

describe("statistics and an order's figures", () => {
  it("when today's statistics are read, then they count this seller's orders of today and the last 7 days", async () => {
    const res = await t.call(D.statisticalOrder, {}, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.today).toEqual({ orders: 6, paidOrders: 4, paidAmount: 4 * 1234, cancelled: 1 });
    expect(res.data.last7Days.orders).toBe(6);
    expect(res.data.yesterday.orders).toBe(0);
    expect(res.data.timeZone).toBe("Asia/Shanghai");
  });

  it("when a daily series is asked, then every day of the window comes, bounded to 62 days", async () => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() + 8 * 3_600_000 - 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.call(D.statisticalDuringOrder, { fromDay: weekAgo, toDay: today }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.days).toHaveLength(7);
    expect(res.data.days[6]).toMatchObject({ day: today, orders: 6, paidOrders: 4 });
    expect(res.data.days[0]?.orders).toBe(0);
    const long = await t.call(D.statisticalDuringOrder, { fromDay: "2026-01-01", toDay: "2026-06-01" }, { ticket: owner });
    expect(long.status).toBe(400);
    expect(long.msg).toContain("toDay");
    expect((await t.call(D.statisticalDuringOrder, { fromDay: "2026-13-01", toDay: today }, { ticket: owner })).msg).toContain("fromDay");
  });

  it("when buyers are counted over a window, then distinct and repeat buyers come; a window over 92 days is refused", async () => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const res = await t.call(D.selCountBuyerBoIdByOrder, { from, to }, { ticket: owner });
    expect(res.data).toEqual({ buyers: 1, repeatBuyers: 1, orders: 6 });
    const bad = await t.call(D.selCountBuyerBoIdByOrder, { from: "2025-01-01T00:00:00Z", to }, { ticket: owner });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("to");
  });

  it("when an order's times, fee and adjustments are read, then they follow the shop's settings, the fee rule and the timeline", async () => {
    const time = await t.call(D.selOrderTime, { id: ids[0] as string }, { ticket: owner });
    expect(time.code, time.msg).toBe(codes.OK);
    expect(time.data.payBy).not.toBeNull();
    expect(Date.parse(time.data.payBy as string) - Date.parse(time.data.createdAt)).toBe(time.data.autoCloseMinutes * 60_000);
    expect(time.data.autoReceiveAt).toBeNull();
    expect((await t.call(D.selOrderTime, { id: ids[3] as string }, { ticket: owner })).data.autoReceiveAt).not.toBeNull();

    const fee = await t.call(D.fetchServiceUnitFee, { id: ids[0] as string }, { ticket: owner });
    expect(fee.data.rateBp).toBe(SERVICE_FEE_BP);
    expect(fee.data.fee).toBe(Math.floor((fee.data.base * SERVICE_FEE_BP + 5000) / 10000));
    expect(fee.data.base).toBe(fee.data.payAmount - fee.data.freightAmount);

    const revised = await t.call(O.orderPriceRevision, { id: ids[0] as string, amount: 1000, reason: "loyal buyer" }, { ticket: owner });
    expect(revised.code, revised.msg).toBe(codes.OK);
    const coupons = await t.call(D.selCouponRecordByOrderId, { id: ids[0] as string }, { ticket: owner });
    expect(coupons.data.discountAmount).toBe(0);
    expect(coupons.data.records).toEqual([
      expect.objectContaining({ kind: "revision", amount: 1000 - fee.data.payAmount, reason: "loyal buyer" }),
    ]);
    expect(coupons.data.reviseAmount).toBe(1000 - fee.data.payAmount);

    for (const c of [D.selOrderTime, D.fetchServiceUnitFee, D.selCouponRecordByOrderId])
      expect((await t.post(c.path, { id: ids[0] }, { ticket: other })).code, c.path).toBe(codes.NOT_FOUND);
    expect((await t.post(D.fetchServiceUnitFee.path, {}, { ticket: owner })).msg).toContain("id");
  });
});

describe("deleting for both sides", () => {
  it("when a closed order is deleted for both sides, then neither list has it; an open one answers 000409, another seller's 000004", async () => {
    expect((await t.call(D.deleteSellerAndBuyOrderById, { id: ids[0] as string }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(D.deleteSellerAndBuyOrderById, { id: ids[5] as string }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const viewer = await createStaff(t, boId, ["goods.manage"]);
    expect((await t.call(D.deleteSellerAndBuyOrderById, { id: ids[5] as string }, { ticket: viewer })).status).toBe(403);
    const res = await t.call(D.deleteSellerAndBuyOrderById, { id: ids[5] as string }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    const [row] = await t.db
      .select()
      .from(orderInfo)
      .where(eq(orderInfo.id, ids[5] as string));
    expect(row?.sellerDeletedAt).not.toBeNull();
    expect(row?.buyerDeletedAt).not.toBeNull();
    expect((await bcall(B.selOrderDetail, { id: ids[5] as string })).code).toBe(codes.NOT_FOUND);
    const timeline = await t.db
      .select()
      .from(orderTimeline)
      .where(eq(orderTimeline.orderId, ids[5] as string));
    expect(timeline.some((e) => e.event === "deleted")).toBe(true);
    expect((await t.call(D.deleteSellerAndBuyOrderById, { id: ids[5] as string }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
  });
});

describe("the export and the to-dos", () => {
  async function exportSheet(input: Record<string, unknown>, lang: string, ticket = owner) {
    const res = await t.post(D.exportOrder.path, input, { ticket, headers: { "accept-language": lang } });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows = sheet.getRows(2, Math.max(sheet.rowCount - 1, 0)) ?? [];
    return { res, sheet, headers, rows };
  }

  it("when the to-ship tab is exported in Chinese, then its orders come with Chinese words, yuan and real dates in the shop's zone", async () => {
    const placed = new Date("2026-03-01T16:30:00Z"); // 00:30 on 2 March in Shanghai
    await setOrder(ids[1] as string, { createdAt: placed });
    const { res, sheet, headers, rows } = await exportSheet({ tab: "toShip" }, "zh-CN,zh;q=0.9");
    expect(decodeURIComponent(String(res.headers["content-disposition"]))).toMatch(/订单-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(sheet.name).toBe("订单");
    expect(headers.slice(0, 3)).toEqual(["订单编号", "订单状态", "买家"]);
    expect(rows).toHaveLength(2);
    const cell = (r: number, h: string) => rows[r]?.getCell(headers.indexOf(h) + 1);
    expect(cell(0, "订单状态")?.value).toBe("部分发货");
    expect(cell(0, "支付方式")?.value).toBe("线下转账");
    expect(cell(0, "标记")?.value).toBe("红");
    expect(cell(1, "实付金额（元）")?.value).toBe(12.34);
    expect(cell(1, "实付金额（元）")?.numFmt).toBe("0.00");
    expect((cell(1, "下单时间")?.value as Date | undefined)?.toISOString()).toBe("2026-03-02T00:30:00.000Z");
    // The owner holds order.manage.phone: full phones (warehouse.test.ts: a member without it gets them masked).
    expect(cell(1, "买家手机")?.value).toBe("13900000201");
  });

  it("when exported in English with a keyword nothing matches, then the headers are English and no rows come; others' rows never", async () => {
    const { headers, rows } = await exportSheet({ keyword: "no such goods" }, "en");
    expect(headers.slice(0, 3)).toEqual(["Order number", "Status", "Buyer"]);
    expect(rows).toHaveLength(0);
    const theirs = await exportSheet({ keyword: "Desk plums" }, "en", other);
    expect(theirs.rows).toHaveLength(0);
    expect((await t.post(D.exportOrder.path, { tab: "nope" }, { ticket: owner })).status).toBe(400);
    const nobody = await createStaff(t, boId, ["goods.manage"]);
    expect((await t.post(D.exportOrder.path, {}, { ticket: nobody })).status).toBe(403);
  });

  it("when the to-dos are read, then they match the list's to-ship tab, the vouchers in review and the reminded orders", async () => {
    await t.db.insert(orderPayment).values({
      orderId: ids[0] as string,
      boId,
      buyerMemberId: (
        await t.db
          .select()
          .from(orderInfo)
          .where(eq(orderInfo.id, ids[0] as string))
      )[0]?.buyerMemberId as string,
      method: "offline",
      provider: "offline",
      amount: 1000,
      status: "reviewing",
    });
    const todo = await t.call(D.selSellerTodo, {}, { ticket: owner });
    expect(todo.code, todo.msg).toBe(codes.OK);
    const counts = await t.call(O.selectOrderCount, {}, { ticket: owner });
    expect(todo.data.toShip).toBe(counts.data.toShip);
    expect(todo.data).toEqual({ toShip: 2, vouchers: 1, reminders: 1 });
    const reminded = await t.call(O.selOrderListByPage, { tab: "toShip", need: "reminded" }, { ticket: owner });
    expect(reminded.data.list.map((o) => o.id)).toEqual([ids[1]]);
    expect((await t.call(O.selectOrderCount, { need: "reminded" }, { ticket: owner })).data.toShip).toBe(1);
    const vouchers = await t.call(O.selOrderListByPage, { need: "voucher" }, { ticket: owner });
    expect(vouchers.data.list.map((o) => o.id)).toEqual([ids[0]]);
    expect((await t.call(O.selOrderListByPage, { need: "nope" as never }, { ticket: owner })).msg).toContain("need");
    const nobody = await createStaff(t, boId, ["goods.manage"]);
    expect((await t.call(D.selSellerTodo, {}, { ticket: nobody })).status).toBe(403);
  });
});

// Last: its purchase is an order of this seller too (it would change the counts above).
describe("the organisation's own purchases", () => {
  it("when a member of the seller buys elsewhere for the organisation, then the seller reads that order, reminds once an hour; others cannot", async () => {
    const s = await createSeller(t, { phone: "13900000277" });
    const purchaser = await t.login(s.loginName, s.password);
    // The owner's phone logs in to the buyer API: the same member account, which may buy for its organisation.
    const ticket = await buyerLogin(t, "13900000277");
    const a = await bcall(B.addAddress, { name: "Own", phone: "13900000277", areaCode: "330106", detail: "3 Rd", isDefault: true }, ticket);
    const res = await bcall(B.submitOrder, { addressId: a.data.id, items: [{ skuId, quantity: 1 }], buyerBoId: s.boId }, ticket);
    expect(res.code, res.msg).toBe(codes.OK);
    const id = res.data.orders[0]?.id as string;
    const detail = await t.call(D.selBuyerOrderDetailById, { id }, { ticket: purchaser });
    expect(detail.code, detail.msg).toBe(codes.OK);
    expect(detail.data.lines[0]?.goodsName).toBe("Desk plums");
    // The selling shop's own order is not its purchase; another seller's neither.
    expect((await t.call(D.selBuyerOrderDetailById, { id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(D.selBuyerOrderDetailById, { id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    // Unpaid: nothing to remind of.
    expect((await t.call(D.remindDelivery, { id }, { ticket: purchaser })).code).toBe(codes.STATE_FORBIDS);
    await setOrder(id, { status: "paid", paidAt: new Date() });
    expect((await t.call(D.remindDelivery, { id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(D.remindDelivery, { id }, { ticket: purchaser })).code).toBe(codes.OK);
    expect((await t.call(D.remindDelivery, { id }, { ticket: purchaser })).code).toBe(codes.CONFLICT);
    const [row] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, id));
    expect(row?.remindCount).toBe(1);
    const nobody = await createStaff(t, s.boId, ["goods.manage"]);
    expect((await t.call(D.remindDelivery, { id }, { ticket: nobody })).status).toBe(403);
  });
});
