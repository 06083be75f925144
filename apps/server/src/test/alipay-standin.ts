import { createSign, createVerify, generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A stand-in for Alipay's open-platform gateway on 127.0.0.1, for tests (no network reaches Alipay here). It checks
 * each request's RSA2 signature with the app's public key by Alipay's documented rule (written out again here, not
 * borrowed from the adapter), records it, and answers as Alipay does: `{"<method>_response":{…},"sign":"…"}`, the
 * member's exact text signed with "Alipay's" private key. Refunds are idempotent by out_request_no, as Alipay's are.
 */

export interface AlipayKeys {
  /** The app's key pair (the merchant's): it signs requests; the stand-in checks them with the public half. */
  app: { privateKey: KeyObject; publicKey: KeyObject };
  /** "Alipay's" key pair: it signs answers and notifications; the server checks them with the public half. */
  alipay: { privateKey: KeyObject; publicKey: KeyObject };
}

export const newAlipayKeys = (): AlipayKeys => ({
  app: generateKeyPairSync("rsa", { modulusLength: 2048 }),
  alipay: generateKeyPairSync("rsa", { modulusLength: 2048 }),
});

export const pemOf = (k: KeyObject) =>
  k.type === "private" ? (k.export({ type: "pkcs8", format: "pem" }) as string) : (k.export({ type: "spki", format: "pem" }) as string);

export interface Received {
  method: string;
  params: Record<string, string>;
  biz: Record<string, string>;
  /** Whether its signature checked with the app's public key. */
  signed: boolean;
}

/** Signs as Alipay does for a notification: every parameter but sign and sign_type, sorted, `k=v&…`. */
export function alipaySignNotification(params: Record<string, string>, alipayPrivateKey: KeyObject): Record<string, string> {
  const content = Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  return { ...params, sign_type: "RSA2", sign: createSign("sha256").update(content, "utf8").sign(alipayPrivateKey, "base64") };
}

export async function alipayStandIn(keys: AlipayKeys, appId: string) {
  const received: Received[] = [];
  const refunds = new Map<string, number>();
  const behave = {
    /** Answer every call with this Alipay error instead (code, sub_code). */
    refuse: null as null | { code: string; subCode: string },
    /** Sign answers with another key (a man in the middle). */
    forgeAnswers: false,
    /** Answer HTTP 502 (the gateway down). */
    down: false,
  };
  const forger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  let serial = 0;

  const answer = (method: string, body: Record<string, unknown>) => {
    const node = method === "error" ? "error_response" : `${method.replaceAll(".", "_")}_response`;
    const raw = JSON.stringify(body);
    const sign = createSign("sha256")
      .update(raw, "utf8")
      .sign(behave.forgeAnswers ? forger : keys.alipay.privateKey, "base64");
    return `{"${node}":${raw},"sign":"${sign}"}`;
  };

  function handle(method: string, biz: Record<string, string>): Record<string, unknown> | null {
    if (method === "alipay.trade.precreate") {
      serial += 1;
      return { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/bax0${serial}standin` };
    }
    if (method === "alipay.trade.refund") {
      const key = `${biz.out_trade_no}|${biz.out_request_no}`;
      const again = refunds.has(key);
      if (!again) refunds.set(key, Math.round(Number(biz.refund_amount) * 100));
      return {
        code: "10000",
        msg: "Success",
        trade_no: `2026112922001400${String(serial).padStart(6, "0")}`,
        out_trade_no: biz.out_trade_no,
        fund_change: again ? "N" : "Y",
        refund_fee: biz.refund_amount,
      };
    }
    if (method === "alipay.trade.fastpay.refund.query") {
      const cents = refunds.get(`${biz.out_trade_no}|${biz.out_request_no}`);
      return cents === undefined
        ? { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no, out_request_no: biz.out_request_no }
        : {
            code: "10000",
            msg: "Success",
            out_trade_no: biz.out_trade_no,
            out_request_no: biz.out_request_no,
            refund_amount: (cents / 100).toFixed(2),
            refund_status: "REFUND_SUCCESS",
          };
    }
    return null;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) params[k] = v;
      const content = Object.keys(params)
        .filter((k) => k !== "sign" && params[k] !== "")
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join("&");
      const signed =
        params.app_id === appId &&
        params.sign_type === "RSA2" &&
        createVerify("sha256")
          .update(content, "utf8")
          .verify(keys.app.publicKey, params.sign ?? "", "base64");
      const method = params.method ?? "";
      const biz = JSON.parse(params.biz_content ?? "{}") as Record<string, string>;
      received.push({ method, params, biz, signed });
      if (behave.down) {
        res.writeHead(502).end("bad gateway");
        return;
      }
      res.setHeader("content-type", "text/html;charset=utf-8");
      if (!signed) {
        res.end(answer("error", { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature", sub_msg: "验签出错" }));
        return;
      }
      if (behave.refuse) {
        res.end(
          answer(method, { code: behave.refuse.code, msg: "Business Failed", sub_code: behave.refuse.subCode, sub_msg: "交易不存在" }),
        );
        return;
      }
      const body = handle(method, biz);
      res.end(body ? answer(method, body) : answer("error", { code: "40004", msg: "Business Failed", sub_code: "isv.invalid-method" }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/gateway.do`,
    received,
    behave,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
