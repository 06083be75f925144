import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { shopContent } from "./content.tables";

export type ContentRow = typeof shopContent.$inferSelect;

/** The organisation's content lock for this transaction: a new page's count and code are checked under it. */
export async function lockContent(tx: Executor, boId: string): Promise<void> {
  await rowsOf(tx, sql`select pg_advisory_xact_lock(71000052, hashtext(${boId}))`);
}

export function listWhere(boId: string, f: { keyword?: string | undefined; published?: boolean | undefined }): SQL {
  const c: (SQL | undefined)[] = [eq(shopContent.boId, boId)];
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, "\\$&")}%`;
    c.push(or(ilike(shopContent.title, like), ilike(shopContent.code, like)));
  }
  if (f.published !== undefined) c.push(eq(shopContent.published, f.published));
  return and(...c) as SQL;
}

export const countSource = (where: SQL) => ({ from: sql`${shopContent}`, where });

/** A page of the list: without the HTML. */
export async function listPage(db: Executor, where: SQL, limit: number, offset: number) {
  return db
    .select({
      id: shopContent.id,
      code: shopContent.code,
      title: shopContent.title,
      published: shopContent.published,
      textLength: shopContent.textLength,
      updatedAt: shopContent.updatedAt,
    })
    .from(shopContent)
    .where(where)
    .orderBy(desc(shopContent.updatedAt), desc(shopContent.id))
    .limit(limit)
    .offset(offset);
}

export async function findById(db: Executor, boId: string, id: string, forUpdate = false): Promise<ContentRow | undefined> {
  const q = db
    .select()
    .from(shopContent)
    .where(and(eq(shopContent.boId, boId), eq(shopContent.id, id)));
  const [row] = forUpdate ? await q.for("update") : await q;
  return row;
}

export async function countOf(db: Executor, boId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(shopContent).where(eq(shopContent.boId, boId));
  return Number(row?.n ?? 0);
}

export async function codeTaken(db: Executor, boId: string, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shopContent.id })
    .from(shopContent)
    .where(and(eq(shopContent.boId, boId), eq(shopContent.code, code), ...(exceptId ? [sql`${shopContent.id} <> ${exceptId}`] : [])))
    .limit(1);
  return row !== undefined;
}

export async function insertContent(db: Executor, values: typeof shopContent.$inferInsert): Promise<ContentRow> {
  const [row] = await db.insert(shopContent).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateContent(
  db: Executor,
  id: string,
  patch: { code: string; title: string; content: string; textLength: number; published: boolean },
): Promise<ContentRow> {
  const [row] = await db.update(shopContent).set(patch).where(eq(shopContent.id, id)).returning();
  if (!row) throw new Error("update returned nothing");
  return row;
}
