import { codes, contract, type OrderTimelineEntry, orderTimelineEntry } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { buyerCaller, onShelfSku, orderScene, placeOrder } from "../../test/order-kit";
import { orderInfo, orderLine, orderTimeline } from "./orders.tables";
import { timelineEntryOf } from "./orders.view";

/*
 * The order's timeline on the wire (issue 26 §4): each entry's `detail` typed by its `event`. An order taken through
 * a price revision, a remark and a flag (set, then cleared), payment, a reminder, shipping, a logistics correction and a whole
 * return and refund answers every entry as its event's variant, in the order's detail, the after-sale's order and the
 * application's own steps; so does a cancelled order, and every row the demo data holds. A row no variant reads is
 * answered as `other` and the order stays readable.
 */

const O = contract.orders;
const B = contract.buyer;
const S = contract.afterSale;
const BA = contract.buyerAfterSale;
let t: TestApp;
let owner: string;
let buyer: string;
let addressId: string;
let skuId: string;
const bcall = buyerCaller(() => ({ t, ticket: buyer }));

beforeAll(async () => {
  t = await createTestApp();
  const scene = await orderScene(t, "13900000401", "Wei Lan");
  ({ owner, buyer, addressId } = scene);
  skuId = await onShelfSku(t, owner, scene.image, "Timeline plums", 1500, 100);
}, 90_000);
afterAll(() => t.close());

/** Each entry read again with the contract's union: what it parsed as (`other` counts as not read). */
function readAll(timeline: readonly unknown[]): OrderTimelineEntry[] {
  return timeline.map((e) => {
    const read = orderTimelineEntry.safeParse(e);
    expect(read.success, JSON.stringify(read.error?.issues ?? null)).toBe(true);
    const entry = read.data as OrderTimelineEntry;
    expect(entry.event, `a row the union does not read: ${JSON.stringify(e)}`).not.toBe("other");
    return entry;
  });
}

const ok = <T extends { code: string; msg?: string }>(res: T) => {
  expect(res.code, res.msg).toBe(codes.OK);
  return res;
};

async function pay(id: string) {
  const p = ok(await bcall(B.payOrder, { id }));
  const notified = await t.app.inject({
    method: "POST",
    url: "/api/buyer/trading/pay/notify/sandbox",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(p.data.params),
  });
  expect(notified.statusCode).toBe(200);
}

describe("an order's timeline, typed by event on the wire", () => {
  it("when an order is revised, remarked, paid, reminded, shipped, corrected and returned, then every entry of its detail, its after-sale order and the application's steps is its event's variant", async () => {
    const order = await placeOrder(t, buyer, { addressId, items: [{ skuId, quantity: 2 }] });
    const [line] = await t.db.select().from(orderLine).where(eq(orderLine.orderId, order.id));
    if (!line) throw new Error("no line");
    ok(await t.call(O.orderPriceRevision, { id: order.id, lineId: line.id, amount: 2800, reason: "regular" }, { ticket: owner }));
    ok(await t.call(O.orderPriceRevision, { id: order.id, amount: 2700, reason: "round down" }, { ticket: owner }));
    ok(await t.call(O.modifyOrderByObj, { id: order.id, sellerRemark: "VIP", flagColor: "red" }, { ticket: owner }));
    // A flag cleared: the timeline's `flag.after` is null.
    ok(await t.call(O.modifyOrderByObj, { id: order.id, flagColor: null }, { ticket: owner }));
    await pay(order.id);
    ok(await bcall(B.remindDelivery, { id: order.id }));
    const shipped = ok(await t.call(O.orderDelivery, { id: order.id, expressCode: "SF", trackingNo: "SF700" }, { ticket: owner }));
    const shipmentId = shipped.data.shipments[0]?.id as string;
    ok(await t.call(O.updateOrderLogistics, { id: order.id, shipmentId, expressCode: "ZTO", trackingNo: "ZT700" }, { ticket: owner }));

    const applied = ok(
      await bcall(BA.apply, { orderId: order.id, lineId: line.id, type: "returnRefund", quantity: 1, amount: 1350, reasonCode: "quality" }),
    );
    const a = applied.data;
    ok(await t.call(S.approveApply, { id: a.id }, { ticket: owner }));
    ok(await bcall(BA.shipBack, { id: a.id, expressCode: "SF", trackingNo: "SF701" }));
    ok(await t.call(S.confirmReceipt, { id: a.id }, { ticket: owner }));
    ok(await t.call(S.refundApply, { id: a.id }, { ticket: owner }));

    const detail = ok(await t.call(O.selSellerOrderDetailById, { id: order.id }, { ticket: owner }));
    const entries = readAll(detail.data.timeline);
    expect(entries.map((e) => e.event)).toEqual([
      "created",
      "priceRevised",
      "priceRevised",
      "remarked",
      "remarked",
      "paid",
      "reminded",
      "shipped",
      "logisticsUpdated",
      "afterSaleApplied",
      "afterSaleApproved",
      "afterSaleReturnShipped",
      "afterSaleReceived",
      "afterSaleRefunded",
    ]);
    // What the readers narrow to is typed and as written.
    const revised = entries.find((e) => e.event === "priceRevised");
    if (revised?.event !== "priceRevised") throw new Error("no revision");
    expect(revised.detail).toMatchObject({ goodsName: "Timeline plums", before: 3000, after: 2800 });
    const cleared = entries.filter((e) => e.event === "remarked").at(-1);
    if (cleared?.event !== "remarked") throw new Error("no remark");
    expect(cleared.detail.flag).toEqual({ before: "red", after: null });
    const corrected = entries.find((e) => e.event === "logisticsUpdated");
    if (corrected?.event !== "logisticsUpdated") throw new Error("no correction");
    expect(corrected.detail.after).toEqual({ expressCode: "ZTO", trackingNo: "ZT700" });
    const refunded = entries.at(-1);
    if (refunded?.event !== "afterSaleRefunded") throw new Error("no refund");
    expect(refunded.detail).toMatchObject({ afterSaleNo: a.afterSaleNo, refunded: 1350, type: "returnRefund" });

    // The after-sale's order answers the same timeline, and the application its own steps, typed the same way.
    const asOrder = ok(await t.call(S.selAfterSaleOrderDetail, { id: a.id }, { ticket: owner }));
    expect(readAll(asOrder.data.order.timeline)).toEqual(entries);
    const steps = ok(await t.call(S.selAfterSaleById, { id: a.id }, { ticket: owner }));
    expect(readAll(steps.data.timeline).map((e) => e.event)).toEqual([
      "afterSaleApplied",
      "afterSaleApproved",
      "afterSaleReturnShipped",
      "afterSaleReceived",
      "afterSaleRefunded",
    ]);
  }, 60_000);

  it("when an order is cancelled by the seller, then its timeline reads as typed entries with the reason", async () => {
    const order = await placeOrder(t, buyer, { addressId, items: [{ skuId, quantity: 1 }] });
    ok(await t.call(O.cancelOrder, { id: order.id, reason: "out of stock" }, { ticket: owner }));
    const detail = ok(await t.call(O.selSellerOrderDetailById, { id: order.id }, { ticket: owner }));
    const entries = readAll(detail.data.timeline);
    const cancelled = entries.at(-1);
    if (cancelled?.event !== "cancelled") throw new Error("not cancelled last");
    expect(cancelled.detail.reason).toBe("out of stock");
    expect(cancelled).toMatchObject({ fromStatus: "pendingPayment", toStatus: "cancelled", actor: "seller" });
  });

  it("when a stored row's event or detail is one no variant reads, then the order still answers, that entry as `other`", async () => {
    const order = await placeOrder(t, buyer, { addressId, items: [{ skuId, quantity: 1 }] });
    const [row] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, order.id));
    if (!row) throw new Error("no order");
    const base = { orderId: order.id, boId: row.boId, actor: "system", fromStatus: "pendingPayment", toStatus: "pendingPayment" };
    await t.db.insert(orderTimeline).values([
      { ...base, at: new Date(Date.now() + 1000), event: "teleported", detail: { to: "the moon" } },
      { ...base, at: new Date(Date.now() + 2000), event: "priceRevised", detail: { before: "1.00" } },
    ]);
    const detail = ok(await t.call(O.selSellerOrderDetailById, { id: order.id }, { ticket: owner }));
    const [created, teleported, broken] = detail.data.timeline;
    expect(created?.event).toBe("created");
    expect(teleported).toMatchObject({ event: "other", recordedEvent: "teleported", detail: { to: "the moon" }, actor: "system" });
    expect(broken).toMatchObject({ event: "other", recordedEvent: "priceRevised", detail: { before: "1.00" } });
    for (const e of detail.data.timeline) expect(orderTimelineEntry.safeParse(e).success).toBe(true);
  });

  it("when every timeline row the database holds (the demo data's and these tests') is read, then each is its event's variant", async () => {
    const rows = await t.db.select().from(orderTimeline);
    expect(rows.length).toBeGreaterThan(100);
    const unread = rows
      .map(timelineEntryOf)
      .filter((e) => e.event === "other")
      .map((e) => (e.event === "other" ? e.recordedEvent : ""));
    // The two rows planted above are the only ones no variant reads.
    expect(unread.sort()).toEqual(["priceRevised", "teleported"]);
  });
});
