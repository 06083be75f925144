import { createHmac, randomUUID } from "node:crypto";
import { postJson, SmsError, type SmsProvider, type TemplateGatewayOptions } from "./sms-provider";

/**
 * Aliyun's percent-encoding (RFC 3986): everything but A–Z a–z 0–9 - _ . ~ encoded, a space as %20 —
 * encodeURIComponent plus the five characters it leaves alone.
 */
export const aliyunEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The canonicalized query string: the parameters (without Signature) sorted by name, each name=value encoded. */
export const aliyunCanonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((k) => k !== "Signature")
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k] ?? "")}`)
    .join("&");

/**
 * The RPC-style signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0): Base64(HMAC-SHA1(secret + "&",
 * method + "&" + encode("/") + "&" + encode(canonical query))).
 */
export function aliyunSignature(method: "GET" | "POST", params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method}&${aliyunEncode("/")}&${aliyunEncode(aliyunCanonicalQuery(params))}`;
  return createHmac("sha1", `${accessKeySecret}&`).update(stringToSign, "utf8").digest("base64");
}

export interface AliyunSmsOptions extends TemplateGatewayOptions {
  accessKeyId: string;
  accessKeySecret: string;
  now?: () => Date;
  nonce?: () => string;
}

type AliyunAnswer = { Code?: string; Message?: string; RequestId?: string; BizId?: string };

/** Aliyun SMS (Dysmsapi 2017-05-25 `SendSms`): the purpose's approved template, its values as TemplateParam JSON. */
export function aliyunSmsProvider(o: AliyunSmsOptions): SmsProvider {
  const post = o.fetch ?? fetch;
  const now = o.now ?? (() => new Date());
  const nonce = o.nonce ?? randomUUID;
  return {
    name: "aliyun",
    async send(_db, m) {
      const templateParam = Object.fromEntries(o.templateParams.map((k) => [k, m.params[k]]));
      const params: Record<string, string> = {
        AccessKeyId: o.accessKeyId,
        Action: "SendSms",
        Format: "JSON",
        PhoneNumbers: m.phone,
        RegionId: o.region,
        SignName: o.signName,
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: nonce(),
        SignatureVersion: "1.0",
        TemplateCode: o.templates[m.purpose][m.lang],
        TemplateParam: JSON.stringify(templateParam),
        Timestamp: now()
          .toISOString()
          .replace(/\.\d{3}Z$/, "Z"),
        Version: "2017-05-25",
      };
      // POST keeps the code out of URLs (proxies log those); the signature then starts with POST.
      const body = `Signature=${aliyunEncode(aliyunSignature("POST", params, o.accessKeySecret))}&${aliyunCanonicalQuery(params)}`;
      const { status, json } = await postJson(
        "aliyun",
        post,
        `${o.endpoint}/`,
        { headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, body },
        o.timeoutMs ?? 5000,
      );
      const a = (json ?? {}) as AliyunAnswer;
      if (status === 200 && a.Code === "OK") return;
      throw new SmsError("aliyun", a.Code ?? `http-${status}`, a.Message ?? `Aliyun SMS answered HTTP ${status}`, a.RequestId ?? null);
    },
  };
}
