import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { serverRoot } from "../../paths";
import { installAudit } from "./audit";
import type { AuditWords } from "./audit-words";
import { lockDirectory } from "./dir-lock";
import { createTurns, inLongWork, type Turns } from "./turns";

/**
 * The one database handle type. PGlite and node-postgres speak the same SQL and both give Drizzle's
 * PgDatabase; we type them as the node-postgres flavour so that repositories take one type.
 */
export type Db = NodePgDatabase<Record<string, never>>;
/** A transaction is usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * LISTEN on a channel (platform/live/notify-hub.ts): PostgreSQL through a dedicated connection outside the pool,
   * PGlite in-process. Answers a function that stops listening. Absent (a handle made by hand): readers poll.
   */
  listen?(channel: string, onPayload: (payload: string) => void, onError?: (err: unknown) => void): Promise<() => Promise<void>>;
  /** Where queries slower than `slowQueryMs` are told (set once the logger exists: buildApp); absent on a handle made by hand. */
  slowQueries?: { ms: number; log: SlowQueryLog | null };
  /**
   * PGlite: long work's statements take turns behind the calls in flight (turns.ts); the app tells it when calls begin
   * and end. Absent on PostgreSQL, whose pool serves both at once.
   */
  turns?: Turns;
  /**
   * One statement by name, outside any transaction: PostgreSQL prepares it once per pooled connection and plans it
   * once there (the session's statement, on every call); PGlite runs it as it is. Absent on a handle made by hand.
   */
  prepared?<T>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /** PostgreSQL's pool now (the metrics); absent on PGlite, which has one connection and no pool. */
  poolUse?(): { total: number; idle: number; waiting: number };
}

/** Told of a query slower than the configured threshold: its duration and its shortened SQL text (never its values). */
export type SlowQueryLog = (info: { ms: number; sql: string }) => void;

type SlowQueries = NonNullable<Database["slowQueries"]>;

/** The SQL text of a query as logged: whitespace collapsed, at most this many characters. */
const SLOW_SQL_CHARS = 300;
export const shortSql = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > SLOW_SQL_CHARS ? `${flat.slice(0, SLOW_SQL_CHARS)}…` : flat;
};

/**
 * Times every call of `target.query` (a pg client, PGlite or a PGlite transaction) and tells `slow` of those over its
 * threshold. The only work per query is two clock reads and a comparison. Callback-style calls (pg's pool uses them)
 * and promise-style ones are both timed; a submittable (a cursor) is passed through untimed.
 */
function timeQueries(target: { query: (...args: never[]) => unknown }, slow: SlowQueries): void {
  const query = target.query as unknown as (...args: unknown[]) => unknown;
  const told = (start: number, first: unknown) => {
    const ms = performance.now() - start;
    if (slow.log === null || slow.ms <= 0 || ms < slow.ms) return;
    const text = typeof first === "string" ? first : String((first as { text?: unknown } | null)?.text ?? "");
    slow.log({ ms: Math.round(ms), sql: shortSql(text) });
  };
  (target as { query: unknown }).query = function timed(this: unknown, ...args: unknown[]) {
    const first = args[0];
    if (typeof (first as { submit?: unknown } | null)?.submit === "function") return query.apply(this, args);
    const start = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (...results: unknown[]) => {
        told(start, first);
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) return result.finally(() => told(start, first));
    return result;
  };
}

/** The extensions the migrations create, loaded into every PGlite (goods search: pg_trgm). */
export const PGLITE_EXTENSIONS = { pg_trgm };

const migrationsFolder = join(serverRoot, "drizzle");

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  memory?: boolean;
  /** In memory, starting from a data directory dumped by PGlite's `dumpDataDir` (the tests' migrated template). */
  loadDataDir?: Blob;
  /**
   * PostgreSQL's pool (DATABASE_POOL_MAX) and its connections' statement_timeout in ms (DATABASE_STATEMENT_TIMEOUT_MS,
   * 0: none). Migrations lift the timeout on their own connection (migrateDatabase).
   */
  pool?: { max: number; statementTimeoutMs: number };
  /** Queries slower than this many ms are told to the log given later (`slowQueries.log`); 0: none. */
  slowQueryMs?: number;
  /** Who opens an embedded database directory (named to a second process that tries): "the server", a command. */
  owner?: string;
  /**
   * PostgreSQL: commits do not wait for the WAL to reach the disk (`synchronous_commit = off` on each connection).
   * Only for writing the demo data at first start (main.ts): a crash loses at most the last commits of a seed that a
   * crash would leave half-written anyway.
   */
  asyncCommit?: boolean;
}): Promise<Database> {
  const slowQueries: SlowQueries = { ms: opts.slowQueryMs ?? 0, log: null };
  if (opts.databaseUrl) {
    const timeout = opts.pool?.statementTimeoutMs ?? 0;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.pool?.max ?? 10,
      // Sent when each connection opens: every statement on it is cancelled after this long (an export reads page by
      // page, one short statement each, so a long download is not cut off).
      ...(timeout > 0 ? { statement_timeout: timeout } : {}),
      ...(opts.asyncCommit ? { options: "-c synchronous_commit=off" } : {}),
    });
    // A failed idle client must not take the process down; the next query reconnects.
    pool.on("error", () => {});
    // Every query goes through a pooled client (pool.query too, and transactions): each is timed once, when it opens.
    if (slowQueries.ms > 0) pool.on("connect", (client) => timeQueries(client, slowQueries));
    const db = drizzleNodePg(pool) as Db;
    const url = opts.databaseUrl;
    return {
      db,
      kind: "postgres",
      close: () => pool.end(),
      listen: (channel, onPayload, onError) => listenPg(url, channel, onPayload, onError),
      prepared: async <T>(name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows as T[],
      slowQueries,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const extensions = PGLITE_EXTENSIONS;
  let client: PGlite;
  let unlock = () => {};
  if (opts.loadDataDir) {
    client = new PGlite({ loadDataDir: opts.loadDataDir, extensions });
  } else if (opts.memory) {
    client = new PGlite({ extensions });
  } else {
    const dir = join(opts.dataDir ?? "./data", "pglite");
    mkdirSync(dir, { recursive: true });
    // One process at a time on a data directory (dir-lock.ts): a second one refuses before it opens anything.
    unlock = lockDirectory(dir, opts.owner ?? "another process");
    try {
      client = new PGlite(dir, { extensions });
      await client.waitReady;
    } catch (err) {
      unlock();
      throw err;
    }
  }
  await client.waitReady;
  if (slowQueries.ms > 0) {
    // Queries outside a transaction, and those of each transaction (PGlite hands its own `query` to the callback).
    timeQueries(client, slowQueries);
    const transaction = client.transaction.bind(client);
    client.transaction = (fn) =>
      transaction((tx) => {
        timeQueries(tx, slowQueries);
        return fn(tx);
      });
  }
  // After the timing, so that a statement's wait for its turn is not counted as its own slowness.
  const turns = createTurns();
  takeTurns(client, turns);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    slowQueries,
    db,
    kind: "pglite",
    turns,
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    prepared: async <T>(_name: string, text: string, params: unknown[]) => (await client.query<T>(text, params)).rows,
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

/**
 * PGlite's statements and transactions asked by long work (asLongWork) wait for their turn (turns.ts); the calls'
 * own go straight to PGlite. A transaction is one turn: the statements inside it use its own handle.
 */
function takeTurns(client: PGlite, turns: Turns): void {
  for (const name of ["query", "exec", "transaction"] as const) {
    const own = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      inLongWork() ? turns.long(() => own(...args)) : own(...args);
  }
}

/** One connection of its own holding LISTEN; `onError` is told when it breaks (the caller listens again). */
async function listenPg(url: string, channel: string, onPayload: (payload: string) => void, onError?: (err: unknown) => void) {
  const client = new pg.Client({ connectionString: url });
  let stopped = false;
  client.on("error", (err) => {
    if (!stopped) onError?.(err);
  });
  client.on("end", () => {
    if (!stopped) onError?.(new Error("listen connection ended"));
  });
  client.on("notification", (n) => {
    if (n.channel === channel) onPayload(n.payload ?? "");
  });
  await client.connect();
  await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
  return async () => {
    stopped = true;
    await client.end().catch(() => {});
  };
}

/**
 * Apply committed migrations, then (re)install the audit trigger on every table, worded by `auditWords` (the book the
 * domains' words make, `domains/audit-words.ts`: the platform is handed it, it never imports a domain).
 * On PostgreSQL an advisory lock makes concurrent starts of several processes safe.
 */
export async function migrateDatabase(database: Database, auditWords: AuditWords): Promise<void> {
  const { db } = database;
  if (database.kind === "postgres") {
    // One connection throughout (a transaction pins it). drizzle's migrator sends its own begin and commit on it, which
    // ends any transaction-scoped setting or lock partway: so the lock that keeps concurrent starts apart is the
    // session's (held until unlocked, across those commits), and the timeout is set for the connection.
    await db.transaction(async (tx) => {
      // A migration may rewrite a large table: DATABASE_STATEMENT_TIMEOUT_MS is for the calls, not for it.
      await tx.execute(sql`set statement_timeout = 0`);
      await tx.execute(sql`select pg_advisory_lock(71000001)`);
      try {
        await migrateNodePg(tx as unknown as Db, { migrationsFolder });
        await installAudit(tx, auditWords);
      } finally {
        await tx.execute(sql`select pg_advisory_unlock(71000001)`).catch(() => {});
        // Back to the pool's own limit (a failed migration's rollback already undid the set).
        await tx.execute(sql`reset statement_timeout`).catch(() => {});
      }
    });
  } else {
    await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
    await installAudit(db, auditWords);
  }
}

/**
 * How many of the committed migrations this database has not applied (those newer than the last one it recorded):
 * a process started with MIGRATE_ON_START=0 refuses to serve a database that is behind its code.
 */
export async function pendingMigrations(database: Database): Promise<number> {
  const files = readMigrationFiles({ migrationsFolder });
  const { rows: table } = await database.db.execute<{ t: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  let last = 0;
  if (table[0]?.t) {
    const { rows } = await database.db.execute<{ last: string | number | null }>(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    last = Number(rows[0]?.last ?? 0);
  }
  return files.filter((m) => m.folderMillis > last).length;
}

/**
 * Several reads for one answer: at once on the pool (each takes a connection), one after another inside a
 * transaction, whose one connection takes one query at a time (node-postgres warns when given more, and will refuse).
 */
export async function readTogether<const T extends readonly (() => Promise<unknown>)[]>(
  db: Executor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as never;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as never;
}
