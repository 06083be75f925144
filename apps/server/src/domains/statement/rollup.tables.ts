import { bigint, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { boIdColumn } from "../../platform/db/columns";

/*
 * The reports' rollups (docs/domains/statement.md, "Rollups"): what the statements, the dashboard and the finance
 * figures read instead of aggregating every order. Kept exact by statement-level triggers on `order_info`,
 * `order_line` and `order_refund` in the same transaction as each change (migration 0033), rebuilt per organisation by
 * `sbo_rollup_rebuild(bo_id)` (the migration's fill, `npm run db:rollups`, and a shop's time-zone change). Days are
 * calendar days in the organisation's time zone (its shop's setting, else Asia/Shanghai). Machinery: never audited.
 */

/**
 * The shop's sales per day: orders paid that day and not cancelled, their pay amounts and service fees (by `paid_at`),
 * and the refunds written that day (by `order_refund.created_at`). Each backend adds to its own `slot` (its process id
 * modulo 16) so that concurrent payments of one shop do not queue on today's row; a read sums the slots.
 */
export const orderDayRollup = pgTable(
  "order_day_rollup",
  {
    boId: boIdColumn(),
    day: date("day", { mode: "string" }).notNull(),
    slot: integer("slot").notNull(),
    orders: bigint("orders", { mode: "number" }).notNull().default(0),
    sales: bigint("sales", { mode: "number" }).notNull().default(0),
    fees: bigint("fees", { mode: "number" }).notNull().default(0),
    refunds: bigint("refunds", { mode: "number" }).notNull().default(0),
    refundCount: bigint("refund_count", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boId, t.day, t.slot] })],
);

/**
 * The organisation's own purchases per day (orders placed for it, `order_info.buyer_bo_id`, any seller), in the buying
 * organisation's time zone: orders paid and not cancelled, their amounts, and the refunds of such orders.
 */
export const buyerDayRollup = pgTable(
  "buyer_day_rollup",
  {
    /** The buying organisation. */
    boId: boIdColumn(),
    day: date("day", { mode: "string" }).notNull(),
    orders: bigint("orders", { mode: "number" }).notNull().default(0),
    sales: bigint("sales", { mode: "number" }).notNull().default(0),
    refunds: bigint("refunds", { mode: "number" }).notNull().default(0),
    refundCount: bigint("refund_count", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boId, t.day] })],
);

/**
 * The dashboard's top goods: the lines of the shop's orders paid that day and not cancelled, per goods and name. Read
 * through `order_goods_day_cover_idx` (bo_id, day) including every column summed (migration 0037, hand-written).
 */
export const orderGoodsDay = pgTable(
  "order_goods_day",
  {
    boId: boIdColumn(),
    day: date("day", { mode: "string" }).notNull(),
    goodsId: text("goods_id").notNull(),
    /** The name on the lines (as they were at checkout): the top goods show the greatest, as the lines' max did. */
    goodsName: text("goods_name").notNull(),
    lines: bigint("lines", { mode: "number" }).notNull().default(0),
    quantity: bigint("quantity", { mode: "number" }).notNull().default(0),
    /** Line amounts, revised where revised. */
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boId, t.day, t.goodsId, t.goodsName] })],
);

/**
 * `order_goods_day` summed by week (Monday to Sunday: `sbo_week(day)`), kept from it by a trigger (migration 0036): the
 * top goods of 30 days read about four weeks and at most six days instead of thirty days of goods. Read through
 * `order_goods_week_cover_idx` (migration 0037, hand-written).
 */
export const orderGoodsWeek = pgTable(
  "order_goods_week",
  {
    boId: boIdColumn(),
    week: date("week", { mode: "string" }).notNull(),
    goodsId: text("goods_id").notNull(),
    goodsName: text("goods_name").notNull(),
    lines: bigint("lines", { mode: "number" }).notNull().default(0),
    quantity: bigint("quantity", { mode: "number" }).notNull().default(0),
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boId, t.week, t.goodsId, t.goodsName] })],
);

/**
 * The dashboard's distinct buyers: how many of a buyer's orders the shop had paid (and not cancelled) that day. The
 * (bo_id, day) index includes the buyer and the count (migration 0037), so a day's buyers are counted from it alone.
 */
export const orderBuyerDay = pgTable(
  "order_buyer_day",
  {
    boId: boIdColumn(),
    buyerMemberId: text("buyer_member_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    orders: bigint("orders", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boId, t.buyerMemberId, t.day] }), index("order_buyer_day_bo_day_idx").on(t.boId, t.day)],
);

/**
 * Each buyer's last day with an order of the shop paid and not cancelled (null: none left): the buyers of "the last N
 * days up to today" are those whose last day is in them, counted through (bo_id, last_day).
 */
export const orderBuyerLast = pgTable(
  "order_buyer_last",
  {
    boId: boIdColumn(),
    buyerMemberId: text("buyer_member_id").notNull(),
    lastDay: date("last_day", { mode: "string" }),
  },
  (t) => [primaryKey({ columns: [t.boId, t.buyerMemberId] }), index("order_buyer_last_bo_day_idx").on(t.boId, t.lastDay)],
);
