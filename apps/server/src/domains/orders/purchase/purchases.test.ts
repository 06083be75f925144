import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PURCHASE_FATES } from "../../../demo/purchases.demo";
import { buyerAddress, buyerLogin } from "../../../test/buyer-kit";
import { createStaff, meOf } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/harness";
import { buyerCaller, onShelfSku, orderScene } from "../../../test/order-kit";
import { orderEvaluation } from "../../evaluation/evaluation.tables";
import { member } from "../../identity/identity.tables";
import { orderInfo } from "../orders.tables";

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
/** Green Valley's purchaser (the Purchases screen with its actions: purchase.order.act) and its owner. */
let purchaser: string;
/** Green Valley's order clerk (order.manage, order.manage.ship): the shop's sales, not the organisation's purchases. */
let clerk: string;
let greenOwner: string;
/** Green Valley's store manager, buying on the buyer API with their own phone. */
let manager: string;
let managerId: string;
let addressId: string;
let skuId: string;
const MANAGER_PHONE = "13900000901";

const bcall = buyerCaller(() => ({ t, ticket: manager }));

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
  purchaser = await createStaff(t, greenBoId, ["purchase.order.act"]);
  // The store manager: staff of Green Valley who may buy for it, whose own phone (proved) they buy with.
  const managerSeller = await createStaff(t, greenBoId, ["purchase.order.act"]);
  managerId = (await meOf(t, managerSeller)).memberId;
  await t.db.update(member).set({ phone: MANAGER_PHONE }).where(eq(member.id, managerId));
  manager = await buyerLogin(t, MANAGER_PHONE);
  addressId = await buyerAddress(t, manager, MANAGER_PHONE, "Manager at home");
}, 90_000);
afterAll(() => t.close());

describe("the store manager's personal purchase", () => {
  it("when the purchaser reads, reminds or reviews it, then each is refused and nothing changes", async () => {
    const o = await place();
    await setOrder(o.id, { status: "paid", paidAt: new Date() });
    for (const ticket of [purchaser, greenOwner]) {
      const read = await t.call(D.selBuyerOrderDetailById, { id: o.id }, { ticket });
      expect(read.code).toBe(codes.NOT_FOUND);
      expect(read.reason).toBe("orderDesk.notOwnPurchase");
      expect(JSON.stringify(read.data ?? null)).not.toContain("Manager at home");
      expect((await t.call(D.remindDelivery, { id: o.id }, { ticket })).code).toBe(codes.NOT_FOUND);
    }
    await setOrder(o.id, { status: "received", receivedAt: new Date() });
    const review = await t.call(E.addEvalOrder, await evalInput(o.id), { ticket: purchaser });
    expect(review.code).toBe(codes.NOT_FOUND);
    expect(review.reason).toBe("evaluation.purchaseNotFound");
    const title = await t.call(contract.invoice.addBillInvoiceInfo, { kind: "personal", name: "Green Valley" }, { ticket: greenOwner });
    expect(title.code, title.msg).toBe(codes.OK);
    const invoice = await t.call(contract.invoice.applyBillInvoice, { orderId: o.id, titleId: title.data.id }, { ticket: purchaser });
    expect(invoice.code).toBe(codes.NOT_FOUND);
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
    // Nor does the Purchases list (the statement by order) show it to the purchaser.
    const list = await t.call(contract.statement.selBuyerStatementByPC, { from: today, to: today, pageSize: 100 }, { ticket: purchaser });
    expect(list.code, list.msg).toBe(codes.OK);
    expect(list.data.list.map((r) => r.orderId)).not.toContain(o.id);
  });
});

describe("who may reach Green Valley's purchases (the Purchases area's functions)", () => {
  it("when the order clerk (the shop's sales) or a reader without the actions acts on one, then it is refused with 403 naming the function", async () => {
    const o = await place({ buyerBoId: greenBoId });
    await setOrder(o.id, { status: "paid", paidAt: new Date() });
    const read = await t.call(D.selBuyerOrderDetailById, { id: o.id }, { ticket: clerk });
    expect(read.status).toBe(403);
    expect(read.msg).toContain("purchase.order");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    expect((await t.call(contract.statement.selBuyerNumByPC, { from: today, to: today }, { ticket: clerk })).status).toBe(403);
    const reader = await createStaff(t, greenBoId, ["purchase.order"]);
    expect((await t.call(D.selBuyerOrderDetailById, { id: o.id }, { ticket: reader })).code).toBe(codes.OK);
    expect((await t.call(contract.invoice.selBillInvoiceInfoListByParam, {}, { ticket: reader })).code).toBe(codes.OK);
    const remind = await t.call(D.remindDelivery, { id: o.id }, { ticket: reader });
    expect(remind.status).toBe(403);
    expect(remind.msg).toContain("purchase.order.act");
    const title = await t.call(contract.invoice.addBillInvoiceInfo, { kind: "personal", name: "Reader" }, { ticket: reader });
    expect(title.status).toBe(403);
    expect(title.msg).toContain("purchase.order.title");
    const [row] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, o.id));
    expect(row?.remindCount).toBe(0);
  });
});

describe("a purchase the manager places for Green Valley", () => {
  it("when the purchaser reads, reminds and reviews it, then it is Green Valley's to act on", async () => {
    const o = await place({ buyerBoId: greenBoId });
    expect(o.buyerBoId).toBe(greenBoId);
    await setOrder(o.id, { status: "paid", paidAt: new Date() });
    const read = await t.call(D.selBuyerOrderDetailById, { id: o.id }, { ticket: purchaser });
    expect(read.code, read.msg).toBe(codes.OK);
    expect(read.data.lines[0]?.goodsName).toBe("Purchase melons");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    const list = await t.call(contract.statement.selBuyerStatementByPC, { from: today, to: today, pageSize: 100 }, { ticket: purchaser });
    expect(list.data.list.map((r) => r.orderId)).toContain(o.id);
    expect((await t.call(D.remindDelivery, { id: o.id }, { ticket: purchaser })).code).toBe(codes.OK);
    await setOrder(o.id, { status: "received", receivedAt: new Date() });
    const review = await t.call(E.addEvalOrder, await evalInput(o.id), { ticket: purchaser });
    expect(review.code, review.msg).toBe(codes.OK);
    // Another organisation does not reach it.
    const other = await t.login("demo2");
    expect((await t.call(D.selBuyerOrderDetailById, { id: o.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
  });

  it("when a buyer names an organisation they do not buy for, then checkout is refused naming the field and nothing is placed", async () => {
    const outsider = await buyerLogin(t, "13900000903");
    const outsiderAddress = await buyerAddress(t, outsider, "13900000903");
    // Staff of Green Valley who may not act on its purchases may not buy for it either.
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

describe("the demo's purchases (purchases.demo.ts)", () => {
  it("when Green Valley reads its purchases, then it sees those placed for it and never the store manager's personal one", async () => {
    const [manager] = await t.db.select({ id: member.id }).from(member).where(eq(member.loginName, "demo-manager"));
    const rows = await t.db.select({ id: orderInfo.id, buyerBoId: orderInfo.buyerBoId, buyer: orderInfo.buyerMemberId }).from(orderInfo);
    const ours = rows.filter((r) => r.buyerBoId === greenBoId).map((r) => r.id);
    const personal = rows.filter((r) => r.buyer === manager?.id && r.buyerBoId === null).map((r) => r.id);
    expect(ours.length).toBeGreaterThanOrEqual(DEMO_PURCHASE_FATES.length);
    expect(personal.length).toBe(1);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    const from = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date(Date.now() - 29 * 86_400_000));
    const list = await t.call(contract.statement.selBuyerStatementByPC, { from, to: today, pageSize: 100 }, { ticket: purchaser });
    expect(list.code, list.msg).toBe(codes.OK);
    const listed = list.data.list.map((r) => r.orderId);
    for (const id of personal) expect(listed).not.toContain(id);
    expect(listed.length).toBeGreaterThanOrEqual(DEMO_PURCHASE_FATES.length);
    expect(listed.every((id) => ours.includes(id))).toBe(true);
    const refused = await t.call(D.selBuyerOrderDetailById, { id: personal[0] as string }, { ticket: purchaser });
    expect(refused.code).toBe(codes.NOT_FOUND);
  });
});
