import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Call, type InputOf, type OutputOf, SYSTEM_ID } from "@sbo/contract";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { DestinationStream } from "pino";
import { buildApp, sessionCacheOf } from "../app";
import { type Config, loadConfig } from "../config";
import { DEMO_PASSWORD } from "../demo/demo-data";
import { smsOutbox } from "../platform/auth/auth.tables";
import { type Database, openDatabase } from "../platform/db/client";
import { newId } from "../platform/db/ids";
import { prepareDatabase, templateOf } from "./template";

export { DEMO_PASSWORD };

export interface Answer<T = unknown> {
  status: number;
  code: string;
  msg: string;
  data: T;
  /** A declared refusal's key and placeholder values (see the contract's refusals.ts). */
  reason?: string;
  params?: Record<string, string | number>;
  cookies: Record<string, string>;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * A fresh database for one test file, holding the migrations, reference data and (unless `demo` is false) the demo
 * sellers: a copy of the run's template (template.ts), or built from scratch when there is none. In-memory PGlite, or
 * a new PostgreSQL database when TEST_DATABASE_URL is set.
 */
async function freshDatabase(demo: boolean, config: Config): Promise<Database & { drop(): Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = await templateOf(demo ? "demo" : "bare", url);
  // The pool and the slow-query timing as the server opens them (main.ts).
  const tuning = { pool: config.databasePool, slowQueryMs: config.slowQueryMs };
  if (!url) {
    if (template && "dump" in template) return { ...(await openDatabase({ loadDataDir: template.dump, ...tuning })), drop: async () => {} };
    const database = await openDatabase({ memory: true, ...tuning });
    await prepareDatabase(database, demo);
    return { ...database, drop: async () => {} };
  }
  const name = `sbo_test_${newId().toLowerCase()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template && "pgName" in template ? `create database ${name} template ${template.pgName}` : `create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), ...tuning });
  if (!template) await prepareDatabase(database, demo);
  return {
    ...database,
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** One part of a multipart/form-data body: a field, or a file when `filename` is given. */
export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]) {
  const boundary = "----sbo-test-boundary-7MA4YWxkTrZu0gW";
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += "\r\n";
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The whole server on a fresh database with the reference and demo data, driven through `app.inject`.
 * `env` overrides configuration (e.g. a low rate limit for the throttling test).
 */
export async function createTestApp(opts: { env?: Record<string, string>; demo?: boolean; logStream?: DestinationStream } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "sbo-test-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "10000", ...opts.env });
  const database = await freshDatabase(opts.demo !== false, config);
  // Logs only where a test reads them (at LOG_LEVEL, which is silent unless the test sets it).
  const app: FastifyInstance = await buildApp({ config, database, logger: opts.logStream !== undefined, logStream: opts.logStream });
  await app.ready();

  // On PostgreSQL a row a test changed by hand reaches the app's session cache through a notification, a moment
  // after its commit (a call's own writes are forgotten before it answers): each request waits for it first. The
  // embedded database delivers it with the commit.
  const cache = sessionCacheOf(app);
  const settled = async () => {
    if (database.kind === "postgres") await cache?.settle();
  };

  /** POST a body to a path as the envelope requires (systemId 71, sign-token), with an optional ticket. */
  async function post<T = unknown>(
    path: string,
    body: Record<string, unknown> = {},
    o: { ticket?: string | null; headers?: Record<string, string> } = {},
  ) {
    await settled();
    const res = await app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/json", "sign-token": config.signToken, ...o.headers },
      cookies: o.ticket ? { ticket: o.ticket } : {},
      payload: JSON.stringify({ systemId: SYSTEM_ID, ...body }),
    });
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    const json = res.headers["content-type"]?.toString().includes("json") ? res.json() : { code: "", msg: "", data: res.rawPayload };
    return {
      status: res.statusCode,
      code: json.code,
      msg: json.msg,
      data: json.data as T,
      reason: json.reason as string | undefined,
      params: json.params as Record<string, string | number> | undefined,
      cookies,
      headers: res.headers,
    } satisfies Answer<T>;
  }

  /** POST a multipart form (an upload call) with the sign-token and an optional ticket. */
  async function upload<T = Record<string, unknown>>(
    path: string,
    parts: Part[],
    o: { ticket?: string | null; headers?: Record<string, string> } = {},
  ) {
    const body = multipart(parts);
    await settled();
    const res = await app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": body.contentType, "sign-token": config.signToken, ...o.headers },
      cookies: o.ticket ? { ticket: o.ticket } : {},
      payload: body.payload,
    });
    const json = res.json() as { code: string; msg: string; data: T };
    return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data, headers: res.headers };
  }

  return {
    app,
    db: database.db,
    database,
    /** The PostgreSQL database's URL (TEST_DATABASE_URL set), for a second process on the same database. */
    databaseUrl: database.url,
    config,
    post,
    upload,
    /** Make a contract call; the answer's data is typed by the entry. */
    call<C extends Call>(entry: C, input: InputOf<C>, o: { ticket?: string | null } = {}) {
      return post<OutputOf<C>>(entry.path, input as Record<string, unknown>, o);
    },
    /** Log in with a password and answer the ticket. */
    async login(loginName: string, password = DEMO_PASSWORD): Promise<string> {
      const res = await post("/api/seller/basic/member/login/login", { loginName, password });
      const ticket = res.cookies.ticket;
      if (res.code !== "0" || !ticket) throw new Error(`login ${loginName} failed: ${res.code} ${res.msg}`);
      return ticket;
    },
    /** The newest SMS the log provider "sent" to a phone, and the 6-digit code in it. */
    async lastSms(phone: string) {
      const [row] = await database.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(desc(smsOutbox.createdAt))
        .limit(1);
      return { body: row?.body ?? "", code: row?.body.match(/\b(\d{6})\b/)?.[1] ?? "" };
    },
    async close() {
      await app.close();
      await database.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
