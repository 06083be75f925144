import pg from "pg";
import { buildTemplates, TEMPLATE_ENV } from "./template";

/**
 * With TEST_DATABASE_URL the suite runs on PostgreSQL. In CI an unreachable server fails the run;
 * on a developer's machine the suite falls back to the embedded database and says so.
 * Then the run's template databases are built once (see template.ts); the test files copy them.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query("select 1");
    } catch (err) {
      if (process.env.CI) throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable: ${(err as Error).message}`);
      console.warn(`PostgreSQL at TEST_DATABASE_URL is unreachable (${(err as Error).message}); running on PGlite instead.`);
      delete process.env.TEST_DATABASE_URL;
    } finally {
      await client.end().catch(() => {});
    }
  }
  // SBO_TEST_TEMPLATE=off builds every test database from scratch (to compare, or to debug a template).
  if (process.env[TEMPLATE_ENV] === "off") {
    delete process.env[TEMPLATE_ENV];
    return;
  }
  const templates = await buildTemplates(process.env.TEST_DATABASE_URL);
  process.env[TEMPLATE_ENV] = templates.location;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await templates.remove();
  };
}
