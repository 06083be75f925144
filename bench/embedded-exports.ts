// Issue 23 §1: on the embedded database (PGlite), how long a seller's small call waits behind three streaming order
// exports. Opens PGlite in memory, migrates and seeds the demo sellers (2,000 orders each), serves the real app on a
// loopback port and measures over real sockets. Run: `npm run bench:embedded -w bench` (no PostgreSQL needed).
//
// The ceiling is the same small call with nothing else running; the ratio is the worst wait beside the exports (its
// time minus the ceiling's median) to the bound of 500 ms (≤ 1 passes).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { contract, importColumns } from "@sbo/contract";
import ExcelJS from "exceljs";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { seedDemoData } from "../apps/server/src/demo/demo-data";
import { openDatabase } from "../apps/server/src/platform/db/client";
import { applyRelease } from "../apps/server/src/release";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Rows of the goods import measured beside the small call (its dry run, then its commit). */
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1000);
const BOUND_MS = 500;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0);
};

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "sbo-bench-embedded-"));
  let t = performance.now();
  const database = await openDatabase({ memory: true });
  await applyRelease(database);
  await seedDemoData(database.db);
  const seedMs = Math.round(performance.now() - t);

  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: "100000" });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const post = (path: string, body: object, ticket?: string) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "sign-token": config.signToken, ...(ticket ? { cookie: `ticket=${ticket}` } : {}) },
      body: JSON.stringify({ systemId: 71, ...body }),
    });
  const login = async (loginName: string) => {
    const res = await post("/api/seller/basic/member/login/login", { loginName, password: "Demo@2026!" });
    const ticket = /ticket=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
    if (!ticket) throw new Error(`login ${loginName} failed`);
    return ticket;
  };
  const owner = await login("demo");
  const other = await login("demo2");
  const exportOrders = async (ticket: string) => {
    const res = await post("/api/seller/trading/order/info/exportOrder", { tab: "all" }, ticket);
    return (await res.arrayBuffer()).byteLength;
  };
  const smallCall = async () => {
    const start = performance.now();
    const res = await post("/api/seller/basic/member/memberInfo/selMemberByParam", { pageSize: 5 }, other);
    await res.json();
    return performance.now() - start;
  };

  await smallCall();
  await exportOrders(owner);
  const alone: number[] = [];
  for (let i = 0; i < 20; i++) alone.push(await smallCall());

  const beside: number[] = [];
  const exportMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let streaming = true;
    t = performance.now();
    const exports = Promise.all([exportOrders(owner), exportOrders(owner), exportOrders(other)]).finally(() => {
      streaming = false;
    });
    while (streaming) beside.push(await smallCall());
    await exports;
    exportMs.push(Math.round(performance.now() - t));
  }
  // A goods import (dry run, then commit) by one seller while the other's small call repeats: a commit is all or
  // nothing, one transaction, which on the embedded database holds its one connection while it writes.
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Goods");
  ws.columns = importColumns.map((c) => ({ header: c.en, key: c.key }));
  for (let i = 0; i < IMPORT_ROWS; i++)
    ws.addRow({ name: `Bench ${i}`, category: "Rice", unit: "kg", price: 1 + (i % 50), stock: i % 7, code: `BENCH-${i}` });
  const workbook = Buffer.from(await wb.xlsx.writeBuffer());
  const importMs: Record<string, number> = {};
  const besideImport: Record<string, number[]> = {};
  for (const mode of ["dryRun", "commit"] as const) {
    const form = new FormData();
    form.set("systemId", "71");
    form.set("mode", mode);
    form.set("file", new Blob([workbook]), "goods.xlsx");
    let importing = true;
    const started = performance.now();
    const imported = fetch(`${base}${contract.goods.importGoodsList.path}`, {
      method: "POST",
      headers: { "sign-token": config.signToken, cookie: `ticket=${owner}` },
      body: form,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`import ${mode}: ${res.status} ${await res.text()}`);
        return res.json();
      })
      .finally(() => {
        importing = false;
      });
    const waits: number[] = [];
    while (importing) waits.push(await smallCall());
    await imported;
    importMs[mode] = Math.round(performance.now() - started);
    besideImport[mode] = waits;
  }
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const ceiling = pct(alone, 50);
  const worstWait = Math.max(...beside) - ceiling;
  const result = {
    when: new Date().toISOString(),
    load: loadavg()[0] ?? 0,
    seedMs,
    rounds: ROUNDS,
    threeExportsMs: exportMs,
    ceiling: { what: "the small call alone (member list, 5 rows)", p50: ceiling, p95: pct(alone, 95), max: pct(alone, 100) },
    besideExports: { calls: beside.length, p50: pct(beside, 50), p95: pct(beside, 95), max: pct(beside, 100) },
    worstWaitMs: Math.round(worstWait),
    ratio: Number((worstWait / BOUND_MS).toFixed(2)),
    importRows: IMPORT_ROWS,
    importMs,
    besideImport: Object.fromEntries(
      Object.entries(besideImport).map(([mode, xs]) => [mode, { calls: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), max: pct(xs, 100) }]),
    ),
  };
  console.table([
    { scenario: "ceiling: the small call alone", p50: result.ceiling.p50, p95: result.ceiling.p95, max: result.ceiling.max },
    { scenario: `beside 3 order exports (${beside.length} calls)`, ...result.besideExports },
    ...Object.entries(result.besideImport).map(([mode, r]) => ({
      scenario: `beside a ${IMPORT_ROWS}-row import, ${mode} (${importMs[mode]} ms)`,
      ...r,
    })),
  ]);
  console.log(
    `three exports took ${exportMs.join(" / ")} ms; worst wait ${result.worstWaitMs} ms; ratio to the ${BOUND_MS} ms bound ${result.ratio} (load ${result.load.toFixed(1)})`,
  );
  mkdirSync("out", { recursive: true });
  writeFileSync(join("out", `embedded-exports-${Date.now()}.json`), JSON.stringify(result, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
