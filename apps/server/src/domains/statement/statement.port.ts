import { type SQL, sql } from "drizzle-orm";
import { orderBuyerDay, orderBuyerLast, orderDayRollup, orderGoodsDay, orderGoodsWeek } from "./rollup.tables";

/*
 * The statements' declared module for others (docs/architecture.md, "Inside a domain"): the reports' rollups
 * (rollup.tables.ts), which statements own and the database keeps from the orders, as views the dashboard and finance
 * join under an alias. The planner inlines them, so the rollups' covering indexes serve the readers as before.
 */

/** The shop's sales per day and slot (bo_id, day, slot, orders, sales, fees, refunds, refund_count). */
export const shopDayRollupView: SQL = sql`(select bo_id, day, slot, orders, sales, fees, refunds, refund_count from ${orderDayRollup})`;

/** The lines of the shop's paid orders per day, goods and name (bo_id, day, goods_id, goods_name, lines, quantity, amount). */
export const shopGoodsDayView: SQL = sql`(select bo_id, day, goods_id, goods_name, lines, quantity, amount from ${orderGoodsDay})`;

/** shopGoodsDayView summed by week from Monday (bo_id, week, goods_id, goods_name, lines, quantity, amount). */
export const shopGoodsWeekView: SQL = sql`(select bo_id, week, goods_id, goods_name, lines, quantity, amount from ${orderGoodsWeek})`;

/** How many of a buyer's orders the shop had paid each day (bo_id, buyer_member_id, day, orders). */
export const shopBuyerDayView: SQL = sql`(select bo_id, buyer_member_id, day, orders from ${orderBuyerDay})`;

/** Each buyer's last day with a paid order of the shop (bo_id, buyer_member_id, last_day; null: none left). */
export const shopBuyerLastView: SQL = sql`(select bo_id, buyer_member_id, last_day from ${orderBuyerLast})`;
