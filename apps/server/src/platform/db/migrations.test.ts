import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { auditWords } from "../../domains/audit-words";
import { migrateDatabase, openDatabase, pendingMigrations } from "./client";

describe("pending migrations (MIGRATE_ON_START=0 refuses a database behind its code)", () => {
  it("counts every committed migration on an empty database and none once migrated", async () => {
    const database = await openDatabase({ memory: true });
    try {
      const before = await pendingMigrations(database);
      expect(before).toBeGreaterThan(20);
      await migrateDatabase(database, auditWords);
      expect(await pendingMigrations(database)).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("MIGRATE_ON_START is on unless set to 0", () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: "0" }).migrateOnStart).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_START: "maybe" })).toThrow(/MIGRATE_ON_START/);
  });
});
