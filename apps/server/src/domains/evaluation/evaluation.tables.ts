import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * Evaluations (docs/domains/evaluation.md). `bo_id` is the SELLING shop's organisation on every row; the buyer is the
 * order's buyer (`buyer_member_id`), and `evaluator_bo_id` the organisation that evaluated an order it bought through
 * the seller path. Images are stored-file ids filed under the selling organisation (copies of the buyer's uploads).
 */

const scoreCheck = (c: unknown) => sql`${c} between 1 and 5`;

/** One order's evaluation: at most one per order (the unique index refuses a second). */
export const orderEvaluation = pgTable(
  "order_evaluation",
  {
    id: idColumn(),
    // The foreign key to order_info stays in the migration SQL; the orders' tables are not imported here.
    orderId: text("order_id").notNull(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    buyerMemberId: text("buyer_member_id").notNull(),
    evaluatorBoId: text("evaluator_bo_id"),
    /** The lines' scores averaged, rounded half up. */
    score: integer("score").notNull(),
    descriptionScore: integer("description_score").notNull(),
    serviceScore: integer("service_score").notNull(),
    logisticsScore: integer("logistics_score").notNull(),
    lineCount: integer("line_count").notNull(),
    imageCount: integer("image_count").notNull().default(0),
    followedUpAt: instantColumn("followed_up_at"),
    repliedAt: instantColumn("replied_at"),
    ...timestamps,
  },
  (t) => [
    check(
      "order_evaluation_scores_ck",
      sql`${scoreCheck(t.score)} and ${scoreCheck(t.descriptionScore)} and ${scoreCheck(t.serviceScore)} and ${scoreCheck(t.logisticsScore)}`,
    ),
    uniqueIndex("order_evaluation_order_uq").on(t.orderId),
    // The seller's list, newest first, and its tabs (to reply, with images, by score).
    index("order_evaluation_bo_created_idx").on(t.boId, t.createdAt, t.id),
    index("order_evaluation_bo_unreplied_idx").on(t.boId, t.createdAt, t.id).where(sql`${t.repliedAt} is null`),
    index("order_evaluation_bo_images_idx").on(t.boId, t.createdAt, t.id).where(sql`${t.imageCount} > 0`),
    index("order_evaluation_bo_score_idx").on(t.boId, t.score, t.createdAt, t.id),
    index("order_evaluation_buyer_idx").on(t.buyerMemberId, t.createdAt, t.id),
  ],
);

/** One evaluated order line: the goods as bought, the score, the text and the images. */
export const orderEvaluationLine = pgTable(
  "order_evaluation_line",
  {
    id: idColumn(),
    evaluationId: text("evaluation_id")
      .notNull()
      .references(() => orderEvaluation.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    boId: boIdColumn(),
    orderLineId: text("order_line_id").notNull(),
    goodsId: text("goods_id").notNull(),
    skuId: text("sku_id").notNull(),
    goodsName: text("goods_name").notNull(),
    specValues: jsonb("spec_values").$type<string[]>().notNull().default([]),
    image: text("image"),
    score: integer("score").notNull(),
    content: text("content").notNull().default(""),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    sort: integer("sort").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("order_evaluation_line_score_ck", scoreCheck(t.score)),
    uniqueIndex("order_evaluation_line_uq").on(t.evaluationId, t.orderLineId),
    index("order_evaluation_line_bo_created_idx").on(t.boId, t.createdAt, t.id),
    index("order_evaluation_line_bo_goods_idx").on(t.boId, t.goodsId, t.createdAt, t.id),
  ],
);

/** What follows an evaluation: the buyer's follow-up and the shop's reply, each at most once (unique index). */
export const orderEvaluationContent = pgTable(
  "order_evaluation_content",
  {
    id: idColumn(),
    evaluationId: text("evaluation_id")
      .notNull()
      .references(() => orderEvaluation.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    boId: boIdColumn(),
    /** followUp | reply */
    kind: text("kind").notNull(),
    content: text("content").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    authorMemberId: text("author_member_id").notNull(),
    ...timestamps,
  },
  (t) => [
    check("order_evaluation_content_kind_ck", sql`${t.kind} in ('followUp', 'reply')`),
    uniqueIndex("order_evaluation_content_once_uq").on(t.evaluationId, t.kind),
  ],
);

/**
 * The shop's scores: sums and counts added to in the transaction of each evaluation and reply (never recomputed over
 * the rows). Averages are sums over counts; the tab counts are exact.
 */
export const shopScore = pgTable("shop_score", {
  boId: text("bo_id").primaryKey(),
  evaluations: integer("evaluations").notNull().default(0),
  descriptionSum: bigint("description_sum", { mode: "number" }).notNull().default(0),
  serviceSum: bigint("service_sum", { mode: "number" }).notNull().default(0),
  logisticsSum: bigint("logistics_sum", { mode: "number" }).notNull().default(0),
  lines: integer("lines").notNull().default(0),
  lineSum: bigint("line_sum", { mode: "number" }).notNull().default(0),
  /** Lines scored 1 … 5. */
  score1: integer("score1").notNull().default(0),
  score2: integer("score2").notNull().default(0),
  score3: integer("score3").notNull().default(0),
  score4: integer("score4").notNull().default(0),
  score5: integer("score5").notNull().default(0),
  replied: integer("replied").notNull().default(0),
  withImages: integer("with_images").notNull().default(0),
  /** Evaluations whose score is at most EVAL_LOW_SCORE. */
  lowScore: integer("low_score").notNull().default(0),
  updatedAt: instantColumn("updated_at").notNull().defaultNow(),
});

/** The same per goods of the shop (its evaluated lines). */
export const goodsScore = pgTable(
  "goods_score",
  {
    boId: text("bo_id").notNull(),
    goodsId: text("goods_id").notNull(),
    goodsName: text("goods_name").notNull(),
    image: text("image"),
    lines: integer("lines").notNull().default(0),
    lineSum: bigint("line_sum", { mode: "number" }).notNull().default(0),
    score1: integer("score1").notNull().default(0),
    score2: integer("score2").notNull().default(0),
    score3: integer("score3").notNull().default(0),
    score4: integer("score4").notNull().default(0),
    score5: integer("score5").notNull().default(0),
    lastAt: instantColumn("last_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.boId, t.goodsId] }), index("goods_score_bo_lines_idx").on(t.boId, t.lines, t.goodsId)],
);
