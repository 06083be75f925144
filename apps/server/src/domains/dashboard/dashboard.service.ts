import {
  type contract,
  DASHBOARD_SERIES_DAYS,
  type DashboardPeriod,
  dashboardPeriods,
  type OutputOf,
  type ParsedInputOf,
  type TradingFigures,
  type TrendPoint,
} from "@sbo/contract";
import { addDays, todayIn } from "../../platform/days";
import { readTogether } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import * as repo from "./dashboard.repository";

/*
 * The data dashboard (docs/domains/dashboard.md): the last 30 days of one shop's paid orders and refunds, read from the
 * rollups in three bounded queries and folded into periods (today, yesterday, 7 and 30 days), a daily series and the
 * top goods.
 */

type In = ParsedInputOf<typeof contract.dashboard.selCountTradingDataView>;
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
    async selCountTradingDataView(_input: In, ctx: Ctx, now = new Date()): Promise<Out> {
      const { boId, timeZone } = ctx.me();
      const today = todayIn(timeZone, now);
      const periods = periodDays(today);
      const w: repo.Window = { boId, from: periods.last30.from, to: today };
      const [days, buyers, top] = await readTogether(ctx.db, [
        () => repo.days(ctx.db, w),
        () =>
          repo.buyers(
            ctx.db,
            boId,
            dashboardPeriods.map((p) => periods[p]),
          ),
        () => repo.topGoods(ctx.db, w),
      ] as const);
      const dayBy = new Map(days.map((d) => [d.day, d]));
      const trend: TrendPoint[] = [];
      for (let i = DASHBOARD_SERIES_DAYS - 1; i >= 0; i--) {
        const day = addDays(today, -i);
        const d = dayBy.get(day);
        trend.push({
          day,
          paidOrders: Number(d?.orders ?? 0),
          salesAmount: Number(d?.sales ?? 0),
          refundAmount: Number(d?.refund_amount ?? 0),
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
          refundCount += Number(dayBy.get(d.day)?.refunds ?? 0);
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
