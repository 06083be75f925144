import { seedReferenceData } from "./demo/reference-data";
import { identitySource } from "./domains/identity/identity.port";
import { syncFunctions } from "./platform/access/access";
import { type Database, migrateDatabase } from "./platform/db/client";

/**
 * What a release brings to a database, once per start or by `npm run db:migrate`: the committed migrations (with the
 * audit trigger), the function list roles are made of, and the reference data (areas, categories, units).
 */
export async function applyRelease(database: Database): Promise<void> {
  await migrateDatabase(database);
  await syncFunctions(database.db, identitySource);
  await seedReferenceData(database.db);
}
