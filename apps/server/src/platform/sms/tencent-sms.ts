import { createHash, createHmac } from "node:crypto";
import { e164, postJson, SmsError, type SmsProvider, type TemplateGatewayOptions } from "./sms-provider";

const sha256Hex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const hmac = (key: string | Buffer, msg: string) => createHmac("sha256", key).update(msg, "utf8").digest();

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** The product's name in the credential scope (`sms`, `cvm`). */
  service: string;
  /** The Host header, exactly as sent. */
  host: string;
  contentType: string;
  payload: string;
  /** Unix seconds; its UTC date is the scope's date. */
  timestamp: number;
}

/**
 * TC3-HMAC-SHA256 over a POST to `/` signing the content-type and host headers, as Tencent Cloud API 3.0 documents
 * it: the canonical request's hash in the string to sign, the key derived from "TC3" + SecretKey through the date,
 * the service and "tc3_request". Answers the Authorization header and the signature.
 */
export function tc3Authorization(r: Tc3Request): { authorization: string; signature: string } {
  const date = new Date(r.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = "content-type;host";
  const canonicalRequest = ["POST", "/", "", `content-type:${r.contentType}\nhost:${r.host}\n`, signedHeaders, sha256Hex(r.payload)].join(
    "\n",
  );
  const scope = `${date}/${r.service}/tc3_request`;
  const stringToSign = ["TC3-HMAC-SHA256", String(r.timestamp), scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(`TC3${r.secretKey}`, date), r.service), "tc3_request");
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  return {
    signature,
    authorization: `TC3-HMAC-SHA256 Credential=${r.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export interface TencentSmsOptions extends TemplateGatewayOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  now?: () => number;
}

type TencentAnswer = {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: Array<{ Code?: string; Message?: string; PhoneNumber?: string }>;
    RequestId?: string;
  };
};

const CONTENT_TYPE = "application/json; charset=utf-8";

/** Tencent Cloud SMS (API 2021-01-11 `SendSms`): the purpose's approved template, its values as TemplateParamSet. */
export function tencentSmsProvider(o: TencentSmsOptions): SmsProvider {
  const post = o.fetch ?? fetch;
  const now = o.now ?? Date.now;
  const host = new URL(o.endpoint).host;
  return {
    name: "tencent",
    async send(_db, m) {
      const payload = JSON.stringify({
        PhoneNumberSet: [e164(m.phone)],
        SmsSdkAppId: o.sdkAppId,
        SignName: o.signName,
        TemplateId: o.templates[m.purpose][m.lang],
        TemplateParamSet: o.templateParams.map((k) => m.params[k]),
      });
      const timestamp = Math.floor(now() / 1000);
      const { authorization } = tc3Authorization({
        secretId: o.secretId,
        secretKey: o.secretKey,
        service: "sms",
        host,
        contentType: CONTENT_TYPE,
        payload,
        timestamp,
      });
      const { status, json } = await postJson(
        "tencent",
        post,
        `${o.endpoint}/`,
        {
          headers: {
            authorization,
            "content-type": CONTENT_TYPE,
            "x-tc-action": "SendSms",
            "x-tc-version": "2021-01-11",
            "x-tc-timestamp": String(timestamp),
            "x-tc-region": o.region,
          },
          body: payload,
        },
        o.timeoutMs ?? 5000,
      );
      const r = (json as TencentAnswer).Response ?? {};
      const requestId = r.RequestId ?? null;
      if (r.Error) throw new SmsError("tencent", r.Error.Code ?? "unknown", r.Error.Message ?? "Tencent SMS refused the call", requestId);
      // The call can succeed while the number's own send fails (its status says why).
      const sent = r.SendStatusSet?.[0];
      if (status === 200 && sent?.Code === "Ok") return;
      throw new SmsError("tencent", sent?.Code ?? `http-${status}`, sent?.Message ?? `Tencent SMS answered HTTP ${status}`, requestId);
    },
  };
}
