import { loadConfig } from "../config";
import { openDatabase, pendingMigrations } from "../platform/db/client";
import { applyRelease } from "../release";

/*
 * `npm run db:migrate`: apply the committed migrations (and the reference data and function list that go with a
 * release), then exit. For release pipelines whose server processes start with MIGRATE_ON_START=0. Uses DATABASE_URL
 * when set, otherwise the embedded database under DATA_DIR (refused while a server holds it).
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    owner: "npm run db:migrate",
    pool: config.databasePool,
  });
  try {
    const pending = await pendingMigrations(database);
    await applyRelease(database);
    console.log(pending ? `Applied ${pending} migration(s); the database is up to date.` : "The database was already up to date.");
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
