import {
  type contract,
  DASHBOARD_SERIES_DAYS,
  type DashboardPeriod,
  dashboardPeriods,
  type OutputOf,
  type TradingFigures,
  type TrendPoint,
} from "@sbo/contract";
import { readTogether } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { addDays, startOfDay, todayIn } from "../statement/statement.days";
import * as repo from "./dashboard.repository";

/*
 * The data dashboard (docs/domains/dashboard.md): the last 30 days of one shop's paid orders and refunds, read in
 * four bounded queries and folded into periods (today, yesterday, 7 and 30 days), a daily series and the top goods.
 */

type Out = OutputOf<typeof contract.dashboard.selCountTradingDataView>;

/** First and last day (included) of each period, counted back from today. */
function periodDays(today: string): Record<DashboardPeriod, { from: string; to: string }> {
  return {
    today: { from: today, to: today },
    yesterday: { from: addDays(today, -1), to: addDays(today, -1) },
    last7: { from: addDays(today, -6), to: today },
    last30: { from: addDays(today, -(DASHBOARD_SERIES_DAYS - 1)), to: today },
  };
}

export function createDashboardService() {
  return {
    async selCountTradingDataView(ctx: Ctx, now = new Date()): Promise<Out> {
      const { boId, timeZone } = ctx.me();
      const today = todayIn(timeZone, now);
      const periods = periodDays(today);
      const instants = dashboardPeriods.map((p) => ({
        from: startOfDay(periods[p].from, timeZone),
        to: startOfDay(addDays(periods[p].to, 1), timeZone),
      }));
      const w: repo.Window = {
        boId,
        timeZone,
        start: startOfDay(periods.last30.from, timeZone),
        end: startOfDay(addDays(today, 1), timeZone),
      };
      const [paid, refunds, buyers, top] = await readTogether(ctx.db, [
        () => repo.paidDays(ctx.db, w),
        () => repo.refundDays(ctx.db, w),
        () => repo.buyersSince(ctx.db, w, instants),
        () => repo.topGoods(ctx.db, w),
      ] as const);
      const paidBy = new Map(paid.map((d) => [d.day, d]));
      const refundBy = new Map(refunds.map((d) => [d.day, d]));
      const trend: TrendPoint[] = [];
      for (let i = DASHBOARD_SERIES_DAYS - 1; i >= 0; i--) {
        const day = addDays(today, -i);
        trend.push({
          day,
          paidOrders: Number(paidBy.get(day)?.orders ?? 0),
          salesAmount: Number(paidBy.get(day)?.sales ?? 0),
          refundAmount: Number(refundBy.get(day)?.amount ?? 0),
        });
      }
      const figures = (p: DashboardPeriod, i: number): TradingFigures => {
        const { from, to } = periods[p];
        let paidOrders = 0;
        let salesAmount = 0;
        let refundAmount = 0;
        let refundCount = 0;
        for (const d of trend) {
          if (d.day < from || d.day > to) continue;
          paidOrders += d.paidOrders;
          salesAmount += d.salesAmount;
          refundAmount += d.refundAmount;
          refundCount += Number(refundBy.get(d.day)?.refunds ?? 0);
        }
        return {
          paidOrders,
          salesAmount,
          buyers: buyers[i] ?? 0,
          averageOrderAmount: paidOrders === 0 ? 0 : Math.round(salesAmount / paidOrders),
          refundAmount,
          refunds: refundCount,
        };
      };
      return {
        at: now.toISOString(),
        timeZone,
        periods: Object.fromEntries(dashboardPeriods.map((p, i) => [p, figures(p, i)])) as Out["periods"],
        trend,
        topGoods: top.map((g) => ({ goodsId: g.goods_id, name: g.name, quantity: Number(g.quantity), salesAmount: Number(g.amount) })),
      };
    },
  };
}
