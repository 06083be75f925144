import { z } from "zod";
import { calendarDay, cents, id, instant } from "./common";
import { read, seller } from "./define";

/*
 * The data dashboard (docs/domains/dashboard.md): the shop's trading figures for today, yesterday and the last 7 and
 * 30 days (days in the shop's time zone, today included), a daily series over the last 30 days and the goods sold
 * most in them — computed from the orders and their refunds when asked.
 */

export const dashboardPeriods = ["today", "yesterday", "last7", "last30"] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
/** Days of the trend series (today included). */
export const DASHBOARD_SERIES_DAYS = 30;
/** Goods in the top list. */
export const DASHBOARD_TOP_GOODS = 10;

export const tradingFigures = z.object({
  /** Orders paid in the period. */
  paidOrders: z.int(),
  /** What they paid (cents). */
  salesAmount: cents,
  /** Distinct buyers of those orders. */
  buyers: z.int(),
  /** Sales ÷ paid orders, rounded to a cent (0 without orders). */
  averageOrderAmount: cents,
  /** Refunds paid back in the period (cents). */
  refundAmount: cents,
  refunds: z.int(),
});
export type TradingFigures = z.infer<typeof tradingFigures>;

export const trendPoint = z.object({ day: calendarDay, paidOrders: z.int(), salesAmount: cents, refundAmount: cents });
export type TrendPoint = z.infer<typeof trendPoint>;

export const topGoods = z.object({ goodsId: id, name: z.string(), quantity: z.int(), salesAmount: cents });
export type TopGoods = z.infer<typeof topGoods>;

export const tradingDataView = z.object({
  /** When the figures were computed. */
  at: instant,
  timeZone: z.string(),
  periods: z.object(Object.fromEntries(dashboardPeriods.map((p) => [p, tradingFigures])) as Record<DashboardPeriod, typeof tradingFigures>),
  /** One point per day, oldest first, DASHBOARD_SERIES_DAYS of them ending today (days without orders at 0). */
  trend: z.array(trendPoint),
  /** The goods sold most (by amount) in the last 30 days, at most DASHBOARD_TOP_GOODS. */
  topGoods: z.array(topGoods),
});
export type TradingDataView = z.infer<typeof tradingDataView>;

export const dashboard = {
  selCountTradingDataView: read({
    path: seller("/dmp/stat/selCountTradingDataView"),
    summary:
      "The shop's trading figures: paid orders, sales, buyers, average order amount and refunds for today, yesterday, the last 7 and 30 days; a daily series of the last 30 days; the top goods",
    access: { func: "home.dashboard" },
    input: z.strictObject({}),
    output: tradingDataView,
  }),
};
