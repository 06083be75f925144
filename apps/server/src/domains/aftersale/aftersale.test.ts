import { codes, contract, type InputOf, type OutputOf } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerAddress, buyerLogin, buyerPost } from "../../test/buyer-kit";
import { createStaff } from "../../test/fixtures";
import { freshGoodsInTwoBatches, PNG, uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { buyerCaller, onShelfSku, orderScene } from "../../test/order-kit";
import { goodsSku } from "../goods/goods.tables";
import { orderEvent } from "../orders/live/live.tables";
import { orderInfo, orderLine, orderTimeline } from "../orders/orders.tables";
import { sandboxProvider } from "../orders/payment/payment.port";
import { autoApprove } from "./aftersale.jobs";
import { newAfterSaleNo } from "./aftersale.service";
import { afterSaleApply, orderRefund } from "./aftersale.tables";

/*
 * After-sales: the buyer applies (checks on the order, line, quantity, amount, reason, images), withdraws and ships
 * back; the seller's list, detail, approve, reject, receipt (stock back), refund (never above what was paid) and
 * exchange; tenancy, functions, wrong states, concurrent refunds and the auto-approve job with two runners.
 */

const S = contract.afterSale;
const BA = contract.buyerAfterSale;
const B = contract.buyer;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let buyer: string;
let buyer2: string;
let addressId: string;
let skuId: string;

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

/** A paid order of `quantity` pieces at 15.00 (the sandbox notification posted as the provider would). */
async function paidOrder(quantity = 2, ticket = buyer, sku = skuId) {
  const res = await bcall(B.submitOrder, { addressId, items: [{ skuId: sku, quantity }] }, ticket);
  expect(res.code, res.msg).toBe(codes.OK);
  const o = res.data.orders[0];
  if (!o) throw new Error("no order");
  const pay = await bcall(B.payOrder, { id: o.id }, ticket);
  expect(pay.code, pay.msg).toBe(codes.OK);
  const notified = await t.app.inject({
    method: "POST",
    url: "/api/buyer/trading/pay/notify/sandbox",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(pay.data.params),
  });
  expect(notified.statusCode).toBe(200);
  const [line] = await t.db.select().from(orderLine).where(eq(orderLine.orderId, o.id));
  return { id: o.id, orderNo: o.orderNo, payAmount: o.payAmount, lineId: line?.id as string };
}

async function applyFor(
  order: { id: string; lineId: string },
  more: Partial<InputOf<typeof BA.apply>> = {},
  ticket = buyer,
): Promise<OutputOf<typeof BA.apply>> {
  const res = await bcall(
    BA.apply,
    { orderId: order.id, lineId: order.lineId, type: "returnRefund", quantity: 1, amount: 1500, reasonCode: "quality", ...more },
    ticket,
  );
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data;
}

const events = async (orderId: string) =>
  (await t.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, orderId)).orderBy(orderTimeline.at, orderTimeline.id)).map(
    (e) => e.event,
  );
const stock = async () => (await t.db.select().from(goodsSku).where(eq(goodsSku.id, skuId)))[0]?.stock ?? -1;
const refunded = async (orderId: string) => (await t.db.select().from(orderInfo).where(eq(orderInfo.id, orderId)))[0]?.refundedAmount;

beforeAll(async () => {
  t = await createTestApp();
  const scene = await orderScene(t, "13900000301", "Han Mei");
  ({ boId, owner, other, buyer, addressId } = scene);
  skuId = await onShelfSku(t, owner, scene.image, "After-sale pears", 1500, 900);
  buyer2 = await buyerLogin(t, "13900000302");
  await buyerAddress(t, buyer2, "13900000302", "Han Mei");
}, 90_000);
afterAll(() => t.close());

describe("the buyer applies", () => {
  it("when a buyer applies for a return of a paid line, then it awaits a decision, is on the timeline and reaches the live stream", async () => {
    const order = await paidOrder(2);
    const img = await t.upload<{ id: string }>(
      BA.uploadImage.path,
      [
        { name: "systemId", value: "71" },
        { name: "file", filename: "broken.png", contentType: "image/png", value: PNG },
      ],
      { headers: { cookie: `buyer_ticket=${buyer}` } },
    );
    expect(img.code, img.msg).toBe(codes.OK);
    const a = await applyFor(order, { quantity: 2, amount: 3000, description: "Both bruised", imageIds: [img.data.id] });
    expect(a).toMatchObject({ state: "applied", type: "returnRefund", quantity: 2, amount: 3000, reasonName: "质量问题", orderPaid: 3000 });
    expect(a.images).toHaveLength(1);
    expect(a.autoApproveAt).not.toBeNull();
    expect(await events(order.id)).toEqual(["created", "paid", "afterSaleApplied"]);
    const live = await t.db
      .select()
      .from(orderEvent)
      .where(and(eq(orderEvent.orderId, order.id), eq(orderEvent.kind, "afterSaleApplied")));
    expect(live).toHaveLength(1);
    // The line is fully applied for: nothing more of it.
    const more = await bcall(BA.apply, {
      orderId: order.id,
      lineId: order.lineId,
      type: "refundOnly",
      quantity: 1,
      amount: 0,
      reasonCode: "quality",
    });
    expect(more.status).toBe(400);
    expect(JSON.stringify(more)).toContain("afterSale.quantityTooMany");
  });

  it("when the input is bad, then 400 naming the field and nothing is written", async () => {
    const order = await paidOrder(1);
    const base = {
      orderId: order.id,
      lineId: order.lineId,
      type: "returnRefund" as const,
      quantity: 1,
      amount: 1500,
      reasonCode: "quality",
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, "quantity"],
      [{ quantity: 2 }, "quantity"],
      [{ amount: 1501 }, "amount"],
      [{ amount: -1 }, "amount"],
      [{ type: "repair" }, "type"],
      [{ reasonCode: "nope" }, "reasonCode"],
      [{ lineId: "01NOPE" }, "lineId"],
      [{ type: "exchange", amount: 100 }, "amount"],
      [{ imageIds: ["01NOPE"] }, "imageIds.0"],
    ];
    for (const [change, field] of cases) {
      const res = await bcall(BA.apply, { ...base, ...change } as InputOf<typeof BA.apply>);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res), JSON.stringify(change)).toContain(field);
    }
    expect(await t.db.select().from(afterSaleApply).where(eq(afterSaleApply.orderId, order.id))).toHaveLength(0);
  });

  it("when the order is unpaid or another buyer's, then refused", async () => {
    const res = await bcall(B.submitOrder, { addressId, items: [{ skuId, quantity: 1 }] });
    const unpaid = res.data.orders[0] as { id: string };
    const [line] = await t.db.select().from(orderLine).where(eq(orderLine.orderId, unpaid.id));
    const refused = await bcall(BA.apply, {
      orderId: unpaid.id,
      lineId: line?.id as string,
      type: "refundOnly",
      quantity: 1,
      amount: 0,
      reasonCode: "quality",
    });
    expect(refused).toMatchObject({ code: codes.STATE_FORBIDS, reason: "afterSale.orderNotEligible" });
    const order = await paidOrder(1);
    const theirs = await bcall(
      BA.apply,
      { orderId: order.id, lineId: order.lineId, type: "refundOnly", quantity: 1, amount: 0, reasonCode: "quality" },
      buyer2,
    );
    expect(theirs.code).toBe(codes.NOT_FOUND);
    // Another buyer cannot see, withdraw or ship back someone's application.
    const a = await applyFor(order, { type: "refundOnly" });
    for (const [c, input] of [
      [BA.selDetail, { id: a.id }],
      [BA.withdraw, { id: a.id }],
      [BA.shipBack, { id: a.id, expressCode: "SF", trackingNo: "SF1" }],
    ] as const)
      expect((await buyerPost(t, c.path, input, { ticket: buyer2 })).code, c.path).toBe(codes.NOT_FOUND);
    expect((await bcall(BA.selList, {}, buyer2)).data.list.some((x) => x.id === a.id)).toBe(false);
    expect((await bcall(BA.selList, {})).data.list.some((x) => x.id === a.id)).toBe(true);
  });

  it("when the buyer withdraws an application awaiting a decision, then the seller can no longer approve it", async () => {
    const order = await paidOrder(1);
    const a = await applyFor(order, { type: "refundOnly", amount: 500 });
    expect((await bcall(BA.withdraw, { id: a.id })).data.state).toBe("withdrawn");
    expect((await bcall(BA.withdraw, { id: a.id })).reason).toBe("afterSale.wrongState");
    const approve = await t.call(S.approveApply, { id: a.id }, { ticket: owner });
    expect(approve).toMatchObject({ code: codes.STATE_FORBIDS, reason: "afterSale.wrongState" });
    // Withdrawn does not hold the line: the buyer may apply again.
    expect((await applyFor(order, { type: "refundOnly", amount: 1500 })).state).toBe("applied");
  });
});

describe("the seller handles", () => {
  it("when a return is approved, shipped back, received and refunded, then the stock is back, the refund recorded and every step on the timeline", async () => {
    const order = await paidOrder(2);
    const before = await stock();
    const a = await applyFor(order, { quantity: 2, amount: 3000 });
    // The buyer cannot ship back before approval; the seller cannot receive or refund yet.
    expect((await bcall(BA.shipBack, { id: a.id, expressCode: "SF", trackingNo: "SF100" })).reason).toBe("afterSale.wrongState");
    expect((await t.call(S.confirmReceipt, { id: a.id }, { ticket: owner })).reason).toBe("afterSale.wrongState");
    expect((await t.call(S.refundApply, { id: a.id }, { ticket: owner })).reason).toBe("afterSale.wrongState");
    expect((await t.call(S.approveApply, { id: a.id }, { ticket: owner })).data.state).toBe("approved");
    expect((await bcall(BA.shipBack, { id: a.id, expressCode: "NOPE", trackingNo: "SF100" })).status).toBe(400);
    const shipped = await bcall(BA.shipBack, { id: a.id, expressCode: "SF", trackingNo: "SF100" });
    expect(shipped.data).toMatchObject({ state: "buyerShipped", returnParcel: { expressCode: "SF", trackingNo: "SF100" } });
    expect((await t.call(S.refundApply, { id: a.id }, { ticket: owner })).reason).toBe("afterSale.wrongState");
    const received = await t.call(S.confirmReceipt, { id: a.id }, { ticket: owner });
    expect(received.data.state).toBe("received");
    expect(await stock()).toBe(before + 2);
    const refund = await t.call(S.refundApply, { id: a.id }, { ticket: owner });
    expect(refund.code, refund.msg).toBe(codes.OK);
    expect(refund.data).toMatchObject({ state: "refunded", orderRefunded: 3000, refund: { amount: 3000, provider: "sandbox" } });
    expect(refund.data.refund?.providerRef).toMatch(/^SBR/);
    expect(await refunded(order.id)).toBe(3000);
    expect((await t.call(S.refundApply, { id: a.id }, { ticket: owner })).reason).toBe("afterSale.wrongState");
    expect((await t.call(S.selAfterSaleById, { id: a.id }, { ticket: owner })).data.timeline.map((e) => e.event)).toEqual([
      "afterSaleApplied",
      "afterSaleApproved",
      "afterSaleReturnShipped",
      "afterSaleReceived",
      "afterSaleRefunded",
    ]);
    expect(await events(order.id)).toEqual([
      "created",
      "paid",
      "afterSaleApplied",
      "afterSaleApproved",
      "afterSaleReturnShipped",
      "afterSaleReceived",
      "afterSaleRefunded",
    ]);
    const detail = await t.call(S.selAfterSaleOrderDetail, { id: a.id }, { ticket: owner });
    expect(detail.data.refunded).toBe(3000);
    expect(detail.data.afterSales.map((x) => x.id)).toEqual([a.id]);
    expect(detail.data.order.timeline.at(-1)?.event).toBe("afterSaleRefunded");
  });

  it("when a return of fresh goods is received, then its pieces go back into the line's own batches, latest-expiring first", async () => {
    const image = await uploadImage(t, owner);
    const { skuId, left } = await freshGoodsInTwoBatches(t, owner, image, "After-sale strawberries");
    const order = await paidOrder(4, buyer, skuId);
    expect(await left()).toEqual({ SOON: 0, LATE: 4 });
    const a = await applyFor(order, { quantity: 2, amount: 1000 });
    await t.call(S.approveApply, { id: a.id }, { ticket: owner });
    await bcall(BA.shipBack, { id: a.id, expressCode: "SF", trackingNo: "SF555" });
    expect((await t.call(S.confirmReceipt, { id: a.id }, { ticket: owner })).data.state).toBe("received");
    expect(await left()).toEqual({ SOON: 1, LATE: 5 });
    const [line] = await t.db.select().from(orderLine).where(eq(orderLine.id, order.lineId));
    expect(line?.batches.map((b) => b.quantity)).toEqual([2]);
  });

  it("when an exchange is rejected, then a reason is required and the buyer reads it", async () => {
    const order = await paidOrder(1);
    const a = await applyFor(order, { type: "exchange", amount: 0, reasonCode: "wrong" });
    expect((await t.call(S.rejectApply, { id: a.id, reason: "" }, { ticket: owner })).status).toBe(400);
    expect((await t.post(S.rejectApply.path, { id: a.id }, { ticket: owner })).status).toBe(400);
    const res = await t.call(S.rejectApply, { id: a.id, reason: "The seal is broken by use" }, { ticket: owner });
    expect(res.data).toMatchObject({ state: "rejected", rejectReason: "The seal is broken by use" });
    expect((await bcall(BA.selDetail, { id: a.id })).data.rejectReason).toBe("The seal is broken by use");
    expect((await t.call(S.approveApply, { id: a.id }, { ticket: owner })).reason).toBe("afterSale.wrongState");
  });

  it("when an exchange is received and shipped again, then the replacement leaves stock and the parcel is recorded", async () => {
    const order = await paidOrder(1);
    const a = await applyFor(order, { type: "exchange", amount: 0, reasonCode: "damaged" });
    await t.call(S.approveApply, { id: a.id }, { ticket: owner });
    expect((await t.call(S.shipExchange, { id: a.id, expressCode: "SF", trackingNo: "SF2" }, { ticket: owner })).reason).toBe(
      "afterSale.wrongState",
    );
    await bcall(BA.shipBack, { id: a.id, expressCode: "ZTO", trackingNo: "ZT1" });
    await t.call(S.confirmReceipt, { id: a.id }, { ticket: owner });
    expect((await t.call(S.refundApply, { id: a.id }, { ticket: owner })).reason).toBe("afterSale.wrongState");
    const before = await stock();
    expect((await t.call(S.shipExchange, { id: a.id, expressCode: "NOPE", trackingNo: "SF2" }, { ticket: owner })).status).toBe(400);
    expect((await t.call(S.shipExchange, { id: a.id, expressCode: "SF", trackingNo: "bad no!" }, { ticket: owner })).status).toBe(400);
    const res = await t.call(S.shipExchange, { id: a.id, expressCode: "SF", trackingNo: "SF2" }, { ticket: owner });
    expect(res.data).toMatchObject({ state: "exchangeShipped", exchangeParcel: { trackingNo: "SF2" } });
    expect(await stock()).toBe(before - 1);
    expect(await refunded(order.id)).toBe(0);
  });

  it("when a refund-only is approved, then it is refunded without a parcel", async () => {
    const order = await paidOrder(1);
    const a = await applyFor(order, { type: "refundOnly", amount: 800, reasonCode: "missing" });
    expect((await t.call(S.confirmReceipt, { id: a.id }, { ticket: owner })).reason).toBe("afterSale.wrongState");
    await t.call(S.approveApply, { id: a.id }, { ticket: owner });
    expect((await bcall(BA.shipBack, { id: a.id, expressCode: "SF", trackingNo: "SF3" })).reason).toBe("afterSale.wrongState");
    expect((await t.call(S.refundApply, { id: a.id }, { ticket: owner })).data.state).toBe("refunded");
    expect(await refunded(order.id)).toBe(800);
  });

  it("when the seller chooses to approve and refund a refund-only in one step, then it is refunded at once; a return cannot be", async () => {
    const order = await paidOrder(1);
    const a = await applyFor(order, { type: "refundOnly", amount: 700, reasonCode: "missing" });
    const res = await t.call(S.approveApply, { id: a.id, refundNow: true }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.state).toBe("refunded");
    expect(await refunded(order.id)).toBe(700);

    const other = await paidOrder(1);
    const back = await applyFor(other);
    const refused = await t.call(S.approveApply, { id: back.id, refundNow: true }, { ticket: owner });
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain("refundNow");
    // Both or neither: the return is still awaiting a decision, and nothing was refunded.
    expect((await t.call(S.selAfterSaleById, { id: back.id }, { ticket: owner })).data.state).toBe("applied");
    expect(await refunded(other.id)).toBe(0);
  });

  it("lists with type and state tabs and capped counts, filters by order number and dates, and counts the to-dos", async () => {
    const order = await paidOrder(1);
    const a = await applyFor(order, { type: "refundOnly", amount: 100 });
    const all = await t.call(S.selOrderGoodsAfterSaleService, {}, { ticket: owner });
    expect(all.code, all.msg).toBe(codes.OK);
    expect(all.data.stateCounts.all).toBeGreaterThan(3);
    expect(all.data.typeCounts.all).toBe(all.data.stateCounts.all);
    expect(all.data.list[0]?.id).toBe(a.id);
    expect(all.data.list[0]?.buyerPhone).toMatch(/\*/);
    const byNo = await t.call(S.selOrderGoodsAfterSaleService, { orderNo: order.orderNo }, { ticket: owner });
    expect(byNo.data.list.map((x) => x.id)).toEqual([a.id]);
    const tab = await t.call(S.selOrderGoodsAfterSaleService, { type: "refundOnly", state: "applied" }, { ticket: owner });
    expect(tab.data.list.every((x) => x.type === "refundOnly" && x.state === "applied")).toBe(true);
    expect(tab.data.total).toBe(tab.data.stateCounts.applied);
    const closed = await t.call(S.selOrderGoodsAfterSaleService, { state: "closed" }, { ticket: owner });
    expect(closed.data.total).toBeGreaterThan(0);
    expect(closed.data.total).toBe(all.data.stateCounts.closed);
    expect(closed.data.list.every((x) => ["rejected", "withdrawn", "refunded", "exchangeShipped"].includes(x.state))).toBe(true);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await t.call(S.selOrderGoodsAfterSaleService, { from: future }, { ticket: owner })).data.total).toBe(0);
    expect((await t.call(S.selOrderGoodsAfterSaleService, { state: "nope" as never }, { ticket: owner })).status).toBe(400);
    expect((await t.call(S.selOrderGoodsAfterSaleService, { pageSize: 0 }, { ticket: owner })).status).toBe(400);
    const todo = await t.call(S.selAfterSaleTodoCount, {}, { ticket: owner });
    expect(todo.data.applied).toBe(all.data.stateCounts.applied);
    expect((await t.call(S.selAfterSaleById, { id: "01NOPE" }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
  });

  it("when another seller or a staff member without the function calls, then not found / 403, nothing changed", async () => {
    const order = await paidOrder(1);
    const a = await applyFor(order, { type: "refundOnly", amount: 100 });
    const byId: [(typeof S)[keyof typeof S], Record<string, unknown>][] = [
      [S.selAfterSaleById, { id: a.id }],
      [S.selAfterSaleOrderDetail, { id: a.id }],
      [S.approveApply, { id: a.id }],
      [S.rejectApply, { id: a.id, reason: "x" }],
      [S.confirmReceipt, { id: a.id }],
      [S.refundApply, { id: a.id }],
      [S.shipExchange, { id: a.id, expressCode: "SF", trackingNo: "SF9" }],
    ];
    for (const [call, input] of byId) expect((await t.post(call.path, input, { ticket: other })).code, call.path).toBe(codes.NOT_FOUND);
    expect((await t.call(S.selOrderGoodsAfterSaleService, {}, { ticket: other })).data.list.some((x) => x.id === a.id)).toBe(false);
    const viewer = await createStaff(t, boId, ["order.manage"]);
    for (const [call, input] of [...byId, [S.selOrderGoodsAfterSaleService, {}], [S.selAfterSaleTodoCount, {}]] as const)
      expect((await t.post(call.path, input, { ticket: viewer })).status, call.path).toBe(403);
    const handler = await createStaff(t, boId, ["order.afterSale"]);
    const seen = await t.call(S.selAfterSaleById, { id: a.id }, { ticket: handler });
    expect(seen.data.state).toBe("applied");
    // The buyer's phone in full only to members who may see full phones (order.manage.phone), as on the order.
    expect(seen.data.buyerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const ofOrder = await t.call(S.selAfterSaleOrderDetail, { id: a.id }, { ticket: handler });
    expect(ofOrder.data.afterSales[0]?.buyerPhone).toMatch(/\*{4}/);
    expect(JSON.stringify(ofOrder.data.order)).not.toMatch(/"1[3-9]\d{9}"/);
    const phones = await createStaff(t, boId, ["order.afterSale", "order.manage.phone"]);
    expect((await t.call(S.selAfterSaleById, { id: a.id }, { ticket: phones })).data.buyerPhone).toMatch(/^\d{11}$/);
    expect((await t.call(S.selAfterSaleById, { id: a.id }, { ticket: owner })).data.buyerPhone).toMatch(/^\d{11}$/);
    expect(await events(order.id)).toEqual(["created", "paid", "afterSaleApplied"]);
  });
});

describe("the refund ledger", () => {
  it("when 20 full refunds of one order run at once, then the refunded total never exceeds what was paid", async () => {
    const order = await paidOrder(2);
    const [o] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, order.id));
    if (!o) throw new Error("no order");
    // Twenty approved refund-only applications, each for the whole paid amount (more than the apply call allows).
    const rows = await t.db
      .insert(afterSaleApply)
      .values(
        Array.from({ length: 20 }, () => ({
          afterSaleNo: newAfterSaleNo(),
          boId: o.boId,
          shopId: o.shopId,
          orderId: o.id,
          lineId: order.lineId,
          buyerMemberId: o.buyerMemberId,
          type: "refundOnly",
          state: "approved",
          quantity: 1,
          amount: o.payAmount,
          reasonCode: "quality",
        })),
      )
      .returning();
    const answers = await Promise.all(rows.map((r) => t.call(S.refundApply, { id: r.id }, { ticket: owner })));
    expect(answers.filter((a) => a.code === codes.OK)).toHaveLength(1);
    expect(answers.filter((a) => a.reason === "afterSale.refundExceedsPaid")).toHaveLength(19);
    expect(await refunded(order.id)).toBe(o.payAmount);
    expect(await t.db.select().from(orderRefund).where(eq(orderRefund.orderId, order.id))).toHaveLength(1);
    // The database itself refuses a total above what was paid.
    await expect(t.db.execute(sql`update order_info set refunded_amount = pay_amount + 1 where id = ${order.id}`)).rejects.toThrow();
  }, 60_000);
});

describe("the sandbox refund", () => {
  it("when one refund is asked for twice, then the provider answers the same reference (idempotent); another refund differs", async () => {
    const p = sandboxProvider("a-test-secret-of-enough-length");
    const first = await p.refund({ refundId: "01REFUND", orderNo: "1", amount: 100, payment: null });
    expect(await p.refund({ refundId: "01REFUND", orderNo: "1", amount: 100, payment: null })).toEqual(first);
    expect((await p.refund({ refundId: "01OTHER", orderNo: "1", amount: 100, payment: null })).providerRef).not.toBe(first.providerRef);
  });
});

describe("the auto-approve job", () => {
  it("when applications are older than the shop's days and two runners race, then each is approved once, by the system", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const order = await paidOrder(1);
      ids.push((await applyFor(order, { type: "refundOnly", amount: 100 })).id);
    }
    const fresh = await applyFor(await paidOrder(1), { type: "refundOnly", amount: 100 });
    await t.db.execute(sql`update after_sale_apply set created_at = now() - interval '4 days' where id in ${ids}`);
    const [n1, n2] = await Promise.all([autoApprove(t.db), autoApprove(t.db)]);
    expect((n1 ?? 0) + (n2 ?? 0)).toBeGreaterThanOrEqual(4);
    const rows = await t.db.select().from(afterSaleApply).where(sql`${afterSaleApply.id} in ${ids}`);
    expect(rows.every((r) => r.state === "approved" && r.autoApproved)).toBe(true);
    const approvals = await t.db
      .select()
      .from(orderTimeline)
      .where(and(eq(orderTimeline.event, "afterSaleApproved"), sql`${orderTimeline.detail} ->> 'afterSaleId' in ${ids}`));
    expect(approvals).toHaveLength(4);
    expect(approvals.every((e) => e.actor === "system")).toBe(true);
    expect((await t.call(S.selAfterSaleById, { id: fresh.id }, { ticket: owner })).data.state).toBe("applied");
  }, 60_000);
});
