import type { KeyObject } from "node:crypto";
import type { PaymentNotice, PaymentProvider } from "../payment.port";
import {
  beijingTimestamp,
  centsOf,
  notificationSignContent,
  rawMember,
  requestSignContent,
  signRsa2,
  verifyRsa2,
  yuanOf,
} from "./alipay-sign.rules";

/*
 * Alipay (支付宝) through its open platform (https://opendocs.alipay.com), RSA2 keys.
 *
 * Paying: `alipay.trade.precreate` (扫码支付 of 当面付) over HTTP. Alipay answers a `qr_code` link: a buyer on a phone
 * opens it and the Alipay app takes over; a buyer at a computer sees it as a QR code and scans it with the phone. One
 * call serves both clients of our buyer API, and the server learns at once when Alipay refuses the payment (a wrong
 * app id, a product not signed) instead of the buyer landing on an Alipay error page, as with the page and wap
 * redirects (`alipay.trade.page.pay` / `alipay.trade.wap.pay`), which the server never sees answered.
 *
 * Alipay then posts its asynchronous notification (a form) to ALIPAY_NOTIFY_URL, answered with the plain text
 * `success` once taken (else it sends it again, 8 times over 25 hours).
 *
 * Refunds: `alipay.trade.refund`, idempotent by `out_request_no` (our refund id). Alipay answers `fund_change` "N" to a
 * refund it already made (asked again) and to one still in progress; then `alipay.trade.fastpay.refund.query` decides:
 * only `REFUND_SUCCESS` of the same amount counts as refunded, anything else is refused (the refund stays retryable).
 */

export interface AlipayOptions {
  appId: string;
  /** The app's private key: requests are signed with it. */
  privateKey: KeyObject;
  /** Alipay's public key: its notifications and answers are checked with it. */
  publicKey: KeyObject;
  /** `https://openapi.alipay.com/gateway.do`; Alipay's sandbox or a test's stand-in elsewhere. */
  gateway: string;
  /** Where Alipay posts its notifications: this server's `/api/buyer/trading/pay/notify/alipay`. */
  notifyUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Alipay refused a call, or its answer could not be trusted. The message is Alipay's words (logs, finance's list). */
export class AlipayError extends Error {}

type Answer = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** Our refund ids (`01J…`, `payment:01J…`) as an `out_request_no` Alipay takes (letters, digits, `_`), one to one. */
export const outRequestNoOf = (refundId: string) => refundId.replace(/[^A-Za-z0-9_]/g, "_");

export function alipayProvider(o: AlipayOptions): PaymentProvider {
  const get = o.fetch ?? fetch;
  const now = o.now ?? (() => new Date());
  const timeoutMs = o.timeoutMs ?? 10_000;

  /** One signed call; answers its `<method>_response` once its signature checks and its code is 10000. */
  async function call(method: string, biz: Record<string, string>, extra: Record<string, string> = {}): Promise<Answer> {
    const params: Record<string, string> = {
      app_id: o.appId,
      method,
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: beijingTimestamp(now()),
      version: "1.0",
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    params.sign = signRsa2(requestSignContent(params), o.privateKey);
    // As Alipay's SDKs send it: the common parameters in the query string, biz_content in the form body.
    const { biz_content, ...common } = params;
    const url = `${o.gateway}${o.gateway.includes("?") ? "&" : "?"}${new URLSearchParams(common).toString()}`;
    let body: string;
    try {
      const res = await get(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8", accept: "application/json" },
        body: new URLSearchParams({ biz_content: biz_content as string }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await res.text();
      if (!res.ok) throw new AlipayError(`${method}: HTTP ${res.status}`);
    } catch (err) {
      if (err instanceof AlipayError) throw err;
      throw new AlipayError(`${method}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const node = `${method.replaceAll(".", "_")}_response`;
    const raw = rawMember(body, node) ?? rawMember(body, "error_response");
    let answer: Answer;
    let sign: string;
    try {
      answer = JSON.parse(raw ?? "null") as Answer;
      sign = text((JSON.parse(body) as Answer).sign);
    } catch {
      throw new AlipayError(`${method}: an answer that is not JSON`);
    }
    if (!answer || typeof answer !== "object") throw new AlipayError(`${method}: an answer without ${node}`);
    if (text(answer.code) !== "10000") {
      const why = [answer.code, answer.msg, answer.sub_code, answer.sub_msg].map(text).filter(Boolean).join(" ");
      throw new AlipayError(`${method}: ${why || "refused"}`);
    }
    if (!verifyRsa2(raw as string, sign, o.publicKey)) throw new AlipayError(`${method}: the answer's signature is wrong`);
    return answer;
  }

  return {
    name: "alipay",

    async start({ paymentId, orderNo, amount }) {
      const answer = await call(
        "alipay.trade.precreate",
        { out_trade_no: paymentId, total_amount: yuanOf(amount), subject: `订单 Order ${orderNo}` },
        { notify_url: o.notifyUrl },
      );
      const qrCode = text(answer.qr_code);
      if (text(answer.out_trade_no) !== paymentId || !/^https?:\/\//.test(qrCode))
        throw new AlipayError("alipay.trade.precreate: an answer for another payment, or without a qr_code");
      return { payUrl: qrCode, params: { qrCode, outTradeNo: paymentId } };
    },

    async verify({ rawBody, contentType }): Promise<PaymentNotice | null> {
      if (contentType !== "application/x-www-form-urlencoded") return null;
      const form = new URLSearchParams(rawBody.toString("utf8"));
      const params: Record<string, string> = {};
      for (const [k, v] of form) {
        // A parameter twice is not something Alipay sends: refused rather than guessed at.
        if (Object.hasOwn(params, k)) return null;
        params[k] = v;
      }
      if (params.sign_type !== "RSA2" || !params.sign) return null;
      if (!verifyRsa2(notificationSignContent(params), params.sign, o.publicKey)) return null;
      // Signed by Alipay, but for another app of the same merchant: not ours to apply.
      if (params.app_id !== o.appId) return null;
      const amount = centsOf(params.total_amount ?? "");
      const paymentId = params.out_trade_no ?? "";
      const providerRef = params.trade_no ?? "";
      if (amount === null || !paymentId || !providerRef) return null;
      const outcome =
        params.trade_status === "TRADE_SUCCESS" || params.trade_status === "TRADE_FINISHED"
          ? "paid"
          : params.trade_status === "TRADE_CLOSED"
            ? "failed"
            : params.trade_status === "WAIT_BUYER_PAY"
              ? "pending"
              : null;
      if (outcome === null) return null;
      return { paymentId, providerRef, amount, outcome };
    },

    reply: (heard) => ({ status: 200, contentType: "text/plain; charset=utf-8", body: heard ? "success" : "fail" }),

    async refund({ refundId, amount, payment }) {
      if (!payment) throw new AlipayError("the order was not paid through Alipay: there is nothing to refund there");
      const outRequestNo = outRequestNoOf(refundId);
      const biz = { out_trade_no: payment.id, refund_amount: yuanOf(amount), out_request_no: outRequestNo };
      const answer = await call("alipay.trade.refund", biz);
      const tradeNo = text(answer.trade_no) || (payment.providerRef ?? "");
      const providerRef = `${tradeNo}:${outRequestNo}`;
      if (text(answer.fund_change) === "Y") return { providerRef };
      // Already refunded by an earlier request of this id, or not (yet): the refund query says which.
      const q = await call("alipay.trade.fastpay.refund.query", { out_trade_no: payment.id, out_request_no: outRequestNo });
      if (text(q.refund_status) === "REFUND_SUCCESS" && centsOf(text(q.refund_amount)) === amount) return { providerRef };
      throw new AlipayError(
        `alipay.trade.refund: refund ${outRequestNo} not confirmed by Alipay (${text(q.refund_status) || "no status"})`,
      );
    },
  };
}
