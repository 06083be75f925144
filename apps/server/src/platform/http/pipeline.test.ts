import { codes, contract, empty, ok, read, SYSTEM_ID, write } from "@sbo/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { manufacturer } from "../../domains/identity/identity.tables";
import { shop } from "../../domains/shop/shop.tables";
import { attemptsOf, createSeller, memberByLoginName, meOf, probeApp } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { auditLog } from "../db/audit.tables";
import { AppError } from "./errors";

/**
 * A throwaway domain bound with the real bindDomain onto a second instance of the real app (same
 * database, same configuration), to drive the pipeline through cases no product call reaches yet.
 */
const base = "/api/seller/test/probe";
const probe = {
  shopCall: read({
    path: `${base}/shopCall`,
    summary: "A shop-scoped call (function-guarded, shop defaults to true)",
    access: { func: "shop.manage" },
    input: empty,
    output: z.object({ served: z.boolean() }),
  }),
  orgCall: read({
    path: `${base}/orgCall`,
    summary: "A function-guarded call that does not need the shop",
    access: { func: "shop.manage" },
    shop: false,
    input: empty,
    output: z.object({ served: z.boolean() }),
  }),
  boom: read({ path: `${base}/boom`, summary: "Fails like a bug", access: "public", input: empty, output: ok }),
  badOutput: read({
    path: `${base}/badOutput`,
    summary: "Answers what its contract forbids",
    access: "public",
    input: empty,
    output: z.object({ n: z.int() }),
  }),
  addMaker: write({
    path: `${base}/addMaker`,
    summary: "Inserts a manufacturer, then ends as told",
    access: "member",
    input: z.strictObject({ code: z.string().min(1), end: z.enum(["ok", "refuse", "refuseAndCommit", "crash"]) }),
    output: z.object({ id: z.string() }),
  }),
};

let t: TestApp;
let app: FastifyInstance;
let owner: string;
let greenBoId: string;

beforeAll(async () => {
  t = await createTestApp();
  app = await probeApp(t, probe, {
    shopCall: async () => ({ served: true }),
    orgCall: async () => ({ served: true }),
    boom: async () => {
      throw new Error("boom: secret detail at /srv/app.ts:12");
    },
    badOutput: async () => ({ n: "not a number" }) as unknown as { n: number },
    addMaker: async (input, ctx) => {
      const [row] = await ctx.db
        .insert(manufacturer)
        .values({ boId: ctx.me().boId, name: `Maker ${input.code}`, code: input.code })
        .returning();
      if (input.end === "refuse") throw new AppError(codes.STATE_FORBIDS, "refused after writing");
      if (input.end === "refuseAndCommit") throw new AppError(codes.STATE_FORBIDS, "refused, but the write stands", { commit: true });
      if (input.end === "crash") throw new Error("crash after writing");
      return { id: row?.id ?? "", secret: "must not leak" } as { id: string };
    },
  });
  owner = await t.login("demo");
  greenBoId = (await meOf(t, owner)).boId;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

async function call(path: string, body: unknown, opts: { ticket?: string; headers?: Record<string, string>; raw?: string } = {}) {
  const res = await app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/json", "sign-token": t.config.signToken, ...opts.headers },
    cookies: opts.ticket ? { ticket: opts.ticket } : {},
    payload: opts.raw ?? JSON.stringify({ systemId: SYSTEM_ID, ...(body as object) }),
  });
  return { status: res.statusCode, body: res.body, headers: res.headers, ...(res.json() as { code: string; msg: string; data: unknown }) };
}

const makersWithCode = (code: string) => t.db.select().from(manufacturer).where(eq(manufacturer.code, code));

describe("shop state", () => {
  it("when the shop is open, then shop-scoped calls are served", async () => {
    const res = await call(probe.shopCall.path, {}, { ticket: owner });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toEqual({ served: true });
  });

  it("when the shop is closed, then shop-scoped calls answer 003301 while others are still served", async () => {
    await t.db.update(shop).set({ status: "closed" }).where(eq(shop.boId, greenBoId));
    try {
      const closed = await call(probe.shopCall.path, {}, { ticket: owner });
      expect(closed.status).toBe(200);
      expect(closed.code).toBe(codes.SHOP_CLOSED);
      expect(closed.msg).toMatch(/closed/i);
      expect(closed).toMatchObject({ reason: "platform.shopClosed" });
      expect((await call(probe.orgCall.path, {}, { ticket: owner })).code).toBe(codes.OK);
      const me = await t.call(contract.session.getMemberByToken, {}, { ticket: owner });
      expect(me.data.shop?.status).toBe("closed");
      expect((await t.call(contract.system.selAuditLogByPage, {}, { ticket: owner })).code).toBe(codes.OK);
    } finally {
      await t.db.update(shop).set({ status: "open" }).where(eq(shop.boId, greenBoId));
    }
  });

  it("when the shop is closed and the caller lacks the function, then the permission refusal (403) comes first", async () => {
    const clerk = await t.login("demo-clerk");
    await t.db.update(shop).set({ status: "closed" }).where(eq(shop.boId, greenBoId));
    try {
      const res = await call(probe.shopCall.path, {}, { ticket: clerk });
      expect(res.status).toBe(403);
      expect(res.code).toBe(codes.FORBIDDEN);
      // The function is named for API users (code) and for people (its name in both languages).
      expect(res.msg).toBe("You do not have the permission this needs (Shop: shop.manage)");
      expect(res).toMatchObject({
        reason: "platform.forbidden",
        params: { func: "shop.manage", "func.en": "Shop", "func.zh": "店铺管理" },
      });
    } finally {
      await t.db.update(shop).set({ status: "open" }).where(eq(shop.boId, greenBoId));
    }
  });

  it("when the organisation has no shop yet, then login answers the open-shop URL and shop-scoped calls answer 021101 with it", async () => {
    const s = await createSeller(t, { shop: false });
    const login = await t.call(contract.login.login, { loginName: s.loginName, password: s.password });
    expect(login.code).toBe(codes.OK);
    expect(login.data).toEqual({ memberId: s.memberId, boId: s.boId, openShopUrl: "/transaction/addccount/oppenshop" });
    const ticket = login.cookies.ticket ?? "";

    const res = await call(probe.shopCall.path, {}, { ticket });
    expect(res.status).toBe(200);
    expect(res.code).toBe(codes.NO_SHOP);
    expect(res.data).toBe("/transaction/addccount/oppenshop");

    expect((await call(probe.orgCall.path, {}, { ticket })).code).toBe(codes.OK);
    const me = await t.call(contract.session.getMemberByToken, {}, { ticket });
    expect(me.data).toMatchObject({ shop: null, openShopUrl: "/transaction/addccount/oppenshop", isOwner: true });
  });
});

describe("one transaction per write", () => {
  it("when a write succeeds, then its row stays, it is audited with the call, and the answer holds only contract fields", async () => {
    const res = await call(probe.addMaker.path, { code: "W-OK", end: "ok" }, { ticket: owner });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toEqual({ id: expect.any(String) });
    expect(res.body).not.toContain("must not leak");
    expect(await makersWithCode("W-OK")).toHaveLength(1);

    const demo = await memberByLoginName(t, "demo");
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, "manufacturer"), eq(auditLog.targetId, (res.data as { id: string }).id)));
    expect(entry).toMatchObject({ boId: greenBoId, memberId: demo.id, call: probe.addMaker.path, action: "insert" });
    expect(entry?.diff).toMatchObject({ code: { before: null, after: "W-OK" } });
  });

  it("when a write is refused after writing, then everything it wrote is rolled back, audit included", async () => {
    const res = await call(probe.addMaker.path, { code: "W-REFUSE", end: "refuse" }, { ticket: owner });
    expect(res.code).toBe(codes.STATE_FORBIDS);
    expect(res.msg).toBe("refused after writing");
    expect(await makersWithCode("W-REFUSE")).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.call, probe.addMaker.path))).toHaveLength(1);
  });

  it("when a refusal asks to commit, then the refusal is answered and the write stands", async () => {
    const res = await call(probe.addMaker.path, { code: "W-COMMIT", end: "refuseAndCommit" }, { ticket: owner });
    expect(res.code).toBe(codes.STATE_FORBIDS);
    expect(res.data).toBeNull();
    expect(await makersWithCode("W-COMMIT")).toHaveLength(1);
  });

  it("when a write crashes after writing, then 500 and nothing it wrote remains", async () => {
    const res = await call(probe.addMaker.path, { code: "W-CRASH", end: "crash" }, { ticket: owner });
    expect(res.status).toBe(500);
    expect(res.code).toBe(codes.SERVER_ERROR);
    expect(await makersWithCode("W-CRASH")).toEqual([]);
  });

  it("when a write meets a unique index no check held apart (two saves at once), then a conflict in seller words, not a 500", async () => {
    expect((await call(probe.addMaker.path, { code: "W-TWICE", end: "ok" }, { ticket: owner })).code).toBe(codes.OK);
    // The probe checks nothing first: the second insert meets manufacturer_bo_code_uq, as the loser of a race would.
    const res = await call(probe.addMaker.path, { code: "W-TWICE", end: "ok" }, { ticket: owner });
    expect(res.status).toBe(200);
    expect(res.code).toBe(codes.CONFLICT);
    expect((res as { reason?: string }).reason).toBe("platform.savedAtOnce");
    expect(res.body).not.toContain("manufacturer_bo_code_uq");
    expect(await makersWithCode("W-TWICE")).toHaveLength(1);
  });

  it("when a write's input is bad, then 400 names the field and the handler never runs", async () => {
    const res = await call(probe.addMaker.path, { code: "W-BAD", end: "sideways" }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^end: /);
    expect(await makersWithCode("W-BAD")).toEqual([]);
  });
});

describe("errors never leak", () => {
  it("when a handler throws, then 500 with 000500 and a request id, and no message or stack of the error", async () => {
    const res = await call(probe.boom.path, {});
    expect(res.status).toBe(500);
    expect(res.code).toBe(codes.SERVER_ERROR);
    const requestId = (res.data as { requestId: string }).requestId;
    expect(requestId).toMatch(/^[0-9A-Z]{26}$/);
    expect(res.msg).toContain(requestId);
    expect(res.body).not.toContain("boom");
    expect(res.body).not.toContain("secret");
    expect(res.body).not.toMatch(/\bat\s/);
    expect(res.body).not.toMatch(/\.ts:\d+/);
  });

  it("when a handler answers what its contract does not allow, then 500 rather than the bad data", async () => {
    const res = await call(probe.badOutput.path, {});
    expect(res.status).toBe(500);
    expect(res.code).toBe(codes.SERVER_ERROR);
    expect(res.body).not.toContain("not a number");
  });

  it("when two requests fail, then each has its own request id", async () => {
    const a = await call(probe.boom.path, {});
    const b = await call(probe.boom.path, {});
    expect((a.data as { requestId: string }).requestId).not.toBe((b.data as { requestId: string }).requestId);
  });
});

describe("the request envelope", () => {
  it("when the call does not exist, then HTTP 404 with the 000004 envelope naming it", async () => {
    const res = await t.post("/api/seller/basic/no/such/call", {});
    expect(res.status).toBe(404);
    expect(res.code).toBe(codes.NOT_FOUND);
    expect(res.msg).toBe("No such call: POST /api/seller/basic/no/such/call");
    expect(res.data).toBeNull();
  });

  it("when input is bad, then each issue carries its reason and parameters so the web can word it in Chinese", async () => {
    const res = await call(contract.organization.updById.path, { name: "", shortName: "x".repeat(31), extra: 1 }, { ticket: owner });
    expect(res.status).toBe(400);
    const issues = (res.data as { issues: Array<{ path: string; reason?: string; params?: unknown }> }).issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: "is required", reason: "field.required" },
        { path: "shortName", message: "must be at most 30 characters", reason: "field.textMax", params: { maximum: 30 } },
        { path: "creditCode", message: "is required", reason: "field.required" },
        { path: "extra", message: "is not a known field", reason: "field.unknown" },
      ]),
    );
    const phone = await call(contract.shop.addOrUpdShopSettingByShopId.path, { contactPhone: "12" }, { ticket: owner });
    expect((phone.data as { issues: unknown[] }).issues).toContainEqual({
      path: "contactPhone",
      message: "must be an 11-digit mobile number starting with 1",
      reason: "field.mobile",
    });
  });

  it("when a platform refusal is answered, then it carries its reason (and the function's name in both languages)", async () => {
    const noCall = await call("/api/seller/basic/no/such/call", {});
    expect(noCall).toMatchObject({ reason: "platform.noSuchCall", params: { call: "POST /api/seller/basic/no/such/call" } });
    const boom = await call(probe.boom.path, {});
    expect(boom).toMatchObject({ reason: "platform.serverError", params: { requestId: (boom.data as { requestId: string }).requestId } });
  });

  it("when a call is made with GET, then HTTP 404", async () => {
    const res = await t.app.inject({ method: "GET", url: contract.session.platformInfo.path });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: codes.NOT_FOUND });
  });

  it("when the JSON is malformed, then 400 with 000001 about the body", async () => {
    const res = await call(contract.session.platformInfo.path, null, { raw: '{"systemId": 71,' });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toMatch(/^body: /);
    expect(res.data).toMatchObject({ issues: [{ path: "body" }] });
  });

  it("when the body is a JSON array, then 400 says it must be an object", async () => {
    const res = await call(contract.session.platformInfo.path, null, { raw: "[71]" });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("body: must be a JSON object");
  });

  it("when the content type is not JSON, then 400 with 000001", async () => {
    const res = await call(contract.session.platformInfo.path, null, { raw: "systemId=71", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
  });

  it("when the body is over 1 MB, then 413 with 000001", async () => {
    const res = await call(contract.login.judgeWeakPwd.path, { password: "x".repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.code).toBe(codes.BAD_INPUT);
  });

  it("when systemId is missing, then 400 names systemId", async () => {
    const res = await call(contract.session.platformInfo.path, null, { raw: "{}" });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("systemId: is required and must be 71");
  });

  it("when the sign-token header is missing, then 403 and the call is not made", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: contract.login.login.path,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ systemId: SYSTEM_ID, loginName: "demo", password: "Wrong#Pass1" }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: codes.FORBIDDEN });
    expect((await attemptsOf(t, "demo")).failed).toBe(0);
  });

  it("when any answer goes out, then it carries the security headers", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: contract.session.platformInfo.path,
      headers: { "content-type": "application/json", "sign-token": t.config.signToken },
      payload: JSON.stringify({ systemId: SYSTEM_ID }),
    });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
  });
});
