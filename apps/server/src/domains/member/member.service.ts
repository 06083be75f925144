import { codes, type contract, type OutputOf, type ParsedInputOf, memberRefusals as R, type Refusal } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, refuse } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import { exportMemberList } from "./member.export";
import * as repo from "./member.repository";
import { memberRank, memberTag, shopMember } from "./member.tables";
import { listItemOf, withTags } from "./member.view";
import { createRankService, type RankUsage } from "./rank/rank.service";
import { openOffersWithRank } from "./recharge/recharge.repository";
import { rechargeService } from "./recharge/recharge.service";
import { tagService } from "./tag/tag.service";

/*
 * The member domain: buyer members (this file), ranks, tags and recharge offers (their folders), each with
 * its repository. `createMemberService` puts them together for the routes.
 */

export type { RankUsage } from "./rank/rank.service";

type M = typeof contract.member;
type In<K extends keyof M> = ParsedInputOf<M[K]>;
type Out<K extends keyof M> = OutputOf<M[K]>;

/** Every id must be one of the organisation's rows, else the field is refused and nothing is written. */
async function requireOwn(
  db: Executor,
  table: typeof memberRank | typeof memberTag | typeof shopMember,
  boId: string,
  ids: string[],
  field: string,
  refusal: Refusal,
) {
  const unique = [...new Set(ids)];
  if ((await repo.ownIds(db, table, boId, unique)).size !== unique.length) throw badField(field, refusal);
  return unique;
}

async function detail(db: Executor, boId: string, id: string): Promise<Out<"selMemberInfoById">> {
  const row = await repo.findJoined(db, boId, id);
  if (!row) throw refuse(codes.NOT_FOUND, R.memberNotFound);
  const tags = await repo.tagsOf(db, [id]);
  return {
    ...listItemOf(row, tags.get(id) ?? [], false),
    birthday: row.m.birthday,
    remark: row.m.remark,
    updatedAt: row.m.updatedAt.toISOString(),
  };
}

/** Buyer members: the list (and its export), the detail, changes to one member, tagging many. */
export const membersService = {
  selMemberInfoById: (input: In<"selMemberInfoById">, ctx: Ctx) => detail(ctx.db, ctx.me().boId, input.id),

  async selMemberByParam(input: In<"selMemberByParam">, ctx: Ctx): Promise<Out<"selMemberByParam">> {
    const where = repo.memberWhere(ctx.me().boId, input);
    return pageOf(ctx.db, input, repo.memberCountSource(where), async (limit, offset) =>
      withTags(ctx.db, await repo.memberPage(ctx.db, where, limit, offset)),
    );
  },

  exportMemberList,

  async updMemberById(input: In<"updMemberById">, ctx: Ctx): Promise<Out<"updMemberById">> {
    const { boId } = ctx.me();
    const row = await repo.lockMember(ctx.db, boId, input.id);
    if (!row) throw refuse(codes.NOT_FOUND, R.memberNotFound);
    if (input.rankId) await requireOwn(ctx.db, memberRank, boId, [input.rankId], "rankId", R.notOwnRank);
    const tagIds = input.tagIds ? await requireOwn(ctx.db, memberTag, boId, input.tagIds, "tagIds", R.notOwnTag) : undefined;
    const patch = {
      ...(input.rankId !== undefined ? { rankId: input.rankId } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.remark !== undefined ? { remark: input.remark } : {}),
    };
    if (Object.keys(patch).length) await repo.updateMember(ctx.db, row.id, patch);
    if (tagIds) {
      const had = new Set(await repo.tagIdsOfMember(ctx.db, row.id));
      await repo.removeTags(
        ctx.db,
        boId,
        [row.id],
        [...had].filter((t) => !tagIds.includes(t)),
      );
      await repo.addTags(
        ctx.db,
        boId,
        [row.id],
        tagIds.filter((t) => !had.has(t)),
      );
    }
    return detail(ctx.db, boId, row.id);
  },

  async batchTagMembers(input: In<"batchTagMembers">, ctx: Ctx): Promise<Out<"batchTagMembers">> {
    const { boId } = ctx.me();
    const memberIds = await requireOwn(ctx.db, shopMember, boId, input.memberIds, "memberIds", R.notOwnMember);
    const tagIds = await requireOwn(ctx.db, memberTag, boId, input.tagIds, "tagIds", R.notOwnTag);
    const pairs =
      input.action === "add" ? await repo.addTags(ctx.db, boId, memberIds, tagIds) : await repo.removeTags(ctx.db, boId, memberIds, tagIds);
    // The bulk report: each chosen member left as they were, by name, with why.
    const touched = new Set(pairs);
    const unique = [...new Set(memberIds)];
    const rest = unique.filter((id) => !touched.has(id));
    const names = await repo.memberNames(ctx.db, rest);
    const reason = (input.action === "add" ? R.bulkHasTags : R.bulkHasNoTags).reason;
    return {
      changed: pairs.length,
      done: unique.filter((id) => touched.has(id)),
      refused: rest.map((id) => ({ id, name: names.get(id) ?? "", reason })),
    };
  },
};

/** What keeps a rank from being deleted, built in: the members holding it and the open offers naming it. */
const builtInRankUsages: RankUsage[] = [
  { what: ["member", "members"], refusal: { one: R.rankHeldByOneMember, many: R.rankHeldByMembers }, count: repo.membersOfRank },
  {
    what: ["open recharge offer", "open recharge offers"],
    refusal: { one: R.rankInOneOffer, many: R.rankInOffers },
    count: openOffersWithRank,
  },
];

/** The member domain's calls; higher domains hand in what else uses a rank (a port, so this domain never imports them). */
export function createMemberService(extraRankUsages: RankUsage[] = []) {
  return {
    ...createRankService([...builtInRankUsages, ...extraRankUsages], repo.membersOfRank),
    ...tagService,
    ...rechargeService,
    ...membersService,
  };
}
