import { randomInt } from "node:crypto";
import { codes, contract, SYSTEM_ID } from "@sbo/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { rateCounter } from "../../platform/auth/auth.tables";
import { openDatabase } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { createTestApp, type TestApp } from "../../test/harness";

/** A documentation address (RFC 5737) of its own per test, sent as the client's through a trusted proxy. */
const freshIp = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Counts are per clock minute: a test that must stay inside one waits out the last seconds of a minute. */
async function insideOneMinute(seconds: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** One rate-limited call of each kind the limit counts together. */
const limitedCalls = {
  login: { path: contract.login.login.path, body: { loginName: "nobody", password: "Wrong#Pass1" } },
  sms: { path: contract.login.sendMessage.path, body: { phone: "13999999901", purpose: "login" } },
  reset: { path: contract.login.reSetPwd.path, body: { loginName: "nobody", code: "123456", newPassword: "Reset#Pass2026" } },
};

async function hit(app: FastifyInstance, signToken: string, ip: string, call: keyof typeof limitedCalls) {
  const { path, body } = limitedCalls[call];
  const res = await app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/json", "sign-token": signToken, "x-forwarded-for": ip },
    payload: JSON.stringify({ systemId: SYSTEM_ID, ...body }),
  });
  return { status: res.statusCode, code: (res.json() as { code: string }).code };
}

describe("the per-IP limit counts login, SMS and password-reset calls together (in PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "30", TRUST_PROXY: "1" }, demo: false });
  });
  afterAll(() => t.close());

  it("when 30 logins came from an address within the minute, then its SMS and reset calls are refused with 000029", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await hit(t.app, t.config.signToken, ip, "login")).status).toBe(200);
    expect(await hit(t.app, t.config.signToken, ip, "sms")).toEqual({ status: 429, code: codes.TOO_MANY_REQUESTS });
    expect(await hit(t.app, t.config.signToken, ip, "reset")).toEqual({ status: 429, code: codes.TOO_MANY_REQUESTS });
    // Another address has its own allowance.
    expect((await hit(t.app, t.config.signToken, freshIp(), "sms")).status).toBe(200);
  });

  it("when calls are counted, then the count sits in one row per address and minute", async () => {
    await insideOneMinute(5);
    const ip = freshIp();
    await hit(t.app, t.config.signToken, ip, "login");
    await hit(t.app, t.config.signToken, ip, "sms");
    const rows = await rowsOf<{ hits: number }>(t.db, sql`select hits from ${rateCounter} where ip = ${ip}`);
    expect(rows).toEqual([{ hits: 2 }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "when two server processes share the PostgreSQL database, then they share the count (skipped on PGlite: an embedded database belongs to one process)",
    async () => {
      const [{ name } = { name: "" }] = await rowsOf<{ name: string }>(t.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      const config = { ...t.config, login: { ...t.config.login, ratePerMinute: 3 } };
      const first = await buildApp({ config, database: { ...database, close: async () => {} }, logger: false });
      const second = await buildApp({ config, database, logger: false });
      try {
        const ip = freshIp();
        expect((await hit(first, config.signToken, ip, "login")).status).toBe(200);
        expect((await hit(second, config.signToken, ip, "sms")).status).toBe(200);
        expect((await hit(first, config.signToken, ip, "reset")).status).toBe(200);
        expect(await hit(second, config.signToken, ip, "login")).toEqual({ status: 429, code: codes.TOO_MANY_REQUESTS });
      } finally {
        await first.close();
        await second.close();
        await database.close();
      }
    },
  );
});

describe("the per-IP limit in Redis (REDIS_URL)", () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: "3", TRUST_PROXY: "1", REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" };
    first = await createTestApp({ env, demo: false });
    // A second server process with its own configuration and counter, on the same Redis.
    second = await buildApp({
      config: loadConfig({ ...env, NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: first.config.dataDir }),
      database: { db: first.db, kind: "pglite", close: async () => {} },
      logger: false,
    });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("when two processes count an address in Redis, then together they allow the limit once, and PostgreSQL counts nothing", async () => {
    const ip = freshIp();
    expect((await hit(first.app, first.config.signToken, ip, "login")).status).toBe(200);
    expect((await hit(second, first.config.signToken, ip, "sms")).status).toBe(200);
    expect((await hit(first.app, first.config.signToken, ip, "reset")).status).toBe(200);
    expect(await hit(second, first.config.signToken, ip, "login")).toEqual({ status: 429, code: codes.TOO_MANY_REQUESTS });
    expect(await hit(first.app, first.config.signToken, ip, "sms")).toEqual({ status: 429, code: codes.TOO_MANY_REQUESTS });
    expect(await rowsOf(first.db, sql`select 1 from ${rateCounter} where ip = ${ip}`)).toEqual([]);
  });
});
