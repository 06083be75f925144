import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAttempt, smsCode } from "../../platform/auth/auth.tables";
import { loginKey } from "../../platform/auth/login-attempts";
import { createSeller, freshCode, memberByLoginName, otherCode, outboxCount, rewindSms, smsCodesOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { member } from "../identity/identity.tables";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let nextPhone = 13900000200;
/** A throwaway seller with a phone of their own, so each test starts with no codes sent. */
async function sellerWithPhone() {
  nextPhone += 1;
  const phone = String(nextPhone);
  return { ...(await createSeller(t, { phone })), phone };
}

describe("sendMessage", () => {
  it("when a code is asked for, then a 6-digit code is sent and only its hash is stored", async () => {
    const s = await sellerWithPhone();
    const res = await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "login" });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    const sms = await t.lastSms(s.phone);
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.body).toContain("您登录的验证码是");
    const rows = await smsCodesOf(t, s.phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.codeHash).not.toContain(sms.code);
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  it("when the request names its language, then the message is worded in it; naming none, a mainland number reads Chinese", async () => {
    const en = await sellerWithPhone();
    await t.post(contract.login.sendMessage.path, { phone: en.phone, purpose: "login" }, { headers: { "accept-language": "en" } });
    const enSms = await t.lastSms(en.phone);
    expect(enSms.body).toBe(`[Seller Back Office] Your code to log in is ${enSms.code}. It is valid for 5 minutes.`);
    const zh = await sellerWithPhone();
    await t.post(
      contract.login.sendMessage.path,
      { phone: zh.phone, purpose: "resetPassword" },
      { headers: { "accept-language": "zh-CN" } },
    );
    const zhSms = await t.lastSms(zh.phone);
    expect(zhSms.body).toBe(`【Seller Back Office】您重置密码的验证码是 ${zhSms.code}，5 分钟内有效，请勿告诉他人。`);
    const none = await sellerWithPhone();
    await t.call(contract.login.sendMessage, { phone: none.phone, purpose: "login" });
    expect((await t.lastSms(none.phone)).body).toMatch(/^【Seller Back Office】您登录的验证码是 \d{6}，/);
  });

  it("when a second code is asked for within 60 s, then 001104 and no message goes out", async () => {
    const s = await sellerWithPhone();
    await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "login" });
    const again = await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "resetPassword" });
    expect(again.code).toBe(codes.SMS_TOO_FREQUENT);
    expect(again.msg).toMatch(/in \d+ s/);
    expect(await outboxCount(t, s.phone)).toBe(1);
  });

  it("when a new code is sent after a minute, then it replaces the previous one", async () => {
    const s = await sellerWithPhone();
    await freshCode(t, s.phone, "login");
    const second = await freshCode(t, s.phone, "login");
    const rows = (await smsCodesOf(t, s.phone)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(rows).toHaveLength(2);
    expect(rows[0]?.consumedAt).not.toBeNull();
    expect(rows[1]?.consumedAt).toBeNull();
    expect((await t.call(contract.login.msgLogin, { phone: s.phone, code: second })).code).toBe(codes.OK);
  });

  it("when no account uses the phone, then the answer is the same as for an account's phone and nothing is sent", async () => {
    const s = await sellerWithPhone();
    const known = await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "login" });
    const unknown = await t.call(contract.login.sendMessage, { phone: "13999999999", purpose: "login" });
    expect({ status: unknown.status, code: unknown.code, msg: unknown.msg, data: unknown.data }).toEqual({
      status: known.status,
      code: known.code,
      msg: known.msg,
      data: known.data,
    });
    expect(await outboxCount(t, "13999999999")).toBe(0);
    // The resend wait holds for both alike.
    const knownAgain = await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "login" });
    const unknownAgain = await t.call(contract.login.sendMessage, { phone: "13999999999", purpose: "login" });
    expect(knownAgain.code).toBe(codes.SMS_TOO_FREQUENT);
    expect(unknownAgain.code).toBe(codes.SMS_TOO_FREQUENT);
  });

  it("when the phone is not a mobile number or the purpose unknown, then 400 names each field and nothing is sent", async () => {
    const res = await t.post(contract.login.sendMessage.path, { phone: "12345", purpose: "spam" });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^phone: /);
    const issues = (res.data as { issues: Array<{ path: string }> }).issues.map((i) => i.path);
    expect(issues).toEqual(["phone", "purpose"]);
    expect(await outboxCount(t, "12345")).toBe(0);
  });

  it("when the account is disabled, then the same answer as for any phone, and nothing is sent", async () => {
    const s = await sellerWithPhone();
    await t.db.update(member).set({ enabled: false }).where(eq(member.id, s.memberId));
    const res = await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "login" });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    expect(await outboxCount(t, s.phone)).toBe(0);
  });
});

describe("msgLogin", () => {
  it("when the code is right, then the member is logged in once and the code is used up", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    const res = await t.call(contract.login.msgLogin, { phone: s.phone, code });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toEqual({ memberId: s.memberId, boId: s.boId, openShopUrl: null });
    expect(res.cookies.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.call(contract.session.getMemberByToken, {}, { ticket: res.cookies.ticket });
    expect(me.data.loginName).toBe(s.loginName);

    const again = await t.call(contract.login.msgLogin, { phone: s.phone, code });
    expect(again.code).toBe(codes.SMS_CODE_INVALID);
    expect(again.cookies.ticket).toBeUndefined();
  });

  it("when a wrong code is tried 5 times, then even the right code is refused", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    for (let i = 1; i <= 5; i++) {
      const res = await t.call(contract.login.msgLogin, { phone: s.phone, code: otherCode(code) });
      expect(res.code).toBe(codes.SMS_CODE_INVALID);
      // The refusal commits: each wrong try is counted.
      expect((await smsCodesOf(t, s.phone))[0]?.attempts).toBe(i);
    }
    const right = await t.call(contract.login.msgLogin, { phone: s.phone, code });
    expect(right.code).toBe(codes.SMS_CODE_INVALID);
    expect(right.cookies.ticket).toBeUndefined();
  });

  it("when the code has expired, then it is refused", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    await t.db
      .update(smsCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCode.phone, s.phone));
    const res = await t.call(contract.login.msgLogin, { phone: s.phone, code });
    expect(res.code).toBe(codes.SMS_CODE_INVALID);
  });

  it("when the code was sent for another purpose, then it does not log in", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "resetPassword");
    const res = await t.call(contract.login.msgLogin, { phone: s.phone, code });
    expect(res.code).toBe(codes.SMS_CODE_INVALID);
  });

  it("when no account uses the phone, then the same 001103 as a wrong code", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    const wrong = await t.call(contract.login.msgLogin, { phone: s.phone, code: otherCode(code) });
    const unknown = await t.call(contract.login.msgLogin, { phone: "13999999998", code: "123456" });
    expect(wrong.code).toBe(codes.SMS_CODE_INVALID);
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: wrong.code, msg: wrong.msg });
  });

  it("when the account is locked by failed password logins, then the SMS login is refused too and the code kept", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    await t.db.insert(loginAttempt).values({ loginKey: loginKey(s.loginName), failed: 0, lockedUntil: new Date(Date.now() + 10 * 60_000) });
    const res = await t.call(contract.login.msgLogin, { phone: s.phone, code });
    expect(res.code).toBe(codes.ACCOUNT_LOCKED);
    expect((await smsCodesOf(t, s.phone))[0]?.consumedAt).toBeNull();
  });

  it("when the code is not 6 digits, then 400 names code and no attempt is used", async () => {
    const s = await sellerWithPhone();
    await freshCode(t, s.phone, "login");
    const res = await t.call(contract.login.msgLogin, { phone: s.phone, code: "12ab" });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("code: must be the 6-digit code");
    expect((await smsCodesOf(t, s.phone))[0]?.attempts).toBe(0);
  });
});

describe("judgeVerification", () => {
  it("when the code is right, then valid is true and the code can still be used", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    const judged = await t.call(contract.login.judgeVerification, { phone: s.phone, code, purpose: "login" });
    expect(judged.data).toEqual({ valid: true });
    const twice = await t.call(contract.login.judgeVerification, { phone: s.phone, code, purpose: "login" });
    expect(twice.data).toEqual({ valid: true });
    expect((await smsCodesOf(t, s.phone))[0]?.consumedAt).toBeNull();
    expect((await t.call(contract.login.msgLogin, { phone: s.phone, code })).code).toBe(codes.OK);
  });

  it("when the code is wrong, then valid is false and the wrong try counts", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    const judged = await t.call(contract.login.judgeVerification, { phone: s.phone, code: otherCode(code), purpose: "login" });
    expect(judged.code).toBe(codes.OK);
    expect(judged.data).toEqual({ valid: false });
    expect((await smsCodesOf(t, s.phone))[0]?.attempts).toBe(1);
  });

  it("when the purpose differs from the one the code was sent for, then valid is false", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    const judged = await t.call(contract.login.judgeVerification, { phone: s.phone, code, purpose: "resetPassword" });
    expect(judged.data).toEqual({ valid: false });
  });

  it("when the purpose is missing, then 400 names it", async () => {
    const res = await t.post(contract.login.judgeVerification.path, { phone: "13800000001", code: "123456" });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("purpose: is required");
  });
});

describe("changing one's password by an SMS code (smsChangePassword)", () => {
  it("when the member asks for a code, then it goes to their own phone and the answer shows it masked", async () => {
    const s = await sellerWithPhone();
    const ticket = await t.login(s.loginName, s.password);
    const sent = await t.call(contract.login.sendPhoneSms, {}, { ticket });
    expect(sent.code).toBe(codes.OK);
    expect(sent.data).toEqual({
      resendAfterSeconds: 60,
      expiresInSeconds: 300,
      maskedPhone: `${s.phone.slice(0, 3)}****${s.phone.slice(-4)}`,
    });
    expect((await t.lastSms(s.phone)).body).toContain("修改密码");
  });

  it("when the code is used, then the password changes, this session goes on with a new ticket and the others end", async () => {
    const s = await sellerWithPhone();
    const other = await t.login(s.loginName, s.password);
    const ticket = await t.login(s.loginName, s.password);
    await t.call(contract.login.sendPhoneSms, {}, { ticket });
    const { code } = await t.lastSms(s.phone);
    const res = await t.call(contract.login.smsChangePassword, { code, newPassword: "Changed#Pass2026" }, { ticket });
    expect(res.code).toBe(codes.OK);
    const fresh = res.cookies.ticket;
    expect(fresh).toBeDefined();
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket: fresh })).code).toBe(codes.OK);
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket: other })).code).toBe(codes.SESSION_ENDED);
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: s.password })).code).toBe(codes.LOGIN_FAILED);
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: "Changed#Pass2026" })).code).toBe(codes.OK);
    // The code is used up.
    const again = await t.call(contract.login.smsChangePassword, { code, newPassword: "Other#Pass2026" }, { ticket: fresh });
    expect(again.code).toBe(codes.SMS_CODE_INVALID);
  });

  it("when the code is wrong, then 001103 and the password is unchanged", async () => {
    const s = await sellerWithPhone();
    const ticket = await t.login(s.loginName, s.password);
    await t.call(contract.login.sendPhoneSms, {}, { ticket });
    const { code } = await t.lastSms(s.phone);
    const before = (await memberByLoginName(t, s.loginName)).passwordHash;
    const res = await t.call(contract.login.smsChangePassword, { code: otherCode(code), newPassword: "Changed#Pass2026" }, { ticket });
    expect(res.code).toBe(codes.SMS_CODE_INVALID);
    expect(res.reason).toBe("login.codeInvalid");
    expect((await memberByLoginName(t, s.loginName)).passwordHash).toBe(before);
  });

  it("when a code was sent to another account's phone, then it does not change this member's password", async () => {
    const s = await sellerWithPhone();
    const victim = await sellerWithPhone();
    const ticket = await t.login(s.loginName, s.password);
    const victimCode = await freshCode(t, victim.phone, "changePassword");
    const res = await t.call(contract.login.smsChangePassword, { code: victimCode, newPassword: "Changed#Pass2026" }, { ticket });
    expect(res.code).toBe(codes.SMS_CODE_INVALID);
    expect((await t.call(contract.login.login, { loginName: victim.loginName, password: victim.password })).code).toBe(codes.OK);
  });

  it("when the new password is weak, then 400 names newPassword in both languages and the code is not used up", async () => {
    const s = await sellerWithPhone();
    const ticket = await t.login(s.loginName, s.password);
    await t.call(contract.login.sendPhoneSms, {}, { ticket });
    const { code } = await t.lastSms(s.phone);
    const res = await t.call(contract.login.smsChangePassword, { code, newPassword: "password123" }, { ticket });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^newPassword: is too weak/);
    expect((res.data as unknown as { issues: Array<{ path: string; reason?: string }> }).issues).toContainEqual(
      expect.objectContaining({ path: "newPassword", reason: "login.weakCommon" }),
    );
    expect((await smsCodesOf(t, s.phone))[0]?.consumedAt).toBeNull();
    const ok = await t.call(contract.login.smsChangePassword, { code, newPassword: "Changed#Pass2026" }, { ticket });
    expect(ok.code).toBe(codes.OK);
  });

  it("when the member has no phone, then the refusal says to use the current password and nothing is sent", async () => {
    const s = await createSeller(t);
    const ticket = await t.login(s.loginName, s.password);
    const res = await t.call(contract.login.sendPhoneSms, {}, { ticket });
    expect(res.code).toBe(codes.STATE_FORBIDS);
    expect(res.reason).toBe("login.noPhone");
  });

  it("when nobody is logged in, then both calls answer 001107 and nothing is sent", async () => {
    expect((await t.call(contract.login.sendPhoneSms, {})).code).toBe(codes.NOT_LOGGED_IN);
    expect((await t.call(contract.login.smsChangePassword, { code: "123456", newPassword: "Changed#Pass2026" })).code).toBe(
      codes.NOT_LOGGED_IN,
    );
  });

  it("when the member asks twice within 60 s, then 001104", async () => {
    const s = await sellerWithPhone();
    const ticket = await t.login(s.loginName, s.password);
    await t.call(contract.login.sendPhoneSms, {}, { ticket });
    expect((await t.call(contract.login.sendPhoneSms, {}, { ticket })).code).toBe(codes.SMS_TOO_FREQUENT);
    await rewindSms(t, s.phone);
    expect((await t.call(contract.login.sendPhoneSms, {}, { ticket })).code).toBe(codes.OK);
  });

  it("when the body names a phone, then 400 names it and nothing is sent (the code only ever goes to one's own phone)", async () => {
    const s = await sellerWithPhone();
    const ticket = await t.login(s.loginName, s.password);
    const res = await t.post(contract.login.sendPhoneSms.path, { phone: "13999999990" }, { ticket });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("phone");
    expect(await outboxCount(t, "13999999990")).toBe(0);
  });
});
