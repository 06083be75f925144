import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { auditWords } from "../../domains/audit-words";
import { type Database, migrateDatabase, openDatabase, pendingMigrations, shortSql } from "./client";
import { newId } from "./ids";

const url = process.env.TEST_DATABASE_URL;

/** A new empty PostgreSQL database for one test, dropped after it. */
async function withEmptyDatabase(run: (databaseUrl: string) => Promise<void>) {
  const name = `sbo_test_${newId().toLowerCase()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const u = new URL(url ?? "");
    u.pathname = `/${name}`;
    await run(u.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const messageOf = async (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (err: Error) => `${err.message} ${String((err.cause as Error | undefined)?.message ?? "")}`,
  );

describe.skipIf(!url)("the PostgreSQL pool (DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS)", () => {
  it("when the pool is given a size and a statement timeout, then it holds no more connections and cancels longer statements", async () => {
    const database = await openDatabase({ databaseUrl: url, pool: { max: 2, statementTimeoutMs: 300 } });
    try {
      const { rows } = await database.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`);
      expect(rows[0]?.statement_timeout).toBe("300ms");
      expect(await messageOf(database.db.execute(sql`select pg_sleep(1)`))).toContain("statement timeout");
      const sleeps = Promise.all([1, 2, 3, 4].map(() => database.db.execute(sql`select pg_sleep(0.15)`)));
      await new Promise((r) => setTimeout(r, 60));
      expect(database.poolUse?.()).toMatchObject({ total: 2, waiting: 2 });
      await sleeps;
    } finally {
      await database.close();
    }
  });

  it("when the timeout is 0, then statements are not limited", async () => {
    const database = await openDatabase({ databaseUrl: url, pool: { max: 1, statementTimeoutMs: 0 } });
    try {
      const { rows } = await database.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`);
      expect(rows[0]?.statement_timeout).toBe("0");
    } finally {
      await database.close();
    }
  });

  it("when three processes start at once on an empty database, then each waits its turn: all start, every migration once", async () => {
    await withEmptyDatabase(async (databaseUrl) => {
      const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl, pool: { max: 2, statementTimeoutMs: 0 } })));
      try {
        await Promise.all(databases.map((d) => migrateDatabase(d, auditWords)));
        const first = databases[0] as Database;
        expect(await pendingMigrations(first)).toBe(0);
        const { rows } = await first.db.execute<{ n: number; distinct_hashes: number }>(
          sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
        );
        expect(rows[0]?.n).toBe(rows[0]?.distinct_hashes);
        // The lock is given back: nobody holds it once they are done.
        const held = await first.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
        expect(held.rows[0]?.n).toBe(0);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    });
  }, 180_000);

  it("when the process migrates at start under a tiny statement timeout, then the migrations still run to the end", async () => {
    await withEmptyDatabase(async (databaseUrl) => {
      const database = await openDatabase({ databaseUrl, pool: { max: 2, statementTimeoutMs: 1 } });
      try {
        await migrateDatabase(database, auditWords);
        // Counted through a handle without the timeout: under a 1 ms limit even this small read may be cut off on a
        // busy machine (it once was), and what is checked is the migration, not the read.
        const plain = await openDatabase({ databaseUrl });
        try {
          expect(await pendingMigrations(plain)).toBe(0);
        } finally {
          await plain.close();
        }
        // The calls after it are limited again.
        expect(await messageOf(database.db.execute(sql`select pg_sleep(0.05)`))).toContain("statement timeout");
      } finally {
        await database.close();
      }
    });
  }, 120_000);
});

describe("slow queries on the database handle", () => {
  const open = (slowQueryMs: number): Promise<Database> =>
    url ? openDatabase({ databaseUrl: url, slowQueryMs }) : openDatabase({ memory: true, slowQueryMs });

  it("when a query is slower than the threshold, then the log is told its duration and SQL, also in a transaction; quick ones not", async () => {
    const database = await open(100);
    const told: { ms: number; sql: string }[] = [];
    if (database.slowQueries) database.slowQueries.log = (q) => told.push(q);
    try {
      await database.db.execute(sql`select pg_sleep(0.15), ${"a-value"}::text as outside`);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.15) as inside`);
        await tx.execute(sql`select 1 as quick`);
      });
      expect(told.map((q) => q.sql)).toEqual([
        expect.stringMatching(/^select pg_sleep\(0\.15\), \$1::text as outside$/),
        "select pg_sleep(0.15) as inside",
      ]);
      expect(told.every((q) => q.ms >= 100)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it("when the threshold is 0, then nothing is timed", async () => {
    const database = await open(0);
    const told: unknown[] = [];
    if (database.slowQueries) database.slowQueries.log = (q) => told.push(q);
    try {
      await database.db.execute(sql`select pg_sleep(0.05)`);
      expect(told).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("when a query's text is long, then the log gets it on one line, shortened", () => {
    const text = `select\n  a,\n\t b from t where ${"x = 1 and ".repeat(100)}y = 2`;
    const short = shortSql(text);
    expect(short.startsWith("select a, b from t where x = 1")).toBe(true);
    expect(short.length).toBeLessThanOrEqual(301);
    expect(short.endsWith("…")).toBe(true);
  });
});
