import { codes, contract } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../platform/db/rows";
import { type AlipayKeys, alipaySignNotification, alipayStandIn, newAlipayKeys, pemOf } from "../../../test/alipay-standin";
import { buyerPost } from "../../../test/buyer-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { onShelfSku, orderScene } from "../../../test/order-kit";
import { orderInfo, orderLine, orderPayment, orderTimeline } from "../orders.tables";

/*
 * Paying and refunding through Alipay end to end (PAYMENT_PROVIDERS=alipay): the buyer's pay call asks a stand-in of
 * Alipay's gateway (127.0.0.1, test/alipay-standin.ts) for the QR code; Alipay's form-encoded notification, signed
 * with "Alipay's" key generated here, goes through the notify path; an after-sale refund reaches the stand-in signed.
 */

const B = contract.buyer;
const O = contract.orders;
const APP_ID = "2021000000000042";
let keys: AlipayKeys;
let gateway: Awaited<ReturnType<typeof alipayStandIn>>;
let t: TestApp;
let scene: Awaited<ReturnType<typeof orderScene>>;
let serial = 0;

beforeAll(async () => {
  keys = newAlipayKeys();
  gateway = await alipayStandIn(keys, APP_ID);
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDERS: "alipay",
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: pemOf(keys.app.privateKey),
      // As Alipay's console shows it: the bare base64, no PEM lines.
      ALIPAY_PUBLIC_KEY: pemOf(keys.alipay.publicKey)
        .replace(/-----[A-Z ]+-----/g, "")
        .replace(/\s+/g, ""),
      ALIPAY_GATEWAY: gateway.url,
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  scene = await orderScene(t, "13900004201");
}, 120_000);
afterAll(async () => {
  await t.close();
  await gateway.close();
});

async function pendingOrder(price = 1500) {
  serial += 1;
  const skuId = await onShelfSku(t, scene.owner, scene.image, `Lychees ${serial}`, price, 5);
  const placed = await buyerPost<{ orders: { id: string; orderNo: string }[] }>(
    t,
    B.submitOrder.path,
    { addressId: scene.addressId, items: [{ skuId, quantity: 1 }] },
    { ticket: scene.buyer },
  );
  expect(placed.code, placed.msg).toBe(codes.OK);
  return placed.data.orders[0] as { id: string; orderNo: string };
}

async function startPayment(orderId: string) {
  const pay = await buyerPost<{ paymentId: string; provider: string; amount: number; payUrl: string | null }>(
    t,
    B.payOrder.path,
    { id: orderId },
    { ticket: scene.buyer },
  );
  expect(pay.code, pay.msg).toBe(codes.OK);
  return pay.data;
}

/** Alipay's notification of a payment, as its server posts it (a form), signed with Alipay's key unless told. */
const notificationOf = (paymentId: string, more: Record<string, string> = {}) =>
  alipaySignNotification(
    {
      app_id: APP_ID,
      charset: "utf-8",
      notify_id: `notify${paymentId}`,
      notify_time: "2026-11-29 11:30:00",
      notify_type: "trade_status_sync",
      out_trade_no: paymentId,
      trade_no: `20261129220014${paymentId.slice(-12)}`,
      total_amount: "15.00",
      trade_status: "TRADE_SUCCESS",
      subject: "订单 Order",
      version: "1.0",
      ...more,
    },
    keys.alipay.privateKey,
  );

const post = (params: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/api/buyer/trading/pay/notify/alipay",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    payload: new URLSearchParams(params).toString(),
  });

const statusOf = async (id: string) => (await t.call(O.selSellerOrderDetailById, { id }, { ticket: scene.owner })).data.status;
const paidEvents = async (id: string) =>
  (
    await t.db
      .select()
      .from(orderTimeline)
      .where(and(eq(orderTimeline.orderId, id), eq(orderTimeline.event, "paid")))
  ).length;

describe("Alipay payments (PAYMENT_PROVIDERS=alipay)", () => {
  it("when a buyer pays, then the payment is created at Alipay (precreate, signed, in yuan, with our notify URL) and its QR link handed out", async () => {
    const o = await pendingOrder(1500);
    const pay = await startPayment(o.id);
    expect(pay).toMatchObject({ provider: "alipay", amount: 1500, payUrl: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//) });
    const req = gateway.received.at(-1);
    expect(req).toMatchObject({
      method: "alipay.trade.precreate",
      signed: true,
      params: { notify_url: "https://shop.example.com/api/buyer/trading/pay/notify/alipay" },
      biz: { out_trade_no: pay.paymentId, total_amount: "15.00" },
    });
    expect(req?.biz.subject).toContain(o.orderNo);
  });

  it("when Alipay's notification arrives, then the order is paid once, however often it is sent, and Alipay hears the plain text success", async () => {
    const o = await pendingOrder(1500);
    const pay = await startPayment(o.id);
    const n = notificationOf(pay.paymentId);
    const first = await post(n);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/plain/);
    expect(first.body).toBe("success");
    expect(await statusOf(o.id)).toBe("paid");
    // Alipay sends it again (it did not hear us in time), several at once, and later its TRADE_FINISHED.
    const again = await Promise.all([post(n), post(n), post(n)]);
    expect(again.map((r) => r.body)).toEqual(["success", "success", "success"]);
    expect((await post(notificationOf(pay.paymentId, { trade_status: "TRADE_FINISHED" }))).body).toBe("success");
    expect(await paidEvents(o.id)).toBe(1);
    const [payment] = await t.db.select().from(orderPayment).where(eq(orderPayment.id, pay.paymentId));
    expect(payment).toMatchObject({ status: "succeeded", provider: "alipay", providerRef: n.trade_no, amount: 1500 });
  });

  it("when a notification is tampered with (the amount changed after signing) or signed by another key, then it is refused with fail and the order stays unpaid", async () => {
    const o = await pendingOrder(1500);
    const pay = await startPayment(o.id);
    const tampered = await post({ ...notificationOf(pay.paymentId), total_amount: "0.01" });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.body).toBe("fail");
    const forged = await post(alipaySignNotification({ ...notificationOf(pay.paymentId), sign: "" }, keys.app.privateKey));
    expect(forged.statusCode).toBe(403);
    expect(await statusOf(o.id)).toBe("pendingPayment");
    const [payment] = await t.db.select().from(orderPayment).where(eq(orderPayment.id, pay.paymentId));
    expect(payment?.status).toBe("pending");
  });

  it("when a signed notification carries another amount than the payment's, then the order is not paid and the payment is recorded failed", async () => {
    const o = await pendingOrder(1500);
    const pay = await startPayment(o.id);
    expect((await post(notificationOf(pay.paymentId, { total_amount: "1.50" }))).body).toBe("success");
    expect(await statusOf(o.id)).toBe("pendingPayment");
    expect(await paidEvents(o.id)).toBe(0);
    const [payment] = await t.db.select().from(orderPayment).where(eq(orderPayment.id, pay.paymentId));
    expect(payment?.status).toBe("failed");
  });

  it("when Alipay says the buyer has not paid yet (WAIT_BUYER_PAY), then nothing changes and the later success still pays the order", async () => {
    const o = await pendingOrder(1500);
    const pay = await startPayment(o.id);
    expect((await post(notificationOf(pay.paymentId, { trade_status: "WAIT_BUYER_PAY" }))).body).toBe("success");
    expect(await statusOf(o.id)).toBe("pendingPayment");
    expect((await post(notificationOf(pay.paymentId))).body).toBe("success");
    expect(await statusOf(o.id)).toBe("paid");
  });

  it("when a signed notification names a payment this server does not hold, then Alipay hears fail (it sends it again later)", async () => {
    const res = await post(notificationOf("01JZZZZZZZZZZZZZZZZZZZZZZZ"));
    expect(res.body).toBe("fail");
  });

  it("when Alipay cannot create the payment, then the buyer is told to try again and no payment is kept", async () => {
    const o = await pendingOrder(1500);
    gateway.behave.down = true;
    try {
      const pay = await buyerPost(t, B.payOrder.path, { id: o.id }, { ticket: scene.buyer });
      expect(pay).toMatchObject({ code: codes.PROVIDER_FAILED, reason: "orders.paymentStartFailed" });
    } finally {
      gateway.behave.down = false;
    }
    expect(await t.db.select().from(orderPayment).where(eq(orderPayment.orderId, o.id))).toHaveLength(0);
  });

  /** An order of ¥15 paid through Alipay, and an approved refund-only after-sale of `amount` on its line. */
  async function approvedRefundOf(amount: number) {
    const o = await pendingOrder(1500);
    const pay = await startPayment(o.id);
    expect((await post(notificationOf(pay.paymentId))).body).toBe("success");
    const [line] = await t.db.select().from(orderLine).where(eq(orderLine.orderId, o.id));
    const applied = await buyerPost<{ id: string }>(
      t,
      contract.buyerAfterSale.apply.path,
      { orderId: o.id, lineId: line?.id, type: "refundOnly", quantity: 1, amount, reasonCode: "quality" },
      { ticket: scene.buyer },
    );
    expect(applied.code, applied.msg).toBe(codes.OK);
    expect((await t.call(contract.afterSale.approveApply, { id: applied.data.id }, { ticket: scene.owner })).code).toBe(codes.OK);
    return { o, pay, applied };
  }

  it("when the seller refunds an after-sale of an order paid through Alipay, then alipay.trade.refund is asked, signed, for that payment, by the after-sale's id", async () => {
    const { o, pay, applied } = await approvedRefundOf(1200);
    const refund = await t.call(contract.afterSale.refundApply, { id: applied.data.id }, { ticket: scene.owner });
    expect(refund.code, refund.msg).toBe(codes.OK);
    const asked = gateway.received.filter((r) => r.method === "alipay.trade.refund" && r.biz.out_trade_no === pay.paymentId);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ signed: true, biz: { refund_amount: "12.00", out_request_no: applied.data.id } });
    const [order] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, o.id));
    expect(order?.refundedAmount).toBe(1200);
  });

  it("when Alipay refuses a refund, then the after-sale's refund is refused with its words and nothing is refunded", async () => {
    const { o, applied } = await approvedRefundOf(1500);
    gateway.behave.refuse = { code: "40004", subCode: "ACQ.TRADE_NOT_EXIST" };
    try {
      const refund = await t.call(contract.afterSale.refundApply, { id: applied.data.id }, { ticket: scene.owner });
      expect(refund).toMatchObject({ code: codes.STATE_FORBIDS, reason: "afterSale.refundFailed" });
      expect(refund.msg).toContain("ACQ.TRADE_NOT_EXIST");
    } finally {
      gateway.behave.refuse = null;
    }
    const [order] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, o.id));
    expect(order?.refundedAmount).toBe(0);
  });

  it("when a buyer pays twice and both payments arrive, then the second is given back through alipay.trade.refund, once", async () => {
    const o = await pendingOrder(1500);
    const first = await startPayment(o.id);
    const second = await startPayment(o.id);
    expect((await post(notificationOf(first.paymentId))).body).toBe("success");
    expect((await post(notificationOf(second.paymentId))).body).toBe("success");
    expect((await post(notificationOf(second.paymentId))).body).toBe("success");
    expect(await paidEvents(o.id)).toBe(1);
    const asked = gateway.received.filter((r) => r.method === "alipay.trade.refund" && r.biz.out_trade_no === second.paymentId);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ signed: true, biz: { refund_amount: "15.00", out_request_no: `payment_${second.paymentId}` } });
    const refunds = await rowsOf<{ status: string }>(t.db, sql`select status from payment_refund where payment_id = ${second.paymentId}`);
    expect(refunds).toEqual([{ status: "refunded" }]);
  });

  it("when the sandbox is not enabled beside Alipay, then its notify path answers 404", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/buyer/trading/pay/notify/sandbox",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("the notify path's bodies", () => {
  it("when a body is not a form, XML or JSON, or larger than 64 KiB, then it is refused before any provider reads it", async () => {
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/buyer/trading/pay/notify/alipay",
      headers: { "content-type": "text/plain" },
      payload: "trade_status=TRADE_SUCCESS",
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ code: codes.BAD_INPUT, data: { issues: [{ path: "body" }] } });
    const big = await post({ padding: "x".repeat(70 * 1024) });
    expect(big.statusCode).toBe(413);
    // XML is read as bytes too: Alipay finds no form in it and refuses it.
    const xml = await t.app.inject({
      method: "POST",
      url: "/api/buyer/trading/pay/notify/alipay",
      headers: { "content-type": "text/xml" },
      payload: "<xml><trade_status>TRADE_SUCCESS</trade_status></xml>",
    });
    expect(xml.statusCode).toBe(403);
    expect(xml.body).toBe("fail");
  });

  it("when another call is posted as a form, then it is refused as before: only the notify path reads forms", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: B.payOrder.path,
      headers: { "content-type": "application/x-www-form-urlencoded", "sign-token": t.config.signToken },
      cookies: { buyer_ticket: scene.buyer },
      payload: "id=01JZZZZZZZZZZZZZZZZZZZZZZZ",
    });
    expect(res.statusCode).toBe(400);
  });
});
