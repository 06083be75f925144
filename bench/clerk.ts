// What the clerk feels (issue 24 goal 7), in Chromium against the built web app and server on a database of
// BENCH_ORDERS orders (the 1,000,000-order bench database): run on demand (`npm run bench:clerk`), not in CI.
// - cold first screen after login: a fresh browser (empty cache) opens the login screen, the demo seller logs in, and
//   the time from the click on "Log in" to the home screen's heading is taken (target ≤ 2 s on an idle 2-core machine);
// - with a warm cache (one browser, every chunk downloaded before): the home screen is loaded, then a click on the
//   Orders menu → the list's first row visible, and a click on that order's Detail → its detail visible (targets:
//   p95 ≤ 300 ms each at 1,000,000 orders).
// Each time is taken in the page (performance.now() at the pointer's press, then at the first DOM change that shows the
// awaited element), so Playwright's own round trips are not counted. CLERK_WATERFALL=1 prints, for the last repetition
// of each, the requests made after the click (start and end, ms after it).
// Environment: BENCH_DATABASE_URL (admin), BENCH_DB_NAME (default sbo_bench_scale), CLERK_REPS (default 20),
// CLERK_COLD_REPS (default 10), CLERK_LOGIN (default demo), CHROMIUM_PATH (default /usr/bin/chromium).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import pg from "pg";

const env = process.env;
const root = new URL("..", import.meta.url).pathname;
const adminUrl = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = env.BENCH_DB_NAME ?? "sbo_bench_scale";
const REPS = Number(env.CLERK_REPS ?? 20);
const COLD_REPS = Number(env.CLERK_COLD_REPS ?? 10);
const LOGIN = env.CLERK_LOGIN ?? "demo";
const PASSWORD = "Demo@2026!";
const WATERFALL = env.CLERK_WATERFALL === "1";

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

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => Math.round(s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)] ?? Number.NaN);
  return { n: s.length, median: at(0.5), p95: at(0.95), min: Math.round(s[0] ?? Number.NaN), max: Math.round(s.at(-1) ?? Number.NaN) };
};

/**
 * In the page (plain JavaScript text: tsx would wrap a function's inner functions in a helper the page lacks): the
 * next pointer press starts the clock; the first DOM change after it that shows what `test` awaits, on a path holding
 * `pathPart`, stops it.
 */
const PROBE = `(({ pathPart, test }) => {
  const state = {};
  window.__clerk = state;
  const shown = () => {
    if (!location.pathname.includes(pathPart)) return false;
    if (test === "firstRow") {
      const row = document.querySelector("main .ant-table-tbody tr.ant-table-row");
      return row instanceof HTMLElement && row.offsetParent !== null && (row.textContent || "").length > 0;
    }
    const h1 = document.querySelector("main h1");
    if (!(h1 instanceof HTMLElement) || h1.offsetParent === null) return false;
    const text = h1.textContent || "";
    // The home screen greets ("Hello, …"); an order's detail is headed by its number.
    return test === "heading" ? /^(Hello|你好)/.test(text) : /^(Order|订单) \\d+/.test(text);
  };
  const observer = new MutationObserver(() => check());
  const check = () => {
    if (state.t0 === undefined || state.t1 !== undefined) return;
    if (shown()) {
      state.t1 = performance.now();
      observer.disconnect();
    }
  };
  addEventListener("pointerdown", () => {
    state.t0 = performance.now();
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    check();
  }, { capture: true, once: true });
})`;

/** Arms the probe; answers a function that waits for it to stop and gives the elapsed ms. */
async function arm(page: Page, pathPart: string, test: "firstRow" | "orderHeading" | "heading") {
  await page.evaluate(`${PROBE}(${JSON.stringify({ pathPart, test })})`);
  return async () => {
    // Polled from here: the page's CSP (no eval) refuses Playwright's waitForFunction with a text predicate.
    for (let i = 0; i < 1200; i++) {
      const ms = (await page.evaluate(
        "window.__clerk && window.__clerk.t1 !== undefined ? window.__clerk.t1 - window.__clerk.t0 : null",
      )) as number | null;
      if (ms !== null) return ms;
      await sleep(50);
    }
    throw new Error(`${test} on ${pathPart} was not shown within a minute`);
  };
}

/** The requests a page makes from now on, with their start and end in ms after `since` (a Date.now() value). */
function recordRequests(page: Page) {
  const started = Date.now();
  const rows: { url: string; start: number; end?: number; fromCache?: boolean }[] = [];
  const byReq = new Map<object, (typeof rows)[number]>();
  const onRequest = (r: { url(): string }) => {
    const row = { url: r.url().replace(/^https?:\/\/[^/]+/, ""), start: Date.now() - started };
    rows.push(row);
    byReq.set(r, row);
  };
  const onDone = (r: object) => {
    const row = byReq.get(r);
    if (row) row.end = Date.now() - started;
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  return () => {
    page.off("request", onRequest);
    page.off("requestfinished", onDone);
    return rows;
  };
}

async function login(page: Page) {
  await page.getByRole("textbox", { name: "Login name" }).fill(LOGIN);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
}

async function coldFirstScreen(browser: Browser, base: string) {
  const times: number[] = [];
  let waterfall: unknown[] = [];
  for (let i = 0; i < COLD_REPS; i++) {
    const context = await browser.newContext({ baseURL: base, locale: "en-US", timezoneId: "Asia/Shanghai" });
    const page = await context.newPage();
    await page.goto("/login/toLogin");
    await login(page);
    // The home screen's heading (its greeting) is what "first screen" waits for.
    const done = await arm(page, "/transaction/index", "heading");
    const stopRecording = recordRequests(page);
    await page.getByRole("button", { name: /^log in$/i }).click();
    times.push(await done());
    waterfall = stopRecording();
    await context.close();
  }
  return { times, waterfall };
}

async function main() {
  for (const f of ["apps/server/dist/main.mjs", "apps/web/dist/index.html"])
    if (!existsSync(join(root, f))) throw new Error(`${f} is missing: run \`npm run build\` first`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [dbName])).rows.length > 0;
  await admin.end();
  if (!exists) throw new Error(`database ${dbName} does not exist: seed it with the orders bench (BENCH_ONLY=orders, bench/README.md)`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const [{ n: orders } = { n: 0 }] = (
    await db.query(
      `select count(*)::int as n from order_info o join employee e on e.bo_id = o.bo_id and e.is_owner join member m on m.id = e.member_id
        where m.login_name = $1`,
      [LOGIN],
    )
  ).rows as { n: number }[];
  await db.end();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["--enable-source-maps", join(root, "apps/server/dist/main.mjs")], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), "sbo-clerk-")),
      LOG_LEVEL: "warn",
      SEED_DEMO: "0",
      RATE_LIMIT_PER_MINUTE: "100000",
      // The timed jobs would work through the bench's unpaid orders meanwhile: not what the clerk's screens cost.
      ORDER_JOBS_SECONDS: "0",
      MEDIA_REVIEW_SECONDS: "0",
      MAP_TILE_URL: "none",
      UPLOAD_TOKEN_SECRET: randomBytes(24).toString("hex"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 1200) throw new Error("the server did not start");
      await sleep(250);
    }
    const browser = await chromium.launch({
      executablePath: env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const load = () => loadavg().map((l) => l.toFixed(2));
    const loadAtStart = load();

    const cold = await coldFirstScreen(browser, base);
    console.log(`cold first screen after login: ${JSON.stringify(stats(cold.times))}`);

    // Warm: one browser context; logged in once, every screen visited once before the clock runs.
    const context = await browser.newContext({ baseURL: base, locale: "en-US", timezoneId: "Asia/Shanghai" });
    const page = await context.newPage();
    await page.goto("/login/toLogin");
    await login(page);
    await page.getByRole("button", { name: /^log in$/i }).click();
    await page.waitForURL(/\/transaction\/index$/);
    const ordersMenu = () => page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem", { name: "Orders" });
    const list: number[] = [];
    const detail: number[] = [];
    let listWaterfall: unknown[] = [];
    let detailWaterfall: unknown[] = [];
    for (let i = -2; i < REPS; i++) {
      await page.goto("/transaction/index");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      const listShown = await arm(page, "/transaction/orderManage", "firstRow");
      let stop = recordRequests(page);
      await ordersMenu().click();
      const listMs = await listShown();
      listWaterfall = stop();
      await page.waitForLoadState("networkidle");
      const detailShown = await arm(page, "/orderDetailSeller/", "orderHeading");
      stop = recordRequests(page);
      await page
        .getByRole("button", { name: /^Detail: / })
        .first()
        .click();
      const detailMs = await detailShown();
      detailWaterfall = stop();
      // The first two rounds fill the browser's cache.
      if (i >= 0) {
        list.push(listMs);
        detail.push(detailMs);
      }
    }
    await context.close();
    await browser.close();
    const report = {
      at: new Date().toISOString(),
      database: dbName,
      orders,
      login: LOGIN,
      load: { atStart: loadAtStart, atEnd: load() },
      coldFirstScreenAfterLogin: stats(cold.times),
      ordersMenuToFirstRow: stats(list),
      orderToDetail: stats(detail),
      raw: { cold: cold.times.map(Math.round), list: list.map(Math.round), detail: detail.map(Math.round) },
    };
    console.log(JSON.stringify({ ...report, raw: undefined }, null, 2));
    if (WATERFALL) {
      console.log("cold login → home, requests (ms after the click):");
      console.table(cold.waterfall);
      console.log("Orders menu → first row:");
      console.table(listWaterfall);
      console.log("order → detail:");
      console.table(detailWaterfall);
    }
    mkdirSync(join(root, "bench/out"), { recursive: true });
    writeFileSync(join(root, `bench/out/clerk-${report.at.slice(0, 19).replace(/:/g, "")}.json`), JSON.stringify(report, null, 2));
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
