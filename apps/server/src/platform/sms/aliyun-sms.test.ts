import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StandIn, startStandIn } from "../../test/stand-in";
import type { Db } from "../db/client";
import { aliyunCanonicalQuery, aliyunEncode, aliyunSignature, aliyunSmsProvider } from "./aliyun-sms";
import { SmsError, type SmsMessage } from "./sms-provider";

describe("aliyunSignature", () => {
  // Aliyun's documented example (SMS API reference, "signature method"): these parameters and the secret testSecret
  // sign, with GET, to zJDF+Lrzhj/ThnlvIToysFRq6t4=.
  const documented = {
    AccessKeyId: "testId",
    Action: "SendSms",
    Format: "XML",
    OutId: "123",
    PhoneNumbers: "15300000001",
    RegionId: "cn-hangzhou",
    SignName: "阿里云短信测试专用",
    SignatureMethod: "HMAC-SHA1",
    SignatureNonce: "45e25e9b-0a6f-4070-8c85-2956eda1b466",
    SignatureVersion: "1.0",
    TemplateCode: "SMS_71390007",
    TemplateParam: '{"customer":"test"}',
    Timestamp: "2017-07-12T02:42:19Z",
    Version: "2017-05-25",
  };

  it("when the documented example is signed, then the documented canonical query and signature come out", () => {
    expect(aliyunCanonicalQuery(documented)).toBe(
      "AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou" +
        "&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8" +
        "&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0" +
        "&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25",
    );
    expect(aliyunSignature("GET", documented, "testSecret")).toBe("zJDF+Lrzhj/ThnlvIToysFRq6t4=");
  });

  it("when a value holds characters encodeURIComponent leaves alone, then they are encoded as Aliyun requires", () => {
    expect(aliyunEncode("a b*c~d'e(f)!g+h/")).toBe("a%20b%2Ac~d%27e%28f%29%21g%2Bh%2F");
  });

  it("when the method or a parameter changes, then so does the signature", () => {
    const base = aliyunSignature("GET", documented, "testSecret");
    expect(aliyunSignature("POST", documented, "testSecret")).not.toBe(base);
    expect(aliyunSignature("GET", { ...documented, PhoneNumbers: "15300000002" }, "testSecret")).not.toBe(base);
    expect(aliyunSignature("GET", documented, "otherSecret")).not.toBe(base);
  });
});

describe("aliyunSmsProvider against a stand-in of the SendSms endpoint", () => {
  let api: StandIn;
  const SECRET = "stand-in-secret";
  const db = {} as Db;
  const message: SmsMessage = { phone: "13900001111", purpose: "login", lang: "zh", params: { code: "042517", minutes: "5" } };
  const provider = (over: Partial<Parameters<typeof aliyunSmsProvider>[0]> = {}) =>
    aliyunSmsProvider({
      accessKeyId: "LTAI-test",
      accessKeySecret: SECRET,
      signName: "青禾鲜生",
      templates: {
        login: { zh: "SMS_1001", en: "SMS_2001" },
        resetPassword: { zh: "SMS_1002", en: "SMS_1002" },
        changePassword: { zh: "SMS_1003", en: "SMS_1003" },
        confirmPhone: { zh: "SMS_1004", en: "SMS_1004" },
        buyerLogin: { zh: "SMS_1005", en: "SMS_1005" },
        settlementCard: { zh: "SMS_1006", en: "SMS_1006" },
      },
      templateParams: ["code"],
      region: "cn-hangzhou",
      endpoint: api.url,
      now: () => new Date("2026-11-29T04:05:06.789Z"),
      nonce: () => "nonce-1",
      ...over,
    });
  /** Like Aliyun: the signature over the other form fields must match, else 400 SignatureDoesNotMatch. */
  const verified = (body: string) => {
    const fields = Object.fromEntries(new URLSearchParams(body));
    const { Signature, ...rest } = fields;
    return Signature === aliyunSignature("POST", rest, SECRET) ? fields : null;
  };

  beforeAll(async () => {
    api = await startStandIn();
  });
  beforeEach(() => {
    api.received.length = 0;
  });
  afterAll(() => api.close());

  it("when a code is sent, then one signed SendSms POST carries the purpose's template and its values, and OK is success", async () => {
    api.answer((r) =>
      verified(r.body)
        ? {
            status: 200,
            json: { Message: "OK", RequestId: "F655A8D5-B967-440B-8683-DAD6FF8DE990", BizId: "900619746936498440^0", Code: "OK" },
          }
        : { status: 400, json: { Code: "SignatureDoesNotMatch", Message: "Specified signature is not matched with our calculation." } },
    );
    await provider().send(db, message);
    expect(api.received).toHaveLength(1);
    const r = api.received[0];
    expect(r?.method).toBe("POST");
    expect(r?.url).toBe("/");
    expect(r?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(verified(r?.body ?? "")).toMatchObject({
      AccessKeyId: "LTAI-test",
      Action: "SendSms",
      Format: "JSON",
      PhoneNumbers: "13900001111",
      RegionId: "cn-hangzhou",
      SignName: "青禾鲜生",
      SignatureMethod: "HMAC-SHA1",
      SignatureNonce: "nonce-1",
      SignatureVersion: "1.0",
      TemplateCode: "SMS_1001",
      TemplateParam: '{"code":"042517"}',
      Timestamp: "2026-11-29T04:05:06Z",
      Version: "2017-05-25",
    });
  });

  it("when the recipient reads English and the templates carry the minutes too, then the English template gets both values", async () => {
    api.answer(() => ({ status: 200, json: { Code: "OK", Message: "OK", RequestId: "r" } }));
    await provider({ templateParams: ["code", "minutes"] }).send(db, { ...message, lang: "en" });
    const fields = verified(api.received[0]?.body ?? "");
    expect(fields?.TemplateCode).toBe("SMS_2001");
    expect(JSON.parse(fields?.TemplateParam ?? "")).toEqual({ code: "042517", minutes: "5" });
  });

  it("when Aliyun refuses the message, then SmsError carries its code, message and request id", async () => {
    api.answer(() => ({
      status: 200,
      json: { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发号码天级流控Permits:10", RequestId: "A1B2" },
    }));
    const err = await provider()
      .send(db, message)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect(err).toMatchObject({ provider: "aliyun", providerCode: "isv.BUSINESS_LIMIT_CONTROL", requestId: "A1B2" });
  });

  it("when the secret is wrong, then Aliyun's 400 SignatureDoesNotMatch is the refusal", async () => {
    api.answer((r) =>
      verified(r.body) ? { status: 200, json: { Code: "OK" } } : { status: 400, json: { Code: "SignatureDoesNotMatch", Message: "no" } },
    );
    await expect(provider({ accessKeySecret: "wrong" }).send(db, message)).rejects.toMatchObject({ providerCode: "SignatureDoesNotMatch" });
  });

  it("when the endpoint does not answer in time, then SmsError says it was unreachable", async () => {
    api.answer(() => "hang");
    await expect(provider({ timeoutMs: 150 }).send(db, message)).rejects.toMatchObject({ provider: "aliyun", providerCode: "unreachable" });
  });
});
