import { codes, contract, type InputOf, type OutputOf } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member } from "../../platform/auth/auth.tables";
import { buyerAddress, buyerLogin, buyerPost } from "../../test/buyer-kit";
import { createStaff, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { onShelfSku, orderScene } from "../../test/order-kit";
import { orderEvaluation } from "../evaluation/evaluation.tables";
import { orderInfo } from "./orders.tables";

/*
 * Issue 22 finding 9: an employee's private purchases are not the employer's (docs/domains/orders.md,
 * "Organisation purchases"). An order is Green Valley's purchase only when it was placed for Green Valley.
 */

const B = contract.buyer;
const D = contract.orderDesk;
const E = contract.evaluation;
const BE = contract.buyerEvaluate;
let t: TestApp;
let greenBoId: string;
/** Green Valley's order clerk (order.manage, order.manage.ship) and its owner. */
let clerk: string;
let greenOwner: string;
/** Green Valley's store manager, buying on the buyer API with their own phone. */
let manager: string;
let managerId: string;
let addressId: string;
let skuId: string;
const MANAGER_PHONE = "13900000901";

const bcall = async <C extends (typeof B)[keyof typeof B] | (typeof BE)[keyof typeof BE]>(c: C, input: InputOf<C>, ticket = manager) =>
  buyerPost<OutputOf<C>>(t, c.path, input as Record<string, unknown>, { ticket });

async function place(input: { buyerBoId?: string } = {}, ticket = manager) {
  const res = await bcall(B.submitOrder, { addressId, items: [{ skuId, quantity: 1 }], ...input }, ticket);
  expect(res.code, res.msg).toBe(codes.OK);
  const order = res.data.orders[0];
  if (!order) throw new Error("no order");
  const [line] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, order.id));
  return { id: order.id, buyerBoId: line?.buyerBoId };
}
const setOrder = (id: string, patch: Partial<typeof orderInfo.$inferInsert>) =>
  t.db.update(orderInfo).set(patch).where(eq(orderInfo.id, id));
async function evalInput(orderId: string) {
  const detail = await bcall(B.selOrderDetail, { id: orderId });
  return {
    orderId,
    descriptionScore: 1,
    serviceScore: 1,
    logisticsScore: 1,
    lines: detail.data.lines.map((l) => ({ lineId: l.id, score: 1, content: "Bad", imageIds: [] })),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  // Another shop (not Green Valley) the manager buys from.
  const scene = await orderScene(t, "13900000902");
  skuId = await onShelfSku(t, scene.owner, scene.image, "Purchase melons", 1500, 100);
  greenOwner = await t.login("demo");
  clerk = await t.login("demo-clerk");
  greenBoId = (await meOf(t, greenOwner)).boId;
  // The store manager: staff of Green Valley with the orders screen, whose own phone (proved) they buy with.
  const managerSeller = await createStaff(t, greenBoId, ["order.manage"]);
  managerId = (await meOf(t, managerSeller)).memberId;
  await t.db.update(member).set({ phone: MANAGER_PHONE }).where(eq(member.id, managerId));
  manager = await buyerLogin(t, MANAGER_PHONE);
  addressId = await buyerAddress(t, manager, MANAGER_PHONE, "Manager at home");
}, 90_000);
afterAll(() => t.close());

describe("the store manager's personal purchase", () => {
  it("when the clerk reads, reminds or reviews it, then each is refused and nothing changes", async () => {
    const o = await place();
    await setOrder(o.id, { status: "paid", paidAt: new Date() });
    for (const ticket of [clerk, greenOwner]) {
      const read = await t.call(D.selBuyerOrderDetailById, { id: o.id }, { ticket });
      expect(read.code).toBe(codes.NOT_FOUND);
      expect(read.reason).toBe("orderDesk.notOwnPurchase");
      expect(JSON.stringify(read.data ?? null)).not.toContain("Manager at home");
      expect((await t.call(D.remindDelivery, { id: o.id }, { ticket })).code).toBe(codes.NOT_FOUND);
    }
    await setOrder(o.id, { status: "received", receivedAt: new Date() });
    const review = await t.call(E.addEvalOrder, await evalInput(o.id), { ticket: clerk });
    expect(review.code).toBe(codes.NOT_FOUND);
    expect(review.reason).toBe("evaluation.purchaseNotFound");
    const [row] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, o.id));
    expect(row?.remindCount).toBe(0);
    expect(await t.db.select().from(orderEvaluation).where(eq(orderEvaluation.orderId, o.id))).toEqual([]);
  });

  it("when the manager acts on it through the buyer API, then they read, remind and review it themselves", async () => {
    const o = await place();
    await setOrder(o.id, { status: "paid", paidAt: new Date() });
    const detail = await bcall(B.selOrderDetail, { id: o.id });
    expect(detail.code, detail.msg).toBe(codes.OK);
    expect((await bcall(B.remindDelivery, { id: o.id })).code).toBe(codes.OK);
    await setOrder(o.id, { status: "received", receivedAt: new Date() });
    const review = await bcall(BE.addEvalOrder, await evalInput(o.id));
    expect(review.code, review.msg).toBe(codes.OK);
  });

  it("when the organisation's statement of purchases is read, then it does not count it", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    const figures = await t.call(contract.statement.selBuyerNumByPC, { from: today, to: today }, { ticket: greenOwner });
    expect(figures.code, figures.msg).toBe(codes.OK);
    const before = figures.data.orders;
    const o = await place();
    await setOrder(o.id, { status: "paid", paidAt: new Date() });
    const after = await t.call(contract.statement.selBuyerNumByPC, { from: today, to: today }, { ticket: greenOwner });
    expect(after.data.orders).toBe(before);
  });
});

describe("a purchase the manager places for Green Valley", () => {
  it("when the clerk reads, reminds and reviews it, then it is Green Valley's to act on", async () => {
    const o = await place({ buyerBoId: greenBoId });
    expect(o.buyerBoId).toBe(greenBoId);
    await setOrder(o.id, { status: "paid", paidAt: new Date() });
    const read = await t.call(D.selBuyerOrderDetailById, { id: o.id }, { ticket: clerk });
    expect(read.code, read.msg).toBe(codes.OK);
    expect(read.data.lines[0]?.goodsName).toBe("Purchase melons");
    expect((await t.call(D.remindDelivery, { id: o.id }, { ticket: clerk })).code).toBe(codes.OK);
    await setOrder(o.id, { status: "received", receivedAt: new Date() });
    const review = await t.call(E.addEvalOrder, await evalInput(o.id), { ticket: clerk });
    expect(review.code, review.msg).toBe(codes.OK);
    // Another organisation does not reach it.
    const other = await t.login("demo2");
    expect((await t.call(D.selBuyerOrderDetailById, { id: o.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
  });

  it("when a buyer names an organisation they do not buy for, then checkout is refused naming the field and nothing is placed", async () => {
    const outsider = await buyerLogin(t, "13900000903");
    const outsiderAddress = await buyerAddress(t, outsider, "13900000903");
    // Staff of Green Valley without the orders screen may not buy for it either.
    const packer = await createStaff(t, greenBoId, ["goods.manage"]);
    const packerId = (await meOf(t, packer)).memberId;
    await t.db.update(member).set({ phone: "13900000904" }).where(eq(member.id, packerId));
    const packerBuyer = await buyerLogin(t, "13900000904");
    const packerAddress = await buyerAddress(t, packerBuyer, "13900000904");
    const count = async () => (await t.db.select({ id: orderInfo.id }).from(orderInfo)).length;
    const n = await count();
    for (const [ticket, address] of [
      [outsider, outsiderAddress],
      [packerBuyer, packerAddress],
    ] as const) {
      for (const call of [B.previewOrder, B.submitOrder]) {
        const res = await bcall(call, { addressId: address, items: [{ skuId, quantity: 1 }], buyerBoId: greenBoId }, ticket);
        expect(res.status).toBe(400);
        expect(res.msg).toContain("buyerBoId");
        const issue = (res.data as unknown as { issues: { path: string; reason: string }[] }).issues[0];
        expect(issue).toMatchObject({ path: "buyerBoId", reason: "orders.notBuyingFor" });
      }
    }
    expect(await count()).toBe(n);
  });
});
