import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../platform/db/client";
import { memberRank, shopMember } from "./member.tables";

/* What the member domain offers the domains above it (reads and SQL fragments), so none names its tables. */

// ---- for goods (goods & marketing helper) ----

/** The organisation's member ranks, lowest level first. */
export async function ranksOf(db: Executor, boId: string) {
  return db
    .select({ id: memberRank.id, name: memberRank.name, level: memberRank.level, discount: memberRank.discount })
    .from(memberRank)
    .where(eq(memberRank.boId, boId))
    .orderBy(asc(memberRank.level));
}

/** The level of the rank `rankId` names (a scalar subquery: to sort by in one statement). */
export const rankLevelOf = (rankId: SQL | AnyPgColumn): SQL<number> =>
  sql<number>`(select ${memberRank.level} from ${memberRank} where ${memberRank.id} = ${rankId})`;

/** A derived table of the member ranks (`id`, `bo_id`, `name`, `level`, `discount`) to join in one statement. */
export const memberRanks = (): SQL => sql`(select id, bo_id, name, level, discount from ${memberRank})`;

/**
 * A subquery (for a lateral join) of the rank (`rank_id`, `rank_discount`) of the active member with `phone` in the
 * organisation `boId` (an expression of the outer row); no row without a phone.
 */
export const buyerRankIn = (boId: SQL, phone: string | null): SQL =>
  sql`(select mr.id as rank_id, mr.discount as rank_discount from ${shopMember} sm join ${memberRank} mr on mr.id = sm.rank_id
       where ${phone}::text is not null and sm.bo_id = ${boId} and sm.phone = ${phone} and sm.status = 'active'
       limit 1)`;
