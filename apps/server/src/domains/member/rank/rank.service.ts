import { codes, type contract, type OutputOf, type Params, type ParsedInputOf, memberRefusals as R, type Refusal } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import * as repo from "./rank.repository";

type M = typeof contract.member;
type In<K extends keyof M> = ParsedInputOf<M[K]>;
type Out<K extends keyof M> = OutputOf<M[K]>;

/**
 * Something that references a member rank and so keeps it from being deleted (a port: higher domains
 * hand theirs in, so this domain never imports them). Members and open recharge offers are built in; the
 * goods domain adds its member prices through `createMemberService`.
 */
export interface RankUsage {
  /** English nouns for `data.uses`, singular and plural, e.g. ["member", "members"]. */
  what: [string, string];
  /**
   * The refusal when this holds the rank, declared in the contract in both languages: `one` for a single
   * use (placeholder `{name}`), `many` for more (`{name}`, `{n}`).
   */
  refusal: { one: Refusal; many: Refusal };
  count(db: Executor, boId: string, rankId: string): Promise<number>;
}

const rankOut = (r: repo.RankRow, memberCount: number): Out<"addMemberRank"> => ({
  id: r.id,
  name: r.name,
  level: r.level,
  thresholdType: r.thresholdType as "spend" | "points",
  thresholdValue: r.thresholdValue,
  discount: r.discount,
  benefits: r.benefits,
  memberCount,
});

/** Ranks: add or change, delete while nothing uses them, list with their member counts. */
export function createRankService(usages: RankUsage[], membersOfRank: (db: Executor, boId: string, rankId: string) => Promise<number>) {
  return {
    async addMemberRank(input: In<"addMemberRank">, ctx: Ctx): Promise<Out<"addMemberRank">> {
      const { boId } = ctx.me();
      if (input.id && !(await repo.findRank(ctx.db, boId, input.id))) throw refuse(codes.NOT_FOUND, R.rankNotFound);
      if (await repo.nameTaken(ctx.db, boId, input.name, input.id)) throw badField("name", R.rankNameTaken);
      const sameLevel = await repo.rankAtLevel(ctx.db, boId, input.level, input.id);
      if (sameLevel !== undefined) throw badField("level", R.rankLevelTaken, { name: sameLevel });
      const values = {
        name: input.name,
        level: input.level,
        thresholdType: input.thresholdType,
        thresholdValue: input.thresholdValue,
        discount: input.discount,
        benefits: input.benefits,
      };
      const row = input.id ? await repo.updateRank(ctx.db, boId, input.id, values) : await repo.insertRank(ctx.db, boId, values);
      return rankOut(row, await membersOfRank(ctx.db, boId, row.id));
    },

    async delMemberRank(input: In<"delMemberRank">, ctx: Ctx): Promise<null> {
      const { boId } = ctx.me();
      const row = await repo.findRank(ctx.db, boId, input.id, true);
      if (!row) throw refuse(codes.NOT_FOUND, R.rankNotFound);
      // Every use is counted (data.uses lists them all); the words name the first, which is fixed first.
      const found: Array<{ usage: RankUsage; n: number }> = [];
      for (const usage of usages) {
        const n = await usage.count(ctx.db, boId, row.id);
        if (n > 0) found.push({ usage, n });
      }
      const [first] = found;
      if (first) {
        const uses = found.map(({ usage, n }) => `${n} ${usage.what[n === 1 ? 0 : 1]}`);
        const params: Params = first.n === 1 ? { name: row.name } : { name: row.name, n: first.n };
        throw refuse(codes.CONFLICT, first.n === 1 ? first.usage.refusal.one : first.usage.refusal.many, params, { data: { uses } });
      }
      await repo.deleteRank(ctx.db, row.id);
      return null;
    },

    async selMemberRankList(_input: unknown, ctx: Ctx): Promise<Out<"selMemberRankList">> {
      return (await repo.ranksWithCounts(ctx.db, ctx.me().boId)).map(({ r, n }) => rankOut(r, n));
    },
  };
}
