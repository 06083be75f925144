import { codes, contract } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLogin as buyerLoginAs, buyerPost } from "../../test/buyer-kit";
import { createSeller, createStaff, rewindSms } from "../../test/fixtures";
import { freshGoodsInTwoBatches, publish, simpleGoods, uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { buyerCaller, orderScene, placeOrder } from "../../test/order-kit";
import { goodsSku } from "../goods/goods.tables";
import { orderInfo, orderTimeline } from "./orders.tables";
import { signSandbox } from "./payment/payment.port";

/*
 * Orders: the buyer API (SMS login, addresses, cart, preview, submit with FEFO stock, sandbox payment, cancel, remind,
 * confirm) and the seller calls; the state machine's refusals, tenancy, functions, idempotency and races.
 */

const O = contract.orders;
const B = contract.buyer;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let image: string;
let buyer: string;
let addressId: string;

/** A buyer-API call with the buyer cookie (and optional headers). */
const bp = <T = unknown>(path: string, body: Record<string, unknown>, o: { ticket?: string; headers?: Record<string, string> } = {}) =>
  buyerPost<T>(t, path, body, o);
const bcall = buyerCaller(() => ({ t, ticket: buyer }));

const buyerLogin = (phone: string) => buyerLoginAs(t, phone);

async function onShelf(name: string, stock: number, price = 1000): Promise<string> {
  const goodsId = await publish(t, owner, simpleGoods(image, name, { skus: [{ specValues: [], price, stock }] }), true);
  const [sku] = await t.db.select().from(goodsSku).where(eq(goodsSku.goodsId, goodsId));
  if (!sku) throw new Error("no sku");
  return sku.id;
}
const stockOf = async (skuId: string) => (await t.db.select({ s: goodsSku.stock }).from(goodsSku).where(eq(goodsSku.id, skuId)))[0]?.s;

/** An order of one SKU as the file's buyer: its id. */
const placeOne = async (skuId: string, quantity = 1) => (await placeOrder(t, buyer, { addressId, items: [{ skuId, quantity }] })).id;
/** Arranges a status directly where the flow to it is not what is tested. */
const setStatus = (id: string, status: string) => t.db.update(orderInfo).set({ status }).where(eq(orderInfo.id, id));
const events = async (id: string) =>
  (await t.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, id)).orderBy(orderTimeline.at, orderTimeline.id)).map(
    (e) => e.event,
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ boId, owner, other, image, buyer, addressId } = await orderScene(t, "13900000001", "Li Lei"));
}, 60_000);
afterAll(() => t.close());

describe("the buyer API", () => {
  it("when a new phone logs in by SMS code, then an account is made and the buyer calls open; without a ticket they refuse", async () => {
    const res = await bp(B.selAddressList.path, {});
    expect(res.code).toBe(codes.NOT_LOGGED_IN);
    const list = await bcall(B.selAddressList, {});
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ isDefault: true, areaName: expect.stringContaining("杭州市") });
    // The seller's ticket opens no buyer call, and the buyer's none of the seller's.
    expect((await bp(B.selAddressList.path, {}, { ticket: owner })).code).toBe(codes.TICKET_INVALID);
    expect((await t.call(O.selectOrderCount, {}, { ticket: buyer })).code).toBe(codes.TICKET_INVALID);
  });

  it("when a buyer call comes without a buyer ticket, or with a bad or unknown one, then it is refused like a seller call", async () => {
    const calls = Object.values(B).filter((c) => c.access === "buyer");
    for (const c of calls) {
      expect((await bp(c.path, {})).code, c.path).toBe(codes.NOT_LOGGED_IN);
      expect((await bp(c.path, {}, { ticket: "abc" })).code, c.path).toBe(codes.TICKET_INVALID);
      expect((await bp(c.path, {}, { ticket: "A".repeat(43) })).code, c.path).toBe(codes.TICKET_INVALID);
    }
    const gone = await buyerLogin("13900000008");
    expect((await bcall(B.logout, {}, { ticket: gone })).code).toBe(codes.OK);
    expect((await bcall(B.selAddressList, {}, { ticket: gone })).code).toBe(codes.NOT_LOGGED_IN);
  });

  it("when a wrong code is given, then the login is refused", async () => {
    await rewindSms(t, "13900000009");
    await bp(B.sendLoginCode.path, { phone: "13900000009" });
    const { code } = await t.lastSms("13900000009");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect((await bp(B.smsLogin.path, { phone: "13900000009", code: wrong })).code).toBe(codes.SMS_CODE_INVALID);
  });

  it("when the cart is checked out, then the preview prices it, the submit makes one order per shop and takes the stock", async () => {
    const a = await onShelf("Apples", 20, 1250);
    const b = await onShelf("Pears", 5, 800);
    const harborSku = (await t.db.execute(sql`select s.id from goods_sku s join goods g on g.id = s.goods_id
      where g.status = 'on' and g.kind = 'goods' and s.stock > 5 and g.bo_id <> ${boId} and g.fresh = false limit 1`)) as unknown as {
      rows: { id: string }[];
    };
    const third = harborSku.rows[0]?.id;
    expect(third).toBeTruthy();
    for (const [skuId, quantity] of [
      [a, 2],
      [b, 1],
      [third, 1],
    ] as const)
      expect((await bcall(B.saveCartItem, { skuId: skuId as string, quantity })).code).toBe(codes.OK);
    const preview = await bcall(B.previewOrder, { addressId });
    expect(preview.code, preview.msg).toBe(codes.OK);
    expect(preview.data.shops).toHaveLength(2);
    const mine = preview.data.shops.find((s) => s.boId === boId);
    expect(mine).toMatchObject({ goodsAmount: 3300, freightAmount: 0, discountAmount: 0, payAmount: 3300 });
    expect(mine?.lines.map((l) => [l.unitPrice, l.quantity, l.amount])).toEqual([
      [1250, 2, 2500],
      [800, 1, 800],
    ]);

    const res = await bcall(B.submitOrder, { addressId, remarks: { [boId]: "Ring twice" } });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.orders).toHaveLength(2);
    expect(await stockOf(a)).toBe(18);
    expect(await stockOf(b)).toBe(4);
    expect((await bcall(B.selCart, {})).data).toEqual([]);
    const id = res.data.orders.find((o) => o.boId === boId)?.id as string;
    const d = await t.call(O.selSellerOrderDetailById, { id }, { ticket: owner });
    expect(d.data).toMatchObject({ status: "pendingPayment", payAmount: 3300, buyerRemark: "Ring twice", lineCount: 2, pieces: 3 });
    expect(d.data.timeline.map((e) => e.event)).toEqual(["created"]);
    // The other shop's order is not this seller's.
    const theirs = res.data.orders.find((o) => o.boId !== boId)?.id as string;
    expect((await t.call(O.selSellerOrderDetailById, { id: theirs }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
  });

  it("when goods are off shelf or short, then checkout refuses and takes nothing", async () => {
    const sku = await onShelf("Plums", 2);
    const short = await bcall(B.submitOrder, { addressId, items: [{ skuId: sku, quantity: 3 }] });
    expect(short.reason).toBe("orders.stockShort");
    const [row] = await t.db.select().from(goodsSku).where(eq(goodsSku.id, sku));
    await t.call(contract.goods.updStatusOut, { id: row?.goodsId as string }, { ticket: owner });
    const off = await bcall(B.submitOrder, { addressId, items: [{ skuId: sku, quantity: 1 }] });
    expect(off.reason).toBe("orders.offShelf");
    expect(await stockOf(sku)).toBe(2);
    const bad = await bcall(B.submitOrder, { addressId, items: [{ skuId: "nope", quantity: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("items.0.skuId");
    expect((await bcall(B.submitOrder, { addressId, items: [{ skuId: sku, quantity: 0 }] })).status).toBe(400);
  });

  it("when fresh goods are bought, then the earliest-expiring batch gives first and a cancel puts it back there", async () => {
    const { skuId, left } = await freshGoodsInTwoBatches(t, owner, image, "Strawberries");
    const id = await placeOne(skuId, 4);
    expect(await left()).toEqual({ SOON: 0, LATE: 4 });
    const c = await bcall(B.cancelOrder, { id, reason: "changed my mind" });
    expect(c.code, c.msg).toBe(codes.OK);
    expect(c.data).toMatchObject({ status: "cancelled", cancelledBy: "buyer", cancelReason: "changed my mind" });
    expect(await left()).toEqual({ SOON: 3, LATE: 5 });
    expect(await stockOf(skuId)).toBe(8);
  });

  it("when the same Idempotency-Key is sent twice, then the first answer comes back with no second order", async () => {
    const sku = await onShelf("Kiwis", 10);
    const headers = { "idempotency-key": "checkout-kiwi-1" };
    const first = await bcall(B.submitOrder, { addressId, items: [{ skuId: sku, quantity: 2 }] }, { ticket: buyer, headers });
    const again = await bcall(B.submitOrder, { addressId, items: [{ skuId: sku, quantity: 2 }] }, { ticket: buyer, headers });
    expect(again.data).toEqual(first.data);
    expect(await stockOf(sku)).toBe(8);
    const bad = await bcall(
      B.submitOrder,
      { addressId, items: [{ skuId: sku, quantity: 1 }] },
      { ticket: buyer, headers: { "idempotency-key": "x".repeat(65) } },
    );
    expect(bad.status).toBe(400);
    // Cancel with a key twice: one cancel, the same answer.
    const id = first.data.orders[0]?.id as string;
    const k = { "idempotency-key": "cancel-kiwi" };
    const c1 = await bcall(B.cancelOrder, { id }, { ticket: buyer, headers: k });
    const c2 = await bcall(B.cancelOrder, { id }, { ticket: buyer, headers: k });
    expect(c1.code).toBe(codes.OK);
    expect(c2.data).toEqual(c1.data);
    expect(await stockOf(sku)).toBe(10);
    expect(await events(id)).toEqual(["created", "cancelled"]);
  });

  it("when an order is paid through the sandbox, then the signed notification pays it once; a forged one is refused", async () => {
    const id = await placeOne(await onShelf("Mangoes", 5, 2000));
    const pay = await bcall(B.payOrder, { id });
    expect(pay.code, pay.msg).toBe(codes.OK);
    const notify = (body: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: "/api/buyer/trading/pay/notify/sandbox",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
    const forged = await notify({
      ...pay.data.params,
      amount: 1,
      signature: signSandbox("wrong-secret-xxxxxxxx", {
        ...(pay.data.params as { paymentId: string; providerRef: string; result: string }),
        amount: 1,
      }),
    });
    expect(forged.statusCode).toBe(403);
    expect((await t.call(O.selSellerOrderDetailById, { id }, { ticket: owner })).data.status).toBe("pendingPayment");
    const ok = await notify(pay.data.params);
    expect(ok.json()).toMatchObject({ code: "0", data: { status: "succeeded" } });
    const twice = await notify(pay.data.params);
    expect(twice.json()).toMatchObject({ code: "0", data: { status: "succeeded" } });
    const d = await bcall(B.selOrderDetail, { id });
    expect(d.data).toMatchObject({ status: "paid", payMethod: "online" });
    expect(d.data.timeline.map((e) => e.event)).toEqual(["created", "paid"]);
    // Paid: no second payment, no cancel.
    expect((await bcall(B.payOrder, { id })).reason).toBe("orders.wrongState");
    const cancel = await bcall(B.cancelOrder, { id });
    expect(cancel.code).toBe(codes.STATE_FORBIDS);
    expect(cancel.msg).toMatch(/is paid: it cannot be cancelled/);
    // Remind once an hour.
    expect((await bcall(B.remindDelivery, { id })).code).toBe(codes.OK);
    expect((await bcall(B.remindDelivery, { id })).reason).toBe("orders.remindTooSoon");
  });

  it("when another buyer asks for an order, then it is not found", async () => {
    const id = await placeOne(await onShelf("Lychees", 5));
    const stranger = await buyerLogin("13900000002");
    expect((await bcall(B.selOrderDetail, { id }, { ticket: stranger })).code).toBe(codes.NOT_FOUND);
    expect((await bcall(B.cancelOrder, { id }, { ticket: stranger })).code).toBe(codes.NOT_FOUND);
    expect((await bcall(B.selOrderList, {}, { ticket: stranger })).data.total).toBe(0);
  });
});

describe("the seller's order desk", () => {
  it("when an order is shipped in two parts, then it is partly shipped, then shipped; logistics can be corrected; the buyer confirms", async () => {
    const a = await onShelf("Oranges A", 10);
    const b = await onShelf("Oranges B", 10);
    const res = await bcall(B.submitOrder, {
      addressId,
      items: [
        { skuId: a, quantity: 2 },
        { skuId: b, quantity: 1 },
      ],
    });
    const id = res.data.orders[0]?.id as string;
    expect((await t.call(O.orderDelivery, { id, expressCode: "SF", trackingNo: "SF100" }, { ticket: owner })).reason).toBe(
      "orders.wrongState",
    );
    await setStatus(id, "paid");
    const lines = (await t.call(O.selSellerOrderDetailById, { id }, { ticket: owner })).data.lines;
    const first = await t.call(
      O.orderDelivery,
      { id, expressCode: "SF", trackingNo: "SF100", lines: [{ lineId: lines[0]?.id as string, quantity: 1 }] },
      { ticket: owner },
    );
    expect(first.code, first.msg).toBe(codes.OK);
    expect(first.data.status).toBe("partlyShipped");
    const tooMany = await t.call(
      O.orderDelivery,
      { id, expressCode: "SF", trackingNo: "SF101", lines: [{ lineId: lines[0]?.id as string, quantity: 2 }] },
      { ticket: owner },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.msg).toContain("lines.0.quantity");
    const rest = await t.call(O.orderDelivery, { id, expressCode: "ZTO", trackingNo: "ZT200" }, { ticket: owner });
    expect(rest.data.status).toBe("shipped");
    expect(rest.data.shipments.map((s) => [s.expressName, s.trackingNo])).toEqual([
      ["顺丰速运", "SF100"],
      ["中通快递", "ZT200"],
    ]);
    expect(rest.data.lines.map((l) => l.shippedQuantity)).toEqual([2, 1]);
    const fix = await t.call(
      O.updateOrderLogistics,
      { id, shipmentId: rest.data.shipments[1]?.id as string, expressCode: "YTO", trackingNo: "YT300" },
      { ticket: owner },
    );
    expect(fix.data.shipments[1]).toMatchObject({ expressCode: "YTO", trackingNo: "YT300" });
    expect(
      (await t.call(O.updateOrderLogistics, { id, shipmentId: "nope", expressCode: "YTO", trackingNo: "YT3" }, { ticket: owner })).code,
    ).toBe(codes.NOT_FOUND);
    expect((await t.call(O.deleteOrderById, { id }, { ticket: owner })).reason).toBe("orders.wrongState");
    const got = await bcall(B.confirmReceipt, { id });
    expect(got.data.status).toBe("received");
    expect(got.data.timeline.map((e) => e.event)).toEqual(["created", "shipped", "shipped", "logisticsUpdated", "received"]);
    expect((await t.call(O.orderReceived, { id }, { ticket: owner })).reason).toBe("orders.wrongState");
  });

  it("when shipping names an unknown company or no tracking number, then it is bad input and nothing changes", async () => {
    const id = await placeOne(await onShelf("Grapes", 5));
    await setStatus(id, "paid");
    const unknown = await t.call(O.orderDelivery, { id, expressCode: "NOPE", trackingNo: "X1" }, { ticket: owner });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain("expressCode");
    const noTracking = await t.post(O.orderDelivery.path, { id, expressCode: "SF" }, { ticket: owner });
    expect(noTracking.status).toBe(400);
    expect(noTracking.msg).toContain("trackingNo");
    expect(await events(id)).toEqual(["created"]);
  });

  it("when the price is revised before payment, then the line or the total changes with the reason on the timeline; after payment it is refused", async () => {
    const id = await placeOne(await onShelf("Melons", 5, 3000), 2);
    const d = (await t.call(O.selSellerOrderDetailById, { id }, { ticket: owner })).data;
    const line = await t.call(
      O.orderPriceRevision,
      { id, lineId: d.lines[0]?.id as string, amount: 5000, reason: "bulk" },
      { ticket: owner },
    );
    expect(line.data).toMatchObject({ payAmount: 5000, reviseAmount: -1000 });
    expect(line.data.lines[0]?.revisedAmount).toBe(5000);
    const total = await t.call(O.orderPriceRevision, { id, amount: 4500, reason: "regular" }, { ticket: owner });
    expect(total.data).toMatchObject({ payAmount: 4500, reviseAmount: -1500 });
    expect(total.data.timeline.at(-1)).toMatchObject({ event: "priceRevised", detail: { reason: "regular", before: 5000, after: 4500 } });
    expect((await t.call(O.orderPriceRevision, { id, amount: 0, reason: "free" }, { ticket: owner })).status).toBe(400);
    expect((await t.post(O.orderPriceRevision.path, { id, amount: 100 }, { ticket: owner })).msg).toContain("reason");
    await setStatus(id, "paid");
    expect((await t.call(O.orderPriceRevision, { id, amount: 100, reason: "late" }, { ticket: owner })).reason).toBe("orders.wrongState");
  });

  it("when the seller remarks, flags, moves the address and cancels, then each is on the timeline and the stock is back", async () => {
    const sku = await onShelf("Peaches", 6);
    const id = await placeOne(sku, 2);
    expect(await stockOf(sku)).toBe(4);
    const m = await t.call(O.modifyOrderByObj, { id, sellerRemark: "VIP", flagColor: "red" }, { ticket: owner });
    expect(m.data).toMatchObject({ sellerRemark: "VIP", flagColor: "red" });
    expect((await t.post(O.modifyOrderByObj.path, { id, flagColor: "pink" }, { ticket: owner })).msg).toContain("flagColor");
    const addr = await t.call(
      O.updateOrderInfoAddrById,
      { id, name: "Han Mei", phone: "13900000003", areaCode: "310101", detail: "2 Bund" },
      { ticket: owner },
    );
    expect(addr.data.address).toMatchObject({ name: "Han Mei", areaCode: "310101", areaName: expect.stringContaining("上海") });
    const c = await t.call(O.cancelOrder, { id, reason: "out of season" }, { ticket: owner });
    expect(c.data).toMatchObject({ status: "cancelled", cancelledBy: "seller" });
    expect(await stockOf(sku)).toBe(6);
    expect((await t.call(O.cancelOrder, { id, reason: "again" }, { ticket: owner })).reason).toBe("orders.wrongState");
    expect(
      (await t.call(O.updateOrderInfoAddrById, { id, name: "X", phone: "13900000003", areaCode: "310101", detail: "x" }, { ticket: owner }))
        .reason,
    ).toBe("orders.wrongState");
    expect(await events(id)).toEqual(["created", "remarked", "addressChanged", "cancelled"]);
    expect((await t.call(O.deleteOrderById, { id }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(O.selSellerOrderDetailById, { id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await bcall(B.selOrderDetail, { id })).data.status).toBe("cancelled");
  });

  it("when another seller or a staff member without the function calls, then not found / 403, nothing changed", async () => {
    const id = await placeOne(await onShelf("Figs", 5));
    for (const [call, input] of [
      [O.selSellerOrderDetailById, { id }],
      [O.cancelOrder, { id, reason: "x" }],
      [O.orderPriceRevision, { id, amount: 1, reason: "x" }],
      [O.modifyOrderByObj, { id, sellerRemark: "x" }],
      [O.orderReceived, { id }],
      [O.deleteOrderById, { id }],
      [O.updateOrderInfoAddrById, { id, name: "X", phone: "13900000003", areaCode: "310101", detail: "x" }],
      [O.orderDelivery, { id, expressCode: "SF", trackingNo: "S1" }],
      [O.updateOrderLogistics, { id, shipmentId: id, expressCode: "SF", trackingNo: "S1" }],
    ] as const)
      expect((await t.post(call.path, input, { ticket: other })).code, call.path).toBe(codes.NOT_FOUND);
    const viewer = await createStaff(t, boId, ["order.manage"]);
    expect((await t.call(O.selSellerOrderDetailById, { id }, { ticket: viewer })).code).toBe(codes.OK);
    for (const [call, input] of [
      [O.cancelOrder, { id, reason: "x" }],
      [O.orderPriceRevision, { id, amount: 1, reason: "x" }],
      [O.orderDelivery, { id, expressCode: "SF", trackingNo: "S1" }],
    ] as const)
      expect((await t.post(call.path, input, { ticket: viewer })).status, call.path).toBe(403);
    const nobody = await createStaff(t, boId, ["goods.manage"]);
    expect((await t.call(O.selOrderListByPage, {}, { ticket: nobody })).status).toBe(403);
    expect(await events(id)).toEqual(["created"]);
  });

  it("when the list is read by tab, keyword and dates, then pages follow by cursor and the counts match the tabs", async () => {
    const s = await createSeller(t);
    const o = await t.login(s.loginName, s.password);
    const img = await uploadImage(t, o);
    const goodsId = await publish(t, o, simpleGoods(img, "Cherries", { skus: [{ specValues: [], price: 900, stock: 50 }] }), true);
    const [sku] = await t.db.select().from(goodsSku).where(eq(goodsSku.goodsId, goodsId));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await placeOne(sku?.id as string));
    await setStatus(ids[0] as string, "paid");
    await setStatus(ids[1] as string, "partlyShipped");
    const counts = await t.call(O.selectOrderCount, {}, { ticket: o });
    expect(counts.data).toMatchObject({ all: 5, pendingPayment: 3, toShip: 2, shipped: 0 });
    const p1 = await t.call(O.selOrderListByPage, { pageSize: 2 }, { ticket: o });
    expect(p1.data.total).toBe(5);
    expect(p1.data.list.map((x) => x.id)).toEqual([ids[4], ids[3]]);
    expect(p1.data.list[0]?.buyerPhone).toBe("139****0001");
    const p2 = await t.call(O.selOrderListByPage, { pageSize: 2, cursor: p1.data.nextCursor as string }, { ticket: o });
    expect(p2.data.list.map((x) => x.id)).toEqual([ids[2], ids[1]]);
    const toShip = await t.call(O.selOrderListByPage, { tab: "toShip" }, { ticket: o });
    expect(toShip.data.list.map((x) => x.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await t.call(O.selOrderListByPage, { keyword: "Cherr" }, { ticket: o })).data.total).toBe(5);
    expect((await t.call(O.selOrderListByPage, { keyword: "13900000001" }, { ticket: o })).data.total).toBe(5);
    // The goods keyword matches words as goods search does: Chinese by character pairs in order; the number's start.
    const cnGoods = await publish(
      t,
      o,
      simpleGoods(img, "智利车厘子 Cherries", { skus: [{ specValues: [], price: 900, stock: 5 }] }),
      true,
    );
    const [cnSku] = await t.db.select().from(goodsSku).where(eq(goodsSku.goodsId, cnGoods));
    const cnOrder = await placeOne(cnSku?.id as string);
    const keyword = async (k: string) => (await t.call(O.selOrderListByPage, { keyword: k }, { ticket: o })).data.list.map((x) => x.id);
    expect(await keyword("车厘子")).toEqual([cnOrder]);
    expect(await keyword("厘车")).toEqual([]);
    expect((await keyword("cherries")).length).toBe(6);
    const [row] = await t.db.select({ no: orderInfo.orderNo }).from(orderInfo).where(eq(orderInfo.id, cnOrder));
    expect(await keyword((row?.no ?? "").slice(0, -1))).toContain(cnOrder);
    expect((await t.call(O.selOrderListByPage, { from: new Date(Date.now() + 60_000).toISOString() }, { ticket: o })).data.total).toBe(0);
    expect((await t.call(O.selOrderListByPage, { cursor: "garbage" }, { ticket: o })).status).toBe(400);
    expect((await t.call(O.selOrderListByPage, { tab: "nope" as never }, { ticket: o })).status).toBe(400);
  });
});

describe("races", () => {
  it("when 50 ships of one order race, then exactly one succeeds", async () => {
    const id = await placeOne(await onShelf("Race ship", 5));
    await setStatus(id, "paid");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.call(O.orderDelivery, { id, expressCode: "SF", trackingNo: `R${i}` }, { ticket: owner })),
    );
    expect(answers.filter((a) => a.code === codes.OK)).toHaveLength(1);
    expect(answers.filter((a) => a.code === codes.STATE_FORBIDS)).toHaveLength(49);
    expect((await events(id)).filter((e) => e === "shipped")).toHaveLength(1);
  }, 60_000);

  it("when 50 cancels of one order race, then exactly one succeeds and the stock comes back once", async () => {
    const sku = await onShelf("Race cancel", 5);
    const id = await placeOne(sku, 3);
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.call(O.cancelOrder, { id, reason: "race" }, { ticket: owner })));
    expect(answers.filter((a) => a.code === codes.OK)).toHaveLength(1);
    expect(await stockOf(sku)).toBe(5);
  }, 60_000);

  it("when 200 checkouts race for a stock of 10, then exactly 10 orders are made and the stock is 0", async () => {
    const sku = await onShelf("Race stock", 10);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => bcall(B.submitOrder, { addressId, items: [{ skuId: sku, quantity: 1 }] })),
    );
    expect(answers.filter((a) => a.code === codes.OK)).toHaveLength(10);
    expect(answers.filter((a) => a.code !== codes.OK).every((a) => a.reason === "orders.stockShort")).toBe(true);
    expect(await stockOf(sku)).toBe(0);
    const made = (await t.db.execute(sql`select count(*)::int as n from order_line where sku_id = ${sku}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(made.rows[0]?.n).toBe(10);
  }, 120_000);

  it("when 60 checkouts of the same three SKUs, named in every order, race for 10 of each, then 10 orders take them all and none waits on another in a circle", async () => {
    const skus = [await onShelf("Race trio A", 10), await onShelf("Race trio B", 10), await onShelf("Race trio C", 10)];
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [0, 2, 1],
      [2, 0, 1],
      [1, 0, 2],
    ];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        bcall(B.submitOrder, { addressId, items: (orders[i % 6] ?? []).map((k) => ({ skuId: skus[k] as string, quantity: 1 })) }),
      ),
    );
    // A deadlock would answer 000500: every answer is an order or "stock short".
    expect(answers.filter((a) => a.code === codes.OK)).toHaveLength(10);
    expect(answers.filter((a) => a.code !== codes.OK).every((a) => a.reason === "orders.stockShort")).toBe(true);
    for (const sku of skus) expect(await stockOf(sku)).toBe(0);
    const made = (await t.db.execute(
      sql`select count(*)::int as n, coalesce(sum(quantity), 0)::int as pieces from order_line where sku_id in ${skus}`,
    )) as unknown as { rows: { n: number; pieces: number }[] };
    expect(made.rows[0]).toEqual({ n: 30, pieces: 30 });
  }, 120_000);
});
