import { EVAL_LOW_SCORE } from "@sbo/contract";
import { sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { boundedCount } from "../../../platform/http/paging";
import { goodsScore, shopScore } from "../evaluation.tables";

/* The shop's and the goods' scores: sums and counts added to with each evaluation, and the window's distribution. */

/** Adds one evaluation to the shop's sums and counts (one row per shop, updated in the caller's transaction). */
export async function addToShopScore(
  db: Executor,
  boId: string,
  e: { description: number; service: number; logistics: number; score: number; hasImages: boolean; lineScores: number[] },
) {
  const n = (s: number) => e.lineScores.filter((x) => x === s).length;
  const lineSum = e.lineScores.reduce((a, b) => a + b, 0);
  const values = {
    boId,
    evaluations: 1,
    descriptionSum: e.description,
    serviceSum: e.service,
    logisticsSum: e.logistics,
    lines: e.lineScores.length,
    lineSum,
    score1: n(1),
    score2: n(2),
    score3: n(3),
    score4: n(4),
    score5: n(5),
    replied: 0,
    withImages: e.hasImages ? 1 : 0,
    lowScore: e.score <= EVAL_LOW_SCORE ? 1 : 0,
  };
  const add = (c: keyof typeof values) => sql.raw(`shop_score.${snake(c)} + excluded.${snake(c)}`);
  await db
    .insert(shopScore)
    .values(values)
    .onConflictDoUpdate({
      target: shopScore.boId,
      set: {
        evaluations: add("evaluations"),
        descriptionSum: add("descriptionSum"),
        serviceSum: add("serviceSum"),
        logisticsSum: add("logisticsSum"),
        lines: add("lines"),
        lineSum: add("lineSum"),
        score1: add("score1"),
        score2: add("score2"),
        score3: add("score3"),
        score4: add("score4"),
        score5: add("score5"),
        withImages: add("withImages"),
        lowScore: add("lowScore"),
        updatedAt: sql`now()`,
      },
    });
}

const snake = (c: string) => c.replace(/[A-Z0-9]/g, (m) => (/[0-9]/.test(m) ? m : `_${m.toLowerCase()}`));

export const addReplyToShopScore = (db: Executor, boId: string) =>
  db.execute(sql`update shop_score set replied = replied + 1, updated_at = now() where bo_id = ${boId}`);

/** Adds evaluated lines to their goods' sums and counts. */
export async function addToGoodsScores(
  db: Executor,
  boId: string,
  lines: { goodsId: string; goodsName: string; image: string | null; score: number }[],
) {
  const byGoods = new Map<string, { goodsName: string; image: string | null; scores: number[] }>();
  for (const l of lines) {
    const g = byGoods.get(l.goodsId) ?? { goodsName: l.goodsName, image: l.image, scores: [] };
    g.scores.push(l.score);
    byGoods.set(l.goodsId, g);
  }
  const values = [...byGoods.entries()].map(([goodsId, g]) => {
    const n = (s: number) => g.scores.filter((x) => x === s).length;
    return {
      boId,
      goodsId,
      goodsName: g.goodsName,
      image: g.image,
      lines: g.scores.length,
      lineSum: g.scores.reduce((a, b) => a + b, 0),
      score1: n(1),
      score2: n(2),
      score3: n(3),
      score4: n(4),
      score5: n(5),
    };
  });
  if (values.length === 0) return;
  const add = (c: string) => sql.raw(`goods_score.${c} + excluded.${c}`);
  await db
    .insert(goodsScore)
    .values(values)
    .onConflictDoUpdate({
      target: [goodsScore.boId, goodsScore.goodsId],
      set: {
        goodsName: sql`excluded.goods_name`,
        image: sql`excluded.image`,
        lines: add("lines"),
        lineSum: add("line_sum"),
        score1: add("score1"),
        score2: add("score2"),
        score3: add("score3"),
        score4: add("score4"),
        score5: add("score5"),
        lastAt: sql`now()`,
      },
    });
}

export type ShopScoreRow = typeof shopScore.$inferSelect;

export async function shopScoreOf(db: Executor, boId: string): Promise<ShopScoreRow | undefined> {
  const [row] = await db.select().from(shopScore).where(sql`${shopScore.boId} = ${boId}`);
  return row;
}

export type GoodsScoreRow = typeof goodsScore.$inferSelect;

export async function goodsScoreOf(db: Executor, boId: string, goodsId: string): Promise<GoodsScoreRow | undefined> {
  const [row] = await db.select().from(goodsScore).where(sql`${goodsScore.boId} = ${boId} and ${goodsScore.goodsId} = ${goodsId}`);
  return row;
}

export async function goodsScorePage(db: Executor, boId: string, limit: number, offset: number) {
  const where = sql`bo_id = ${boId}`;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(goodsScore)
      .where(sql`${goodsScore.boId} = ${boId}`)
      .orderBy(sql`${goodsScore.lines} desc, ${goodsScore.goodsId} desc`)
      .limit(limit)
      .offset(offset),
    boundedCount(db, sql`goods_score`, where),
  ]);
  return { rows, total };
}

/** Lines per score evaluated in a window (the window is bounded by the caller). */
export async function windowDistribution(db: Executor, boId: string, from: string, to: string, goodsId?: string) {
  const goods = goodsId ? sql` and goods_id = ${goodsId}` : sql``;
  return rowsOf<{ score: number; n: number | string }>(
    db,
    sql`select score, count(*)::int as n from order_evaluation_line
        where bo_id = ${boId} and created_at >= ${from} and created_at < ${to}${goods} group by score`,
  );
}
