import { codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptsOf, createSeller, freshCode, memberByLoginName, otherCode, sessionOfTicket, smsCodesOf } from "../../test/fixtures";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let nextPhone = 13900000300;
async function sellerWithPhone() {
  nextPhone += 1;
  const phone = String(nextPhone);
  return { ...(await createSeller(t, { phone })), phone };
}

describe("forgot password: selMemberLoginByLoginName", () => {
  it("when the login name exists, then its phone comes back masked", async () => {
    const res = await t.call(contract.login.selMemberLoginByLoginName, { loginName: "demo" });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toEqual({ loginName: "demo", maskedPhone: "138****0001" });
  });

  it("when the account has no phone, then maskedPhone is null", async () => {
    const s = await createSeller(t);
    const res = await t.call(contract.login.selMemberLoginByLoginName, { loginName: s.loginName });
    expect(res.data).toEqual({ loginName: s.loginName, maskedPhone: null });
  });

  it("when the login name is unknown, then 000004", async () => {
    const res = await t.call(contract.login.selMemberLoginByLoginName, { loginName: "nobody-at-all" });
    expect(res.code).toBe(codes.NOT_FOUND);
    expect(res.data).toBeNull();
  });

  it("when the login name is missing, then 400 names it", async () => {
    const res = await t.post(contract.login.selMemberLoginByLoginName.path, {});
    expect(res.status).toBe(400);
    expect(res.msg).toBe("loginName: is required");
    expect(res.data).toEqual({ issues: [{ path: "loginName", message: "is required", reason: "field.required" }] });
  });
});

describe("forgot password: reSetPwd", () => {
  it("when the SMS code is right, then the new password works, the old fails and every session ends", async () => {
    const s = await sellerWithPhone();
    const ticketA = await t.login(s.loginName, s.password);
    const ticketB = await t.login(s.loginName, s.password);
    const code = await freshCode(t, s.phone, "resetPassword");
    const res = await t.call(contract.login.reSetPwd, { loginName: s.loginName, code, newPassword: "Reset#Pass2026" });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toBeNull();

    expect((await t.call(contract.login.login, { loginName: s.loginName, password: s.password })).code).toBe(codes.LOGIN_FAILED);
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: "Reset#Pass2026" })).code).toBe(codes.OK);
    for (const ticket of [ticketA, ticketB]) {
      const me = await t.call(contract.session.getMemberByToken, {}, { ticket });
      expect(me.code).toBe(codes.SESSION_ENDED);
      expect((await sessionOfTicket(t, ticket)).revokeReason).toBe("ended");
    }
  });

  it("when the account was locked, then a reset also unlocks it", async () => {
    const s = await sellerWithPhone();
    for (let i = 1; i <= 5; i++) await t.call(contract.login.login, { loginName: s.loginName, password: `Wrong#Pass${i}` });
    expect((await attemptsOf(t, s.loginName)).lockedUntil).not.toBeNull();
    const code = await freshCode(t, s.phone, "resetPassword");
    await t.call(contract.login.reSetPwd, { loginName: s.loginName, code, newPassword: "Reset#Pass2026" });
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: "Reset#Pass2026" })).code).toBe(codes.OK);
  });

  it("when the new password is weak, then 400 names newPassword, the code is not used up and the password is unchanged", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "resetPassword");
    const before = (await memberByLoginName(t, s.loginName)).passwordHash;
    for (const newPassword of ["abcdefghij", "Password@1", `${s.loginName}#A1`]) {
      const res = await t.call(contract.login.reSetPwd, { loginName: s.loginName, code, newPassword });
      expect(res.status).toBe(400);
      expect(res.code).toBe(codes.BAD_INPUT);
      expect(res.msg).toMatch(/^newPassword: is too weak/);
      expect(res.data).toMatchObject({ issues: [{ path: "newPassword" }] });
    }
    const short = await t.call(contract.login.reSetPwd, { loginName: s.loginName, code, newPassword: "Ab#1" });
    expect(short.status).toBe(400);
    expect(short.msg).toBe("newPassword: must be at least 8 characters");

    const [row] = await smsCodesOf(t, s.phone);
    expect(row?.consumedAt).toBeNull();
    expect(row?.attempts).toBe(0);
    expect((await memberByLoginName(t, s.loginName)).passwordHash).toBe(before);
    // The same code still works with a strong password.
    expect((await t.call(contract.login.reSetPwd, { loginName: s.loginName, code, newPassword: "Reset#Pass2026" })).code).toBe(codes.OK);
  });

  it("when the code is wrong, then 001103, the try counts and the password is unchanged", async () => {
    const s = await sellerWithPhone();
    const ticket = await t.login(s.loginName, s.password);
    const code = await freshCode(t, s.phone, "resetPassword");
    const res = await t.call(contract.login.reSetPwd, { loginName: s.loginName, code: otherCode(code), newPassword: "Reset#Pass2026" });
    expect(res.code).toBe(codes.SMS_CODE_INVALID);
    expect((await smsCodesOf(t, s.phone))[0]?.attempts).toBe(1);
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: s.password })).code).toBe(codes.OK);
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket })).code).toBe(codes.OK);
  });

  it("when the code was sent for logging in, then it cannot reset the password", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "login");
    const res = await t.call(contract.login.reSetPwd, { loginName: s.loginName, code, newPassword: "Reset#Pass2026" });
    expect(res.code).toBe(codes.SMS_CODE_INVALID);
  });

  it("when the code is used a second time, then it is refused", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "resetPassword");
    expect((await t.call(contract.login.reSetPwd, { loginName: s.loginName, code, newPassword: "Reset#Pass2026" })).code).toBe(codes.OK);
    const again = await t.call(contract.login.reSetPwd, { loginName: s.loginName, code, newPassword: "Again#Pass2026" });
    expect(again.code).toBe(codes.SMS_CODE_INVALID);
  });

  it("when the login name is unknown, then the answer is the same 001103 as a wrong code for an existing one", async () => {
    const s = await sellerWithPhone();
    const code = await freshCode(t, s.phone, "resetPassword");
    const wrong = await t.call(contract.login.reSetPwd, { loginName: s.loginName, code: otherCode(code), newPassword: "Reset#Pass2026" });
    const res = await t.call(contract.login.reSetPwd, { loginName: "nobody-at-all", code: "123456", newPassword: "Reset#Pass2026" });
    expect(wrong.code).toBe(codes.SMS_CODE_INVALID);
    expect({ status: res.status, code: res.code, msg: res.msg, reason: res.reason }).toEqual({
      status: wrong.status,
      code: wrong.code,
      msg: wrong.msg,
      reason: wrong.reason,
    });
  });
});

describe("change password in the safety centre: safeCenterReSetPwd", () => {
  it("when the old password is wrong, then 001106 and nothing changes", async () => {
    const s = await createSeller(t);
    const ticket = await t.login(s.loginName, s.password);
    const before = (await memberByLoginName(t, s.loginName)).passwordHash;
    const res = await t.call(contract.login.safeCenterReSetPwd, { oldPassword: "Not#MyPass1", newPassword: "Change#Pass2026" }, { ticket });
    expect(res.code).toBe(codes.WRONG_PASSWORD);
    expect((await memberByLoginName(t, s.loginName)).passwordHash).toBe(before);
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket })).code).toBe(codes.OK);
  });

  it("when the new password is weak or the same as the old, then 400 names newPassword and nothing changes", async () => {
    const s = await createSeller(t);
    const ticket = await t.login(s.loginName, s.password);
    const other = await t.login(s.loginName, s.password);
    const before = (await memberByLoginName(t, s.loginName)).passwordHash;
    for (const newPassword of ["12345678", "qwertyuiop", s.password]) {
      const res = await t.call(contract.login.safeCenterReSetPwd, { oldPassword: s.password, newPassword }, { ticket });
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(/^newPassword: /);
    }
    expect((await memberByLoginName(t, s.loginName)).passwordHash).toBe(before);
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket: other })).code).toBe(codes.OK);
  });

  it("when oldPassword is missing, then 400 names it", async () => {
    const ticket = await t.login("demo");
    const res = await t.post(contract.login.safeCenterReSetPwd.path, { newPassword: "Change#Pass2026" }, { ticket });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("oldPassword: is required");
  });

  it("when the change succeeds, then other sessions get 001108 and this one keeps working with a rotated cookie", async () => {
    const s = await createSeller(t);
    const mine = await t.login(s.loginName, s.password);
    const elsewhere = await t.login(s.loginName, s.password);
    const res = await t.call(
      contract.login.safeCenterReSetPwd,
      { oldPassword: s.password, newPassword: "Change#Pass2026" },
      { ticket: mine },
    );
    expect(res.code).toBe(codes.OK);
    const rotated = res.cookies.ticket;
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(mine);
    expect(String(res.headers["set-cookie"])).toMatch(/HttpOnly/i);

    expect((await t.call(contract.session.getMemberByToken, {}, { ticket: elsewhere })).code).toBe(codes.SESSION_ENDED);
    const me = await t.call(contract.session.getMemberByToken, {}, { ticket: rotated ?? null });
    expect(me.code).toBe(codes.OK);
    expect(me.data.loginName).toBe(s.loginName);
    // The old cookie of this browser is retired (not "ended elsewhere").
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket: mine })).code).toBe(codes.NOT_LOGGED_IN);

    expect((await t.call(contract.login.login, { loginName: s.loginName, password: s.password })).code).toBe(codes.LOGIN_FAILED);
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: "Change#Pass2026" })).code).toBe(codes.OK);
    expect((await memberByLoginName(t, s.loginName)).passwordChangedAt).not.toBeNull();
  });
});

describe("judgeWeakPwd", () => {
  it.each([
    ["Ab1#", ["tooShort"]],
    ["abcdefghijk", ["oneCharacterClass"]],
    ["Password@1", ["common"]],
    ["12345678", ["oneCharacterClass", "common"]],
    ["Xdemo-owner#9", ["containsLoginName"]],
    ["abc", ["tooShort", "oneCharacterClass"]],
  ])("when the password is %s, then the reasons are %j", async (password, reasons) => {
    const res = await t.call(contract.login.judgeWeakPwd, { password, loginName: "demo-owner" });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toEqual({ weak: true, reasons });
  });

  it("when the password is the demo one, then it is not weak (except for the login name demo, which it contains)", async () => {
    expect((await t.call(contract.login.judgeWeakPwd, { password: DEMO_PASSWORD })).data).toEqual({ weak: false, reasons: [] });
    expect((await t.call(contract.login.judgeWeakPwd, { password: DEMO_PASSWORD, loginName: "demo-clerk" })).data).toEqual({
      weak: false,
      reasons: [],
    });
    expect((await t.call(contract.login.judgeWeakPwd, { password: DEMO_PASSWORD, loginName: "demo" })).data).toEqual({
      weak: true,
      reasons: ["containsLoginName"],
    });
  });

  it("when the login name is short or absent, then it is not held against the password", async () => {
    expect((await t.call(contract.login.judgeWeakPwd, { password: "Xab#12345", loginName: "ab" })).data.weak).toBe(false);
    expect((await t.call(contract.login.judgeWeakPwd, { password: "Xab#12345" })).data.weak).toBe(false);
  });

  it("when the password is missing, then 400 names it", async () => {
    const res = await t.post(contract.login.judgeWeakPwd.path, {});
    expect(res.status).toBe(400);
    expect(res.msg).toBe("password: is required");
  });

  it("when the path is the absolute /api/basic one, then the call is served there (not under /api/seller)", async () => {
    expect(contract.login.judgeWeakPwd.path).toBe("/api/basic/member/login/judgeWeakPwd");
    const wrong = await t.post("/api/seller/basic/member/login/judgeWeakPwd", { password: "x" });
    expect(wrong.status).toBe(404);
  });
});
