import { loadConfig } from "../config";
import { rebuildRollups } from "../domains/statement/rollup.jobs";
import { openDatabase } from "../platform/db/client";

/*
 * `npm run db:rollups [-- <bo_id> …]`: recompute the reports' rollups (day sales, goods, buyers, purchases, to-dos) from
 * the orders, lines, payments and refunds, one transaction per organisation (every organisation, or those named).
 * Safe beside running servers: each organisation's writes wait for its rebuild (docs/operations.md, "Report rollups").
 * Uses DATABASE_URL when set, otherwise the embedded database under DATA_DIR (refused while a server holds it).
 */
async function main() {
  const named = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    owner: "npm run db:rollups",
    pool: config.databasePool,
  });
  try {
    const report = await rebuildRollups(database.db, {
      ...(named.length > 0 ? { boIds: named } : {}),
      onEach: (boId, ms) => console.log(`${boId}: ${Math.round(ms)} ms`),
    });
    console.log(`Rebuilt the rollups of ${report.organisations} organisation(s) in ${(report.ms / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
