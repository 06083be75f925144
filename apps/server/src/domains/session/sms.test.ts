import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member, smsCode } from "../../platform/auth/auth.tables";
import { createSeller, freshCode, memberByLoginName, otherCode, outboxCount, rewindSms, smsCodesOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";

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
    expect(sms.body).toContain("log in");
    const rows = await smsCodesOf(t, s.phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.codeHash).not.toContain(sms.code);
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
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

  it("when no account uses the phone, then 400 names phone and nothing is sent", async () => {
    const res = await t.call(contract.login.sendMessage, { phone: "13999999999", purpose: "login" });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toMatch(/^phone: /);
    expect(res.data).toEqual({ issues: [{ path: "phone", message: "no account uses this phone number" }] });
    expect(await outboxCount(t, "13999999999")).toBe(0);
  });

  it("when the phone is not a mobile number or the purpose unknown, then 400 names each field and nothing is sent", async () => {
    const res = await t.post(contract.login.sendMessage.path, { phone: "12345", purpose: "spam" });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^phone: /);
    const issues = (res.data as { issues: Array<{ path: string }> }).issues.map((i) => i.path);
    expect(issues).toEqual(["phone", "purpose"]);
    expect(await outboxCount(t, "12345")).toBe(0);
  });

  it("when the account is disabled, then 12 and nothing is sent", async () => {
    const s = await sellerWithPhone();
    await t.db.update(member).set({ enabled: false }).where(eq(member.id, s.memberId));
    const res = await t.call(contract.login.sendMessage, { phone: s.phone, purpose: "login" });
    expect(res.code).toBe(codes.ACCOUNT_DISABLED);
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

  it("when no account uses the phone, then 001101", async () => {
    const res = await t.call(contract.login.msgLogin, { phone: "13999999998", code: "123456" });
    expect(res.code).toBe(codes.LOGIN_FAILED);
  });

  it("when the account is locked by failed password logins, then the SMS login is refused too and the code kept", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    await t.db
      .update(member)
      .set({ lockedUntil: new Date(Date.now() + 10 * 60_000) })
      .where(eq(member.id, s.memberId));
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

describe("buyer-side password change by SMS", () => {
  it("when the buyer asks for a code and uses it, then the password changes and every session ends", async () => {
    const s = await sellerWithPhone();
    const ticket = await t.login(s.loginName, s.password);
    const sent = await t.call(contract.login.sendPhoneSms, { phone: s.phone });
    expect(sent.code).toBe(codes.OK);
    expect(sent.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    const sms = await t.lastSms(s.phone);
    expect(sms.body).toContain("change your password");

    const res = await t.call(contract.login.smsChangePassword, { phone: s.phone, code: sms.code, newPassword: "Buyer#Pass2026" });
    expect(res.code).toBe(codes.OK);
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: s.password })).code).toBe(codes.LOGIN_FAILED);
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: "Buyer#Pass2026" })).code).toBe(codes.OK);
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket })).code).toBe(codes.SESSION_ENDED);
    // The code is used up.
    const again = await t.call(contract.login.smsChangePassword, { phone: s.phone, code: sms.code, newPassword: "Other#Pass2026" });
    expect(again.code).toBe(codes.SMS_CODE_INVALID);
  });

  it("when the code is wrong, then 001103 and the password is unchanged", async () => {
    const s = await sellerWithPhone();
    await t.call(contract.login.sendPhoneSms, { phone: s.phone });
    const { code } = await t.lastSms(s.phone);
    const before = (await memberByLoginName(t, s.loginName)).passwordHash;
    const res = await t.call(contract.login.smsChangePassword, { phone: s.phone, code: otherCode(code), newPassword: "Buyer#Pass2026" });
    expect(res.code).toBe(codes.SMS_CODE_INVALID);
    expect((await memberByLoginName(t, s.loginName)).passwordHash).toBe(before);
  });

  it("when the new password is weak, then 400 names newPassword and the code is not used up", async () => {
    const s = await sellerWithPhone();
    await t.call(contract.login.sendPhoneSms, { phone: s.phone });
    const { code } = await t.lastSms(s.phone);
    const res = await t.call(contract.login.smsChangePassword, { phone: s.phone, code, newPassword: "password123" });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^newPassword: is too weak/);
    expect((await smsCodesOf(t, s.phone))[0]?.consumedAt).toBeNull();
    expect((await t.call(contract.login.smsChangePassword, { phone: s.phone, code, newPassword: "Buyer#Pass2026" })).code).toBe(codes.OK);
  });

  it("when no account uses the phone, then 400 names phone", async () => {
    const sent = await t.call(contract.login.sendPhoneSms, { phone: "13999999997" });
    expect(sent.status).toBe(400);
    expect(sent.msg).toMatch(/^phone: /);
    const changed = await t.call(contract.login.smsChangePassword, { phone: "13999999997", code: "123456", newPassword: "Buyer#Pass2026" });
    expect(changed.status).toBe(400);
    expect(changed.msg).toMatch(/^phone: /);
  });

  it("when the buyer asks twice within 60 s, then 001104", async () => {
    const s = await sellerWithPhone();
    await t.call(contract.login.sendPhoneSms, { phone: s.phone });
    expect((await t.call(contract.login.sendPhoneSms, { phone: s.phone })).code).toBe(codes.SMS_TOO_FREQUENT);
    await rewindSms(t, s.phone);
    expect((await t.call(contract.login.sendPhoneSms, { phone: s.phone })).code).toBe(codes.OK);
  });

  it("when the body has an unknown field, then 400 names it and nothing is sent", async () => {
    const s = await sellerWithPhone();
    const res = await t.post(contract.login.sendPhoneSms.path, { phone: s.phone, purpose: "login" });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("purpose");
    expect(await outboxCount(t, s.phone)).toBe(0);
  });
});
