// Make a fresh database for this server, then start the server as `npm start` does.
import { spawn } from "node:child_process";
import pg from "pg";

const name = process.env.E2E_DATABASE_NAME;
if (!name || !/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`E2E_DATABASE_NAME must be a plain lower-case name, got ${name}`);

/**
 * Databases this run may drop: its own (a rerun with the same name), and those that earlier runs left behind,
 * named `sbo_e2e_<milliseconds>…` (playwright.config.ts), once they are over an hour old and nobody is connected
 * to them. A run going on in parallel (another checkout, another CI job on this server) is never touched.
 */
const STALE_MS = 60 * 60 * 1000;
const staleName = (datname, now = Date.now()) => {
  const started = Number(/^sbo_e2e_(\d{13})(?:_|$)/.exec(datname)?.[1]);
  return Number.isFinite(started) && now - started > STALE_MS;
};

const admin = new pg.Client({ connectionString: process.env.E2E_ADMIN_DATABASE_URL });
await admin.connect();
const { rows } = await admin.query(
  `select d.datname from pg_database d
    where d.datname like 'sbo\\_e2e\\_%'
      and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
);
for (const { datname } of rows) {
  // Without force: should someone connect meanwhile, the database stays and this run goes on.
  if (staleName(datname)) await admin.query(`drop database if exists "${datname}"`).catch(() => {});
}
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.query(`create database "${name}"`);
await admin.end();

const server = spawn(process.execPath, [new URL("../scripts/start.mjs", import.meta.url).pathname], { stdio: "inherit", env: process.env });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
