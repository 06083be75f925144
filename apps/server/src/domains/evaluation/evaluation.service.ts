import {
  type Call,
  codes,
  type contract,
  evaluationRefusals as E,
  type EvalDetail,
  type OrderStatus,
  type OutputOf,
  orderStatusWords,
  type ParsedInputOf,
} from "@sbo/contract";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, notLoggedIn, refuse, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import { isShopOrder, linesOf, lockOrderOf, type OrderLineRow } from "../orders/orders.port";
import { exportEvalOrderList } from "./evaluation.export";
import * as repo from "./evaluation.repository";
import { checkListSpan, scoreOf } from "./evaluation.rules";
import { detailOf, detailsOf, fileRefOf, lineItemOf, summaryOf } from "./evaluation.view";
import { countEvaluation, countReply, scoreCalls } from "./score/score.service";

/*
 * Evaluations (docs/domains/evaluation.md). An evaluation locks its order (FOR UPDATE, through orders.port.ts), so two
 * evaluations of one order run one after the other and the second finds the first (the unique index on order_id backs
 * this up); a reply or a follow-up locks the evaluation. The shop's and the goods' scores (score/) are added to in the
 * same transaction.
 */

type S = typeof contract.evaluation;
type B = typeof contract.buyerEvaluate;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;

const EVALUABLE: readonly string[] = ["received", "completed"];

type Evaluator = { kind: "buyer"; memberId: string } | { kind: "org"; memberId: string; boId: string };

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
  const owner = who.kind === "buyer" ? { buyerMemberId: who.memberId } : { buyerBoId: who.boId };
  const order = await lockOrderOf(ctx.db, input.orderId, owner, { notBuyerDeleted: true });
  if (!order) throw notFound(who.kind === "buyer" ? E.orderNotFound : E.purchaseNotFound);
  if (!EVALUABLE.includes(order.status)) {
    const words = orderStatusWords[order.status as OrderStatus];
    throw stateForbids(E.notReceived, { orderNo: order.orderNo, status: order.status, "status.en": words.en, "status.zh": words.zh });
  }
  if (await repo.hasEvaluation(ctx.db, order.id)) throw refuse(codes.CONFLICT, E.alreadyEvaluated, { orderNo: order.orderNo });
  const orderLines = await linesOf(ctx.db, order.id);
  const given = input.lines.map((l) => l.lineId);
  if (new Set(given).size !== given.length || given.length !== orderLines.length || !orderLines.every((l) => given.includes(l.id)))
    throw badField("lines", E.linesMismatch);
  const images = await checkImages(
    ctx,
    who,
    input.lines.map((l, i) => ({ field: `lines.${i}.imageIds`, ids: l.imageIds })),
  );
  const copies = await repo.copyImages(ctx.db, order.boId, images);
  const byLine = new Map(orderLines.map((l) => [l.id, l]));
  const lineScores = input.lines.map((l) => l.score);
  const score = scoreOf(lineScores);
  const imageCount = input.lines.reduce((n, l) => n + l.imageIds.length, 0);
  const lines = input.lines.map((l, i) => {
    const o = byLine.get(l.lineId) as OrderLineRow;
    return {
      orderId: order.id,
      boId: order.boId,
      orderLineId: o.id,
      goodsId: o.goodsId,
      skuId: o.skuId,
      goodsName: o.goodsName,
      specValues: o.specValues,
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
      boId: order.boId,
      shopId: order.shopId,
      buyerMemberId: order.buyerMemberId,
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
  await countEvaluation(
    ctx.db,
    order.boId,
    {
      description: input.descriptionScore,
      service: input.serviceScore,
      logistics: input.logisticsScore,
      score,
      hasImages: imageCount > 0,
      lineScores,
    },
    lines.map((l) => ({ goodsId: l.goodsId, goodsName: l.goodsName, image: l.image, score: l.score })),
  );
  const row = await repo.evaluationById(ctx.db, e.id);
  if (!row) throw new Error("evaluation vanished");
  return detailOf(ctx, row, { maskBuyer: false });
}

const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

/** The seller's calls (`contract.evaluation`), named as the contract names them. */
const sellerCalls = {
  addEvalOrder(input: In<S, "addEvalOrder">, ctx: Ctx): Promise<Out<S, "addEvalOrder">> {
    const me = ctx.me();
    return evaluate(ctx, { kind: "org", boId: me.boId, memberId: me.memberId }, input);
  },

  async selEvalByOrderId(input: In<S, "selEvalByOrderId">, ctx: Ctx): Promise<Out<S, "selEvalByOrderId">> {
    const { boId } = ctx.me();
    const row = await repo.evaluationOfOrder(ctx.db, boId, input.id);
    if (row) return detailOf(ctx, row, { maskBuyer: true });
    if (!(await isShopOrder(ctx.db, boId, input.id))) throw notFound(E.orderNotFound);
    return null;
  },

  async selEvalOrderByPage(input: In<S, "selEvalOrderByPage">, ctx: Ctx): Promise<Out<S, "selEvalOrderByPage">> {
    checkListSpan(input);
    const where = repo.listWhere(ctx.me().boId, input);
    const { rows, total } = await repo.summaryPage(ctx.db, where, input.pageSize, offsetOf(input));
    return { list: rows.map(summaryOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
  },

  exportEvalOrderList,

  async selEvalList(input: In<S, "selEvalList">, ctx: Ctx): Promise<Out<S, "selEvalList">> {
    const { boId } = ctx.me();
    const { rows, total } = await repo.linePage(ctx.db, boId, input, input.pageSize, offsetOf(input));
    const ref = fileRefOf(await repo.fileNames(ctx.db, [...new Set(rows.flatMap((r) => r.images))]));
    return { list: rows.map((r) => lineItemOf(r, ref)), total, pageNum: input.pageNum, pageSize: input.pageSize };
  },

  async addEvalContent(input: In<S, "addEvalContent">, ctx: Ctx): Promise<Out<S, "addEvalContent">> {
    const me = ctx.me();
    const row = await repo.sellerEvaluationLocked(ctx.db, me.boId, input.id);
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
    await countReply(ctx.db, row.bo_id);
    return detailOf(ctx, { ...row, replied_at: new Date() }, { maskBuyer: true });
  },

  ...scoreCalls,
};

/** The buyer's calls (`contract.buyerEvaluate`), named as the contract names them. */
const buyerCalls = {
  addEvalOrder(input: In<B, "addEvalOrder">, ctx: Ctx): Promise<Out<B, "addEvalOrder">> {
    return evaluate(ctx, { kind: "buyer", memberId: buyerOf(ctx).memberId }, input);
  },

  async addEvalContent(input: In<B, "addEvalContent">, ctx: Ctx): Promise<Out<B, "addEvalContent">> {
    const b = buyerOf(ctx);
    const row = await repo.buyerEvaluationLocked(ctx.db, b.memberId, input.id);
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

  async selEvalOrderByPage(input: In<B, "selEvalOrderByPage">, ctx: Ctx): Promise<Out<B, "selEvalOrderByPage">> {
    const b = buyerOf(ctx);
    const { rows, total } = await repo.buyerPage(ctx.db, b.memberId, input.pageSize, offsetOf(input));
    return { list: await detailsOf(ctx, rows, { maskBuyer: false }), total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
};

/** The evaluation calls for the routes: the seller's (`evaluation`) and the buyer's (`buyerEvaluate`). */
export function createEvaluationService() {
  return { seller: sellerCalls, buyer: buyerCalls };
}
