import { z } from "zod";
import { id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { fileRef } from "./reference";
import { refusals } from "./refusals";
import { sheet } from "./sheets";

/*
 * Evaluations (docs/domains/evaluation.md): the buyer of a received or completed order evaluates it once (per line a
 * score, text and images; the shop's description, service and logistics scores), may follow it up once, and the seller
 * replies once. The shop's scores are sums and counts kept current in the same transaction as each evaluation.
 *
 * Seller calls under /api/seller/trading/evaluate/ (`evaluation`); the buyer API's under /api/buyer/trading/evaluate/
 * (`buyerEvaluate`). The seller's addEvalOrder is the organisation evaluating an order it BOUGHT (a seller can also buy:
 * orders-desk `selBuyerOrderDetailById`).
 */

/** Scores are whole stars. */
export const EVAL_SCORE_MIN = 1;
export const EVAL_SCORE_MAX = 5;
/** A line's text and a follow-up / reply. */
export const EVAL_TEXT_MAX = 500;
export const EVAL_REPLY_MAX = 300;
/** Images per line and per follow-up. */
export const EVAL_MAX_IMAGES = 6;
/** A score at or below this is a low score (the list's tab). */
export const EVAL_LOW_SCORE = 2;
/** The longest window of days the score distribution may count over. */
export const EVAL_MAX_WINDOW_DAYS = 366;

export const evalTabs = ["all", "toReply", "withImages", "lowScore"] as const;
export type EvalTab = (typeof evalTabs)[number];

export const evaluationRefusals = refusals("evaluation", {
  orderNotFound: { en: "That order was not found among your orders", zh: "未找到该订单" },
  purchaseNotFound: { en: "That order was not found among your organisation's purchases", zh: "在本组织的采购订单中未找到该订单" },
  notFound: { en: "That evaluation was not found", zh: "未找到该评价" },
  notReceived: {
    en: "Order {orderNo} can be evaluated once received (it is {status})",
    zh: "订单 {orderNo} 须在收货后评价（当前：{status}）",
  },
  alreadyEvaluated: { en: "Order {orderNo} has already been evaluated", zh: "订单 {orderNo} 已评价" },
  alreadyReplied: { en: "This evaluation already has the shop's reply", zh: "该评价已回复，每条评价只能回复一次" },
  alreadyFollowedUp: { en: "This evaluation has already been followed up", zh: "该评价已追评，只能追评一次" },
  linesMismatch: { en: "{field}: give each line of the order exactly once", zh: "{field}：订单的每种商品须各评价一次" },
  imageNotYours: { en: "{field} is not an image you uploaded", zh: "{field}不是您上传的图片" },
  windowTooLong: { en: "{field}: at most {max} days", zh: "{field}：最多 {max} 天" },
  windowReversed: { en: "{field} must not be before the start", zh: "{field}不能早于开始时间" },
});

const score = z.int().min(EVAL_SCORE_MIN).max(EVAL_SCORE_MAX);
const text = z.string().trim().max(EVAL_TEXT_MAX);
const imageIds = z.array(id).max(EVAL_MAX_IMAGES);
const byId = z.strictObject({ id });
const F = (func: string) => ({ func });
const path = (name: string) => seller(`/trading/evaluate/${name}`);
const buyerPath = (name: string) => `/api/buyer/trading/evaluate/${name}`;

// ---- shapes ----

export const evalLine = z.object({
  id,
  orderLineId: id,
  goodsId: id,
  skuId: id,
  goodsName: z.string(),
  specValues: z.array(z.string()),
  image: z.string().nullable(),
  score,
  content: z.string(),
  images: z.array(fileRef),
});
export type EvalLine = z.infer<typeof evalLine>;

export const evalFollowUp = z.object({ content: z.string(), images: z.array(fileRef), at: instant });
export const evalReply = z.object({ content: z.string(), at: instant });

/** One order's evaluation, whole. */
export const evalDetail = z.object({
  id,
  orderId: id,
  orderNo: z.string(),
  shopName: z.string(),
  /** The buyer's name, masked for the seller (first character kept). */
  buyerName: z.string(),
  /** The lines' scores averaged, rounded half up: the list's stars and filters. */
  score,
  descriptionScore: score,
  serviceScore: score,
  logisticsScore: score,
  lines: z.array(evalLine),
  followUp: evalFollowUp.nullable(),
  reply: evalReply.nullable(),
  createdAt: instant,
});
export type EvalDetail = z.infer<typeof evalDetail>;

/** A row of the seller's list: the first line shown, the rest counted. */
export const evalSummary = z.object({
  id,
  orderId: id,
  orderNo: z.string(),
  buyerName: z.string(),
  score,
  descriptionScore: score,
  serviceScore: score,
  logisticsScore: score,
  firstLine: z.object({ goodsName: z.string(), specValues: z.array(z.string()), image: z.string().nullable(), content: z.string() }),
  lineCount: z.int(),
  imageCount: z.int(),
  followedUp: z.boolean(),
  reply: z.string().nullable(),
  createdAt: instant,
  repliedAt: instant.nullable(),
});
export type EvalSummary = z.infer<typeof evalSummary>;

/** One evaluated line in a goods' evaluation list. */
export const evalLineItem = evalLine.extend({
  evaluationId: id,
  orderNo: z.string(),
  buyerName: z.string(),
  createdAt: instant,
  reply: z.string().nullable(),
});
export type EvalLineItem = z.infer<typeof evalLineItem>;

/** Averages are in hundredths of a star (467 = 4.67) so they stay integers; null before the first evaluation. */
const avg = z.int().nullable();

export const evalShopScore = z.object({
  evaluations: z.int(),
  description: avg,
  service: avg,
  logistics: avg,
  /** Every evaluated line's score averaged. */
  goods: avg,
  /** Lines scored 4 or 5, in basis points of all lines (9650 = 96.5 %). */
  goodRateBp: z.int().nullable(),
  /** The list's tabs, counted by the aggregate (exact, no scan). */
  tabs: z.object({ all: z.int(), toReply: z.int(), withImages: z.int(), lowScore: z.int() }),
  updatedAt: instant.nullable(),
});
export type EvalShopScore = z.infer<typeof evalShopScore>;

export const evalGoodsScore = z.object({
  goodsId: id,
  goodsName: z.string(),
  image: z.string().nullable(),
  lines: z.int(),
  average: z.int(),
  goodRateBp: z.int(),
  lowScores: z.int(),
  lastAt: instant,
});
export type EvalGoodsScore = z.infer<typeof evalGoodsScore>;

export const evalDistribution = z.object({
  /** Index 0 is one star … index 4 five stars. */
  counts: z.array(z.int()).length(5),
  total: z.int(),
  average: avg,
});
export type EvalDistribution = z.infer<typeof evalDistribution>;

const evaluateInput = z.strictObject({
  orderId: id,
  descriptionScore: score,
  serviceScore: score,
  logisticsScore: score,
  lines: z
    .array(z.strictObject({ lineId: id, score, content: text.default(""), imageIds: imageIds.default([]) }))
    .min(1)
    .max(50),
});

const listFilters = {
  tab: z.enum(evalTabs).default("all"),
  score: score.optional(),
  hasImages: z.boolean().optional(),
  replied: z.boolean().optional(),
  orderNo: z.string().trim().max(40).optional(),
  from: instant.optional(),
  to: instant.optional(),
};

/** The review list's export sheet: its columns and their headers (sheets.ts). */
export const evaluationSheet = sheet(
  "evaluationList",
  { en: "Reviews", zh: "评价" },
  {
    orderNo: { en: "Order no.", zh: "订单编号" },
    buyerName: { en: "Buyer", zh: "买家" },
    score: { en: "Score", zh: "评分" },
    descriptionScore: { en: "Description score", zh: "描述相符" },
    serviceScore: { en: "Service score", zh: "服务态度" },
    logisticsScore: { en: "Logistics score", zh: "物流服务" },
    goodsName: { en: "Goods (first line)", zh: "商品（首行）" },
    content: { en: "Review", zh: "评价内容" },
    lineCount: { en: "Lines", zh: "商品数" },
    imageCount: { en: "Images", zh: "图片数" },
    followedUp: { en: "Followed up", zh: "已追评" },
    reply: { en: "Reply", zh: "回复" },
    createdAt: { en: "Reviewed", zh: "评价时间" },
    repliedAt: { en: "Replied", zh: "回复时间" },
  },
);

// ---- seller ----

export const evaluation = {
  addEvalOrder: write({
    path: path("addEvalOrder"),
    summary:
      "The organisation evaluates an order it bought (placed for the organisation: `buyerBoId` at checkout), once it is received: per line a score 1–5, text and images (files the organisation uploaded), and the selling shop's description, service and logistics scores",
    access: F("purchase.order.act"),
    shop: false,
    input: evaluateInput,
    output: evalDetail,
  }),
  selEvalByOrderId: read({
    path: path("selEvalByOrderId"),
    summary: "The evaluation of one of the shop's orders (lines, images, follow-up, reply), or null while it has none",
    access: F("order.evaluation"),
    input: byId,
    output: evalDetail.nullable(),
  }),
  selEvalOrderByPage: read({
    path: path("selEvalOrderByPage"),
    summary:
      "The shop's evaluations, newest first: a tab (all, to reply, with images, low scores ≤ 2), a score, with images, replied, order number, days evaluated; total capped at 10,000",
    access: F("order.evaluation"),
    input: pageInput(listFilters),
    output: page(evalSummary),
  }),
  exportEvalOrderList: exportFile({
    path: path("exportEvalOrderList"),
    summary:
      "The shop's evaluations as an Excel file: the list's filters (tab, score, with images, replied, order number, days evaluated), optionally chosen columns; buyers' names masked as in the list",
    access: F("order.evaluation.export"),
    input: z.strictObject({ ...listFilters, columns: evaluationSheet.chosen }),
    sheet: evaluationSheet,
  }),
  selEvalList: read({
    path: path("selEvalList"),
    summary: "The shop's evaluated lines, newest first, optionally of one goods and one score; total capped at 10,000",
    access: F("order.evaluation"),
    input: pageInput({ goodsId: id.optional(), score: score.optional() }),
    output: page(evalLineItem),
  }),
  addEvalContent: write({
    path: path("addEvalContent"),
    summary: "The shop's reply to an evaluation: once per evaluation (a second is refused)",
    access: F("order.evaluation"),
    input: z.strictObject({ id, content: z.string().trim().min(1).max(EVAL_REPLY_MAX) }),
    output: evalDetail,
  }),
  selEvalShop: read({
    path: path("selEvalShop"),
    summary:
      "The shop's scores kept current as evaluations arrive: averages of description, service, logistics and goods, the good rate, and the list's tab counts",
    access: F("order.evaluation"),
    input: z.strictObject({}),
    output: evalShopScore,
  }),
  selEvaByPage: read({
    path: path("selEvaByPage"),
    summary: "The shop's goods by their evaluations (most evaluated first): lines evaluated, average, good rate, low scores",
    access: F("order.evaluation"),
    input: pageInput({}),
    output: page(evalGoodsScore),
  }),
  selEvalScoreByParam: read({
    path: path("selEvalScoreByParam"),
    summary:
      "How many lines got each score, 1 to 5: the shop's (from the aggregate), one goods' (from its aggregate), or evaluated between two instants (at most 366 days)",
    access: F("order.evaluation"),
    input: z.strictObject({ goodsId: id.optional(), from: instant.optional(), to: instant.optional() }),
    output: evalDistribution,
  }),
};

// ---- buyer ----

export const buyerEvaluate = {
  addEvalOrder: write({
    path: buyerPath("addEvalOrder"),
    summary:
      "Evaluate an own order once it is received or completed: per line a score 1–5, text and up to 6 images (uploaded at /api/buyer/basic/file/upload), and the shop's description, service and logistics scores",
    access: "buyer",
    input: evaluateInput,
    output: evalDetail,
  }),
  addEvalContent: write({
    path: buyerPath("addEvalContent"),
    summary: "Follow up an own evaluation once: text and up to 6 images",
    access: "buyer",
    input: z.strictObject({ id, content: z.string().trim().min(1).max(EVAL_TEXT_MAX), imageIds: imageIds.default([]) }),
    output: evalDetail,
  }),
  selEvalOrderByPage: read({
    path: buyerPath("selEvalOrderByPage"),
    summary: "The buyer's own evaluations, newest first, with the shops' replies",
    access: "buyer",
    input: pageInput({ pageSize: z.int().min(1).max(50).default(20) }),
    output: page(evalDetail),
  }),
};
