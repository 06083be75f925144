// Benchmarks: the per-call platform overhead (ticket → session → functions → shop) and the audit log list at
// scale. Generates N audit rows (default 1,000,000) in a fresh PostgreSQL database, serves the real app on a
// loopback port and drives it with bounded request loops. Results print and go to bench/out/<date>.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { seedDemoData } from "../apps/server/src/demo/demo-data";
import { seedReferenceData } from "../apps/server/src/demo/reference-data";
import { syncFunctions } from "../apps/server/src/platform/access/access";
import { hashTicket } from "../apps/server/src/platform/auth/tickets";
import { migrateDatabase, openDatabase } from "../apps/server/src/platform/db/client";
import { memberScenarios, seedMembers } from "./members";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = process.env.BENCH_DB_NAME ?? "sbo_bench";

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;

  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(database);
  await syncFunctions(database.db);
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const [org] = (
    await database.db.execute(
      sql`select bo_id from employee e join member m on m.id = e.member_id where m.login_name = 'demo' and e.is_owner`,
    )
  ).rows as { bo_id: string }[];
  if (!org) throw new Error("demo seller missing");

  let t = performance.now();
  await database.db.execute(sql`
    insert into audit_log (bo_id, member_id, call, table_name, target_id, action, diff, request_id, at)
    select ${org.bo_id}, null, '/api/seller/bench/call' || (g % 20), (array['goods','orders','coupon','shop'])[1 + g % 4],
           'T' || g, 'update', jsonb_build_object('price', jsonb_build_object('before', g, 'after', g + 1)), null,
           now() - (g || ' seconds')::interval
    from generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`analyze audit_log`);
  const generateMs = performance.now() - t;
  const members = await seedMembers(database.db, org.bo_id, ROWS);

  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: "bench/out/data", RATE_LIMIT_PER_MINUTE: "100000" });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const headers = { "content-type": "application/json", "sign-token": config.signToken };

  const loginRes = await fetch(`${base}/api/seller/basic/member/login/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ systemId: 71, loginName: "demo", password: "Demo@2026!" }),
  });
  const ticket = /ticket=([^;]+)/.exec(loginRes.headers.get("set-cookie") ?? "")?.[1];
  if (!ticket) throw new Error("login failed");

  // The ceiling: a bare Fastify route with the same driver (node-postgres, a pool of the same size) running
  // one indexed query on user_session, the least any call that checks a ticket can cost.
  const ceilingPool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const ceiling = Fastify({ logger: false });
  ceiling.post("/ceiling", async (req) => {
    const cookie = /ticket=([^;]+)/.exec(String(req.headers.cookie ?? ""))?.[1] ?? "";
    const { rows } = await ceilingPool.query(
      "select member_id, bo_id, employee_id, expires_at, revoked_at, last_seen_at from user_session where token_hash = $1",
      [hashTicket(cookie)],
    );
    if (!rows[0]) throw new Error("no session");
    return { code: "0", msg: "success", data: { memberId: rows[0].member_id } };
  });
  await ceiling.listen({ port: 0, host: "127.0.0.1" });
  const ceilingBase = `http://127.0.0.1:${(ceiling.server.address() as { port: number }).port}`;

  async function measure(name: string, path: string, body: Record<string, unknown>, on = base) {
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    async function worker() {
      while (next < REQUESTS) {
        next++;
        const s = performance.now();
        const res = await fetch(`${on}${path}`, {
          method: "POST",
          headers: { ...headers, cookie: `ticket=${ticket}` },
          body: JSON.stringify({ systemId: 71, ...body }),
        });
        const json = (await res.json()) as { code: string };
        if (json.code !== "0") throw new Error(`${name}: ${JSON.stringify(json)}`);
        times.push(performance.now() - s);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const wall = performance.now() - started;
    times.sort((a, b) => a - b);
    const pct = (p: number) => Number((times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(2));
    return {
      name,
      requests: times.length,
      concurrency: CONCURRENCY,
      rps: Math.round((times.length / wall) * 1000),
      p50: pct(0.5),
      p95: pct(0.95),
      p99: pct(0.99),
    };
  }

  // The ceiling and the platform calls side by side, in the same run, each ratio printed.
  const ceilingRun = await measure("ceiling: bare Fastify + pg, one session query", "/ceiling", {}, ceilingBase);
  const platformRuns = [
    await measure("judgeAuth (session only)", "/api/seller/basic/authFunc/judgeAuth", { funcCode: "order.manage" }),
    await measure("getMemberByToken (session + functions + shop)", "/api/seller/basic/member/login/getMemberByToken", {}),
    await measure(`member list page 1 of ${ROWS} members`, "/api/seller/basic/member/memberInfo/selMemberByParam", {
      pageNum: 1,
      pageSize: 20,
    }),
  ];
  const ratios = platformRuns.map((r) => ({
    name: r.name,
    rps: r.rps,
    ceilingRps: ceilingRun.rps,
    ratio: Number((r.rps / ceilingRun.rps).toFixed(2)),
  }));
  const judgeAuthRatio = ratios[0]?.ratio ?? 0;
  await ceiling.close();
  await ceilingPool.end();

  // BENCH_ONLY=platform: the ceiling and the platform calls only (a quick run on a busy machine).
  const onlyPlatform = process.env.BENCH_ONLY === "platform";
  const results = [ceilingRun, ...platformRuns];
  if (!onlyPlatform) {
    results.push(
      await measure(`audit log page 1 of ${ROWS} rows`, "/api/seller/basic/system/auditLog/selAuditLogByPage", {
        pageNum: 1,
        pageSize: 20,
      }),
      await measure("audit log page 400 (bounded offset)", "/api/seller/basic/system/auditLog/selAuditLogByPage", {
        pageNum: 400,
        pageSize: 20,
      }),
      await measure("audit log filtered by table", "/api/seller/basic/system/auditLog/selAuditLogByPage", {
        tableName: "coupon",
        pageSize: 50,
      }),
    );
    for (const s of memberScenarios(ROWS, members)) results.push(await measure(s.name, s.path, s.body));
  }

  t = performance.now();
  const exp = await fetch(`${base}/api/seller/basic/system/auditLog/exportAuditLog`, {
    method: "POST",
    headers: { ...headers, cookie: `ticket=${ticket}` },
    body: JSON.stringify({ systemId: 71, tableName: "coupon" }),
  });
  const bytes = (await exp.arrayBuffer()).byteLength;
  const exportMs = performance.now() - t;

  const rssAfterExport = Math.round(process.memoryUsage().rss / 1e6);
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    rows: ROWS,
    generateMs: Math.round(generateMs),
    memberGenerateMs: members.generateMs,
    results,
    ratios,
    /** Issue 7 §3: judgeAuth at least half of the ceiling. */
    judgeAuthTarget: { ratio: judgeAuthRatio, target: 0.5, met: judgeAuthRatio >= 0.5 },
    export: { rows: Math.ceil(ROWS / 4), bytes, ms: Math.round(exportMs), rssMb: rssAfterExport },
  };
  console.table(results);
  console.table(ratios);
  console.log(`judgeAuth = ${judgeAuthRatio} × the ceiling (target ≥ 0.5: ${judgeAuthRatio >= 0.5 ? "met" : "NOT met"})`);
  console.log(
    `generated ${ROWS} audit rows in ${report.generateMs} ms; exported ${report.export.rows} rows (${bytes} bytes) in ${report.export.ms} ms, rss ${report.export.rssMb} MB`,
  );
  mkdirSync("out", { recursive: true });
  writeFileSync(`out/${report.at.slice(0, 19).replace(/:/g, "")}.json`, JSON.stringify(report, null, 2));
  await app.close();
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
