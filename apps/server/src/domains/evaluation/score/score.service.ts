import type { Call, contract, OutputOf, ParsedInputOf } from "@sbo/contract";
import { iso } from "../../../platform/days";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { offsetOf } from "../../../platform/http/paging";
import { bp, hundredths, windowOf } from "../evaluation.rules";
import * as repo from "./score.repository";

/*
 * Scores (docs/domains/evaluation.md): the shop's and each goods' sums and counts, added to in the evaluation's
 * transaction, and what the seller reads of them.
 */

type S = typeof contract.evaluation;
type In<K extends keyof S> = S[K] extends Call ? ParsedInputOf<S[K]> : never;
type Out<K extends keyof S> = S[K] extends Call ? OutputOf<S[K]> : never;

/** Counts a new evaluation in its shop's and its goods' scores. */
export async function countEvaluation(
  db: Executor,
  boId: string,
  e: Parameters<typeof repo.addToShopScore>[2],
  lines: Parameters<typeof repo.addToGoodsScores>[2],
) {
  await repo.addToShopScore(db, boId, e);
  await repo.addToGoodsScores(db, boId, lines);
}

/** Counts a seller's reply in its shop's score. */
export const countReply = (db: Executor, boId: string) => repo.addReplyToShopScore(db, boId);

/** The seller's score calls (`contract.evaluation`). */
export const scoreCalls = {
  async selEvalShop(_input: In<"selEvalShop">, ctx: Ctx): Promise<Out<"selEvalShop">> {
    const s = await repo.shopScoreOf(ctx.db, ctx.me().boId);
    const n = s?.evaluations ?? 0;
    return {
      evaluations: n,
      description: hundredths(s?.descriptionSum ?? 0, n),
      service: hundredths(s?.serviceSum ?? 0, n),
      logistics: hundredths(s?.logisticsSum ?? 0, n),
      goods: hundredths(s?.lineSum ?? 0, s?.lines ?? 0),
      goodRateBp: bp((s?.score4 ?? 0) + (s?.score5 ?? 0), s?.lines ?? 0),
      tabs: { all: n, toReply: n - (s?.replied ?? 0), withImages: s?.withImages ?? 0, lowScore: s?.lowScore ?? 0 },
      updatedAt: s ? iso(s.updatedAt) : null,
    };
  },

  async selEvaByPage(input: In<"selEvaByPage">, ctx: Ctx): Promise<Out<"selEvaByPage">> {
    const { rows, total } = await repo.goodsScorePage(ctx.db, ctx.me().boId, input.pageSize, offsetOf(input));
    return {
      list: rows.map((g) => ({
        goodsId: g.goodsId,
        goodsName: g.goodsName,
        image: g.image,
        lines: g.lines,
        average: hundredths(g.lineSum, g.lines) ?? 0,
        goodRateBp: bp(g.score4 + g.score5, g.lines) ?? 0,
        lowScores: g.score1 + g.score2,
        lastAt: iso(g.lastAt),
      })),
      total,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    };
  },

  async selEvalScoreByParam(input: In<"selEvalScoreByParam">, ctx: Ctx): Promise<Out<"selEvalScoreByParam">> {
    const { boId } = ctx.me();
    const window = windowOf(input.from, input.to);
    let counts: number[];
    if (window) {
      const rows = await repo.windowDistribution(ctx.db, boId, window.from, window.to, input.goodsId);
      counts = [1, 2, 3, 4, 5].map((s) => Number(rows.find((r) => Number(r.score) === s)?.n ?? 0));
    } else {
      const s = input.goodsId ? await repo.goodsScoreOf(ctx.db, boId, input.goodsId) : await repo.shopScoreOf(ctx.db, boId);
      counts = s ? [s.score1, s.score2, s.score3, s.score4, s.score5] : [0, 0, 0, 0, 0];
    }
    const total = counts.reduce((a, b) => a + b, 0);
    const sum = counts.reduce((a, c, i) => a + c * (i + 1), 0);
    return { counts, total, average: hundredths(sum, total) };
  },
};
