import type { Domain } from "@sbo/contract";
import { contract } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { buildApp } from "../app";
import { auditWords } from "../domains/audit-words";
import { createSellerAccount, identitySource } from "../domains/identity/identity.port";
import { employee, employeeRole, member, role, roleFunction } from "../domains/identity/identity.tables";
import { openShopRow, shopStateSource } from "../domains/shop/shop.port";
import { loginAttempt, smsCode, smsOutbox, userSession } from "../platform/auth/auth.tables";
import { loginKey } from "../platform/auth/login-attempts";
import { hashPassword } from "../platform/auth/passwords";
import { postgresRateLimiter } from "../platform/auth/rate-limit";
import { createSessionResolver } from "../platform/auth/session-resolver";
import { hashTicket } from "../platform/auth/tickets";
import { bindDomain, type Handlers } from "../platform/http/bind-domain";
import type { TestApp } from "./harness";

/** The password every throwaway account of the tests uses (strong, not the demo one). */
export const TEST_PASSWORD = "Str0ng#Pass2026";

let serial = 0;

/**
 * A throwaway seller (owner of a new organisation, with a shop unless `shop: false`), so that a test
 * can lock, disable or reset it without touching the demo accounts other tests rely on.
 */
export async function createSeller(t: TestApp, opts: { phone?: string | null; shop?: boolean; password?: string } = {}) {
  serial += 1;
  const loginName = `seller${serial}${Date.now().toString(36)}`;
  const password = opts.password ?? TEST_PASSWORD;
  const created = await createSellerAccount(
    t.db,
    {
      loginName,
      password,
      name: `Seller ${serial}`,
      phone: opts.phone ?? null,
      orgName: `Test Org ${serial}`,
      ...(opts.shop === false ? {} : { shop: { name: `Shop ${serial}`, brand: `Brand ${serial}` } }),
    },
    openShopRow,
  );
  return { ...created, loginName, password };
}

export async function memberByLoginName(t: TestApp, loginName: string) {
  const [row] = await t.db.select().from(member).where(sql`lower(${member.loginName}) = lower(${loginName})`);
  if (!row) throw new Error(`no member ${loginName}`);
  return row;
}

/** Failed logins counted against a login name (existing or not), and its lock. */
export async function attemptsOf(t: TestApp, loginName: string) {
  const [row] = await t.db
    .select()
    .from(loginAttempt)
    .where(eq(loginAttempt.loginKey, loginKey(loginName)));
  return { failed: row?.failed ?? 0, lockedUntil: row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null };
}

export async function sessionOfTicket(t: TestApp, ticket: string) {
  const [row] = await t.db
    .select()
    .from(userSession)
    .where(eq(userSession.tokenHash, hashTicket(ticket)));
  if (!row) throw new Error("no session for this ticket");
  return row;
}

export async function updateSessionOfTicket(t: TestApp, ticket: string, patch: Partial<typeof userSession.$inferInsert>) {
  await t.db
    .update(userSession)
    .set(patch)
    .where(eq(userSession.tokenHash, hashTicket(ticket)));
}

export async function employeeOf(t: TestApp, boId: string, memberId: string) {
  const [row] = await t.db
    .select()
    .from(employee)
    .where(and(eq(employee.boId, boId), eq(employee.memberId, memberId)));
  if (!row) throw new Error("no such employee");
  return row;
}

/** Pretend the phone's codes were sent two minutes ago, so another may be sent now (the 60 s rule). */
export async function rewindSms(t: TestApp, phone: string) {
  await t.db
    .update(smsCode)
    .set({ createdAt: sql`${smsCode.createdAt} - interval '2 minutes'` })
    .where(eq(smsCode.phone, phone));
}

export async function smsCodesOf(t: TestApp, phone: string) {
  return t.db.select().from(smsCode).where(eq(smsCode.phone, phone));
}

export async function outboxCount(t: TestApp, phone: string) {
  return (await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).length;
}

/** Send a code through the API (after rewinding the 60 s rule) and read it from the outbox. */
export async function freshCode(t: TestApp, phone: string, purpose: "login" | "resetPassword" | "changePassword"): Promise<string> {
  await rewindSms(t, phone);
  const res = await t.post("/api/seller/basic/member/login/sendMessage", { phone, purpose });
  if (res.code !== "0") throw new Error(`sendMessage failed: ${res.code} ${res.msg}`);
  const { code } = await t.lastSms(phone);
  if (!/^\d{6}$/.test(code)) throw new Error("no code in the outbox");
  return code;
}

/** A 43-character ticket that has the right shape but was never issued. */
export const UNKNOWN_TICKET = "A".repeat(43);

/** A different 6-digit code than `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** A staff member of an organisation whose one role grants exactly `functions`; answers their ticket. */
export async function createStaff(t: TestApp, boId: string, functions: string[]): Promise<string> {
  serial += 1;
  const loginName = `staff${serial}${Date.now().toString(36)}`;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await t.db.transaction(async (tx) => {
    const [m] = await tx
      .insert(member)
      .values({ loginName, name: `Staff ${serial}`, passwordHash })
      .returning();
    const [r] = await tx
      .insert(role)
      .values({ boId, name: `Role ${loginName}` })
      .returning();
    if (!m || !r) throw new Error("insert returned nothing");
    if (functions.length) await tx.insert(roleFunction).values(functions.map((funcCode) => ({ roleId: r.id, funcCode })));
    const [e] = await tx.insert(employee).values({ boId, memberId: m.id }).returning();
    if (!e) throw new Error("insert returned nothing");
    await tx.insert(employeeRole).values({ employeeId: e.id, roleId: r.id });
  });
  return t.login(loginName, TEST_PASSWORD);
}

/** The session a ticket opens (member, active organisation and shop). */
export async function meOf(t: TestApp, ticket: string) {
  return (await t.call(contract.session.getMemberByToken, {}, { ticket })).data;
}

/**
 * Posts `base` changed by each case's patch: every answer must be HTTP 400 whose message names the case's field.
 * (The caller checks that nothing was written.)
 */
export async function expectBadFields(
  t: TestApp,
  path: string,
  ticket: string,
  base: Record<string, unknown>,
  cases: ReadonlyArray<readonly [field: string, patch: Record<string, unknown>]>,
) {
  for (const [field, patch] of cases) {
    const res = await t.post(path, { ...base, ...patch }, { ticket });
    expect(res.status, field).toBe(400);
    expect(res.msg).toContain(field);
  }
}

/**
 * A second app on the test database with one extra probe domain bound through the real pipeline
 * (ticket, function, shop state, transaction, envelope), for tests of the pipeline itself.
 */
export async function probeApp<D extends Domain>(t: TestApp, domain: D, handlers: Handlers<D>) {
  const app = await buildApp({ config: t.config, database: { db: t.db, kind: "pglite", close: async () => {} }, logger: false });
  const platform = {
    db: t.db,
    config: t.config,
    sms: { name: "none", send: async () => {} },
    sessions: createSessionResolver({ db: t.db, config: t.config, shops: shopStateSource, identity: identitySource }),
    limiter: postgresRateLimiter(t.db),
    weather: null,
    auditWords,
  };
  bindDomain(app, platform, domain, handlers);
  await app.ready();
  return app;
}
