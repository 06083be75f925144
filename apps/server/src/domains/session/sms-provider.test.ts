import { Writable } from "node:stream";
import { codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aliyunSignature } from "../../platform/sms/aliyun-sms";
import { createSeller, outboxCount, smsCodesOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { type StandIn, startStandIn } from "../../test/stand-in";

/** The server configured for Aliyun SMS, its endpoint a local stand-in: the whole path of a code, without the internet. */
const SECRET = "aliyun-secret-of-the-tests";
let t: TestApp;
let api: StandIn;
const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

/** The form fields of a request whose signature is right, else null (Aliyun answers 400 SignatureDoesNotMatch then). */
const verified = (body: string) => {
  const { Signature, ...rest } = Object.fromEntries(new URLSearchParams(body));
  return Signature === aliyunSignature("POST", rest, SECRET) ? rest : null;
};
const sent = () => api.received.map((r) => verified(r.body));

beforeAll(async () => {
  api = await startStandIn();
  t = await createTestApp({
    env: {
      SMS_PROVIDER: "aliyun",
      SMS_SIGN_NAME: "青禾鲜生",
      SMS_TEMPLATES: "default:SMS_100,default.en:SMS_200,settlementCard:SMS_300",
      SMS_ACCESS_KEY_ID: "LTAI-tests",
      SMS_ACCESS_KEY_SECRET: SECRET,
      SMS_ENDPOINT: api.url,
      LOG_LEVEL: "info",
    },
    logStream,
  });
});
beforeEach(() => {
  api.received.length = 0;
  api.answer((r) =>
    verified(r.body)
      ? { status: 200, json: { Code: "OK", Message: "OK", RequestId: "req-ok", BizId: "biz" } }
      : { status: 400, json: { Code: "SignatureDoesNotMatch", Message: "Specified signature is not matched with our calculation." } },
  );
});
afterAll(async () => {
  await t.close();
  await api.close();
});

let nextPhone = 13900000600;
async function sellerWithPhone() {
  nextPhone += 1;
  const phone = String(nextPhone);
  return { ...(await createSeller(t, { phone })), phone };
}

describe("SMS codes through Aliyun SMS", () => {
  it("when a seller asks for a login code, then Aliyun gets the login template with the code, and that code logs in", async () => {
    const s = await sellerWithPhone();
    const res = await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "login" });
    expect(res.code).toBe(codes.OK);
    const [fields] = sent();
    expect(fields).toMatchObject({ Action: "SendSms", PhoneNumbers: s.phone, SignName: "青禾鲜生", TemplateCode: "SMS_100" });
    const { code } = JSON.parse(fields?.TemplateParam ?? "{}") as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    // A real provider's messages are not kept in the outbox (the code would sit there in clear).
    expect(await outboxCount(t, s.phone)).toBe(0);
    expect((await t.call(contract.login.msgLogin, { phone: s.phone, code })).code).toBe(codes.OK);
  });

  it("when the request asks for English, then the English template goes out; Chinese or none, the Chinese one", async () => {
    const en = await sellerWithPhone();
    await t.post(contract.login.sendMessage.path, { phone: en.phone, purpose: "resetPassword" }, { headers: { "accept-language": "en" } });
    const zh = await sellerWithPhone();
    await t.post(
      contract.login.sendMessage.path,
      { phone: zh.phone, purpose: "resetPassword" },
      { headers: { "accept-language": "zh-CN,zh;q=0.9" } },
    );
    const none = await sellerWithPhone();
    await t.call(contract.login.sendMessage, { phone: none.phone, purpose: "resetPassword" });
    expect(sent().map((f) => f?.TemplateCode)).toEqual(["SMS_200", "SMS_100", "SMS_100"]);
  });

  it("when Aliyun refuses the message, then the caller reads a bilingual refusal, the log names Aliyun's code, and nothing is recorded", async () => {
    const s = await sellerWithPhone();
    api.answer(() => ({
      status: 200,
      json: { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发号码天级流控Permits:10", RequestId: "req-limit" },
    }));
    const res = await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "login" });
    expect(res.status).toBe(200);
    expect(res).toMatchObject({ code: codes.PROVIDER_FAILED, reason: "login.smsNotSent" });
    expect(res.msg).toBe("The text message could not be sent just now; try again in a moment");
    expect(JSON.stringify(res.data ?? null)).not.toMatch(/at .*\.ts|stack/i);
    const logged = lines.find((l) => l.providerCode === "isv.BUSINESS_LIMIT_CONTROL");
    expect(logged).toMatchObject({ provider: "aliyun", providerRequestId: "req-limit", purpose: "login", level: 40 });
    expect(logged?.phone).toBe(`${s.phone.slice(0, 3)}****${s.phone.slice(-4)}`);
    // The code was not kept, so asking again at once is no "too frequent".
    expect(await smsCodesOf(t, s.phone)).toHaveLength(0);
    api.answer(() => ({ status: 200, json: { Code: "OK", Message: "OK", RequestId: "req-ok" } }));
    expect((await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "login" })).code).toBe(codes.OK);
  });

  it("when no account uses the phone, then nothing reaches Aliyun and the answer is the same", async () => {
    const res = await t.call(contract.login.sendMessage, { phone: "13900000699", purpose: "login" });
    expect(res.code).toBe(codes.OK);
    expect(api.received).toHaveLength(0);
  });
});
