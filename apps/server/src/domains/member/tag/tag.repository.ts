import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { containing } from "../../../platform/db/like";
import { nameTaken as nameTakenIn } from "../../../platform/db/names";
import { memberTag, shopMemberTag } from "../member.tables";

export type TagRow = typeof memberTag.$inferSelect;

/** The organisation's tags (optionally by part of the name), by name, each with how many members carry it. */
export async function tagsWithCounts(db: Executor, boId: string, name: string | undefined) {
  const counts = db
    .select({ tagId: shopMemberTag.tagId, n: sql<number>`count(*)::int`.as("n") })
    .from(shopMemberTag)
    .where(eq(shopMemberTag.boId, boId))
    .groupBy(shopMemberTag.tagId)
    .as("counts");
  const rows = await db
    .select({ id: memberTag.id, name: memberTag.name, color: memberTag.color, n: counts.n })
    .from(memberTag)
    .leftJoin(counts, eq(counts.tagId, memberTag.id))
    .where(and(eq(memberTag.boId, boId), name ? sql`lower(${memberTag.name}) like lower(${containing(name)})` : undefined))
    .orderBy(asc(memberTag.name));
  return rows.map(({ n, ...tag }) => ({ ...tag, memberCount: Number(n ?? 0) }));
}

/** Locks one of the organisation's tags for the change that follows; undefined when it is not theirs. */
export async function lockTag(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select({ id: memberTag.id })
    .from(memberTag)
    .where(and(eq(memberTag.boId, boId), eq(memberTag.id, id)))
    .for("update");
  return row;
}

/** Whether another of the organisation's tags has this name (case-insensitive). */
export const nameTaken = (db: Executor, boId: string, name: string, exceptId?: string) =>
  nameTakenIn(db, memberTag, { boId, name, exceptId });

export async function countTags(db: Executor, boId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(memberTag).where(eq(memberTag.boId, boId));
  return Number(row?.n ?? 0);
}

export async function insertTag(db: Executor, boId: string, values: { name: string; color: string }): Promise<TagRow> {
  const [row] = await db
    .insert(memberTag)
    .values({ boId, ...values })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateTag(db: Executor, boId: string, id: string, values: { name: string; color: string }): Promise<TagRow> {
  const [row] = await db
    .update(memberTag)
    .set(values)
    .where(and(eq(memberTag.boId, boId), eq(memberTag.id, id)))
    .returning();
  if (!row) throw new Error("update returned nothing");
  return row;
}

export async function deleteTag(db: Executor, id: string): Promise<void> {
  await db.delete(memberTag).where(eq(memberTag.id, id));
}
