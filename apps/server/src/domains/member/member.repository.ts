import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { startingWith } from "../../platform/db/like";
import { memberRank, memberTag, shopMember, shopMemberTag } from "./member.tables";

/** The member list's filters (also a saved "memberList.filters" template's content). */
export interface MemberFilters {
  name?: string | undefined;
  phone?: string | undefined;
  memberNo?: string | undefined;
  rankId?: string | undefined;
  tagId?: string | undefined;
  status?: string | undefined;
  joinedFrom?: string | undefined;
  joinedTo?: string | undefined;
  spendMin?: number | undefined;
  spendMax?: number | undefined;
}

export type MemberRow = typeof shopMember.$inferSelect;
export type TagRef = { id: string; name: string; color: string };

export const rankRefSelect = { id: memberRank.id, name: memberRank.name, level: memberRank.level, discount: memberRank.discount };
/** A member with its rank (null when it has none). */
export interface Joined {
  m: MemberRow;
  rank: { id: string; name: string; level: number; discount: number } | null;
}
export const joinedSelect = { m: shopMember, rank: rankRefSelect };

/** The organisation's members matching the filters (prefix matches: indexable on a million rows). */
export function memberWhere(boId: string, f: MemberFilters): SQL {
  const c: SQL[] = [eq(shopMember.boId, boId)];
  if (f.name) c.push(sql`${shopMember.name} like ${startingWith(f.name)}`);
  if (f.phone) c.push(sql`${shopMember.phone} like ${startingWith(f.phone)}`);
  if (f.memberNo) c.push(sql`${shopMember.memberNo} like ${startingWith(f.memberNo)}`);
  if (f.rankId) c.push(eq(shopMember.rankId, f.rankId));
  if (f.status) c.push(eq(shopMember.status, f.status));
  if (f.joinedFrom) c.push(gte(shopMember.joinedAt, new Date(f.joinedFrom)));
  if (f.joinedTo) c.push(lte(shopMember.joinedAt, new Date(f.joinedTo)));
  if (f.spendMin !== undefined) c.push(gte(shopMember.totalSpend, f.spendMin));
  if (f.spendMax !== undefined) c.push(lte(shopMember.totalSpend, f.spendMax));
  if (f.tagId) {
    c.push(
      sql`exists (select 1 from ${shopMemberTag} where ${shopMemberTag.memberId} = ${shopMember.id} and ${shopMemberTag.tagId} = ${f.tagId})`,
    );
  }
  return and(...c) as SQL;
}

/** What the list's bounded count reads. */
export const memberCountSource = (where: SQL) => ({ from: sql`${shopMember}`, where });

/** A page of members with their ranks, newest first. */
export async function memberPage(db: Executor, where: SQL, limit: number, offset: number): Promise<Joined[]> {
  return db
    .select(joinedSelect)
    .from(shopMember)
    .leftJoin(memberRank, eq(memberRank.id, shopMember.rankId))
    .where(where)
    .orderBy(desc(shopMember.joinedAt), desc(shopMember.id))
    .limit(limit)
    .offset(offset);
}

export async function findJoined(db: Executor, boId: string, id: string): Promise<Joined | undefined> {
  const [row] = await db
    .select(joinedSelect)
    .from(shopMember)
    .leftJoin(memberRank, eq(memberRank.id, shopMember.rankId))
    .where(and(eq(shopMember.boId, boId), eq(shopMember.id, id)));
  return row;
}

/** Locks one of the organisation's members for the change that follows. */
export async function lockMember(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select({ id: shopMember.id })
    .from(shopMember)
    .where(and(eq(shopMember.boId, boId), eq(shopMember.id, id)))
    .for("update");
  return row;
}

export async function updateMember(db: Executor, id: string, patch: Partial<Pick<MemberRow, "rankId" | "status" | "remark">>) {
  await db.update(shopMember).set(patch).where(eq(shopMember.id, id));
}

/** The tags of these members, in one query. */
export async function tagsOf(db: Executor, memberIds: string[]): Promise<Map<string, TagRef[]>> {
  const byMember = new Map<string, TagRef[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .select({ memberId: shopMemberTag.memberId, id: memberTag.id, name: memberTag.name, color: memberTag.color })
    .from(shopMemberTag)
    .innerJoin(memberTag, eq(memberTag.id, shopMemberTag.tagId))
    .where(inArray(shopMemberTag.memberId, memberIds))
    .orderBy(asc(memberTag.name));
  for (const { memberId, ...tag } of rows) byMember.set(memberId, [...(byMember.get(memberId) ?? []), tag]);
  return byMember;
}

export async function tagIdsOfMember(db: Executor, memberId: string): Promise<string[]> {
  return (await db.select({ tagId: shopMemberTag.tagId }).from(shopMemberTag).where(eq(shopMemberTag.memberId, memberId))).map(
    (r) => r.tagId,
  );
}

/** Gives each member each tag (pairs already there are kept); answers how many pairs were added. */
export async function addTags(db: Executor, boId: string, memberIds: string[], tagIds: string[]): Promise<string[]> {
  if (memberIds.length === 0 || tagIds.length === 0) return [];
  const rows = await db
    .insert(shopMemberTag)
    .values(memberIds.flatMap((memberId) => tagIds.map((tagId) => ({ boId, memberId, tagId }))))
    .onConflictDoNothing()
    .returning({ memberId: shopMemberTag.memberId });
  return rows.map((r) => r.memberId);
}

/** Takes the tags from the members; answers the member of each pair removed. */
export async function removeTags(db: Executor, boId: string, memberIds: string[], tagIds: string[]): Promise<string[]> {
  if (memberIds.length === 0 || tagIds.length === 0) return [];
  const rows = await db
    .delete(shopMemberTag)
    .where(and(eq(shopMemberTag.boId, boId), inArray(shopMemberTag.memberId, memberIds), inArray(shopMemberTag.tagId, tagIds)))
    .returning({ memberId: shopMemberTag.memberId });
  return rows.map((r) => r.memberId);
}

/** How many of the organisation's members hold a rank. */
export async function membersOfRank(db: Executor, boId: string, rankId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shopMember)
    .where(and(eq(shopMember.boId, boId), eq(shopMember.rankId, rankId)));
  return Number(row?.n ?? 0);
}

/** The ids among `ids` that are rows of the organisation in the table (ranks, tags or members). */
export async function ownIds(db: Executor, table: typeof memberRank | typeof memberTag | typeof shopMember, boId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.boId, boId), inArray(table.id, ids)));
  return new Set(found.map((r) => r.id));
}

/** Members' names by id. */
export async function memberNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: shopMember.id, name: shopMember.name }).from(shopMember).where(inArray(shopMember.id, ids));
  return new Map(rows.map((m) => [m.id, m.name]));
}
