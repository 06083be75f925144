import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests against the real server on a fresh PostgreSQL database (so tests can read the SMS
 * outbox), in the system Chromium. Never downloads a browser.
 */
const port = Number(process.env.E2E_PORT ?? 18181);
/**
 * Workers (E2E_WORKERS, default 1): each has its own server on its own port and its own fresh database
 * (`<name>`, `<name>_w1`, …), so tests in parallel never see each other's data. Measured in docs/operations.md.
 */
const workers = Number(process.env.E2E_WORKERS ?? 1);
// Evaluated in the runner and inherited by workers, so every process names the same databases.
process.env.E2E_DATABASE_NAME ??= `sbo_e2e_${Date.now()}`;
const adminUrl = process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const servers = Array.from({ length: workers }, (_, i) => {
  const database = i === 0 ? (process.env.E2E_DATABASE_NAME as string) : `${process.env.E2E_DATABASE_NAME}_w${i}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  process.env[`E2E_APP_DATABASE_URL_${i}`] = dbUrl.toString();
  return { port: port + i, database, url: dbUrl.toString() };
});
process.env.E2E_APP_DATABASE_URL = servers[0]?.url;
// The servers run as `npm start` does (production on PostgreSQL), which has no default secrets: this run's own.
process.env.E2E_UPLOAD_TOKEN_SECRET ??= randomBytes(24).toString("hex");
process.env.E2E_PAYMENT_SANDBOX_SECRET ??= randomBytes(24).toString("hex");
// A worker process loads this file with its TEST_PARALLEL_INDEX set: it talks to its own server.
const mine = servers[Number(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? servers[0];

export default defineConfig({
  testDir: "./tests",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  // One retry everywhere (CI runs `npm run test:e2e` as the README gives it, without CI=true); a retried
  // pass is reported as flaky in the list, so timing problems stay visible.
  retries: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${mine?.port}`,
    locale: "en-US",
    timezoneId: "Asia/Shanghai",
    // The app honours "reduce motion" (antd's animations off): a story never waits on, or races, an animation.
    reducedMotion: "reduce",
    // A trace only of a retry: recording one for every story (DOM snapshots at each action) made the whole suite
    // about a third slower (docs/operations.md). To trace a first failure, run with `--trace retain-on-failure`.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // Started one after the other (the first builds the web app when it is stale).
  webServer: servers.map((server) => ({
    command: "node ./start-server.mjs",
    url: `http://127.0.0.1:${server.port}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(server.port),
      HOST: "127.0.0.1",
      DATABASE_URL: server.url,
      E2E_ADMIN_DATABASE_URL: adminUrl,
      E2E_DATABASE_NAME: server.database,
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "1000",
      // Every release gets a download link (and a QR code on /download).
      APP_DOWNLOAD_URL: "https://downloads.example.com/seller-app/{version}/seller.apk",
      // No tile server in tests: the maps draw on their plain background.
      MAP_TILE_URL: "none",
      // The videos' automatic review does not run by itself: a story sees a new video pending review.
      MEDIA_REVIEW_SECONDS: "0",
      UPLOAD_TOKEN_SECRET: process.env.E2E_UPLOAD_TOKEN_SECRET as string,
      // The stories pay orders through the sandbox (its signed notification), enabled here as an operator would.
      PAYMENT_PROVIDERS: "sandbox",
      PAYMENT_SANDBOX_SECRET: process.env.E2E_PAYMENT_SANDBOX_SECRET as string,
      // The goods import story serves its pictures from 127.0.0.1 (E2E_PORT + 5): the operator's switch lets this
      // server fetch them (production refuses private and loopback addresses).
      IMAGE_FETCH_ALLOW_PRIVATE: "1",
    },
  })),
});
