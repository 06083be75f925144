import { and, eq, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { storedFile } from "./system.tables";

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

export type StoredFileRow = typeof storedFile.$inferSelect;
