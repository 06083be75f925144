// Make a fresh database for this run, then start the server as `npm start` does.
import { spawn } from "node:child_process";
import pg from "pg";

const admin = new pg.Client({ connectionString: process.env.E2E_ADMIN_DATABASE_URL });
await admin.connect();
// Databases of earlier runs (one run at a time uses this server) go, so runs do not pile them up.
const { rows } = await admin.query("select datname from pg_database where datname like 'sbo\\_e2e\\_%'");
for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
await admin.query(`create database ${process.env.E2E_DATABASE_NAME}`);
await admin.end();

const server = spawn(process.execPath, [new URL("../scripts/start.mjs", import.meta.url).pathname], { stdio: "inherit", env: process.env });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
