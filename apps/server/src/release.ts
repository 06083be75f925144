import { seedReferenceData } from "./demo/reference-data";
import { auditWords } from "./domains/audit-words";
import { identitySource } from "./domains/identity/identity.port";
import { syncFunctions } from "./platform/access/access";
import { type Database, migrateDatabase } from "./platform/db/client";

/**
 * What a release brings to a database, once per start or by `npm run db:migrate`: the committed migrations (with the
 * audit trigger, worded by the domains' book of audit words), the function list roles are made of, and the reference data (areas, categories, units).
 */
export async function applyRelease(database: Database): Promise<void> {
  await migrateDatabase(database, auditWords);
  await syncFunctions(database.db, identitySource);
  await seedReferenceData(database.db);
}
