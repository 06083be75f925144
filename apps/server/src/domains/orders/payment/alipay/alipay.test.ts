import { createSign, createVerify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AlipayKeys, alipaySignNotification, alipayStandIn, newAlipayKeys } from "../../../../test/alipay-standin";
import type { PaymentProvider } from "../payment.port";
import { alipayProvider } from "./alipay.port";
import { centsOf, notificationSignContent, rawMember, requestSignContent, signRsa2, verifyRsa2, yuanOf } from "./alipay-sign.rules";

/*
 * The Alipay adapter against Alipay's published protocol: the signing rules checked on the documentation's own
 * notification example, RSA2 signatures with keys generated here, and the calls against a stand-in gateway on
 * 127.0.0.1 (test/alipay-standin.ts). Nothing here reaches Alipay.
 */

const APP_ID = "2021000000000001";
let keys: AlipayKeys;
let gateway: Awaited<ReturnType<typeof alipayStandIn>>;
let provider: PaymentProvider;

beforeAll(async () => {
  keys = newAlipayKeys();
  gateway = await alipayStandIn(keys, APP_ID);
  provider = alipayProvider({
    appId: APP_ID,
    privateKey: keys.app.privateKey,
    publicKey: keys.alipay.publicKey,
    gateway: gateway.url,
    notifyUrl: "https://shop.example.com/api/buyer/trading/pay/notify/alipay",
    now: () => new Date("2026-11-29T03:04:05Z"),
  });
});
afterAll(() => gateway.close());

/** The asynchronous notification of Alipay's documentation (异步通知验签), as it arrives: a form. */
const documented: Record<string, string> = {
  total_amount: "2.00",
  buyer_id: "2088102116773037",
  body: "大乐透2.1",
  trade_no: "2016071921001003030200089909",
  refund_fee: "0.00",
  notify_time: "2016-07-19 14:10:49",
  subject: "大乐透2.1",
  sign_type: "RSA2",
  charset: "utf-8",
  notify_type: "trade_status_sync",
  out_trade_no: "0719141034-6418",
  gmt_close: "2016-07-19 14:10:46",
  gmt_payment: "2016-07-19 14:10:47",
  trade_status: "TRADE_SUCCESS",
  version: "1.0",
  sign: "kPbQIjX+xQc8F0/A6/AocELIjhhZnGbcBN6G4MM/HmfWL4ZiHM6fWl5NQhzXJusaklZ1LFuMo+lHQUELAYeugH8LYFvxnNajOvZhuxNFbN2LhF0l/KL8ANtj8oyPM4NN7Qft2kWJTDJUpQOzCzNnV9hDxh5AaT9FPqRS6ZKxnzM=",
  gmt_create: "2016-07-19 14:10:44",
  app_id: "2015102700040153",
  seller_id: "2088102119685838",
  notify_id: "4a91b7a78a503640467525113fb7d8bg8e",
};

const form = (params: Record<string, string>) => ({
  rawBody: Buffer.from(new URLSearchParams(params).toString()),
  headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
  contentType: "application/x-www-form-urlencoded",
});

const notice = (more: Record<string, string> = {}) => ({
  app_id: APP_ID,
  charset: "utf-8",
  notify_id: "ac05099524730693a8b330c5ecf72da9786",
  notify_time: "2026-11-29 11:04:30",
  notify_type: "trade_status_sync",
  out_trade_no: "01JDEMOPAYMENT000000000001",
  trade_no: "2026112922001404321234567890",
  total_amount: "19.99",
  trade_status: "TRADE_SUCCESS",
  subject: "订单 Order 1",
  buyer_logon_id: "159****5620",
  version: "1.0",
  ...more,
});

describe("Alipay's signing rules", () => {
  it("when the documentation's notification is checked, then the text signed is every parameter but sign and sign_type, URL-decoded, sorted", () => {
    const decoded = Object.fromEntries(new URLSearchParams(new URLSearchParams(documented).toString()));
    expect(notificationSignContent(decoded)).toBe(
      "app_id=2015102700040153&body=大乐透2.1&buyer_id=2088102116773037&charset=utf-8&gmt_close=2016-07-19 14:10:46" +
        "&gmt_create=2016-07-19 14:10:44&gmt_payment=2016-07-19 14:10:47&notify_id=4a91b7a78a503640467525113fb7d8bg8e" +
        "&notify_time=2016-07-19 14:10:49&notify_type=trade_status_sync&out_trade_no=0719141034-6418&refund_fee=0.00" +
        "&seller_id=2088102119685838&subject=大乐透2.1&total_amount=2.00&trade_no=2016071921001003030200089909" +
        "&trade_status=TRADE_SUCCESS&version=1.0",
    );
  });

  it("when a request is signed, then sign_type is signed with the rest, sign and empty values are not, and values are not URL-encoded", () => {
    expect(
      requestSignContent({
        timestamp: "2026-11-29 11:04:05",
        method: "alipay.trade.precreate",
        app_id: APP_ID,
        sign_type: "RSA2",
        app_auth_token: "",
        biz_content: '{"subject":"订单 Order 1&2"}',
        sign: "x",
      }),
    ).toBe(
      `app_id=${APP_ID}&biz_content={"subject":"订单 Order 1&2"}&method=alipay.trade.precreate&sign_type=RSA2&timestamp=2026-11-29 11:04:05`,
    );
  });

  it("when text is signed with RSA2, then SHA256withRSA checks it with the public key, and one changed character does not", () => {
    const content = notificationSignContent(notice());
    const signature = signRsa2(content, keys.alipay.privateKey);
    expect(createVerify("RSA-SHA256").update(content, "utf8").verify(keys.alipay.publicKey, signature, "base64")).toBe(true);
    expect(signature).toBe(createSign("RSA-SHA256").update(content, "utf8").sign(keys.alipay.privateKey, "base64"));
    expect(verifyRsa2(content, signature, keys.alipay.publicKey)).toBe(true);
    expect(verifyRsa2(content.replace("19.99", "19.90"), signature, keys.alipay.publicKey)).toBe(false);
    expect(verifyRsa2(content, signature, keys.app.publicKey)).toBe(false);
    expect(verifyRsa2(content, "not base64!", keys.alipay.publicKey)).toBe(false);
  });

  it("when an answer is checked, then the exact text of its response member is what was signed, braces and quotes in strings included", () => {
    const member = '{"code":"10000","msg":"Success","sub_msg":"a } \\" ] { inside","qr_code":"https:\\/\\/qr.alipay.com\\/bax1"}';
    const body = `{"alipay_cert_sn":"x","alipay_trade_precreate_response": ${member} ,"sign":"abc"}`;
    expect(rawMember(body, "alipay_trade_precreate_response")).toBe(member);
    expect(rawMember(body, "sign")).toBe('"abc"');
    expect(rawMember(body, "code")).toBeNull();
    expect(rawMember('{"a":{"alipay_trade_precreate_response":1}}', "alipay_trade_precreate_response")).toBeNull();
    expect(rawMember("not json", "x")).toBeNull();
  });

  it("when amounts cross between cents and yuan, then they are exact (no floating point)", () => {
    expect(yuanOf(1)).toBe("0.01");
    expect(yuanOf(1999)).toBe("19.99");
    expect(yuanOf(100000)).toBe("1000.00");
    expect(centsOf("19.99")).toBe(1999);
    expect(centsOf("0.07")).toBe(7);
    expect(centsOf("1.1")).toBe(110);
    expect(centsOf("88")).toBe(8800);
    expect(centsOf("1234567.89")).toBe(123456789);
    for (const bad of ["", "1.234", "-1.00", "1e3", " 1.00", "01.00", "1.", ".5", "NaN"]) expect(centsOf(bad), bad).toBeNull();
    expect(() => yuanOf(1.5)).toThrow();
  });
});

describe("the Alipay provider", () => {
  it("when a payment starts, then alipay.trade.precreate is asked, signed by the app, in yuan, with the notify URL; the QR link is the pay URL", async () => {
    const started = await provider.start({ paymentId: "01JDEMOPAYMENT000000000001", orderNo: "2026112900001", amount: 1999 });
    const req = gateway.received.at(-1);
    expect(req).toMatchObject({
      method: "alipay.trade.precreate",
      signed: true,
      params: {
        app_id: APP_ID,
        charset: "utf-8",
        format: "JSON",
        sign_type: "RSA2",
        version: "1.0",
        timestamp: "2026-11-29 11:04:05",
        notify_url: "https://shop.example.com/api/buyer/trading/pay/notify/alipay",
      },
      biz: { out_trade_no: "01JDEMOPAYMENT000000000001", total_amount: "19.99", subject: "订单 Order 2026112900001" },
    });
    expect(started.payUrl).toMatch(/^https:\/\/qr\.alipay\.com\/bax/);
    expect(started.params).toEqual({ qrCode: started.payUrl, outTradeNo: "01JDEMOPAYMENT000000000001" });
  });

  it("when Alipay refuses, is down, or its answer is signed by another key, then the start fails and says why", async () => {
    const start = () => provider.start({ paymentId: "01JDEMOPAYMENT000000000002", orderNo: "2", amount: 100 });
    gateway.behave.refuse = { code: "40004", subCode: "ACQ.ACCESS_FORBIDDEN" };
    await expect(start()).rejects.toThrow(/40004 Business Failed ACQ\.ACCESS_FORBIDDEN/);
    gateway.behave.refuse = null;
    gateway.behave.down = true;
    await expect(start()).rejects.toThrow(/HTTP 502/);
    gateway.behave.down = false;
    gateway.behave.forgeAnswers = true;
    await expect(start()).rejects.toThrow(/signature is wrong/);
    gateway.behave.forgeAnswers = false;
    await expect(start()).resolves.toMatchObject({ payUrl: expect.stringMatching(/^https:/) });
  });

  it("when a notification is signed by Alipay, then it reads as the payment, its trade number and its amount in cents", async () => {
    const signed = alipaySignNotification(notice(), keys.alipay.privateKey);
    expect(await provider.verify(form(signed))).toEqual({
      paymentId: "01JDEMOPAYMENT000000000001",
      providerRef: "2026112922001404321234567890",
      amount: 1999,
      outcome: "paid",
    });
    const finished = alipaySignNotification(notice({ trade_status: "TRADE_FINISHED" }), keys.alipay.privateKey);
    expect((await provider.verify(form(finished)))?.outcome).toBe("paid");
    const closed = alipaySignNotification(notice({ trade_status: "TRADE_CLOSED" }), keys.alipay.privateKey);
    expect((await provider.verify(form(closed)))?.outcome).toBe("failed");
    const waiting = alipaySignNotification(notice({ trade_status: "WAIT_BUYER_PAY" }), keys.alipay.privateKey);
    expect((await provider.verify(form(waiting)))?.outcome).toBe("pending");
  });

  it("when a notification is tampered with, signed by another key, for another app, of another sign type, twice a field or not a form, then it is refused", async () => {
    const signed = alipaySignNotification(notice(), keys.alipay.privateKey);
    expect(await provider.verify(form({ ...signed, total_amount: "0.01" }))).toBeNull();
    expect(await provider.verify(form({ ...signed, extra: "added" }))).toBeNull();
    expect(await provider.verify(form(alipaySignNotification(notice(), keys.app.privateKey)))).toBeNull();
    expect(await provider.verify(form(alipaySignNotification(notice({ app_id: "2021000000000999" }), keys.alipay.privateKey)))).toBeNull();
    expect(await provider.verify(form({ ...signed, sign_type: "RSA" }))).toBeNull();
    const { sign: _, ...unsigned } = signed;
    expect(await provider.verify(form(unsigned))).toBeNull();
    const twice = Buffer.from(`${new URLSearchParams(signed).toString()}&trade_status=TRADE_SUCCESS`);
    expect(await provider.verify({ ...form(signed), rawBody: twice })).toBeNull();
    expect(await provider.verify({ ...form(signed), contentType: "application/json" })).toBeNull();
    const odd = alipaySignNotification(notice({ total_amount: "19.999" }), keys.alipay.privateKey);
    expect(await provider.verify(form(odd))).toBeNull();
    const unknown = alipaySignNotification(notice({ trade_status: "TRADE_PENDING" }), keys.alipay.privateKey);
    expect(await provider.verify(form(unknown))).toBeNull();
    expect(provider.reply?.(true)).toEqual({ status: 200, contentType: "text/plain; charset=utf-8", body: "success" });
    expect(provider.reply?.(false).body).toBe("fail");
  });

  it("when a refund is asked twice by one id, then Alipay refunds once and both answers carry the same reference", async () => {
    const payment = { id: "01JDEMOPAYMENT000000000003", providerRef: "2026112922001404320000000003", amount: 3000 };
    const first = await provider.refund({ refundId: "payment:01JDEMOPAYMENT000000000003", orderNo: "3", amount: 1250, payment });
    const req = gateway.received.at(-1);
    expect(req).toMatchObject({
      method: "alipay.trade.refund",
      signed: true,
      biz: { out_trade_no: payment.id, refund_amount: "12.50", out_request_no: "payment_01JDEMOPAYMENT000000000003" },
    });
    const again = await provider.refund({ refundId: "payment:01JDEMOPAYMENT000000000003", orderNo: "3", amount: 1250, payment });
    expect(again).toEqual(first);
    expect(gateway.received.at(-1)?.method).toBe("alipay.trade.fastpay.refund.query");
    expect(gateway.received.filter((r) => r.method === "alipay.trade.refund" && r.biz.out_trade_no === payment.id)).toHaveLength(2);
    // Asked with another amount under the same id: Alipay's query does not confirm it, so it is refused.
    await expect(provider.refund({ refundId: "payment:01JDEMOPAYMENT000000000003", orderNo: "3", amount: 999, payment })).rejects.toThrow(
      /not confirmed/,
    );
  });

  it("when a refund's answer is signed by another key, or the order was not paid through Alipay, then the refund is refused", async () => {
    const payment = { id: "01JDEMOPAYMENT000000000004", providerRef: null, amount: 500 };
    gateway.behave.forgeAnswers = true;
    await expect(provider.refund({ refundId: "01JDEMOREFUND0000000000004", orderNo: "4", amount: 500, payment })).rejects.toThrow(
      /signature is wrong/,
    );
    gateway.behave.forgeAnswers = false;
    await expect(provider.refund({ refundId: "01JDEMOREFUND0000000000005", orderNo: "4", amount: 500, payment: null })).rejects.toThrow(
      /not paid through Alipay/,
    );
  });
});
