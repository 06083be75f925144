import { join } from "node:path";
import { buildApp, orderPortsOf } from "./app";
import { ConfigError, loadConfig } from "./config";
import { demoLogins, seedDemoData } from "./demo/demo-data";
import { seedReferenceData } from "./demo/reference-data";
import { createAfterSaleJobs } from "./domains/aftersale/aftersale.jobs";
import { runBatchRetirement } from "./domains/goods/batch.service";
import { createMediaJobs } from "./domains/media/media.jobs";
import { createOrderJobs } from "./domains/orders/jobs";
import { syncFunctions } from "./platform/access/access";
import { migrateDatabase, openDatabase } from "./platform/db/client";
import { localFileStore } from "./platform/files/file-store";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  await syncFunctions(database.db);
  await seedReferenceData(database.db);
  const seeded = config.seedDemo ? await seedDemoData(database.db) : false;

  const app = await buildApp({ config, database });
  // Orders' timed jobs (unpaid timeout, auto-receive, ERP push): every ORDER_JOBS_SECONDS, safe beside other processes.
  const orderJobs = createOrderJobs({
    db: database.db,
    ports: orderPortsOf(config),
    everySeconds: config.orderJobsSeconds,
    allowPrivatePush: config.erpPushAllowPrivate,
    log: app.log,
  });
  // After-sales' auto-approve (aftersale.jobs.ts): on the orders' clock, safe beside other processes.
  const afterSaleJobs = createAfterSaleJobs({ db: database.db, everySeconds: config.orderJobsSeconds, log: app.log });
  // Videos' automatic review (media.jobs.ts): every MEDIA_REVIEW_SECONDS, safe beside other processes.
  const mediaJobs = createMediaJobs({
    db: database.db,
    files: localFileStore(join(config.dataDir, "files")),
    everySeconds: config.mediaReviewSeconds,
    log: app.log,
  });
  const close = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await orderJobs.stop();
    await afterSaleJobs.stop();
    await mediaJobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void close("SIGTERM"));
  process.once("SIGINT", () => void close("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // Fresh goods: expired batches leave their SKUs' stock at start and then hourly (one process at a time).
  const retire = () => runBatchRetirement(database.db).catch((err: unknown) => app.log.error({ err }, "batch retirement failed"));
  void retire();
  setInterval(retire, 60 * 60 * 1000).unref();
  orderJobs.start();
  afterSaleJobs.start();
  mediaJobs.start();
  const url =
    config.publicUrl ??
    `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${(app.server.address() as { port: number }).port}`;
  const lines = [
    "",
    `Seller Back Office is running at ${url}`,
    `  database: ${database.kind === "pglite" ? `embedded (${config.dataDir}/pglite)` : "PostgreSQL"}${seeded ? ", demo data seeded" : ""}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.env === "production" && config.paymentProviders.includes("sandbox")) {
    // Loud on purpose: a public server must not run this by mistake (PAYMENT_PROVIDERS, docs/operations.md).
    lines.push("", "  WARNING: sandbox payments enabled: orders can be paid without money (PAYMENT_PROVIDERS)", "");
    app.log.warn("sandbox payments enabled: orders can be paid without money");
  }
  if (config.seedDemo) {
    lines.push("  demo logins (password, then who):");
    for (const d of demoLogins) lines.push(`    ${d.loginName.padEnd(13)} ${d.password}   ${d.who}`);
  }
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `Failed to start: ${err.message}` : err);
  process.exit(1);
});
