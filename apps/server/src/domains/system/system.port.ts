import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { storedFile } from "./system.tables";

/* What the system domain offers the domains above it (reads and SQL fragments), so none names its tables. */

// ---- for adverts and media (goods & marketing helper) ----

export type StoredFileRow = typeof storedFile.$inferSelect;

/**
 * Stored files as other domains join them in one statement: a derived table of
 * (id, bo_id, name, content_type, size, sha256, purpose).
 */
export const storedFiles = (): SQL => sql`(select id, bo_id, name, content_type, size, sha256, purpose from ${storedFile})`;

/** Stored files among `ids`, by id. */
export async function filesByIds(db: Executor, ids: string[]): Promise<Map<string, StoredFileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(storedFile).where(inArray(storedFile.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The organisation's own stored file. */
export async function ownFile(db: Executor, boId: string, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.boId, boId), eq(storedFile.id, id)));
  return row;
}

/** The organisation's own stored file with one of `purposes` (its id and content type). */
export async function ownFileFor(db: Executor, boId: string, id: string, purposes: string[]) {
  const [row] = await rowsOf<{ id: string; content_type: string }>(
    db,
    sql`select id, content_type from ${storedFile} where id = ${id} and bo_id = ${boId} and purpose in ${purposes}`,
  );
  return row;
}
