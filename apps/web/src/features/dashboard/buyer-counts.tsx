import type { DashboardPeriod } from "@sbo/contract/dashboard";
import { orderDesk } from "@sbo/contract/orders-desk";
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Row, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { addDays, startOfDayIn } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { queryKeys } from "@/platform/query-keys";
import { useMayCall } from "@/platform/use-holds";

const buyerKeys = queryKeys("dashboardBuyers");
const placedKeys = queryKeys("dashboardPlaced");

type DayStats = { orders: number; paidOrders: number; paidAmount: number; cancelled: number };
const sum = (days: DayStats[]): DayStats =>
  days.reduce(
    (s, d) => ({
      orders: s.orders + d.orders,
      paidOrders: s.paidOrders + d.paidOrders,
      paidAmount: s.paidAmount + d.paidAmount,
      cancelled: s.cancelled + d.cancelled,
    }),
    { orders: 0, paidOrders: 0, paidAmount: 0, cancelled: 0 },
  );

/**
 * The orders placed in a period, how many of them are paid, for how much, and how many were cancelled: today,
 * yesterday and the last 7 days in one call (`statisticalOrder`); the last 30 days from the daily series
 * (`statisticalDuringOrder`, which the server counts in the shop's calendar too).
 */
function usePlacedOrders(period: DashboardPeriod, today: string | undefined, enabled: boolean) {
  const recent = useQuery({
    queryKey: placedKeys.detail("recent"),
    queryFn: ({ signal }) => call(orderDesk.statisticalOrder, {}, { notify: false, signal }),
    enabled: enabled && period !== "last30",
  });
  const month = useQuery({
    queryKey: placedKeys.detail(`month:${today}`),
    queryFn: ({ signal }) =>
      call(orderDesk.statisticalDuringOrder, { fromDay: addDays(today ?? "", -29), toDay: today ?? "" }, { notify: false, signal }),
    enabled: enabled && period === "last30" && Boolean(today),
  });
  if (period === "last30") return { data: month.data ? sum(month.data.days) : undefined, isError: month.isError };
  const key = period === "last7" ? "last7Days" : period;
  return { data: recent.data?.[key], isError: recent.isError };
}

/** The first and last days of a period (both included), counted back from `today` in the shop's calendar. */
const periodDays: Record<DashboardPeriod, (today: string) => [string, string]> = {
  today: (d) => [d, d],
  yesterday: (d) => [addDays(d, -1), addDays(d, -1)],
  last7: (d) => [addDays(d, -6), d],
  last30: (d) => [addDays(d, -29), d],
};

/**
 * The dashboard's orders placed in the chosen period: the buyers who placed them and how many of them ordered more
 * than once (`selCountBuyerBoIdByOrder`, over the period's days in the shop's time zone), the orders, how many of
 * them are paid, the amount paid and how many were cancelled (`usePlacedOrders`). The dashboard's own figures count
 * payments in the period; these count the orders placed in it. Shown to members who may read orders; the others see
 * the dashboard without it.
 */
export function BuyerCounts({
  period,
  today,
  timeZone,
}: {
  period: DashboardPeriod;
  today: string | undefined;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation();
  const may = useMayCall(orderDesk.selCountBuyerBoIdByOrder);
  const [first, last] = today ? periodDays[period](today) : ["", ""];
  const counts = useQuery({
    queryKey: buyerKeys.detail(`${first}:${last}:${timeZone}`),
    queryFn: ({ signal }) =>
      call(
        orderDesk.selCountBuyerBoIdByOrder,
        {
          from: startOfDayIn(first, timeZone ?? "UTC").toISOString(),
          to: startOfDayIn(addDays(last, 1), timeZone ?? "UTC").toISOString(),
        },
        { notify: false, signal },
      ),
    enabled: may && Boolean(today && timeZone),
  });
  const mayCount = useMayCall(orderDesk.statisticalOrder);
  const placed = usePlacedOrders(period, today, may && mayCount);
  if (!may || counts.isError) return null;
  const c = counts.data;
  const p = placed.data;
  return (
    <Card title={t("dashboard.buyers.title")} size="small" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8} lg={4}>
          <Statistic title={t("dashboard.buyers.buyers")} loading={!c} value={c?.buyers ?? 0} />
        </Col>
        <Col xs={12} md={8} lg={4}>
          <Statistic title={t("dashboard.buyers.repeatBuyers")} loading={!c} value={c?.repeatBuyers ?? 0} />
        </Col>
        <Col xs={12} md={8} lg={4}>
          <Statistic title={t("dashboard.buyers.orders")} loading={!c} value={c?.orders ?? 0} />
        </Col>
        {placed.isError ? null : (
          <>
            <Col xs={12} md={8} lg={4}>
              <Statistic title={t("dashboard.buyers.paidOrders")} loading={!p} value={p?.paidOrders ?? 0} />
            </Col>
            <Col xs={12} md={8} lg={4}>
              <Statistic title={t("dashboard.buyers.paidAmount")} loading={!p} value={formatCents(p?.paidAmount ?? 0)} />
            </Col>
            <Col xs={12} md={8} lg={4}>
              <Statistic title={t("dashboard.buyers.cancelled")} loading={!p} value={p?.cancelled ?? 0} />
            </Col>
          </>
        )}
      </Row>
    </Card>
  );
}
