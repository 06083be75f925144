// Scale-out, measured (issue 24 goal 6): 1 and 2 server processes behind HAProxy on one PostgreSQL, as the README's
// "several server processes behind a load balancer" runs them. For each N it starts N built servers
// (`apps/server/dist/main.mjs`, as `npm start` runs it) and N ceiling processes (bench/scale-ceiling.ts: the same SQL
// on a bare Fastify route), writes an HAProxy configuration (round robin, health check on /readyz) with one frontend
// for each, starts HAProxy on loopback ports and drives through it:
// - the order list's page 1 (a seller's session), against its ceiling;
// - buyer checkouts (`submitOrder` through the buyer API: SMS login, an address, one SKU), against the service's own
//   submitOrder in a transaction on a bare route;
// - live pushes across processes: the seller's event stream open on process A, orders placed through process B (with
//   one process, A = B), the delay from the order's event row to its arrival on the stream, p50/p99; and the same for
//   every order of the checkout run (the stream on A while the balancer spreads the checkouts).
// `npm run bench:scale` (root). Environment: BENCH_DATABASE_URL (admin, default postgres://postgres@127.0.0.1:5432/test),
// BENCH_DB_NAME (default sbo_bench_scale; made and seeded with the demo and BENCH_ORDERS orders when missing),
// BENCH_PROCESSES (default "1,2"), BENCH_REQUESTS (order list, default 400), BENCH_CHECKOUTS (default 200),
// BENCH_CONCURRENCY (default 8), BENCH_PUSHES (default 40). Needs the build (`npm run build`) and /usr/sbin/haproxy.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { contract, ORDER_EVENTS_PATH } from "@sbo/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import { seedDemoData } from "../apps/server/src/demo/demo-data";
import { openDatabase } from "../apps/server/src/platform/db/client";
import { applyRelease } from "../apps/server/src/release";
import { ORDER_LIST, seedOrders } from "./orders";

const env = process.env;
const root = new URL("..", import.meta.url).pathname;
const adminUrl = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = env.BENCH_DB_NAME ?? "sbo_bench_scale";
const PROCESSES = (env.BENCH_PROCESSES ?? "1,2").split(",").map(Number);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 400);
const CHECKOUTS = Number(env.BENCH_CHECKOUTS ?? 200);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 8);
const PUSHES = Number(env.BENCH_PUSHES ?? 40);
const HAPROXY = env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
const SIGN_TOKEN = "seller-web";
const B = contract.buyer;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const children: ChildProcess[] = [];
function start(command: string, args: string[], childEnv: Record<string, string>, name: string) {
  const child = spawn(command, args, { cwd: root, env: { ...env, ...childEnv }, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.on("data", (d: Buffer) => process.stderr.write(`[${name}] ${d}`));
  children.push(child);
  return child;
}
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill("SIGKILL");
}
async function waitReady(url: string, what: string) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${what} did not become ready at ${url}`);
}

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}
/** POSTs a call as the web does; answers the data and the ticket cookie an answer sets. */
async function call<T>(base: string, path: string, body: object, cookie = "", extra: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "sign-token": SIGN_TOKEN, cookie, ...extra },
    body: JSON.stringify({ systemId: 71, ...body }),
  });
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== "0") throw new Error(`${path}: ${json.code} ${json.msg}`);
  const setCookie = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  return { data: json.data, cookies: setCookie };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? Number.NaN).toFixed(1));
};

/** `requests` calls at `concurrency`, each worker with its own body and headers (worker index `w`, call number `i`). */
async function measure(name: string, requests: number, concurrency: number, send: (w: number, i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      while (next < requests) {
        const i = next++;
        const s = performance.now();
        await send(w, i);
        times.push(performance.now() - s);
      }
    }),
  );
  const wall = performance.now() - started;
  return {
    name,
    requests,
    concurrency,
    rps: Number(((times.length / wall) * 1000).toFixed(1)),
    p50: pct(times, 0.5),
    p99: pct(times, 0.99),
  };
}

/** A seller's event stream (SSE) on one process: calls `onEvent` with each order event and the time it arrived. */
async function openStream(base: string, cookie: string, onEvent: (e: { orderNo: string; at: string }, receivedAt: number) => void) {
  const ac = new AbortController();
  const res = await fetch(`${base}${ORDER_EVENTS_PATH}`, { headers: { cookie, accept: "text/event-stream" }, signal: ac.signal });
  if (!res.ok || !res.body) throw new Error(`event stream: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const receivedAt = Date.now();
      buffer += value;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (data) onEvent(JSON.parse(data.slice(6)) as { orderNo: string; at: string }, receivedAt);
        end = buffer.indexOf("\n\n");
      }
    }
  })();
  return {
    close: async () => {
      ac.abort();
      await reading;
    },
  };
}

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [dbName])).rows.length > 0;
  if (!exists) await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await applyRelease(database);
  if (!exists) {
    await seedDemoData(database.db);
  }
  const [org] = (
    await database.db.execute(
      sql`select e.bo_id from employee e join member m on m.id = e.member_id where m.login_name = 'demo' and e.is_owner`,
    )
  ).rows as { bo_id: string }[];
  if (!org) throw new Error("demo seller missing");
  if (!exists) await seedOrders(database.db, org.bo_id, Number(env.BENCH_ORDERS ?? 100_000));
  const [{ n } = { n: 0 }] = (await database.db.execute(sql`select count(*)::int as n from order_info where bo_id = ${org.bo_id}`))
    .rows as { n: number }[];
  return { database, url: url.toString(), boId: org.bo_id, orders: n };
}

async function main() {
  for (const f of ["apps/server/dist/main.mjs", "apps/web/dist/index.html"])
    if (!existsSync(join(root, f))) throw new Error(`${f} is missing: run \`npm run build\` first`);
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install -y haproxy`);
  const { database, url, boId, orders } = await prepareDatabase();
  const db = database.db;
  console.log(`database ${dbName}: ${orders.toLocaleString("en")} orders of the demo seller`);

  // Goods the checkouts buy: the demo seller's express SKUs of non-fresh goods, stock made plentiful (each checkout
  // takes one; the SKU row is locked while it is taken, so the buyers spread over several SKUs as a shop's do).
  const skus = (
    await db.execute(sql`
      select s.id from goods_sku s join goods g on g.id = s.goods_id
       where g.bo_id = ${boId} and g.status = 'on' and g.kind = 'goods' and not g.fresh and g.deleted_at is null
         and s.retired_at is null and g.logistics ? 'express' and g.stock_limit is null
       order by s.id limit 24`)
  ).rows as { id: string }[];
  await db.execute(sql`update goods_sku set stock = 1000000 where id = any(${`{${skus.map((s) => s.id).join(",")}}`}::text[])`);
  await db.execute(sql`update goods g set stock_total = (select sum(stock) from goods_sku s where s.goods_id = g.id and s.retired_at is null)
                        where g.id in (select goods_id from goods_sku where id = any(${`{${skus.map((s) => s.id).join(",")}}`}::text[]))`);

  const secrets = { UPLOAD_TOKEN_SECRET: randomBytes(24).toString("hex"), PAYMENT_SANDBOX_SECRET: randomBytes(24).toString("hex") };
  const work = mkdtempSync(join(tmpdir(), "sbo-scale-"));
  const report: Record<string, unknown>[] = [];
  const pushes: Record<string, unknown>[] = [];

  for (const n of PROCESSES) {
    const appPorts = await Promise.all(Array.from({ length: n }, freePort));
    const ceilingPorts = await Promise.all(Array.from({ length: n }, freePort));
    const servers = appPorts.map((port, i) =>
      start(
        process.execPath,
        ["--enable-source-maps", join(root, "apps/server/dist/main.mjs")],
        {
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_URL: url,
          DATA_DIR: join(work, "data"),
          LOG_LEVEL: "warn",
          SEED_DEMO: "0",
          MIGRATE_ON_START: "0",
          TRUST_PROXY: "1",
          RATE_LIMIT_PER_MINUTE: "1000000",
          PAYMENT_PROVIDERS: "sandbox",
          MEDIA_REVIEW_SECONDS: "0",
          // The timed jobs would work through the bench's 100,000 old unpaid orders meanwhile (not what is measured).
          ORDER_JOBS_SECONDS: "0",
          ...secrets,
        },
        `server ${i}`,
      ),
    );
    const ceilings = ceilingPorts.map((port, i) =>
      start(
        process.execPath,
        ["--import", "tsx", join(root, "bench/scale-ceiling.ts")],
        { PORT: String(port), DATABASE_URL: url, BENCH_BO_ID: boId, ...secrets },
        `ceiling ${i}`,
      ),
    );
    for (const port of [...appPorts, ...ceilingPorts]) await waitReady(`http://127.0.0.1:${port}/readyz`, `process on ${port}`);

    const [front, ceilingFront] = [await freePort(), await freePort()];
    const cfg = join(work, `haproxy-${n}.cfg`);
    writeFileSync(
      cfg,
      [
        "global",
        "  maxconn 4096",
        "defaults",
        "  mode http",
        "  timeout connect 5s",
        "  timeout client 10m",
        "  timeout server 10m",
        "  option http-keep-alive",
        "frontend app",
        `  bind 127.0.0.1:${front}`,
        "  option forwardfor",
        "  default_backend app",
        "backend app",
        "  balance roundrobin",
        "  option httpchk GET /readyz",
        "  http-check expect status 200",
        ...appPorts.map((p, i) => `  server app${i} 127.0.0.1:${p} check inter 2s`),
        "frontend ceiling",
        `  bind 127.0.0.1:${ceilingFront}`,
        "  default_backend ceiling",
        "backend ceiling",
        "  balance roundrobin",
        "  option httpchk GET /readyz",
        "  http-check expect status 200",
        ...ceilingPorts.map((p, i) => `  server ceiling${i} 127.0.0.1:${p} check inter 2s`),
        "",
      ].join("\n"),
    );
    const haproxy = start(HAPROXY, ["-f", cfg, "-db"], {}, "haproxy");
    const lb = `http://127.0.0.1:${front}`;
    const lbCeiling = `http://127.0.0.1:${ceilingFront}`;
    await waitReady(`${lb}/readyz`, "haproxy (app)");
    await waitReady(`${lbCeiling}/readyz`, "haproxy (ceiling)");
    // HAProxy's first health checks mark every server up before traffic goes round.
    await sleep(2500);

    // The seller, logged in through the balancer (sessions live in PostgreSQL: any process knows the ticket).
    const login = await call(lb, contract.login.login.path, { loginName: "demo", password: "Demo@2026!" });
    const sellerCookie = login.cookies.find((c) => c.startsWith("ticket=")) ?? "";

    // Buyers (one per worker, and one for the live pushes): SMS login through the balancer, the code read from the
    // log provider's outbox; a Hangzhou address each.
    const run = String(Math.floor(Date.now() / 1000) % 10_000).padStart(4, "0");
    const buyers: { cookie: string; memberId: string; addressId: string }[] = [];
    for (let i = 0; i <= CONCURRENCY; i++) {
      const phone = `187${run}${String(n * 100 + i).padStart(4, "0")}`;
      const since = new Date(Date.now() - 1000);
      await call(lb, B.sendLoginCode.path, { phone });
      let code: string | undefined;
      for (let t = 0; t < 50 && !code; t++) {
        const rows = (
          await db.execute(
            sql`select body from sms_outbox where phone = ${phone} and created_at > ${since} order by created_at desc limit 1`,
          )
        ).rows as { body: string }[];
        code = rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
        if (!code) await sleep(100);
      }
      if (!code) throw new Error(`no SMS code for ${phone}`);
      const signedIn = await call(lb, B.smsLogin.path, { phone, code });
      const cookie = signedIn.cookies.join("; ");
      const address = await call<{ id: string }>(
        lb,
        B.addAddress.path,
        { name: `Bench ${i}`, phone, areaCode: "330106", detail: `Bench Rd ${i}`, isDefault: true },
        cookie,
      );
      const [m] = (await db.execute(sql`select id from member where buyer_phone = ${phone}`)).rows as { id: string }[];
      if (!m) throw new Error(`buyer ${phone} has no account`);
      buyers.push({ cookie, memberId: m.id, addressId: address.data.id });
    }
    const itemsOf = (w: number, i: number) => [{ skuId: skus[(w * 7 + i) % skus.length]?.id ?? "", quantity: 1 }];

    // The order list, page 1 (each side warmed up first: V8 compiles, the pools open their connections).
    const listBody = { pageSize: 20 };
    const warm = CONCURRENCY * 4;
    await measure("warm-up", warm, CONCURRENCY, async () => {
      await fetch(`${lbCeiling}/orders-ceiling`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(listBody),
      }).then((r) => r.json());
      await call(lb, ORDER_LIST, listBody, sellerCookie);
    });
    const listCeiling = await measure(`ceiling: order list page 1 (${n} proc)`, REQUESTS, CONCURRENCY, async () => {
      const r = await fetch(`${lbCeiling}/orders-ceiling`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(listBody),
      });
      await r.json();
    });
    const list = await measure(`order list page 1 (${n} proc)`, REQUESTS, CONCURRENCY, async () => {
      await call(lb, ORDER_LIST, listBody, sellerCookie);
    });

    // Checkouts; the seller's stream stays open on process A meanwhile, timing the push of each order placed.
    const arrived = new Map<string, { at: number; receivedAt: number }>();
    const streamA = await openStream(`http://127.0.0.1:${appPorts[0]}`, sellerCookie, (e, receivedAt) => {
      if (!arrived.has(e.orderNo)) arrived.set(e.orderNo, { at: Date.parse(e.at), receivedAt });
    });
    const placedAt = new Map<string, number>();
    const ceilingCheckout = async (w: number, i: number) => {
      const b = buyers[w];
      const r = await fetch(`${lbCeiling}/checkout-ceiling`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ memberId: b?.memberId, addressId: b?.addressId, items: itemsOf(w, i) }),
      });
      const json = (await r.json()) as Envelope<unknown>;
      if (json.code !== "0") throw new Error(`checkout ceiling: ${JSON.stringify(json)}`);
    };
    const realCheckout = async (w: number, i: number) => {
      const b = buyers[w];
      const sent = Date.now();
      const placed = await call<{ orders: { orderNo: string }[] }>(
        lb,
        B.submitOrder.path,
        { addressId: b?.addressId, items: itemsOf(w, i) },
        b?.cookie,
        { "idempotency-key": `bench-${run}-${n}-${w}-${i}` },
      );
      for (const o of placed.data.orders) placedAt.set(o.orderNo, sent);
    };
    await measure("warm-up", CONCURRENCY * 2, CONCURRENCY, async (w, i) => {
      await ceilingCheckout(w, i);
      await realCheckout(w, i + 100_000);
    });
    placedAt.clear();
    const checkoutCeiling = await measure(`ceiling: checkout (${n} proc)`, CHECKOUTS, CONCURRENCY, ceilingCheckout);
    const checkout = await measure(`checkout (${n} proc)`, CHECKOUTS, CONCURRENCY, realCheckout);
    await sleep(1500);
    const underLoad = [...placedAt.keys()].map((no) => arrived.get(no)).filter((a) => a !== undefined);
    const loadDelays = underLoad.map((a) => a.receivedAt - a.at);
    pushes.push({
      name: `pushes during the checkout run, stream on process A, orders spread over ${n} (${n} proc)`,
      orders: placedAt.size,
      received: underLoad.length,
      p50: pct(loadDelays, 0.5),
      p99: pct(loadDelays, 0.99),
    });

    // Live pushes alone: an order placed through process B (the last; with one process, the same) every 250 ms.
    const liveBuyer = buyers[CONCURRENCY];
    const b = `http://127.0.0.1:${appPorts[n - 1]}`;
    const fromEvent: number[] = [];
    const fromRequest: number[] = [];
    for (let i = 0; i < PUSHES; i++) {
      const sent = Date.now();
      const placed = await call<{ orders: { orderNo: string }[] }>(
        b,
        B.submitOrder.path,
        { addressId: liveBuyer?.addressId, items: itemsOf(CONCURRENCY, i) },
        liveBuyer?.cookie,
        { "idempotency-key": `bench-live-${run}-${n}-${i}` },
      );
      const orderNo = placed.data.orders[0]?.orderNo ?? "";
      for (let t = 0; t < 100 && !arrived.has(orderNo); t++) await sleep(5);
      const a = arrived.get(orderNo);
      if (a) {
        fromEvent.push(a.receivedAt - a.at);
        fromRequest.push(a.receivedAt - sent);
      }
      await sleep(250);
    }
    await streamA.close();
    pushes.push({
      name: `push, stream on process A, order through process ${n > 1 ? "B" : "A"}: from its event row (${n} proc)`,
      orders: PUSHES,
      received: fromEvent.length,
      p50: pct(fromEvent, 0.5),
      p99: pct(fromEvent, 0.99),
    });
    pushes.push({
      name: `push, stream on process A, order through process ${n > 1 ? "B" : "A"}: from the checkout's request (${n} proc)`,
      orders: PUSHES,
      received: fromRequest.length,
      p50: pct(fromRequest, 0.5),
      p99: pct(fromRequest, 0.99),
    });

    report.push(listCeiling, { ...list, ratio: Number((list.rps / listCeiling.rps).toFixed(2)) }, checkoutCeiling, {
      ...checkout,
      ratio: Number((checkout.rps / checkoutCeiling.rps).toFixed(2)),
    });
    console.table(report.slice(-4));
    console.table(pushes.slice(-3));

    await stop(haproxy);
    await Promise.all([...servers, ...ceilings].map(stop));
  }

  // Throughput of the most processes against the fewest, for each scenario.
  const fewest = Math.min(...PROCESSES);
  const most = Math.max(...PROCESSES);
  const rpsOf = (name: string, n: number) => Number(report.find((r) => r.name === `${name} (${n} proc)`)?.rps ?? Number.NaN);
  const scaling = ["ceiling: order list page 1", "order list page 1", "ceiling: checkout", "checkout"].map((name) => ({
    name,
    ...Object.fromEntries(PROCESSES.map((n) => [`rps ${n} proc`, rpsOf(name, n)])),
    [`ratio ${most}/${fewest}`]: Number((rpsOf(name, most) / rpsOf(name, fewest)).toFixed(2)),
  }));
  console.table(report);
  console.table(pushes);
  console.table(scaling);
  mkdirSync(join(root, "bench/out"), { recursive: true });
  const at = new Date().toISOString();
  writeFileSync(
    join(root, `bench/out/scale-${at.slice(0, 19).replace(/:/g, "")}.json`),
    JSON.stringify({ at, orders, report, pushes, scaling }, null, 2),
  );
  await database.close();
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all(children.map(stop));
  });
