import { performance } from "node:perf_hooks";
import { contract, SYSTEM_ID } from "@sbo/contract";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openBuyerAccount, startBuyerSession } from "../apps/server/src/platform/auth/buyer-sessions";
import { openDatabase } from "../apps/server/src/platform/db/client";
const times = new Map<string, number[]>();
const q0 = pg.Client.prototype.query;
(pg.Client.prototype as any).query = function (this: any, ...args: any[]) { const text = typeof args[0] === "string" ? args[0] : args[0]?.text ?? ""; const k = text.replace(/\s+/g, " ").slice(0, 50); const s = performance.now(); const r = (q0 as any).apply(this, args); if (r && r.then) return r.then((x: any) => { (times.get(k) ?? times.set(k, []).get(k))!.push(performance.now() - s); return x; }); return r; };
const database = await openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:5432/sbo_bench_checkout2" });
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: "/tmp/ck/data", RATE_LIMIT_PER_MINUTE: "100000" });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const { member } = await openBuyerAccount(database.db, "17700000000");
const ticket = await startBuyerSession(database.db, member.id, "127.0.0.1", "bench");
const post = (path: string, body: object) => app.inject({ method: "POST", url: path, headers: { "content-type": "application/json", "sign-token": config.signToken }, cookies: { buyer_ticket: ticket }, payload: JSON.stringify({ systemId: SYSTEM_ID, ...body }) });
const addressId = (await post(contract.buyer.selAddressList.path, {})).json().data[0].id;
const N = Number(process.env.N ?? 300); let total = 0; let cpu = process.cpuUsage();
for (let i = 0; i < N + 30; i++) {
  if (i === 30) { times.clear(); total = 0; cpu = process.cpuUsage(); }
  const s = performance.now();
  const r = await post(contract.buyer.submitOrder.path, { addressId, items: [{ skuId: `CKMS${String(1 + (i % 200)).padStart(6, "0")}`, quantity: 1 }] });
  total += performance.now() - s;
  if (r.json().code !== "0") throw new Error(r.body);
}
const used = process.cpuUsage(cpu);
let sqlms = 0;
for (const [k, v] of [...times].sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0))) { const sum = v.reduce((x, y) => x + y, 0); sqlms += sum; console.log((sum / N).toFixed(2).padStart(7), "ms/order", String(v.length).padStart(5), k); }
console.log("call ms/order", (total / N).toFixed(2), "sql ms/order", (sqlms / N).toFixed(2), "node cpu ms/order", ((used.user + used.system) / 1000 / N).toFixed(2));
await app.close(); await database.close();
