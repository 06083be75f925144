import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StandIn, startStandIn } from "../../test/stand-in";
import type { Db } from "../db/client";
import { SmsError, type SmsMessage } from "./sms-provider";
import { tc3Authorization, tencentSmsProvider } from "./tencent-sms";

describe("tc3Authorization", () => {
  it("when Tencent Cloud's documented example is signed, then the documented signature comes out", () => {
    // API 3.0 "Signature v3" example: CVM DescribeInstances, POST, 2019-02-25 (timestamp 1551113065).
    const { signature, authorization } = tc3Authorization({
      secretId: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE",
      secretKey: "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE",
      service: "cvm",
      host: "cvm.tencentcloudapi.com",
      contentType: "application/json; charset=utf-8",
      payload: String.raw`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`,
      timestamp: 1551113065,
    });
    expect(signature).toBe("72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168");
    expect(authorization).toBe(
      "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, " +
        "SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168",
    );
  });

  it("when the timestamp is past midnight in China but not in UTC, then the scope's date is the UTC one", () => {
    // 2019-02-25 16:30 UTC is 2019-02-26 00:30 in Beijing: Tencent checks the UTC date.
    const { authorization } = tc3Authorization({
      secretId: "id",
      secretKey: "key",
      service: "sms",
      host: "sms.tencentcloudapi.com",
      contentType: "application/json; charset=utf-8",
      payload: "{}",
      timestamp: Date.UTC(2019, 1, 25, 16, 30) / 1000,
    });
    expect(authorization).toContain("Credential=id/2019-02-25/sms/tc3_request");
  });
});

describe("tencentSmsProvider against a stand-in of the SendSms endpoint", () => {
  let api: StandIn;
  const SECRET_KEY = "stand-in-secret-key";
  const NOW = Date.UTC(2026, 10, 29, 4, 5, 6);
  const db = {} as Db;
  const message: SmsMessage = { phone: "13900001111", purpose: "settlementCard", lang: "zh", params: { code: "042517", minutes: "5" } };
  const provider = (over: Partial<Parameters<typeof tencentSmsProvider>[0]> = {}) =>
    tencentSmsProvider({
      secretId: "AKID-test",
      secretKey: SECRET_KEY,
      sdkAppId: "1400006666",
      signName: "青禾鲜生",
      templates: {
        login: { zh: "449739", en: "449740" },
        resetPassword: { zh: "449739", en: "449740" },
        changePassword: { zh: "449739", en: "449740" },
        confirmPhone: { zh: "449739", en: "449740" },
        buyerLogin: { zh: "449739", en: "449740" },
        settlementCard: { zh: "551234", en: "551235" },
      },
      templateParams: ["code", "minutes"],
      region: "ap-guangzhou",
      endpoint: api.url,
      now: () => NOW,
      ...over,
    });
  /** Like Tencent: the Authorization must be the one the secret gives for this host, body and timestamp. */
  const signedRight = (r: StandIn["received"][number]) =>
    r.headers.authorization ===
    tc3Authorization({
      secretId: "AKID-test",
      secretKey: SECRET_KEY,
      service: "sms",
      host: String(r.headers.host),
      contentType: String(r.headers["content-type"]),
      payload: r.body,
      timestamp: Number(r.headers["x-tc-timestamp"]),
    }).authorization;
  const ok = {
    Response: {
      SendStatusSet: [
        {
          SerialNo: "5000:1045710669157053657849499619",
          PhoneNumber: "+8613900001111",
          Fee: 1,
          Code: "Ok",
          Message: "send success",
          IsoCode: "CN",
        },
      ],
      RequestId: "a0aabda6-cf91-4f3e-a81f-9198114a2279",
    },
  };

  beforeAll(async () => {
    api = await startStandIn();
  });
  beforeEach(() => {
    api.received.length = 0;
  });
  afterAll(() => api.close());

  it("when a code is sent, then one signed SendSms POST carries the number in E.164, the template and its values in order", async () => {
    api.answer((r) =>
      signedRight(r)
        ? { status: 200, json: ok }
        : { status: 200, json: { Response: { Error: { Code: "AuthFailure.SignatureFailure", Message: "bad" }, RequestId: "x" } } },
    );
    await provider().send(db, message);
    expect(api.received).toHaveLength(1);
    const r = api.received[0];
    expect(r?.method).toBe("POST");
    expect(r?.headers).toMatchObject({
      "content-type": "application/json; charset=utf-8",
      "x-tc-action": "SendSms",
      "x-tc-version": "2021-01-11",
      "x-tc-region": "ap-guangzhou",
      "x-tc-timestamp": String(NOW / 1000),
    });
    expect(r?.headers.authorization).toContain("Credential=AKID-test/2026-11-29/sms/tc3_request");
    expect(JSON.parse(r?.body ?? "")).toEqual({
      PhoneNumberSet: ["+8613900001111"],
      SmsSdkAppId: "1400006666",
      SignName: "青禾鲜生",
      TemplateId: "551234",
      TemplateParamSet: ["042517", "5"],
    });
  });

  it("when the recipient reads English, then the purpose's English template goes out", async () => {
    api.answer(() => ({ status: 200, json: ok }));
    await provider({ templateParams: ["code"] }).send(db, { ...message, purpose: "login", lang: "en" });
    expect(JSON.parse(api.received[0]?.body ?? "")).toMatchObject({ TemplateId: "449740", TemplateParamSet: ["042517"] });
  });

  it("when the secret is wrong, then Tencent's error code is the refusal", async () => {
    api.answer((r) =>
      signedRight(r)
        ? { status: 200, json: ok }
        : {
            status: 200,
            json: {
              Response: {
                Error: { Code: "AuthFailure.SignatureFailure", Message: "The provided credentials could not be validated." },
                RequestId: "e1",
              },
            },
          },
    );
    const err = await provider({ secretKey: "wrong" })
      .send(db, message)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect(err).toMatchObject({ provider: "tencent", providerCode: "AuthFailure.SignatureFailure", requestId: "e1" });
  });

  it("when the call succeeds but the number's send fails, then that status's code is the refusal", async () => {
    api.answer(() => ({
      status: 200,
      json: {
        Response: {
          SendStatusSet: [
            { PhoneNumber: "+8613900001111", Code: "LimitExceeded.PhoneNumberDailyLimit", Message: "the number reached its daily limit" },
          ],
          RequestId: "e2",
        },
      },
    }));
    await expect(provider().send(db, message)).rejects.toMatchObject({
      providerCode: "LimitExceeded.PhoneNumberDailyLimit",
      requestId: "e2",
    });
  });

  it("when the endpoint answers no JSON, then SmsError names the HTTP status", async () => {
    api.answer(() => ({ status: 502, json: undefined }));
    await expect(provider().send(db, message)).rejects.toMatchObject({ provider: "tencent", providerCode: "http-502" });
  });
});
