import { type Call, codes, contract, SYSTEM_ID } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, sessionCacheOf } from "../../app";
import { member } from "../../domains/identity/identity.tables";
import { createSeller, TEST_PASSWORD } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { type Database, openDatabase } from "../db/client";
import { userSession } from "./auth.tables";
import { createSessionCache, SESSION_CHANNEL } from "./session-cache";
import { hashTicket } from "./tickets";

/**
 * One call straight through the app, without the harness's wait for the session notifications (harness.ts `post`):
 * what a browser's next call meets the moment the previous answer arrives.
 */
async function callOn(app: FastifyInstance, t: TestApp, entry: Call, body: Record<string, unknown>, ticket: string) {
  const res = await app.inject({
    method: "POST",
    url: entry.path,
    headers: { "content-type": "application/json", "sign-token": t.config.signToken },
    cookies: { ticket },
    payload: JSON.stringify({ systemId: SYSTEM_ID, ...body }),
  });
  const json = res.json() as { code: string; data: unknown };
  return { code: json.code, data: json.data };
}

const judge = { funcCode: "order.manage" };
const cached = (app: FastifyInstance, ticket: string) => sessionCacheOf(app)?.get(hashTicket(ticket), Date.now()) !== undefined;

let t: TestApp;
let owner: string;
let clerkRole: string;
let serial = 0;

/** A new staff member of the demo organisation with the order clerk's role, logged in. */
async function newClerk() {
  serial += 1;
  const who = { loginName: `cache-staff-${serial}`, phone: `1371100${String(serial).padStart(4, "0")}` };
  const res = await t.call(
    contract.staff.addMemberEmployee,
    { name: `Cache ${serial}`, ...who, password: TEST_PASSWORD, roleIds: [clerkRole] },
    { ticket: owner },
  );
  if (res.code !== codes.OK) throw new Error(`addMemberEmployee failed: ${res.code} ${res.msg}`);
  return { ...res.data, ticket: await t.login(who.loginName, TEST_PASSWORD) };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  const roles = (await t.call(contract.session.selRoleListBySysId, {}, { ticket: owner })).data;
  clerkRole = roles.find((r) => r.name === "Order clerk")?.id ?? "";
});
afterAll(() => t.close());

describe("the session cache of one process", () => {
  it("when a member calls, then the next call finds the session in the process's cache", async () => {
    const ticket = await t.login("demo");
    expect(sessionCacheOf(t.app)?.listening).toBe(true);
    expect((await callOn(t.app, t, contract.session.judgeAuth, judge, ticket)).code).toBe(codes.OK);
    expect(cached(t.app, ticket)).toBe(true);
    expect((await callOn(t.app, t, contract.session.judgeAuth, judge, ticket)).code).toBe(codes.OK);
  });

  it("when a call narrows a role's functions, then its holders' cached sessions end before the answer", async () => {
    const s = await newClerk();
    expect((await callOn(t.app, t, contract.session.judgeAuth, judge, s.ticket)).code).toBe(codes.OK);
    expect(cached(t.app, s.ticket)).toBe(true);
    const res = await callOn(
      t.app,
      t,
      contract.staff.updMemberEmpById,
      { employeeId: s.employeeId, name: s.name, phone: s.phone, roleIds: [] },
      owner,
    );
    expect(res.code).toBe(codes.OK);
    expect(cached(t.app, s.ticket)).toBe(false);
    expect((await callOn(t.app, t, contract.session.judgeAuth, judge, s.ticket)).code).toBe(codes.SESSION_ENDED);
  });

  it("when a role a member holds gains a function, then their cached session holds it on the next call", async () => {
    const role = await t.call(contract.staff.addRole, { name: `Cache role ${++serial}`, functions: ["order.manage"] }, { ticket: owner });
    const s = await newClerk();
    await t.call(
      contract.staff.updMemberEmpById,
      { employeeId: s.employeeId, name: s.name, phone: s.phone as string, roleIds: [clerkRole, role.data.id] },
      { ticket: owner },
    );
    const ticket = await t.login(`cache-staff-${serial}`, TEST_PASSWORD);
    const ask = { funcCode: "marketing.coupon" };
    const before = await callOn(t.app, t, contract.session.judgeAuth, ask, ticket);
    expect(before).toMatchObject({ code: codes.OK, data: { allowed: false } });
    expect(cached(t.app, ticket)).toBe(true);
    const wider = { id: role.data.id, name: role.data.name, functions: ["order.manage", "marketing.coupon"] };
    expect((await callOn(t.app, t, contract.staff.updRole, wider, owner)).code).toBe(codes.OK);
    const after = await callOn(t.app, t, contract.session.judgeAuth, ask, ticket);
    expect(after).toMatchObject({ code: codes.OK, data: { allowed: true } });
  });

  it("when a session's row is changed by hand, then the cached session is read again", async () => {
    const ticket = await t.login("demo");
    expect((await callOn(t.app, t, contract.session.judgeAuth, judge, ticket)).code).toBe(codes.OK);
    await t.db
      .update(userSession)
      .set({ revokedAt: new Date(), revokeReason: "logout" })
      .where(eq(userSession.tokenHash, hashTicket(ticket)));
    await sessionCacheOf(t.app)?.settle();
    expect(cached(t.app, ticket)).toBe(false);
    expect((await t.call(contract.session.judgeAuth, judge, { ticket })).code).toBe(codes.NOT_LOGGED_IN);
  });

  it("when only last_seen_at moves on (the touch), then no session is forgotten", async () => {
    const ticket = await t.login("demo");
    expect((await callOn(t.app, t, contract.session.judgeAuth, judge, ticket)).code).toBe(codes.OK);
    await t.db
      .update(userSession)
      .set({ lastSeenAt: new Date(Date.now() + 1000) })
      .where(eq(userSession.tokenHash, hashTicket(ticket)));
    await sessionCacheOf(t.app)?.settle();
    expect(cached(t.app, ticket)).toBe(true);
  });

  it("when the database cannot be listened to, then nothing is kept and every call reads it", async () => {
    const cache = createSessionCache({ db: t.db, kind: t.database.kind });
    const ticket = await t.login("demo");
    const session = { ...(await t.call(contract.session.getMemberByToken, {}, { ticket })).data } as never;
    cache.set(
      hashTicket(ticket),
      { session, readAt: Date.now(), lastSeenAt: Date.now(), expiresAt: Date.now() + 60_000 },
      cache.generation(),
    );
    expect(cache.listening).toBe(false);
    expect(cache.get(hashTicket(ticket), Date.now())).toBeUndefined();
    await cache.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two server processes on one PostgreSQL database", () => {
  let other: FastifyInstance;
  let otherDatabase: Database;

  beforeAll(async () => {
    otherDatabase = await openDatabase({ databaseUrl: t.databaseUrl });
    other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase.close();
  });

  /** A ticket the other process has served, so it holds the session in its cache. */
  async function heldElsewhere(ticket: string) {
    expect((await callOn(other, t, contract.session.judgeAuth, judge, ticket)).code).toBe(codes.OK);
    expect(cached(other, ticket)).toBe(true);
  }

  /**
   * The other process's next call after the change. PostgreSQL hands the notification to every listening connection
   * at commit, but another process reads it from its socket when its event loop next polls: in this one test process
   * that may be after the call below, so the call first waits until the other process has taken in every notification
   * committed before it (`settle`: a notification of its own, which arrives after them). Without the triggers' notice
   * the session would still be served from its cache.
   */
  async function nextCallElsewhere(ticket: string, body = judge) {
    await sessionCacheOf(other)?.settle();
    return (await callOn(other, t, contract.session.judgeAuth, body, ticket)).code;
  }

  it("when a member logs out on one process, then the other refuses the ticket on its next call", async () => {
    const ticket = await t.login("demo");
    await heldElsewhere(ticket);
    expect((await callOn(t.app, t, contract.session.logout, {}, ticket)).code).toBe(codes.OK);
    expect(await nextCallElsewhere(ticket)).toBe(codes.NOT_LOGGED_IN);
  });

  it("when the password is changed on one process, then the member's other sessions end on the other on its next call", async () => {
    const s = await createSeller(t);
    const mine = await t.login(s.loginName, s.password);
    const elsewhere = await t.login(s.loginName, s.password);
    await heldElsewhere(elsewhere);
    const res = await callOn(
      t.app,
      t,
      contract.login.safeCenterReSetPwd,
      { oldPassword: s.password, newPassword: "Change#Pass2026" },
      mine,
    );
    expect(res.code).toBe(codes.OK);
    expect(await nextCallElsewhere(elsewhere)).toBe(codes.SESSION_ENDED);
  });

  it("when a staff member's role is taken away on one process, then their session ends on the other on its next call", async () => {
    const s = await newClerk();
    await heldElsewhere(s.ticket);
    const res = await callOn(
      t.app,
      t,
      contract.staff.updMemberEmpById,
      { employeeId: s.employeeId, name: s.name, phone: s.phone, roleIds: [] },
      owner,
    );
    expect(res.code).toBe(codes.OK);
    expect(await nextCallElsewhere(s.ticket)).toBe(codes.SESSION_ENDED);
  });

  it("when a role loses a function on one process, then its holders lose it on the other on its next call", async () => {
    const role = await t.call(
      contract.staff.addRole,
      { name: `Cache role ${++serial}`, functions: ["order.manage", "order.manage.ship"] },
      { ticket: owner },
    );
    const s = await newClerk();
    await t.call(
      contract.staff.updMemberEmpById,
      { employeeId: s.employeeId, name: s.name, phone: s.phone as string, roleIds: [role.data.id] },
      { ticket: owner },
    );
    const ticket = await t.login(`cache-staff-${serial}`, TEST_PASSWORD);
    await heldElsewhere(ticket);
    const res = await callOn(
      t.app,
      t,
      contract.staff.updRole,
      { id: role.data.id, name: role.data.name, functions: ["order.manage"] },
      owner,
    );
    expect(res.code).toBe(codes.OK);
    expect(await nextCallElsewhere(ticket, { funcCode: "order.manage.ship" })).toBe(codes.SESSION_ENDED);
  });

  it("when a staff member is disabled on one process, then their session ends on the other on its next call", async () => {
    const s = await newClerk();
    await heldElsewhere(s.ticket);
    expect((await callOn(t.app, t, contract.staff.upd, { employeeId: s.employeeId, enabled: false }, owner)).code).toBe(codes.OK);
    expect(await nextCallElsewhere(s.ticket)).toBe(codes.SESSION_ENDED);
  });

  it("when a member's account is disabled by hand in the database, then the other process refuses it on its next call", async () => {
    const s = await createSeller(t);
    const ticket = await t.login(s.loginName, s.password);
    await heldElsewhere(ticket);
    await t.db.update(member).set({ enabled: false }).where(eq(member.id, s.memberId));
    expect(await nextCallElsewhere(ticket)).toBe(codes.ACCOUNT_DISABLED);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the session LISTEN connection breaks", () => {
  it("when it breaks, then nothing is served from the cache, which starts empty once the connection is back", async () => {
    const cache = sessionCacheOf(t.app);
    const ticket = await t.login("demo");
    expect((await callOn(t.app, t, contract.session.judgeAuth, judge, ticket)).code).toBe(codes.OK);
    expect(cached(t.app, ticket)).toBe(true);
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`LISTEN "${SESSION_CHANNEL}"`}`,
    );
    await vi.waitFor(() => expect(cache?.listening).toBe(false));
    expect(cached(t.app, ticket)).toBe(false);
    // Meanwhile calls read the database (nothing is kept while not listening: "cannot be listened to", above).
    expect((await callOn(t.app, t, contract.session.judgeAuth, judge, ticket)).code).toBe(codes.OK);
    // The process listens again by itself (backoff from 1 s), then keeps sessions again.
    await vi.waitFor(() => expect(cache?.listening).toBe(true), { timeout: 15_000, interval: 100 });
    expect((await callOn(t.app, t, contract.session.judgeAuth, judge, ticket)).code).toBe(codes.OK);
    expect(cached(t.app, ticket)).toBe(true);
  });
});
