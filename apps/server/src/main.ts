import { buildApp, orderPortsOf } from "./app";
import { ConfigError, loadConfig } from "./config";
import { demoLogins, seedDemoData } from "./demo/demo-data";
import { seedProgressPrinter } from "./demo/seed-progress";
import { createAfterSaleJobs } from "./domains/aftersale/aftersale.jobs";
import { runBatchRetirement } from "./domains/goods/batch/batch.service";
import { createMediaJobs } from "./domains/media/media.jobs";
import { createOrderJobs } from "./domains/orders/jobs/orders.jobs";
import { type Database, openDatabase, pendingMigrations } from "./platform/db/client";
import { DirectoryLockedError } from "./platform/db/dir-lock";
import { openFileStore } from "./platform/files/open-file-store";
import { createMetrics } from "./platform/http/metrics";
import { applyRelease } from "./release";

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
  // One file store for the calls and the timed jobs: with FILE_STORE=s3, a bucket that does not answer to the keys
  // stops the start at once with one line, before the database is opened or anything stored.
  const fileStore = openFileStore(config.files);
  await fileStore.check().catch((err: unknown) => {
    fileStore.close();
    throw new StartRefused(`FILE_STORE=${fileStore.kind}: ${(err as Error).message}`);
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    owner: "the server (npm start)",
    pool: config.databasePool,
    slowQueryMs: config.slowQueryMs,
  });
  const pending = await pendingMigrations(database);
  if (config.migrateOnStart) {
    // Said before the work starts: a first start migrates a new database and then seeds it, which takes a while.
    if (pending > 0) console.log(`Migrating the database (${pending} migration${pending === 1 ? "" : "s"})…`);
    await applyRelease(database);
  } else {
    if (pending > 0) {
      await database.close();
      throw new StartRefused(
        `MIGRATE_ON_START=0, and the database is ${pending} migration(s) behind this release: run \`npm run db:migrate\` first.`,
      );
    }
  }
  const seeded = config.seedDemo ? await seedDemo(database, config) : false;

  // One set of metrics for the calls and the timed jobs (GET /metrics with METRICS_TOKEN).
  const metrics = createMetrics(database);
  const app = await buildApp({ config, database, metrics, fileStore });
  // Orders' timed jobs (unpaid timeout, auto-receive, ERP push): every ORDER_JOBS_SECONDS, safe beside other processes.
  const orderJobs = createOrderJobs({
    db: database.db,
    ports: orderPortsOf(config),
    everySeconds: config.orderJobsSeconds,
    allowPrivatePush: config.erpPushAllowPrivate,
    log: app.log,
    metrics,
  });
  // After-sales' auto-approve (aftersale.jobs.ts): on the orders' clock, safe beside other processes.
  const afterSaleJobs = createAfterSaleJobs({ db: database.db, everySeconds: config.orderJobsSeconds, log: app.log, metrics });
  // Videos' automatic review (media.jobs.ts): every MEDIA_REVIEW_SECONDS, safe beside other processes.
  const mediaJobs = createMediaJobs({
    db: database.db,
    files: fileStore.files,
    everySeconds: config.mediaReviewSeconds,
    log: app.log,
    metrics,
  });
  const close = async (signal: string) => {
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, "shutting down");
    // Within the grace period (Docker waits 10 s, Kubernetes 30 s): whatever still runs then is cut off.
    setTimeout(() => {
      app.log.warn("calls still running after the grace period: exiting anyway");
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000).unref();
    // No new connections, idle keep-alive sockets closed at once (Fastify's forceCloseConnections: "idle"), live
    // streams ended with their reconnect hint (live.ts), the calls in flight answered; then the jobs and the database.
    await app.close();
    await Promise.all([orderJobs.stop(), afterSaleJobs.stop(), mediaJobs.stop()]);
    fileStore.close();
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
    `  files: ${config.files.store === "s3" ? `bucket ${config.files.bucket} at ${config.files.endpoint}` : config.files.dir}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (database.kind === "pglite") {
    lines.push(
      "  The embedded database is for trying the product and for one small shop: it serves one call at a time, to one",
      "  process. Run a real shop on PostgreSQL (DATABASE_URL=postgres://…; README, Running on PostgreSQL).",
    );
  }
  if (config.env === "production" && config.paymentProviders.includes("sandbox")) {
    // Loud on purpose: a public server must not run this by mistake (PAYMENT_PROVIDERS, docs/operations.md).
    lines.push("", "  WARNING: sandbox payments enabled: orders can be paid without money (PAYMENT_PROVIDERS)", "");
    app.log.warn("sandbox payments enabled: orders can be paid without money");
  }
  if (config.alipay?.notifyUrl) {
    // The address to check against the one Alipay can reach (docs/operations.md, Payments).
    lines.push(`  Alipay payments: app ${config.alipay.appId}, notifications expected at ${config.alipay.notifyUrl}`);
  }
  if (config.seedDemo) {
    lines.push("  demo logins (password, then who):");
    for (const d of demoLogins) lines.push(`    ${d.loginName.padEnd(13)} ${d.password}   ${d.who}`);
  }
  console.log(lines.join("\n"));
}

/**
 * The demo data, on first start only, printing how far it has got (seed-progress.ts). On PostgreSQL through a
 * connection of its own whose commits do not wait for the disk (a third less time here: the seed commits about 200
 * times) and with no statement timeout (its copies are a few large statements).
 */
async function seedDemo(database: Database, config: ReturnType<typeof loadConfig>): Promise<boolean> {
  const printer = seedProgressPrinter({ write: (text) => process.stdout.write(text), tty: process.stdout.isTTY === true });
  const seeding =
    database.kind === "postgres" && config.databaseUrl
      ? await openDatabase({ databaseUrl: config.databaseUrl, pool: { max: 4, statementTimeoutMs: 0 }, asyncCommit: true })
      : database;
  try {
    const seeded = await seedDemoData(seeding.db, { onProgress: printer.onProgress });
    if (seeded) printer.done();
    return seeded;
  } finally {
    if (seeding !== database) await seeding.close();
  }
}

/** A start refused for a reason its message says in full (no stack). */
class StartRefused extends Error {}

main().catch((err: unknown) => {
  console.error(`Failed to start: ${startFailure(err)}`);
  process.exit(1);
});

/**
 * What stopped the start, for the operator: the error and each cause beneath it (a driver's or PGlite's own words);
 * the stack only for an unexpected failure, not for the refusals that already say what to do.
 */
function startFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err instanceof DirectoryLockedError || err instanceof StartRefused) return err.message;
  const lines = [err.stack ?? err.message];
  for (let cause = err.cause, depth = 0; cause !== undefined && depth < 5; cause = (cause as Error).cause, depth++) {
    lines.push(`caused by: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`);
  }
  return lines.join("\n");
}
