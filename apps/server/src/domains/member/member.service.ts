import { codes, type contract, type OutputOf, type ParsedInputOf } from "@sbo/contract";
import { and, asc, desc, eq, gte, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { containing, startingWith } from "../../platform/db/like";
import { rowsOf } from "../../platform/db/rows";
import { inZone, sheetColumns } from "../../platform/export/columns";
import { xlsxStream } from "../../platform/export/xlsx";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { AppError, badField, notFound, stateForbids } from "../../platform/http/errors";
import { keysetBatches, pageOf } from "../../platform/http/paging";
import { shopTimeZone } from "../shop/shop.service";
import { type MemberExportColumn, memberExportColumns, memberExportNames } from "./member.export-columns";
import { dataTemp, memberRank, memberTag, rechargePromotion, shopMember, shopMemberTag } from "./member.tables";

type M = typeof contract.member;
type In<K extends keyof M> = ParsedInputOf<M[K]>;
type Out<K extends keyof M> = OutputOf<M[K]>;
type Filters = Omit<In<"exportMemberList">, "columns">;
type MemberRow = typeof shopMember.$inferSelect;
type RankRow = typeof memberRank.$inferSelect;
type RechargeRow = typeof rechargePromotion.$inferSelect;
type TagRef = Out<"selMemberInfoById">["tags"][number];

/** At most this many tags per organisation (the tag list is not paged), and templates per member and type. */
export const MAX_TAGS = 100;
export const MAX_TEMPLATES = 50;

/**
 * Something that references a member rank and so keeps it from being deleted. Members and open
 * recharge offers are built in; the goods domain adds its member prices through `createMemberService`.
 */
export interface RankUsage {
  /** Singular and plural noun for the message, e.g. ["member", "members"]. */
  what: [string, string];
  count(db: Executor, boId: string, rankId: string): Promise<number>;
}

/** An offer that is not (stored or by its validity) ended. */
const notEnded = sql`(${rechargePromotion.status} = 'draft' or (${rechargePromotion.status} = 'active' and ${rechargePromotion.validTo} > now()))`;

const countOf = async (db: Executor, query: SQL) => Number((await rowsOf<{ n: number | string }>(db, query))[0]?.n ?? 0);

const membersOfRank = (db: Executor, boId: string, rankId: string) =>
  countOf(db, sql`select count(*)::int as n from ${shopMember} where ${shopMember.boId} = ${boId} and ${shopMember.rankId} = ${rankId}`);

const builtInRankUsages: RankUsage[] = [
  { what: ["member", "members"], count: membersOfRank },
  {
    what: ["open recharge offer", "open recharge offers"],
    count: (db, boId, rankId) =>
      countOf(
        db,
        sql`select count(*)::int as n from ${rechargePromotion} where ${rechargePromotion.boId} = ${boId}
            and ${rechargePromotion.rankIds} @> ${JSON.stringify([rankId])}::jsonb and ${notEnded}`,
      ),
  },
];

export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const rankOut = (r: RankRow, memberCount: number) => ({
  id: r.id,
  name: r.name,
  level: r.level,
  thresholdType: r.thresholdType as "spend" | "points",
  thresholdValue: r.thresholdValue,
  discount: r.discount,
  benefits: r.benefits,
  memberCount,
});

const rankRefSelect = { id: memberRank.id, name: memberRank.name, level: memberRank.level, discount: memberRank.discount };
interface Joined {
  m: MemberRow;
  rank: { id: string; name: string; level: number; discount: number } | null;
}

function listItemOf({ m, rank }: Joined, tags: TagRef[], maskedPhone = true) {
  return {
    id: m.id,
    memberNo: m.memberNo,
    name: m.name,
    phone: maskedPhone ? maskPhone(m.phone) : m.phone,
    gender: m.gender as "male" | "female" | null,
    rank,
    tags,
    points: m.points,
    totalSpend: m.totalSpend,
    orderCount: m.orderCount,
    lastOrderAt: iso(m.lastOrderAt),
    joinedAt: m.joinedAt.toISOString(),
    status: m.status as "active" | "frozen",
    source: m.source,
  };
}

function memberWhere(boId: string, f: Filters): SQL {
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

/** The tags of these members, in one query. */
async function tagsOf(db: Executor, memberIds: string[]): Promise<Map<string, TagRef[]>> {
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

const joinedSelect = { m: shopMember, rank: rankRefSelect };

async function withTags(db: Executor, rows: Joined[]) {
  const tags = await tagsOf(
    db,
    rows.map((r) => r.m.id),
  );
  return rows.map((r) => listItemOf(r, tags.get(r.m.id) ?? []));
}

/** The member list in batches (joined desc, id desc) for the export. */
async function* memberBatches(db: Executor, where: SQL) {
  const batches = keysetBatches(
    { at: shopMember.joinedAt, id: shopMember.id },
    where,
    (w, orderBy, size): Promise<Joined[]> =>
      db
        .select(joinedSelect)
        .from(shopMember)
        .leftJoin(memberRank, eq(memberRank.id, shopMember.rankId))
        .where(w)
        .orderBy(...orderBy)
        .limit(size),
    (r) => ({ at: r.m.joinedAt, id: r.m.id }),
  );
  for await (const rows of batches) yield await withTags(db, rows);
}

type Item = Awaited<ReturnType<typeof withTags>>[number];

function effectiveStatus(r: RechargeRow, now = new Date()): "draft" | "active" | "ended" {
  if (r.status === "active" && r.validTo <= now) return "ended";
  return r.status as "draft" | "active" | "ended";
}

/** The allowed changes of a recharge offer: draft → active → ended, never back. */
const RECHARGE_NEXT: Record<string, string | undefined> = { draft: "active", active: "ended" };

async function ranksNamed(db: Executor, boId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: memberRank.id, name: memberRank.name })
    .from(memberRank)
    .where(and(eq(memberRank.boId, boId), inArray(memberRank.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function rechargesOut(db: Executor, boId: string, rows: RechargeRow[]) {
  const names = await ranksNamed(db, boId, [...new Set(rows.flatMap((r) => r.rankIds))]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    payAmount: r.payAmount,
    bonusAmount: r.bonusAmount,
    bonusPoints: r.bonusPoints,
    validFrom: r.validFrom.toISOString(),
    validTo: r.validTo.toISOString(),
    status: effectiveStatus(r),
    ranks: r.rankIds.flatMap((id) => {
      const name = names.get(id);
      return name ? [{ id, name }] : [];
    }),
    createdAt: r.createdAt.toISOString(),
  }));
}

const templateOut = (r: typeof dataTemp.$inferSelect) => ({
  id: r.id,
  type: r.type as Out<"selDataTempByType">[number]["type"],
  name: r.name,
  content: r.content,
  updatedAt: r.updatedAt.toISOString(),
});

/** Every id must be one of the organisation's rows, else the field is refused and nothing is written. */
async function requireOwn(
  db: Executor,
  table: typeof memberRank | typeof memberTag | typeof shopMember,
  boId: string,
  ids: string[],
  field: string,
  what: string,
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.boId, boId), inArray(table.id, unique)));
  if (found.length !== unique.length) throw badField(field, `contains an id that is not ${what} of your shop`);
  return unique;
}

export function createMemberService(extraRankUsages: RankUsage[] = []) {
  const rankUsages = [...builtInRankUsages, ...extraRankUsages];

  async function detail(db: Executor, boId: string, id: string): Promise<Out<"selMemberInfoById">> {
    const [row] = await db
      .select(joinedSelect)
      .from(shopMember)
      .leftJoin(memberRank, eq(memberRank.id, shopMember.rankId))
      .where(and(eq(shopMember.boId, boId), eq(shopMember.id, id)));
    if (!row) throw notFound("That member");
    const tags = await tagsOf(db, [id]);
    return {
      ...listItemOf(row, tags.get(id) ?? [], false),
      birthday: row.m.birthday,
      remark: row.m.remark,
      updatedAt: row.m.updatedAt.toISOString(),
    };
  }

  async function rechargeById(db: Executor, boId: string, id: string) {
    const [row] = await db
      .select()
      .from(rechargePromotion)
      .where(and(eq(rechargePromotion.boId, boId), eq(rechargePromotion.id, id)))
      .for("update");
    if (!row) throw notFound("That recharge offer");
    return row;
  }

  return {
    async addMemberRank(ctx: Ctx, input: In<"addMemberRank">): Promise<Out<"addMemberRank">> {
      const { boId } = ctx.me();
      if (input.id) {
        const [own] = await ctx.db
          .select({ id: memberRank.id })
          .from(memberRank)
          .where(and(eq(memberRank.boId, boId), eq(memberRank.id, input.id)));
        if (!own) throw notFound("That rank");
      }
      const others = input.id ? ne(memberRank.id, input.id) : undefined;
      const [sameName] = await ctx.db
        .select({ id: memberRank.id })
        .from(memberRank)
        .where(and(eq(memberRank.boId, boId), sql`lower(${memberRank.name}) = lower(${input.name})`, others));
      if (sameName) throw badField("name", "is already used by another rank");
      const [sameLevel] = await ctx.db
        .select({ name: memberRank.name })
        .from(memberRank)
        .where(and(eq(memberRank.boId, boId), eq(memberRank.level, input.level), others));
      if (sameLevel) throw badField("level", `is already the level of the rank "${sameLevel.name}"`);
      const values = {
        name: input.name,
        level: input.level,
        thresholdType: input.thresholdType,
        thresholdValue: input.thresholdValue,
        discount: input.discount,
        benefits: input.benefits,
      };
      const [row] = input.id
        ? await ctx.db
            .update(memberRank)
            .set(values)
            .where(and(eq(memberRank.boId, boId), eq(memberRank.id, input.id)))
            .returning()
        : await ctx.db
            .insert(memberRank)
            .values({ boId, ...values })
            .returning();
      if (!row) throw new Error("write returned nothing");
      return rankOut(row, await membersOfRank(ctx.db, boId, row.id));
    },

    async delMemberRank(ctx: Ctx, input: In<"delMemberRank">): Promise<null> {
      const { boId } = ctx.me();
      const [row] = await ctx.db
        .select()
        .from(memberRank)
        .where(and(eq(memberRank.boId, boId), eq(memberRank.id, input.id)))
        .for("update");
      if (!row) throw notFound("That rank");
      const uses: string[] = [];
      for (const usage of rankUsages) {
        const n = await usage.count(ctx.db, boId, row.id);
        if (n > 0) uses.push(`${n} ${usage.what[n === 1 ? 0 : 1]}`);
      }
      if (uses.length) {
        throw new AppError(
          codes.CONFLICT,
          `The rank "${row.name}" is in use by ${uses.join(" and ")}; move them to another rank first, then delete it`,
          { data: { uses } },
        );
      }
      await ctx.db.delete(memberRank).where(eq(memberRank.id, row.id));
      return null;
    },

    async selMemberRankList(ctx: Ctx): Promise<Out<"selMemberRankList">> {
      const { boId } = ctx.me();
      const counts = ctx.db
        .select({ rankId: shopMember.rankId, n: sql<number>`count(*)::int`.as("n") })
        .from(shopMember)
        .where(eq(shopMember.boId, boId))
        .groupBy(shopMember.rankId)
        .as("counts");
      const rows = await ctx.db
        .select({ r: memberRank, n: counts.n })
        .from(memberRank)
        .leftJoin(counts, eq(counts.rankId, memberRank.id))
        .where(eq(memberRank.boId, boId))
        .orderBy(asc(memberRank.level));
      return rows.map(({ r, n }) => rankOut(r, Number(n ?? 0)));
    },

    selMemberInfoById: (ctx: Ctx, input: In<"selMemberInfoById">) => detail(ctx.db, ctx.me().boId, input.id),

    async selMemberByParam(ctx: Ctx, input: In<"selMemberByParam">): Promise<Out<"selMemberByParam">> {
      const where = memberWhere(ctx.me().boId, input);
      return pageOf(ctx.db, input, { from: sql`${shopMember}`, where }, async (limit, offset) =>
        withTags(
          ctx.db,
          await ctx.db
            .select(joinedSelect)
            .from(shopMember)
            .leftJoin(memberRank, eq(memberRank.id, shopMember.rankId))
            .where(where)
            .orderBy(desc(shopMember.joinedAt), desc(shopMember.id))
            .limit(limit)
            .offset(offset),
        ),
      );
    },

    async exportMemberList(ctx: Ctx, input: In<"exportMemberList">): Promise<FileResult> {
      const { columns, ...filters } = input;
      const chosen = (columns ?? (Object.keys(memberExportColumns) as MemberExportColumn[])).map((c) => memberExportColumns[c]);
      const timeZone = await shopTimeZone(ctx.db, ctx.me().boId);
      const stream = xlsxStream<Item>(
        memberExportNames.sheet[ctx.lang],
        sheetColumns(chosen, { lang: ctx.lang, timeZone }),
        memberBatches(ctx.db, memberWhere(ctx.me().boId, filters)),
      );
      const today = inZone(new Date(), timeZone).toISOString().slice(0, 10);
      return { fileName: `${memberExportNames.file[ctx.lang]}-${today}.xlsx`, stream };
    },

    async updMemberById(ctx: Ctx, input: In<"updMemberById">): Promise<Out<"updMemberById">> {
      const { boId } = ctx.me();
      const [row] = await ctx.db
        .select({ id: shopMember.id })
        .from(shopMember)
        .where(and(eq(shopMember.boId, boId), eq(shopMember.id, input.id)))
        .for("update");
      if (!row) throw notFound("That member");
      if (input.rankId) await requireOwn(ctx.db, memberRank, boId, [input.rankId], "rankId", "a rank");
      const tagIds = input.tagIds ? await requireOwn(ctx.db, memberTag, boId, input.tagIds, "tagIds", "a tag") : undefined;
      const patch = {
        ...(input.rankId !== undefined ? { rankId: input.rankId } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.remark !== undefined ? { remark: input.remark } : {}),
      };
      if (Object.keys(patch).length) await ctx.db.update(shopMember).set(patch).where(eq(shopMember.id, row.id));
      if (tagIds) {
        const current = await ctx.db.select({ tagId: shopMemberTag.tagId }).from(shopMemberTag).where(eq(shopMemberTag.memberId, row.id));
        const had = new Set(current.map((c) => c.tagId));
        const gone = [...had].filter((t) => !tagIds.includes(t));
        const added = tagIds.filter((t) => !had.has(t));
        if (gone.length)
          await ctx.db.delete(shopMemberTag).where(and(eq(shopMemberTag.memberId, row.id), inArray(shopMemberTag.tagId, gone)));
        if (added.length) await ctx.db.insert(shopMemberTag).values(added.map((tagId) => ({ boId, memberId: row.id, tagId })));
      }
      return detail(ctx.db, boId, row.id);
    },

    async selMemberTagByParam(ctx: Ctx, input: In<"selMemberTagByParam">): Promise<Out<"selMemberTagByParam">> {
      const { boId } = ctx.me();
      const ownTags = and(
        eq(memberTag.boId, boId),
        input.name ? sql`lower(${memberTag.name}) like lower(${containing(input.name)})` : undefined,
      );
      const counts = ctx.db
        .select({ tagId: shopMemberTag.tagId, n: sql<number>`count(*)::int`.as("n") })
        .from(shopMemberTag)
        .where(eq(shopMemberTag.boId, boId))
        .groupBy(shopMemberTag.tagId)
        .as("counts");
      const rows = await ctx.db
        .select({ id: memberTag.id, name: memberTag.name, color: memberTag.color, n: counts.n })
        .from(memberTag)
        .leftJoin(counts, eq(counts.tagId, memberTag.id))
        .where(ownTags)
        .orderBy(asc(memberTag.name));
      return rows.map(({ n, ...tag }) => ({ ...tag, memberCount: Number(n ?? 0) }));
    },

    async addOrUpdMemberTag(ctx: Ctx, input: In<"addOrUpdMemberTag">): Promise<Out<"addOrUpdMemberTag">> {
      const { boId } = ctx.me();
      if (input.id) await requireOwnOrMissing(ctx.db, memberTag, boId, input.id, "That tag");
      const [same] = await ctx.db
        .select({ id: memberTag.id })
        .from(memberTag)
        .where(
          and(
            eq(memberTag.boId, boId),
            sql`lower(${memberTag.name}) = lower(${input.name})`,
            input.id ? ne(memberTag.id, input.id) : undefined,
          ),
        );
      if (same) throw badField("name", "is already used by another tag");
      if (!input.id) {
        const n = await countOf(ctx.db, sql`select count(*)::int as n from ${memberTag} where ${memberTag.boId} = ${boId}`);
        if (n >= MAX_TAGS) throw badField("name", `cannot be added: a shop keeps at most ${MAX_TAGS} tags`);
      }
      const values = { name: input.name, color: input.color.toLowerCase() };
      const [row] = input.id
        ? await ctx.db
            .update(memberTag)
            .set(values)
            .where(and(eq(memberTag.boId, boId), eq(memberTag.id, input.id)))
            .returning()
        : await ctx.db
            .insert(memberTag)
            .values({ boId, ...values })
            .returning();
      if (!row) throw new Error("write returned nothing");
      return { id: row.id, name: row.name, color: row.color };
    },

    async delMemberTagById(ctx: Ctx, input: In<"delMemberTagById">): Promise<null> {
      const { boId } = ctx.me();
      await requireOwnOrMissing(ctx.db, memberTag, boId, input.id, "That tag");
      await ctx.db.delete(memberTag).where(eq(memberTag.id, input.id));
      return null;
    },

    async batchTagMembers(ctx: Ctx, input: In<"batchTagMembers">): Promise<Out<"batchTagMembers">> {
      const { boId } = ctx.me();
      const memberIds = await requireOwn(ctx.db, shopMember, boId, input.memberIds, "memberIds", "a member");
      const tagIds = await requireOwn(ctx.db, memberTag, boId, input.tagIds, "tagIds", "a tag");
      if (input.action === "add") {
        const rows = await ctx.db
          .insert(shopMemberTag)
          .values(memberIds.flatMap((memberId) => tagIds.map((tagId) => ({ boId, memberId, tagId }))))
          .onConflictDoNothing()
          .returning({ memberId: shopMemberTag.memberId });
        return { changed: rows.length };
      }
      const rows = await ctx.db
        .delete(shopMemberTag)
        .where(and(eq(shopMemberTag.boId, boId), inArray(shopMemberTag.memberId, memberIds), inArray(shopMemberTag.tagId, tagIds)))
        .returning({ memberId: shopMemberTag.memberId });
      return { changed: rows.length };
    },

    async selRechargeManageByPage(ctx: Ctx, input: In<"selRechargeManageByPage">): Promise<Out<"selRechargeManageByPage">> {
      const { boId } = ctx.me();
      const c: SQL[] = [eq(rechargePromotion.boId, boId)];
      if (input.name) c.push(sql`lower(${rechargePromotion.name}) like lower(${containing(input.name)})`);
      if (input.status === "draft") c.push(eq(rechargePromotion.status, "draft"));
      if (input.status === "active") c.push(sql`${rechargePromotion.status} = 'active' and ${rechargePromotion.validTo} > now()`);
      if (input.status === "ended") c.push(sql`not ${notEnded}`);
      const where = and(...c) as SQL;
      return pageOf(ctx.db, input, { from: sql`${rechargePromotion}`, where }, async (limit, offset) =>
        rechargesOut(
          ctx.db,
          boId,
          await ctx.db
            .select()
            .from(rechargePromotion)
            .where(where)
            .orderBy(desc(rechargePromotion.createdAt), desc(rechargePromotion.id))
            .limit(limit)
            .offset(offset),
        ),
      );
    },

    async addOrUpdRechargePromotion(ctx: Ctx, input: In<"addOrUpdRechargePromotion">): Promise<Out<"addOrUpdRechargePromotion">> {
      const { boId } = ctx.me();
      if (input.id) {
        const current = await rechargeById(ctx.db, boId, input.id);
        const status = effectiveStatus(current);
        if (status !== "draft") throw stateForbids(`Only a draft offer can be edited; "${current.name}" is ${status}`);
      }
      const rankIds = await requireOwn(ctx.db, memberRank, boId, input.rankIds, "rankIds", "a rank");
      const values = {
        name: input.name,
        payAmount: input.payAmount,
        bonusAmount: input.bonusAmount,
        bonusPoints: input.bonusPoints,
        validFrom: new Date(input.validFrom),
        validTo: new Date(input.validTo),
        rankIds,
      };
      const [row] = input.id
        ? await ctx.db
            .update(rechargePromotion)
            .set(values)
            .where(and(eq(rechargePromotion.boId, boId), eq(rechargePromotion.id, input.id)))
            .returning()
        : await ctx.db
            .insert(rechargePromotion)
            .values({ boId, ...values })
            .returning();
      if (!row) throw new Error("write returned nothing");
      return (await rechargesOut(ctx.db, boId, [row]))[0] as Out<"addOrUpdRechargePromotion">;
    },

    async updRechargeStatus(ctx: Ctx, input: In<"updRechargeStatus">): Promise<Out<"updRechargeStatus">> {
      const { boId } = ctx.me();
      const current = await rechargeById(ctx.db, boId, input.id);
      const from = effectiveStatus(current);
      if (RECHARGE_NEXT[from] !== input.status) {
        throw stateForbids(`A recharge offer that is ${from} cannot become ${input.status} (draft → active → ended, never back)`);
      }
      const [row] = await ctx.db
        .update(rechargePromotion)
        .set({ status: input.status })
        .where(eq(rechargePromotion.id, current.id))
        .returning();
      if (!row) throw new Error("update returned nothing");
      return (await rechargesOut(ctx.db, boId, [row]))[0] as Out<"updRechargeStatus">;
    },

    async selDataTempByType(ctx: Ctx, input: In<"selDataTempByType">): Promise<Out<"selDataTempByType">> {
      const { boId, memberId } = ctx.me();
      const rows = await ctx.db
        .select()
        .from(dataTemp)
        .where(and(eq(dataTemp.boId, boId), eq(dataTemp.memberId, memberId), eq(dataTemp.type, input.type)))
        .orderBy(asc(dataTemp.name));
      return rows.map(templateOut);
    },

    async addDataTemp(ctx: Ctx, input: In<"addDataTemp">): Promise<Out<"addDataTemp">> {
      const { boId, memberId } = ctx.me();
      const mine = and(eq(dataTemp.boId, boId), eq(dataTemp.memberId, memberId), eq(dataTemp.type, input.type));
      const [existing] = await ctx.db
        .select({ id: dataTemp.id })
        .from(dataTemp)
        .where(and(mine, eq(dataTemp.name, input.name)));
      if (!existing) {
        const n = await countOf(ctx.db, sql`select count(*)::int as n from ${dataTemp} where ${mine}`);
        if (n >= MAX_TEMPLATES) throw badField("name", `cannot be added: keep at most ${MAX_TEMPLATES} templates of one type`);
      }
      const content = input.content as Record<string, unknown>;
      const [row] = await ctx.db
        .insert(dataTemp)
        .values({ boId, memberId, type: input.type, name: input.name, content })
        .onConflictDoUpdate({
          target: [dataTemp.boId, dataTemp.memberId, dataTemp.type, dataTemp.name],
          set: { content, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error("write returned nothing");
      return templateOut(row);
    },

    async delDataTemp(ctx: Ctx, input: In<"delDataTemp">): Promise<null> {
      const { boId, memberId } = ctx.me();
      const gone = await ctx.db
        .delete(dataTemp)
        .where(and(eq(dataTemp.id, input.id), eq(dataTemp.boId, boId), eq(dataTemp.memberId, memberId)))
        .returning({ id: dataTemp.id });
      if (gone.length === 0) throw notFound("That template");
      return null;
    },
  };
}

async function requireOwnOrMissing(db: Executor, table: typeof memberTag, boId: string, id: string, what: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.boId, boId), eq(table.id, id)))
    .for("update");
  if (!row) throw notFound(what);
}
