import { Writable } from "node:stream";
import { contract, ORDER_EVENTS_PATH } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientWentAway } from "../../app";
import { createTestApp, type TestApp } from "../../test/harness";
import { newId } from "../db/ids";
import { periodicJob } from "../jobs";
import { createMetrics } from "./metrics";

/** Log lines written by the app, parsed (pino's JSON). */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

const TOKEN = "metrics-token-for-the-tests-0123456789";
let t: TestApp;
let owner: string;
const log = logLines();

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: "info", SLOW_QUERY_MS: "150" }, logStream: log.stream });
  owner = await t.login("demo");
});
// The tests' aborted and streamed requests can leave a kept-alive socket on the loopback port, which close() would
// wait for: they end here first.
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

/** The app on a loopback port (once per file), for what `inject` cannot do: streams, aborted requests. */
async function listening() {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

const scrape = (authorization?: string) =>
  t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

describe("request ids", () => {
  it("when a call carries a sane X-Request-Id, then it is the request's id and the answer carries it back", async () => {
    const res = await t.post(contract.session.getMemberByToken.path, {}, { ticket: owner, headers: { "x-request-id": "lb-7f3a.9_c-1" } });
    expect(res.status).toBe(200);
    expect(res.headers["x-request-id"]).toBe("lb-7f3a.9_c-1");
    expect(log.lines.some((l) => l.reqId === "lb-7f3a.9_c-1" && l.msg === "request completed")).toBe(true);
  });

  it("when the X-Request-Id is not a short token, then a new id is made; without one, the answer still names its id", async () => {
    for (const odd of ["a".repeat(65), "two words", "semi;colon", "é"]) {
      const res = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": odd } });
      expect(String(res.headers["x-request-id"])).toMatch(/^[0-9A-Z]{26}$/);
    }
    const plain = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(String(plain.headers["x-request-id"])).toMatch(/^[0-9A-Z]{26}$/);
    // Refusals too (the 5xx answers quote the same id).
    const refused = await t.post(
      contract.session.getMemberByToken.path,
      { notAField: 1 },
      { ticket: owner, headers: { "x-request-id": "refused-1" } },
    );
    expect(refused.status).toBe(400);
    expect(refused.headers["x-request-id"]).toBe("refused-1");
  });
});

describe("log lines of a signed-in call", () => {
  it("when a seller's call is answered, then its log lines carry the organisation and the member", async () => {
    const me = (await t.call(contract.session.getMemberByToken, {}, { ticket: owner })).data;
    const id = `who-${newId()}`;
    await t.post(contract.session.getMemberByToken.path, {}, { ticket: owner, headers: { "x-request-id": id } });
    const done = log.lines.find((l) => l.reqId === id && l.msg === "request completed");
    expect(done).toMatchObject({ boId: me.boId, memberId: me.memberId });
    // Before the ticket is read (the incoming line) there is nobody to name; a call without a ticket names nobody.
    const anonymous = `anon-${newId()}`;
    await t.post(contract.session.getMemberByToken.path, {}, { headers: { "x-request-id": anonymous } });
    const line = log.lines.find((l) => l.reqId === anonymous && l.msg === "request completed");
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty("boId");
  });
});

describe("a client that goes away", () => {
  it("when browsers abandon answers midway, then nothing is logged as a failure (the seller left; nothing broke)", async () => {
    const base = await listening();
    const ids: string[] = [];
    // Left at once, or after a few milliseconds: while the (compressed) answer is being written, at some of them.
    for (let wait = 0; wait <= 24; wait += 2) {
      const id = `gone-${wait}-${newId()}`;
      ids.push(id);
      const ac = new AbortController();
      const asked = fetch(`${base}${contract.session.getMemberByToken.path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "sign-token": t.config.signToken, cookie: `ticket=${owner}`, "x-request-id": id },
        body: JSON.stringify({ systemId: 71 }),
        signal: ac.signal,
      })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      setTimeout(() => ac.abort(), wait);
      await asked;
    }
    await expect.poll(() => ids.filter((id) => log.lines.some((l) => l.reqId === id)).length, { timeout: 5000 }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    const failures = log.lines.filter(
      (l) => Number(l.level) >= 40 && (ids.includes(String(l.reqId)) || /premature/i.test(JSON.stringify(l))),
    );
    expect(failures).toEqual([]);
    expect(clientWentAway(Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" }))).toBe(true);
    expect(clientWentAway({ err: new Error("premature close") })).toBe(true);
    expect(clientWentAway(new Error("relation does not exist"))).toBe(false);
  }, 60_000);
});

describe("slow queries", () => {
  it("when a query takes longer than SLOW_QUERY_MS, then it is logged at warn with its duration and its SQL without the values", async () => {
    await t.db.execute(sql`select pg_sleep(0.3), ${"secret-parameter-value"}::text as v`);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(0.2) as in_transaction`);
    });
    await t.db.execute(sql`select 1 as quick`);
    const slow = log.lines.filter((l) => l.msg === "slow query");
    const outside = slow.find((l) => String(l.sql).includes("pg_sleep(0.3)"));
    expect(outside).toMatchObject({ level: 40 });
    expect(Number(outside?.ms)).toBeGreaterThanOrEqual(150);
    expect(JSON.stringify(slow)).not.toContain("secret-parameter-value");
    expect(slow.some((l) => String(l.sql).includes("in_transaction"))).toBe(true);
    expect(slow.some((l) => String(l.sql).includes("quick"))).toBe(false);
  });
});

describe("GET /metrics", () => {
  it("when the operator's bearer token is missing or wrong, then /metrics is not there", async () => {
    for (const auth of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(auth);
      expect(res.statusCode, String(auth)).toBe(404);
      expect(res.body).not.toContain("sbo_http");
    }
  });

  it("when scraped with the token, then calls are counted and timed by their contract path, method and status class, never by raw URL", async () => {
    await t.call(contract.session.getMemberByToken, {}, { ticket: owner });
    expect((await t.post(contract.session.getMemberByToken.path, { notAField: 1 }, { ticket: owner })).status).toBe(400);
    const fileId = newId();
    await t.app.inject({ method: "GET", url: `/files/${fileId}`, cookies: { ticket: owner } });
    await t.app.inject({ method: "GET", url: `/no/such/${fileId}` });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-type"])).toContain("text/plain");
    const text = res.body;
    const path = contract.session.getMemberByToken.path;
    expect(text).toMatch(new RegExp(`sbo_http_requests_total\\{route="${path}",method="POST",status="2xx"\\} [1-9]`));
    expect(text).toMatch(new RegExp(`sbo_http_requests_total\\{route="${path}",method="POST",status="4xx"\\} [1-9]`));
    expect(text).toMatch(new RegExp(`sbo_http_request_duration_seconds_bucket\\{le="0.005",route="${path}",method="POST",status="2xx"\\}`));
    expect(text).toContain('route="/files/:id",method="GET",status="4xx"');
    expect(text).toContain('route="(unmatched)",method="GET",status="4xx"');
    expect(text).not.toContain(fileId);
    expect(text).toContain("sbo_live_streams_open 0");
    if (t.database.kind === "postgres") expect(text).toMatch(/sbo_db_pool_connections [1-9]/);
    else expect(text).not.toContain("sbo_db_pool_connections");
  });

  it("when calls take different times, then each falls in the first bucket at or above its time, cumulated as Prometheus reads it", async () => {
    const metrics = createMetrics({});
    const answer = (ms: number, statusCode = 200) =>
      metrics.record({ routeOptions: { url: "/x/:id" }, method: "POST" } as never, { statusCode, elapsedTime: ms } as never);
    answer(300);
    answer(250);
    answer(40_000);
    answer(3, 503);
    const text = await metrics.registry.metrics();
    const series = (le: string) => `sbo_http_request_duration_seconds_bucket{le="${le}",route="/x/:id",method="POST",status="2xx"}`;
    expect(text).toContain(`${series("0.1")} 0\n`);
    expect(text).toContain(`${series("0.25")} 1\n`);
    expect(text).toContain(`${series("0.5")} 2\n`);
    expect(text).toContain(`${series("30")} 2\n`);
    expect(text).toContain(`${series("+Inf")} 3\n`);
    expect(text).toContain('sbo_http_request_duration_seconds_sum{route="/x/:id",method="POST",status="2xx"} 40.55');
    expect(text).toContain('sbo_http_requests_total{route="/x/:id",method="POST",status="5xx"} 1');
  });

  it("when a timed job's step runs or fails, then its passes are counted by outcome", async () => {
    const metrics = createMetrics(t.database);
    const silent = { info() {}, error() {} } as unknown as Parameters<typeof periodicJob>[0]["log"];
    const job = periodicJob({
      steps: { works: async () => 1, breaks: async () => Promise.reject(new Error("boom")) },
      everySeconds: 0,
      startNow: false,
      log: silent,
      metrics,
    });
    await job.runOnce();
    await job.runOnce();
    const text = await metrics.registry.metrics();
    expect(text).toContain('sbo_job_steps_total{job="works",outcome="done"} 2');
    expect(text).toContain('sbo_job_steps_total{job="breaks",outcome="failed"} 2');
  });

  it("when a live order stream is open, then the gauge counts it, and not once it has ended", async () => {
    const stop = new AbortController();
    const res = await fetch(`${await listening()}${ORDER_EVENTS_PATH}`, {
      headers: { cookie: `ticket=${owner}` },
      signal: stop.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9A-Z]{26}$/);
    const reader = res.body?.getReader();
    await reader?.read();
    expect((await scrape(`Bearer ${TOKEN}`)).body).toContain("sbo_live_streams_open 1");
    stop.abort();
    await reader?.cancel().catch(() => {});
    await expect.poll(async () => (await scrape(`Bearer ${TOKEN}`)).body, { timeout: 5000 }).toContain("sbo_live_streams_open 0");
  });
});

describe("without METRICS_TOKEN, and /readyz with Redis", () => {
  it("when no token is configured, then /metrics is 404 whatever the request carries", async () => {
    const other = await createTestApp({ demo: false, env: { REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" } });
    try {
      expect((await other.app.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer " } })).statusCode).toBe(404);
      expect((await other.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
      // Redis answers: ready, saying so.
      const ready = await other.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ready", database: other.database.kind, redis: "ready" });
    } finally {
      await other.close();
    }
  });

  it("when REDIS_URL names a Redis that does not answer, then /readyz is 503 naming Redis", async () => {
    const other = await createTestApp({ demo: false, env: { REDIS_URL: "redis://127.0.0.1:1" } });
    try {
      const ready = await other.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "unavailable", notReady: ["redis"], database: other.database.kind, redis: "unavailable" });
    } finally {
      await other.close();
    }
  });

  it("when there is no REDIS_URL, then /readyz checks the database only", async () => {
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: t.database.kind });
  });
});
