import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { seedDemoData } from "../demo/demo-data";
import { type Database, openDatabase, PGLITE_EXTENSIONS } from "../platform/db/client";
import { applyRelease } from "../release";

/**
 * Test databases are copies of a template that is migrated and seeded once per run (vitest's global setup), not
 * migrated and seeded again for every test file: PostgreSQL copies it with `CREATE DATABASE … TEMPLATE`, PGlite
 * starts from its dumped data directory. Two templates: with the demo sellers and without (`demo: false`).
 * Without the global setup (a script importing the harness) each database is built from scratch, as before.
 */
export const TEMPLATE_ENV = "SBO_TEST_TEMPLATE";

export type Flavour = "demo" | "bare";
export const FLAVOURS: readonly Flavour[] = ["demo", "bare"];

/** What a test database holds before its test file starts: migrations, functions, reference data, demo data. */
export async function prepareDatabase(database: Database, demo: boolean): Promise<void> {
  await applyRelease(database);
  if (demo) await seedDemoData(database.db);
}

const withDatabaseName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Builds the templates, the bare one first and the demo one from it (migrating once); answers what the test files
 * need to find them and a function that removes them.
 */
export async function buildTemplates(databaseUrl: string | undefined): Promise<{ location: string; remove(): Promise<void> }> {
  if (databaseUrl) {
    const prefix = `sbo_tpl_${Date.now().toString(36)}_${process.pid}`;
    await admin(databaseUrl, (c) => c.query(`create database ${prefix}_bare`));
    const bare = await openDatabase({ databaseUrl: withDatabaseName(databaseUrl, `${prefix}_bare`) });
    await prepareDatabase(bare, false);
    // A template may have no open connection while it is copied.
    await bare.close();
    await admin(databaseUrl, (c) => c.query(`create database ${prefix}_demo template ${prefix}_bare`));
    const demo = await openDatabase({ databaseUrl: withDatabaseName(databaseUrl, `${prefix}_demo`) });
    await seedDemoData(demo.db);
    await demo.close();
    return {
      location: prefix,
      remove: () =>
        admin(databaseUrl, async (c) => {
          for (const flavour of FLAVOURS) await c.query(`drop database if exists ${prefix}_${flavour} with (force)`);
        }),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "sbo-test-template-"));
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  const database: Database = { db: drizzle(client) as unknown as Database["db"], kind: "pglite", close: () => client.close() };
  const dump = async (flavour: Flavour) =>
    writeFileSync(join(dir, `${flavour}.tar`), Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await prepareDatabase(database, false);
  await dump("bare");
  await seedDemoData(database.db);
  await dump("demo");
  await client.close();
  return { location: dir, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The template of a flavour made by this run's global setup, if there is one. PGlite's dump is a Blob backed by the
 * file, not read into memory: each test file's database took the dump three times over (the file read, the Blob made
 * of it, PGlite's copy), about 480 MB a file for the demo template, which with two databases open at once in a file
 * and PGlite's own memory is how a worker reached gigabytes (issue 23 §5).
 */
export async function templateOf(flavour: Flavour, databaseUrl: string | undefined): Promise<{ pgName: string } | { dump: Blob } | null> {
  const location = process.env[TEMPLATE_ENV];
  if (!location) return null;
  if (databaseUrl) return { pgName: `${location}_${flavour}` };
  return { dump: await openAsBlob(join(location, `${flavour}.tar`)) };
}
