import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { nameTaken as nameTakenIn } from "../../../platform/db/names";
import { memberRank, shopMember } from "../member.tables";

export type RankRow = typeof memberRank.$inferSelect;
export type RankValues = Pick<RankRow, "name" | "level" | "thresholdType" | "thresholdValue" | "discount" | "benefits">;

/** One of the organisation's ranks; `lock` holds it for the change that follows. */
export async function findRank(db: Executor, boId: string, id: string, lock = false): Promise<RankRow | undefined> {
  const q = db
    .select()
    .from(memberRank)
    .where(and(eq(memberRank.boId, boId), eq(memberRank.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** Whether another of the organisation's ranks has this name (case-insensitive). */
export const nameTaken = (db: Executor, boId: string, name: string, exceptId?: string) =>
  nameTakenIn(db, memberRank, { boId, name, exceptId });

/** The name of another of the organisation's ranks at this level, if any. */
export async function rankAtLevel(db: Executor, boId: string, level: number, exceptId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: memberRank.name })
    .from(memberRank)
    .where(and(eq(memberRank.boId, boId), eq(memberRank.level, level), exceptId ? ne(memberRank.id, exceptId) : undefined))
    .limit(1);
  return row?.name;
}

export async function insertRank(db: Executor, boId: string, values: RankValues): Promise<RankRow> {
  const [row] = await db
    .insert(memberRank)
    .values({ boId, ...values })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateRank(db: Executor, boId: string, id: string, values: RankValues): Promise<RankRow> {
  const [row] = await db
    .update(memberRank)
    .set(values)
    .where(and(eq(memberRank.boId, boId), eq(memberRank.id, id)))
    .returning();
  if (!row) throw new Error("update returned nothing");
  return row;
}

export async function deleteRank(db: Executor, id: string): Promise<void> {
  await db.delete(memberRank).where(eq(memberRank.id, id));
}

/** The organisation's ranks, lowest level first, each with how many members hold it. */
export async function ranksWithCounts(db: Executor, boId: string) {
  const counts = db
    .select({ rankId: shopMember.rankId, n: sql<number>`count(*)::int`.as("n") })
    .from(shopMember)
    .where(eq(shopMember.boId, boId))
    .groupBy(shopMember.rankId)
    .as("counts");
  const rows = await db
    .select({ r: memberRank, n: counts.n })
    .from(memberRank)
    .leftJoin(counts, eq(counts.rankId, memberRank.id))
    .where(eq(memberRank.boId, boId))
    .orderBy(asc(memberRank.level));
  return rows.map(({ r, n }) => ({ r, n: Number(n ?? 0) }));
}

/** Names of the organisation's ranks by id. */
export async function rankNames(db: Executor, boId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: memberRank.id, name: memberRank.name })
    .from(memberRank)
    .where(and(eq(memberRank.boId, boId), inArray(memberRank.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
