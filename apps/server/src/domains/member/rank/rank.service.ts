import { codes, type contract, type OutputOf, type ParsedInputOf, memberRefusals as R } from "@sbo/contract";
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
  /** What holds the rank, in both languages: English singular and plural nouns, and the Chinese measure word and noun. */
  what: { en: [string, string]; zh: string };
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
    async addMemberRank(ctx: Ctx, input: In<"addMemberRank">): Promise<Out<"addMemberRank">> {
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

    async delMemberRank(ctx: Ctx, input: In<"delMemberRank">): Promise<null> {
      const { boId } = ctx.me();
      const row = await repo.findRank(ctx.db, boId, input.id, true);
      if (!row) throw refuse(codes.NOT_FOUND, R.rankNotFound);
      const en: string[] = [];
      const zh: string[] = [];
      for (const usage of usages) {
        const n = await usage.count(ctx.db, boId, row.id);
        if (n > 0) {
          en.push(`${n} ${usage.what.en[n === 1 ? 0 : 1]}`);
          zh.push(`${n} ${usage.what.zh}`);
        }
      }
      if (en.length) {
        throw refuse(
          codes.CONFLICT,
          R.rankInUse,
          { name: row.name, uses: en.join(" and "), usesZh: zh.join("和") },
          { data: { uses: en } },
        );
      }
      await repo.deleteRank(ctx.db, row.id);
      return null;
    },

    async selMemberRankList(ctx: Ctx): Promise<Out<"selMemberRankList">> {
      return (await repo.ranksWithCounts(ctx.db, ctx.me().boId)).map(({ r, n }) => rankOut(r, n));
    },
  };
}
