import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { invoiceTitle } from "../invoice.tables";

/* Invoice titles, by their owner (an organisation or a buyer account). */

export type TitleRow = typeof invoiceTitle.$inferSelect;
export type TitleOwner = { boId: string } | { memberId: string };

const ownerWhere = (owner: TitleOwner): SQL =>
  "boId" in owner ? sql`${invoiceTitle.boId} = ${owner.boId}` : sql`${invoiceTitle.memberId} = ${owner.memberId}`;

export async function titlesOf(db: Executor, owner: TitleOwner, kind: string | undefined, limit: number): Promise<TitleRow[]> {
  return db
    .select()
    .from(invoiceTitle)
    .where(and(ownerWhere(owner), kind ? eq(invoiceTitle.kind, kind) : undefined))
    .orderBy(desc(invoiceTitle.createdAt), desc(invoiceTitle.id))
    .limit(limit);
}

export async function countTitles(db: Executor, owner: TitleOwner): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${invoiceTitle} where ${ownerWhere(owner)}`);
  return Number(row?.n ?? 0);
}

export async function findTitle(db: Executor, owner: TitleOwner, id: string): Promise<TitleRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceTitle)
    .where(and(ownerWhere(owner), eq(invoiceTitle.id, id)));
  return row;
}

export async function insertTitle(db: Executor, row: typeof invoiceTitle.$inferInsert): Promise<TitleRow> {
  const [saved] = await db.insert(invoiceTitle).values(row).returning();
  if (!saved) throw new Error("insert returned nothing");
  return saved;
}
