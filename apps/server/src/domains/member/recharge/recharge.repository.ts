import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { containing } from "../../../platform/db/like";
import { rechargePromotion } from "../member.tables";

export type RechargeRow = typeof rechargePromotion.$inferSelect;
export type RechargeValues = Pick<RechargeRow, "name" | "payAmount" | "bonusAmount" | "bonusPoints" | "validFrom" | "validTo" | "rankIds">;

/** An offer that is not (stored or by its validity) ended. */
const notEnded = sql`(${rechargePromotion.status} = 'draft' or (${rechargePromotion.status} = 'active' and ${rechargePromotion.validTo} > now()))`;

/** The organisation's offers by (part of the) name and by status as shown (an active offer past its validity is ended). */
export function rechargeWhere(boId: string, f: { name?: string | undefined; status?: "draft" | "active" | "ended" | undefined }): SQL {
  const c: SQL[] = [eq(rechargePromotion.boId, boId)];
  if (f.name) c.push(sql`lower(${rechargePromotion.name}) like lower(${containing(f.name)})`);
  if (f.status === "draft") c.push(eq(rechargePromotion.status, "draft"));
  if (f.status === "active") c.push(sql`${rechargePromotion.status} = 'active' and ${rechargePromotion.validTo} > now()`);
  if (f.status === "ended") c.push(sql`not ${notEnded}`);
  return and(...c) as SQL;
}

/** What the list's bounded count reads. */
export const rechargeCountSource = (where: SQL) => ({ from: sql`${rechargePromotion}`, where });

export async function rechargePage(db: Executor, where: SQL, limit: number, offset: number): Promise<RechargeRow[]> {
  return db
    .select()
    .from(rechargePromotion)
    .where(where)
    .orderBy(desc(rechargePromotion.createdAt), desc(rechargePromotion.id))
    .limit(limit)
    .offset(offset);
}

/** Locks one of the organisation's offers for the change that follows. */
export async function lockRecharge(db: Executor, boId: string, id: string): Promise<RechargeRow | undefined> {
  const [row] = await db
    .select()
    .from(rechargePromotion)
    .where(and(eq(rechargePromotion.boId, boId), eq(rechargePromotion.id, id)))
    .for("update");
  return row;
}

export async function insertRecharge(db: Executor, boId: string, values: RechargeValues): Promise<RechargeRow> {
  const [row] = await db
    .insert(rechargePromotion)
    .values({ boId, ...values })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateRecharge(db: Executor, boId: string, id: string, values: Partial<RechargeValues & { status: string }>) {
  const [row] = await db
    .update(rechargePromotion)
    .set(values)
    .where(and(eq(rechargePromotion.boId, boId), eq(rechargePromotion.id, id)))
    .returning();
  if (!row) throw new Error("update returned nothing");
  return row;
}

/** How many of the organisation's offers that are not ended name a rank. */
export async function openOffersWithRank(db: Executor, boId: string, rankId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rechargePromotion)
    .where(and(eq(rechargePromotion.boId, boId), sql`${rechargePromotion.rankIds} @> ${JSON.stringify([rankId])}::jsonb`, notEnded));
  return Number(row?.n ?? 0);
}
