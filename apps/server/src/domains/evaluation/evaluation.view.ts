import type { EvalDetail, EvalLine, EvalSummary } from "@sbo/contract";
import { iso } from "../../platform/days";
import type { Ctx } from "../../platform/http/context";
import * as repo from "./evaluation.repository";
import { maskName } from "./evaluation.rules";

/* Evaluations as the contract shows them: the detail (lines, follow-up, reply, images), the list's summary and line. */

const isoOrNull = (v: string | Date | null) => (v === null ? null : iso(v));
export const fileRefOf = (files: Map<string, string>) => (id: string) => ({ id, url: `/files/${id}`, name: files.get(id) ?? "" });

export async function detailsOf(ctx: Ctx, rows: repo.EvaluationRow[], opts: { maskBuyer: boolean }): Promise<EvalDetail[]> {
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

export async function detailOf(ctx: Ctx, row: repo.EvaluationRow, opts: { maskBuyer: boolean }): Promise<EvalDetail> {
  const [d] = await detailsOf(ctx, [row], opts);
  if (!d) throw new Error("no detail");
  return d;
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

/** An evaluated line as the seller's line list shows it (the buyer's name masked). */
export const lineItemOf = (r: repo.LineItemRow, ref: ReturnType<typeof fileRefOf>) => ({
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
});
