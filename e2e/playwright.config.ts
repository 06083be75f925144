import { defineConfig } from "@playwright/test";

/**
 * Browser tests against the real server on a fresh PostgreSQL database (so tests can read the SMS
 * outbox), in the system Chromium. Never downloads a browser.
 */
const port = Number(process.env.E2E_PORT ?? 18181);
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${port}`;
// Evaluated in the runner and inherited by workers, so every process names the same database.
process.env.E2E_DATABASE_NAME ??= `sbo_e2e_${Date.now()}`;
const adminUrl = process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${process.env.E2E_DATABASE_NAME}`;
process.env.E2E_APP_DATABASE_URL = dbUrl.toString();

export default defineConfig({
  testDir: "./tests",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry everywhere (CI runs `npm run test:e2e` as the README gives it, without CI=true); a retried
  // pass is reported as flaky in the list, so timing problems stay visible.
  retries: 1,
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: "en-US",
    timezoneId: "Asia/Shanghai",
    trace: "retain-on-failure",
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
  webServer: {
    command: "node ./start-server.mjs",
    url: `${process.env.E2E_BASE_URL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.E2E_APP_DATABASE_URL,
      E2E_ADMIN_DATABASE_URL: adminUrl,
      E2E_DATABASE_NAME: process.env.E2E_DATABASE_NAME,
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "1000",
      // Every release gets a download link (and a QR code on /download).
      APP_DOWNLOAD_URL: "https://downloads.example.com/seller-app/{version}/seller.apk",
    },
  },
});
