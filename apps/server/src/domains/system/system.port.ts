import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { storedFile } from "./system.tables";

/*
 * The system domain's declared module for others: what other domains read of the stored files without naming its
 * tables (docs/architecture.md, "Inside a domain"). Storing and filing files stays with system.service.ts.
 */

// ---- stored files: for the order readers, adverts and media ----

export type StoredFileRow = typeof storedFile.$inferSelect;

/** Stored files (id, bo_id, member_id, name, content_type, size, sha256, purpose), to join under an alias as a table. */
export const storedFileView: SQL = sql`(select id, bo_id, member_id, name, content_type, size, sha256, purpose from ${storedFile})`;

/** The stored files among `ids` (any owner: the caller checks). */
export const filesByIds = (db: Executor, ids: string[]): Promise<StoredFileRow[]> =>
  ids.length === 0 ? Promise.resolve([]) : db.select().from(storedFile).where(inArray(storedFile.id, ids));

/** A stored file by id, any owner's. */
export async function fileById(db: Executor, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id));
  return row;
}

/** An uploaded file of the organisation. */
export async function fileOfOrganisation(db: Executor, boId: string, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.id, id), eq(storedFile.boId, boId)));
  return row;
}

// --- people: files named by reference data and organisation records ---

/** Of `ids`, the organisation's uploaded files with their names. */
export { fileNames } from "./system.repository";

// --- end people ---

/* What the system domain offers the domains above it (reads and SQL fragments), so none names its tables. */

// ---- for adverts and media (goods & marketing helper) ----

/** The organisation's own stored file with one of `purposes` (its id and content type). */
export async function ownFileFor(db: Executor, boId: string, id: string, purposes: string[]) {
  const [row] = await rowsOf<{ id: string; content_type: string }>(
    db,
    sql`select id, content_type from ${storedFile} where id = ${id} and bo_id = ${boId} and purpose in ${purposes}`,
  );
  return row;
}

/* What the system domain offers other domains: reads of stored files. */

// ---- for orders (payment vouchers) ----

/** A stored file's name, for a file id column (a scalar subquery, so a list stays one query). */
export const fileNameSql = (fileId: SQLWrapper) => sql`(select sf.name from ${storedFile} sf where sf.id = ${fileId})`;

/** A file the buyer uploaded through the buyer API (no organisation, the buyer's account). */
export async function buyerFile(db: Executor, memberId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.id, fileId), eq(storedFile.memberId, memberId), isNull(storedFile.boId)));
  return row;
}
