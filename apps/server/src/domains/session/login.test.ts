import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAttempt, userSession } from "../../platform/auth/auth.tables";
import { loginKey } from "../../platform/auth/login-attempts";
import { attemptsOf, createSeller, memberByLoginName, sessionOfTicket } from "../../test/fixtures";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../test/harness";
import { employee, member } from "../identity/identity.tables";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("password login", () => {
  it("when the password is right, then a host-only HttpOnly ticket cookie is set and the member is known", async () => {
    const res = await t.call(contract.login.login, { loginName: "demo", password: "Demo@2026!" });
    expect(res.code).toBe(codes.OK);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/ticket=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Domain=/i);
    const me = await t.call(contract.session.getMemberByToken, {}, { ticket: res.cookies.ticket });
    expect(me.data.loginName).toBe("demo");
    expect(me.data.shop?.name).toBe("Green Valley Fresh");
    expect(me.data.isOwner).toBe(true);
  });

  it("when a field is missing or unknown, then 400 names the field and nothing is written", async () => {
    const res = await t.post(contract.login.login.path, { loginName: "demo", extra: 1 });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toContain("password");
    expect(res.data).toMatchObject({
      issues: expect.arrayContaining([{ path: "extra", message: "is not a known field", reason: "field.unknown" }]),
    });
  });

  it("when systemId is not 71, then the call is refused as bad input", async () => {
    const res = await t.post(contract.login.login.path, { loginName: "demo", password: "x", systemId: 70 });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("systemId");
  });

  it("when the sign-token header is wrong, then the server answers 403", async () => {
    const res = await t.post(
      contract.login.login.path,
      { loginName: "demo", password: "Demo@2026!" },
      { headers: { "sign-token": "nope" } },
    );
    expect(res.status).toBe(403);
  });
});

describe("failed logins and the lock", () => {
  it("when the password is wrong, then 001101 says how many attempts are left and the count is kept", async () => {
    const s = await createSeller(t);
    const res = await t.call(contract.login.login, { loginName: s.loginName, password: "Wrong#Pass2026" });
    expect(res.status).toBe(200);
    expect(res.code).toBe(codes.LOGIN_FAILED);
    expect(res.msg).toContain("4 attempts left");
    expect(res.cookies.ticket).toBeUndefined();
    expect(res.reason).toBe("login.attemptsLeft");
    expect(res.params).toEqual({ left: 4 });
    expect((await attemptsOf(t, s.loginName)).failed).toBe(1);
  });

  it("when the login name is unknown, then every answer up to the lock is the same as for an existing account", async () => {
    const s = await createSeller(t);
    const unknown = `nobody-${s.loginName}`;
    const answers = async (loginName: string) => {
      const out: Array<{ status: number; code: string; msg: string; reason: string | undefined; data: unknown }> = [];
      for (let i = 1; i <= 6; i++) {
        const res = await t.call(contract.login.login, { loginName, password: `Wrong#Pass${i}` });
        out.push({ status: res.status, code: res.code, msg: res.msg, reason: res.reason, data: res.data });
      }
      return out;
    };
    const known = await answers(s.loginName);
    expect(known.map((a) => a.code)).toEqual([
      codes.LOGIN_FAILED,
      codes.LOGIN_FAILED,
      codes.LOGIN_FAILED,
      codes.LOGIN_FAILED,
      codes.ACCOUNT_LOCKED,
      codes.ACCOUNT_LOCKED,
    ]);
    expect(await answers(unknown)).toEqual(known);
    expect((await attemptsOf(t, unknown)).lockedUntil).not.toBeNull();
  });

  it("when an unknown name is written in other case or with spaces, then it counts as the same name", async () => {
    await t.call(contract.login.login, { loginName: "Ghost-Name", password: "Wrong#Pass1" });
    await t.call(contract.login.login, { loginName: "  ghost-name ", password: "Wrong#Pass2" });
    expect((await attemptsOf(t, "GHOST-NAME")).failed).toBe(2);
  });

  it("when the login name differs only in case, then the login works", async () => {
    const res = await t.call(contract.login.login, { loginName: "DEMO", password: DEMO_PASSWORD });
    expect(res.code).toBe(codes.OK);
  });

  it("when the password is wrong 5 times, then the account is locked for 15 minutes and even the right password is refused", async () => {
    const s = await createSeller(t);
    for (let i = 1; i <= 4; i++) {
      const res = await t.call(contract.login.login, { loginName: s.loginName, password: `Wrong#Pass${i}` });
      expect(res.code).toBe(codes.LOGIN_FAILED);
      expect((await attemptsOf(t, s.loginName)).failed).toBe(i);
    }
    const fifth = await t.call(contract.login.login, { loginName: s.loginName, password: "Wrong#Pass5" });
    expect(fifth.code).toBe(codes.ACCOUNT_LOCKED);
    expect(fifth.msg).toContain("locked for 15 min");
    expect(fifth.params).toEqual({ minutes: 15 });
    const locked = await attemptsOf(t, s.loginName);
    expect(locked.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(locked.lockedUntil?.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);

    const right = await t.call(contract.login.login, { loginName: s.loginName, password: s.password });
    expect(right.code).toBe(codes.ACCOUNT_LOCKED);
    expect(right.msg).toMatch(/locked for 15 min/);
    expect(right.cookies.ticket).toBeUndefined();
  });

  it("when the lock has run out, then the right password works and the failure count starts again", async () => {
    const s = await createSeller(t);
    for (let i = 1; i <= 5; i++) await t.call(contract.login.login, { loginName: s.loginName, password: `Wrong#Pass${i}` });
    await t.db
      .update(loginAttempt)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginAttempt.loginKey, loginKey(s.loginName)));
    const res = await t.call(contract.login.login, { loginName: s.loginName, password: s.password });
    expect(res.code).toBe(codes.OK);
    expect(await attemptsOf(t, s.loginName)).toEqual({ failed: 0, lockedUntil: null });
  });

  it("when a login succeeds after failures, then the failure count is reset", async () => {
    const s = await createSeller(t);
    await t.call(contract.login.login, { loginName: s.loginName, password: "Wrong#Pass1" });
    await t.call(contract.login.login, { loginName: s.loginName, password: "Wrong#Pass2" });
    expect((await attemptsOf(t, s.loginName)).failed).toBe(2);
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: s.password })).code).toBe(codes.OK);
    const m = await memberByLoginName(t, s.loginName);
    expect((await attemptsOf(t, s.loginName)).failed).toBe(0);
    expect(m.lastLoginAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("when the account is disabled, then the right password answers 12 and no ticket", async () => {
    const s = await createSeller(t);
    await t.db.update(member).set({ enabled: false }).where(eq(member.id, s.memberId));
    const res = await t.call(contract.login.login, { loginName: s.loginName, password: s.password });
    expect(res.code).toBe(codes.ACCOUNT_DISABLED);
    expect(res.cookies.ticket).toBeUndefined();
  });

  it("when the member belongs to no organisation any more, then 001109 (the web shows /login/403) and no session is made", async () => {
    const s = await createSeller(t);
    await t.db.update(employee).set({ enabled: false }).where(eq(employee.id, s.employeeId));
    const res = await t.call(contract.login.login, { loginName: s.loginName, password: s.password });
    expect(res.code).toBe(codes.NOT_A_SELLER);
    expect(await t.db.select().from(userSession).where(eq(userSession.memberId, s.memberId))).toEqual([]);
  });

  it("when the body is malformed, then nothing counts towards the lock", async () => {
    const s = await createSeller(t);
    const res = await t.post(contract.login.login.path, { loginName: s.loginName, password: "" });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("password: is required");
    expect(res.data).toEqual({ issues: [{ path: "password", message: "is required", reason: "field.required" }] });
    expect((await attemptsOf(t, s.loginName)).failed).toBe(0);
  });

  it("when the login name is too short, then 400 names loginName", async () => {
    const res = await t.call(contract.login.login, { loginName: "a", password: "x" });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("loginName: must be at least 2 characters");
  });

  it("when a member logs in again, then a new ticket is issued and the one sent along is rotated out", async () => {
    const first = await t.login("demo");
    const res = await t.call(contract.login.login, { loginName: "demo", password: DEMO_PASSWORD }, { ticket: first });
    expect(res.cookies.ticket).toBeDefined();
    expect(res.cookies.ticket).not.toBe(first);
    expect((await sessionOfTicket(t, first)).revokeReason).toBe("rotated");
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket: res.cookies.ticket })).code).toBe(codes.OK);
  });

  it("when the ticket is stored, then only its hash is kept", async () => {
    const ticket = await t.login("demo");
    const row = await sessionOfTicket(t, ticket);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(ticket);
  });
});

describe("the per-IP limit on login calls", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "3" }, demo: false });
  });
  afterAll(() => limited.close());

  it("when a fourth login call comes from the same address within a minute, then HTTP 429 with 000029", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await limited.call(contract.login.login, { loginName: "nobody", password: "x" });
      expect(res.status).toBe(200);
      expect(res.code).toBe(codes.LOGIN_FAILED);
    }
    const fourth = await limited.call(contract.login.login, { loginName: "nobody", password: "x" });
    expect(fourth.status).toBe(429);
    expect(fourth.code).toBe(codes.TOO_MANY_REQUESTS);
    expect(fourth.msg).toMatch(/too many requests/i);
  });

  it("when the client claims another address in X-Forwarded-For, then it is still limited (no proxy is trusted by default)", async () => {
    const res = await limited.post(
      contract.login.login.path,
      { loginName: "nobody", password: "x" },
      { headers: { "x-forwarded-for": "203.0.113.9" } },
    );
    expect(res.status).toBe(429);
  });

  it("when behind a trusted proxy another client address calls, then it has its own allowance", async () => {
    const proxied = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "1", TRUST_PROXY: "1" }, demo: false });
    try {
      const as = (ip: string) =>
        proxied.post(contract.login.login.path, { loginName: "nobody", password: "x" }, { headers: { "x-forwarded-for": ip } });
      expect((await as("203.0.113.1")).status).toBe(200);
      expect((await as("203.0.113.1")).status).toBe(429);
      expect((await as("203.0.113.2")).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it("when calls outside login and SMS are made, then they are not limited", async () => {
    for (let i = 0; i < 5; i++) expect((await limited.call(contract.session.platformInfo, {})).status).toBe(200);
  });
});
