import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerPost } from "../../../test/buyer-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { onShelfSku, orderScene } from "../../../test/order-kit";
import { orderInfo, orderLine, orderPayment } from "../orders.tables";
import { signSandbox } from "./payment.port";

/*
 * Issue 22, finding 3: under `npm start` (production) a forged notification signed with the secret the code once
 * shipped as a default paid any order; and the sandbox ran on every server. Now no secret has a published default and
 * the sandbox runs only where it is enabled (config.ts, PAYMENT_PROVIDERS).
 */

const B = contract.buyer;
const O = contract.orders;
/** The secret that was the published default of PAYMENT_SANDBOX_SECRET. */
const PUBLISHED_SECRET = "sandbox-payments-secret-change-me";

async function pendingOrder(t: TestApp, phone: string) {
  const scene = await orderScene(t, phone);
  const skuId = await onShelfSku(t, scene.owner, scene.image, "Plums", 1500, 5);
  const placed = await buyerPost<{ orders: { id: string }[] }>(
    t,
    B.submitOrder.path,
    { addressId: scene.addressId, items: [{ skuId, quantity: 1 }] },
    { ticket: scene.buyer },
  );
  expect(placed.code, placed.msg).toBe(codes.OK);
  return { ...scene, id: placed.data.orders[0]?.id as string };
}

const notify = (t: TestApp, provider: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: `/api/buyer/trading/pay/notify/${provider}`,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

describe("`npm start` (production on the embedded database) with PAYMENT_PROVIDERS unset: no sandbox payments", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "production" } });
  });
  afterAll(() => t.close());

  it("when a buyer pays online, then it is refused as not available, and no signed success is handed out", async () => {
    expect(t.config.paymentProviders).toEqual([]);
    const o = await pendingOrder(t, "13900002211");
    const pay = await buyerPost(t, B.payOrder.path, { id: o.id }, { ticket: o.buyer });
    expect(pay).toMatchObject({ status: 200, code: codes.NOT_CONFIGURED, reason: "orders.paymentUnavailable" });
    expect(JSON.stringify(pay.data ?? null)).not.toContain("signature");
    const n = { paymentId: "0".repeat(26), providerRef: "SBX1", amount: 1500, result: "success" };
    expect((await notify(t, "sandbox", { ...n, signature: signSandbox(PUBLISHED_SECRET, n) })).statusCode).toBe(404);
    expect((await t.call(O.selSellerOrderDetailById, { id: o.id }, { ticket: o.owner })).data.status).toBe("pendingPayment");
  });

  it("when an order paid through the sandbox earlier (the demo's) is refunded, then the refund still goes through: it moves no money", async () => {
    const o = await pendingOrder(t, "13900002212");
    const [order] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, o.id));
    if (!order) throw new Error("no order");
    await t.db.update(orderInfo).set({ status: "paid", payMethod: "online" }).where(eq(orderInfo.id, o.id));
    await t.db.insert(orderPayment).values({
      orderId: o.id,
      boId: order.boId,
      buyerMemberId: order.buyerMemberId,
      method: "online",
      provider: "sandbox",
      amount: order.payAmount,
      status: "succeeded",
      providerRef: "SBXDEMO",
      settledAt: new Date(),
    });
    const [line] = await t.db.select().from(orderLine).where(eq(orderLine.orderId, o.id));
    const applied = await buyerPost<{ id: string }>(
      t,
      contract.buyerAfterSale.apply.path,
      { orderId: o.id, lineId: line?.id, type: "refundOnly", quantity: 1, amount: 1500, reasonCode: "quality" },
      { ticket: o.buyer },
    );
    expect(applied.code, applied.msg).toBe(codes.OK);
    expect((await t.call(contract.afterSale.approveApply, { id: applied.data.id }, { ticket: o.owner })).code).toBe(codes.OK);
    const refund = await t.call(contract.afterSale.refundApply, { id: applied.data.id }, { ticket: o.owner });
    expect(refund.code, refund.msg).toBe(codes.OK);
    const [after] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, o.id));
    expect(after?.refundedAmount).toBe(1500);
  });
});

describe("production with the sandbox asked for (PAYMENT_PROVIDERS=sandbox): it signs with a secret of its own", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "production", PAYMENT_PROVIDERS: "sandbox" } });
  });
  afterAll(() => t.close());

  it("when a notification is signed with the once-published default secret, then it is refused and the order stays unpaid", async () => {
    const o = await pendingOrder(t, "13900002201");
    const pay = await buyerPost<{ params: { paymentId: string; providerRef: string; amount: number; result: string } }>(
      t,
      B.payOrder.path,
      { id: o.id },
      { ticket: o.buyer },
    );
    expect(pay.code, pay.msg).toBe(codes.OK);
    const n = pay.data.params;
    const forged = await notify(t, "sandbox", { ...n, signature: signSandbox(PUBLISHED_SECRET, n) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: codes.FORBIDDEN, reason: "orders.signatureInvalid" });
    expect((await t.call(O.selSellerOrderDetailById, { id: o.id }, { ticket: o.owner })).data.status).toBe("pendingPayment");
    // The provider's own signature (the generated secret) still pays it: the demo buyers keep working.
    expect((await notify(t, "sandbox", n)).json()).toMatchObject({ code: codes.OK, data: { status: "succeeded" } });
    expect((await t.call(O.selSellerOrderDetailById, { id: o.id }, { ticket: o.owner })).data.status).toBe("paid");
  });
});

describe("production on PostgreSQL with PAYMENT_PROVIDERS unset: no online payment", () => {
  let t: TestApp;
  beforeAll(async () => {
    // DATABASE_URL only tells the configuration this is a real deployment; the test database is handed in as usual.
    t = await createTestApp({
      env: { NODE_ENV: "production", DATABASE_URL: "postgres://deployment/sbo", UPLOAD_TOKEN_SECRET: "an-upload-secret-of-our-own" },
    });
  });
  afterAll(() => t.close());

  it("when a buyer pays online, then it is refused as not available, and no payment is started", async () => {
    expect(t.config.paymentProviders).toEqual([]);
    const o = await pendingOrder(t, "13900002202");
    const pay = await buyerPost(t, B.payOrder.path, { id: o.id }, { ticket: o.buyer });
    expect(pay).toMatchObject({ status: 200, code: codes.NOT_CONFIGURED, reason: "orders.paymentUnavailable" });
    expect(pay.msg).toBe("Online payment is not available at the moment: pay by bank transfer and upload the voucher");
  });

  it("when a sandbox notification is posted, however signed, then the notify path answers 404 and the order stays unpaid", async () => {
    const o = await pendingOrder(t, "13900002203");
    const n = { paymentId: "0".repeat(26), providerRef: "SBX1", amount: 1500, result: "success" };
    for (const provider of ["sandbox", "constructor", "__proto__"]) {
      const res = await notify(t, provider, { ...n, signature: signSandbox(PUBLISHED_SECRET, n) });
      expect(res.statusCode, provider).toBe(404);
      expect(res.json()).toMatchObject({ code: codes.NOT_FOUND, reason: "platform.noSuchCall" });
    }
    expect((await t.call(O.selSellerOrderDetailById, { id: o.id }, { ticket: o.owner })).data.status).toBe("pendingPayment");
  });

  it("when the seller refunds an order paid by bank transfer, then a refund through a provider is refused and nothing is refunded", async () => {
    const o = await pendingOrder(t, "13900002204");
    // Paid offline (what a passed voucher does); the flow to it is not what is tested here.
    await t.db.update(orderInfo).set({ status: "paid", payMethod: "offline" }).where(eq(orderInfo.id, o.id));
    const [line] = await t.db.select().from(orderLine).where(eq(orderLine.orderId, o.id));
    const BA = contract.buyerAfterSale;
    const S = contract.afterSale;
    const applied = await buyerPost<{ id: string }>(
      t,
      BA.apply.path,
      { orderId: o.id, lineId: line?.id, type: "refundOnly", quantity: 1, amount: 1500, reasonCode: "quality" },
      { ticket: o.buyer },
    );
    expect(applied.code, applied.msg).toBe(codes.OK);
    expect((await t.call(S.approveApply, { id: applied.data.id }, { ticket: o.owner })).code).toBe(codes.OK);
    const refund = await t.call(S.refundApply, { id: applied.data.id }, { ticket: o.owner });
    expect(refund).toMatchObject({ status: 200, code: codes.NOT_CONFIGURED, reason: "afterSale.refundUnavailable" });
    const [order] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, o.id));
    expect(order?.refundedAmount).toBe(0);
    expect((await t.call(S.selAfterSaleById, { id: applied.data.id }, { ticket: o.owner })).data.state).toBe("approved");
  });
});
