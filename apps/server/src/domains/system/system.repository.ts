import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { fileAttachment, storedFile, sysVersion, webContent } from "./system.tables";

// Stored files.

export async function insertStoredFile(db: Executor, values: typeof storedFile.$inferInsert) {
  const [row] = await db.insert(storedFile).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** Several file records in one insert; their ids in order. */
export async function insertStoredFiles(db: Executor, values: (typeof storedFile.$inferInsert)[]) {
  const rows = await db.insert(storedFile).values(values).returning({ id: storedFile.id });
  if (rows.length !== values.length) throw new Error("insert returned too few rows");
  return rows.map((r) => r.id);
}

export async function setRenditions(db: Executor, id: string, r: { listSha256: string; detailSha256: string }) {
  await db.update(storedFile).set(r).where(eq(storedFile.id, id));
}

export async function findFile(db: Executor, id: string) {
  const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id)).limit(1);
  return row;
}

/** Of `ids`, the organisation's files with their content types. */
export async function filesOf(db: Executor, boId: string, ids: string[]) {
  return db
    .select({ id: storedFile.id, contentType: storedFile.contentType })
    .from(storedFile)
    .where(and(eq(storedFile.boId, boId), inArray(storedFile.id, ids)));
}

// Files attached to a record.

export interface AttachmentKey {
  type: string;
  busType: string;
  refId: string;
}

/** One record's attached files, in their order, at most `limit`. */
export async function attachmentsOf(db: Executor, boId: string, k: AttachmentKey, limit: number) {
  return db
    .select({ a: fileAttachment, f: storedFile })
    .from(fileAttachment)
    .innerJoin(storedFile, eq(storedFile.id, fileAttachment.fileId))
    .where(
      and(
        eq(fileAttachment.boId, boId),
        eq(fileAttachment.busType, k.busType),
        eq(fileAttachment.refId, k.refId),
        eq(fileAttachment.type, k.type),
      ),
    )
    .orderBy(asc(fileAttachment.sort), asc(fileAttachment.id))
    .limit(limit);
}

/** Until the transaction ends, nobody else changes this record's attached files. */
export async function lockAttachments(db: Executor, boId: string, k: AttachmentKey) {
  await rowsOf(db, sql`select pg_advisory_xact_lock(71000053, hashtext(${`${boId}:${k.busType}:${k.refId}`}))`);
}

export async function insertAttachments(db: Executor, values: (typeof fileAttachment.$inferInsert)[]) {
  if (values.length) await db.insert(fileAttachment).values(values);
}

// Versions and web texts.

/** The version list as `pageOf` counts it. */
export const versionCount = { from: sql`${sysVersion}`, where: sql`true` };

export async function pageVersions(db: Executor, limit: number, offset: number) {
  return db.select().from(sysVersion).orderBy(desc(sysVersion.releasedAt)).limit(limit).offset(offset);
}

export async function latestVersion(db: Executor) {
  const [row] = await db.select().from(sysVersion).orderBy(desc(sysVersion.releasedAt)).limit(1);
  return row;
}

export async function webContentsByCode(db: Executor, code: string) {
  return db.select().from(webContent).where(eq(webContent.code, code));
}

/** Of `ids`, the organisation's files with their names. */
export async function fileNames(db: Executor, boId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: storedFile.id, name: storedFile.name })
    .from(storedFile)
    .where(and(eq(storedFile.boId, boId), inArray(storedFile.id, ids)));
}
