import {
  codes,
  type contract,
  evaluationRefusals as E,
  EVAL_MAX_WINDOW_DAYS,
  type EvalDetail,
  type EvalLine,
  type EvalSummary,
  maskPhone,
  type OrderStatus,
  type OutputOf,
  orderStatusWords,
  type ParsedInputOf,
} from "@sbo/contract";
import { type SQL, sql } from "drizzle-orm";
import { iso } from "../../platform/days";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, notLoggedIn, refuse, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import * as repo from "./evaluation.repository";

/*
 * Evaluations (docs/domains/evaluation.md). An evaluation locks its order (FOR UPDATE), so two evaluations of one order
 * run one after the other and the second finds the first (the unique index on order_id backs this up); a reply or a
 * follow-up locks the evaluation. The shop's and the goods' scores are added to in the same transaction.
 */

type S = typeof contract.evaluation;
type B = typeof contract.buyerEvaluate;
type In<D, K extends keyof D> = D[K] extends import("@sbo/contract").Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends import("@sbo/contract").Call ? OutputOf<D[K]> : never;

const EVALUABLE: readonly string[] = ["received", "completed"];
const DAY = 86_400_000;
const isoOrNull = (v: string | Date | null) => (v === null ? null : iso(v));
/**
 * The buyer's name as the seller sees it: a phone-like name (a buyer account is named by its phone, already masked)
 * as 139****0301, else the first character and stars.
 */
export const maskName = (name: string | null) =>
  !name ? "**" : /^1[\d*]{10}$/.test(name) ? (maskPhone(name) as string) : `${Array.from(name)[0]}**`;
const fileRefOf = (files: Map<string, string>) => (id: string) => ({ id, url: `/files/${id}`, name: files.get(id) ?? "" });
/** The lines' average, rounded half up. */
export const scoreOf = (scores: number[]) => Math.floor((2 * scores.reduce((a, b) => a + b, 0) + scores.length) / (2 * scores.length));
/** sum / count in hundredths, rounded half up; null without a count. */
const hundredths = (sum: number, count: number) => (count > 0 ? Math.floor((200 * sum + count) / (2 * count)) : null);
const bp = (part: number, whole: number) => (whole > 0 ? Math.floor((20_000 * part + whole) / (2 * whole)) : null);

type Evaluator = { kind: "buyer"; memberId: string } | { kind: "org"; memberId: string; boId: string };

async function detailsOf(ctx: Ctx, rows: repo.EvaluationRow[], opts: { maskBuyer: boolean }): Promise<EvalDetail[]> {
  const parts = await repo.partsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const ref = fileRefOf(parts.files);
  return rows.map((r) => {
    const lines: EvalLine[] = parts.lines
      .filter((l) => l.evaluation_id === r.id)
      .map((l) => ({
        id: l.id,
        orderLineId: l.order_line_id,
        goodsId: l.goods_id,
        skuId: l.sku_id,
        goodsName: l.goods_name,
        specValues: l.spec_values,
        image: l.image,
        score: l.score,
        content: l.content,
        images: l.images.map(ref),
      }));
    const follow = parts.contents.find((c) => c.evaluation_id === r.id && c.kind === "followUp");
    const reply = parts.contents.find((c) => c.evaluation_id === r.id && c.kind === "reply");
    return {
      id: r.id,
      orderId: r.order_id,
      orderNo: r.order_no,
      shopName: r.shop_name ?? "",
      buyerName: opts.maskBuyer ? maskName(r.buyer_name) : (r.buyer_name ?? ""),
      score: r.score,
      descriptionScore: r.description_score,
      serviceScore: r.service_score,
      logisticsScore: r.logistics_score,
      lines,
      followUp: follow ? { content: follow.content, images: follow.images.map(ref), at: iso(follow.created_at) } : null,
      reply: reply ? { content: reply.content, at: iso(reply.created_at) } : null,
      createdAt: iso(r.created_at),
    };
  });
}

async function detailOf(ctx: Ctx, row: repo.EvaluationRow, opts: { maskBuyer: boolean }): Promise<EvalDetail> {
  const [d] = await detailsOf(ctx, [row], opts);
  if (!d) throw new Error("no detail");
  return d;
}

/** The images of `ids` the evaluator uploaded, refusing the first that is not one, naming its field. */
async function checkImages(ctx: Ctx, who: Evaluator, fields: { field: string; ids: string[] }[]) {
  const all = [...new Set(fields.flatMap((f) => f.ids))];
  const found = await repo.ownImages(ctx.db, who.kind === "buyer" ? { memberId: who.memberId } : { boId: who.boId }, all);
  const byId = new Map(found.map((f) => [f.id, f]));
  for (const f of fields)
    f.ids.forEach((id, k) => {
      if (!byId.has(id)) throw badField(`${f.field}.${k}`, E.imageNotYours);
    });
  return found;
}

async function evaluate(ctx: Ctx, who: Evaluator, input: In<B, "addEvalOrder">): Promise<EvalDetail> {
  const order =
    who.kind === "buyer"
      ? await repo.lockBuyerOrder(ctx.db, who.memberId, input.orderId)
      : await repo.lockOwnPurchase(ctx.db, who.boId, input.orderId);
  if (!order) throw notFound(who.kind === "buyer" ? E.orderNotFound : E.purchaseNotFound);
  if (!EVALUABLE.includes(order.status)) {
    const words = orderStatusWords[order.status as OrderStatus];
    throw stateForbids(E.notReceived, { orderNo: order.order_no, status: order.status, "status.en": words.en, "status.zh": words.zh });
  }
  if (await repo.hasEvaluation(ctx.db, order.id)) throw refuse(codes.CONFLICT, E.alreadyEvaluated, { orderNo: order.order_no });
  const orderLines = await repo.orderLinesOf(ctx.db, order.id);
  const given = input.lines.map((l) => l.lineId);
  if (new Set(given).size !== given.length || given.length !== orderLines.length || !orderLines.every((l) => given.includes(l.id)))
    throw badField("lines", E.linesMismatch);
  const images = await checkImages(
    ctx,
    who,
    input.lines.map((l, i) => ({ field: `lines.${i}.imageIds`, ids: l.imageIds })),
  );
  const copies = await repo.copyImages(ctx.db, order.bo_id, images);
  const byLine = new Map(orderLines.map((l) => [l.id, l]));
  const lineScores = input.lines.map((l) => l.score);
  const score = scoreOf(lineScores);
  const imageCount = input.lines.reduce((n, l) => n + l.imageIds.length, 0);
  const lines = input.lines.map((l, i) => {
    const o = byLine.get(l.lineId) as repo.OrderLineRow;
    return {
      orderId: order.id,
      boId: order.bo_id,
      orderLineId: o.id,
      goodsId: o.goods_id,
      skuId: o.sku_id,
      goodsName: o.goods_name,
      specValues: o.spec_values,
      image: o.image,
      score: l.score,
      content: l.content,
      images: l.imageIds.map((id) => copies.get(id) as string),
      sort: i,
    };
  });
  const e = await repo.insertEvaluation(
    ctx.db,
    {
      orderId: order.id,
      boId: order.bo_id,
      shopId: order.shop_id,
      buyerMemberId: order.buyer_member_id,
      evaluatorBoId: who.kind === "org" ? who.boId : null,
      score,
      descriptionScore: input.descriptionScore,
      serviceScore: input.serviceScore,
      logisticsScore: input.logisticsScore,
      lineCount: lines.length,
      imageCount,
    },
    lines,
  );
  await repo.addToShopScore(ctx.db, order.bo_id, {
    description: input.descriptionScore,
    service: input.serviceScore,
    logistics: input.logisticsScore,
    score,
    hasImages: imageCount > 0,
    lineScores,
  });
  await repo.addToGoodsScores(
    ctx.db,
    order.bo_id,
    lines.map((l) => ({ goodsId: l.goodsId, goodsName: l.goodsName, image: l.image, score: l.score })),
  );
  const row = await repo.evaluationWhere(ctx.db, sql`e.id = ${e.id}`);
  if (!row) throw new Error("evaluation vanished");
  return detailOf(ctx, row, { maskBuyer: false });
}

function windowOf(from: string | undefined, to: string | undefined) {
  if (from === undefined && to === undefined) return null;
  const end = to ?? new Date().toISOString();
  const start = from ?? new Date(Date.parse(end) - EVAL_MAX_WINDOW_DAYS * DAY).toISOString();
  const span = Date.parse(end) - Date.parse(start);
  if (span < 0) throw badField("to", E.windowReversed);
  if (span > EVAL_MAX_WINDOW_DAYS * DAY) throw badField("to", E.windowTooLong, { max: EVAL_MAX_WINDOW_DAYS });
  return { from: start, to: end };
}

const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

/**
 * The seller list's conditions for its filters, in the caller's organisation: the list and its export both read
 * through this. The list takes any span of days (its indexes page it); only a reversed one is refused.
 */
export function sellerListWhere(ctx: Ctx, input: repo.ListFilters): SQL {
  if (input.from && input.to && Date.parse(input.to) < Date.parse(input.from)) throw badField("to", E.windowReversed);
  return repo.listWhere(ctx.me().boId, input);
}

/** An evaluation as the seller's list shows it (the buyer's name masked). */
export const summaryOf = (r: repo.SummaryRow): EvalSummary => ({
  id: r.id,
  orderId: r.order_id,
  orderNo: r.order_no,
  buyerName: maskName(r.buyer_name),
  score: r.score,
  descriptionScore: r.description_score,
  serviceScore: r.service_score,
  logisticsScore: r.logistics_score,
  firstLine: {
    goodsName: r.first_goods_name ?? "",
    specValues: r.first_spec_values ?? [],
    image: r.first_image,
    content: r.first_content ?? "",
  },
  lineCount: r.line_count,
  imageCount: r.image_count,
  followedUp: r.followed_up_at !== null,
  reply: r.reply,
  createdAt: iso(r.created_at),
  repliedAt: isoOrNull(r.replied_at),
});

export function createEvaluationService() {
  return {
    // ---- seller ----

    addEvalOrder(ctx: Ctx, input: In<S, "addEvalOrder">): Promise<Out<S, "addEvalOrder">> {
      const me = ctx.me();
      return evaluate(ctx, { kind: "org", boId: me.boId, memberId: me.memberId }, input);
    },

    async selEvalByOrderId(ctx: Ctx, input: In<S, "selEvalByOrderId">): Promise<Out<S, "selEvalByOrderId">> {
      const { boId } = ctx.me();
      const row = await repo.evaluationOfOrder(ctx.db, boId, input.id);
      if (row) return detailOf(ctx, row, { maskBuyer: true });
      if (!(await repo.isShopOrder(ctx.db, boId, input.id))) throw notFound(E.orderNotFound);
      return null;
    },

    async selEvalOrderByPage(ctx: Ctx, input: In<S, "selEvalOrderByPage">): Promise<Out<S, "selEvalOrderByPage">> {
      const { rows, total } = await repo.summaryPage(ctx.db, sellerListWhere(ctx, input), input.pageSize, offsetOf(input));
      return {
        list: rows.map(summaryOf),
        total,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
      };
    },

    async selEvalList(ctx: Ctx, input: In<S, "selEvalList">): Promise<Out<S, "selEvalList">> {
      const { boId } = ctx.me();
      const { rows, total } = await repo.linePage(ctx.db, boId, input, input.pageSize, offsetOf(input));
      const ref = fileRefOf(await repo.fileNames(ctx.db, [...new Set(rows.flatMap((r) => r.images))]));
      return {
        list: rows.map((r) => ({
          id: r.id,
          evaluationId: r.evaluation_id,
          orderLineId: r.order_line_id,
          goodsId: r.goods_id,
          skuId: r.sku_id,
          goodsName: r.goods_name,
          specValues: r.spec_values,
          image: r.image,
          score: r.score,
          content: r.content,
          images: r.images.map(ref),
          orderNo: r.order_no,
          buyerName: maskName(r.buyer_name),
          createdAt: iso(r.created_at),
          reply: r.reply,
        })),
        total,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
      };
    },

    async addEvalContent(ctx: Ctx, input: In<S, "addEvalContent">): Promise<Out<S, "addEvalContent">> {
      const me = ctx.me();
      const row = await repo.evaluationWhere(ctx.db, sql`e.id = ${input.id} and e.bo_id = ${me.boId}`, true);
      if (!row) throw notFound(E.notFound);
      if (row.replied_at !== null) throw stateForbids(E.alreadyReplied);
      await repo.insertContent(ctx.db, {
        evaluationId: row.id,
        orderId: row.order_id,
        boId: row.bo_id,
        kind: "reply",
        content: input.content,
        authorMemberId: me.memberId,
      });
      await repo.markReplied(ctx.db, row.id);
      await repo.addReplyToShopScore(ctx.db, row.bo_id);
      return detailOf(ctx, { ...row, replied_at: new Date() }, { maskBuyer: true });
    },

    async selEvalShop(ctx: Ctx): Promise<Out<S, "selEvalShop">> {
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

    async selEvaByPage(ctx: Ctx, input: In<S, "selEvaByPage">): Promise<Out<S, "selEvaByPage">> {
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

    async selEvalScoreByParam(ctx: Ctx, input: In<S, "selEvalScoreByParam">): Promise<Out<S, "selEvalScoreByParam">> {
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

    // ---- buyer ----

    buyerAddEvalOrder(ctx: Ctx, input: In<B, "addEvalOrder">): Promise<Out<B, "addEvalOrder">> {
      return evaluate(ctx, { kind: "buyer", memberId: buyerOf(ctx).memberId }, input);
    },

    async buyerAddEvalContent(ctx: Ctx, input: In<B, "addEvalContent">): Promise<Out<B, "addEvalContent">> {
      const b = buyerOf(ctx);
      const row = await repo.evaluationWhere(ctx.db, sql`e.id = ${input.id} and e.buyer_member_id = ${b.memberId}`, true);
      if (!row) throw notFound(E.notFound);
      if (row.followed_up_at !== null) throw stateForbids(E.alreadyFollowedUp);
      const images = await checkImages(ctx, { kind: "buyer", memberId: b.memberId }, [{ field: "imageIds", ids: input.imageIds }]);
      const copies = await repo.copyImages(ctx.db, row.bo_id, images);
      await repo.insertContent(ctx.db, {
        evaluationId: row.id,
        orderId: row.order_id,
        boId: row.bo_id,
        kind: "followUp",
        content: input.content,
        images: input.imageIds.map((id) => copies.get(id) as string),
        authorMemberId: b.memberId,
      });
      await repo.markFollowedUp(ctx.db, row.id);
      return detailOf(ctx, row, { maskBuyer: false });
    },

    async buyerSelEvalOrderByPage(ctx: Ctx, input: In<B, "selEvalOrderByPage">): Promise<Out<B, "selEvalOrderByPage">> {
      const b = buyerOf(ctx);
      const { rows, total } = await repo.buyerPage(ctx.db, b.memberId, input.pageSize, offsetOf(input));
      return { list: await detailsOf(ctx, rows, { maskBuyer: false }), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },
  };
}
