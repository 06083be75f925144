import type { DashboardPeriod } from "@sbo/contract/dashboard";
import { orderDesk } from "@sbo/contract/orders-desk";
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Row, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { addDays, startOfDayIn } from "@/platform/dates";
import { queryKeys } from "@/platform/query-keys";
import { useMayCall } from "@/platform/use-holds";

const buyerKeys = queryKeys("dashboardBuyers");

/** The first and last days of a period (both included), counted back from `today` in the shop's calendar. */
const periodDays: Record<DashboardPeriod, (today: string) => [string, string]> = {
  today: (d) => [d, d],
  yesterday: (d) => [addDays(d, -1), addDays(d, -1)],
  last7: (d) => [addDays(d, -6), d],
  last30: (d) => [addDays(d, -29), d],
};

/**
 * The dashboard's buyers who placed orders in the chosen period and how many of them ordered more than once
 * (`selCountBuyerBoIdByOrder`, over the period's days in the shop's time zone). Shown to members who may read
 * orders; the others see the dashboard without it.
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
  if (!may || counts.isError) return null;
  const c = counts.data;
  return (
    <Card title={t("dashboard.buyers.title")} size="small" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8}>
          <Statistic title={t("dashboard.buyers.buyers")} loading={!c} value={c?.buyers ?? 0} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title={t("dashboard.buyers.repeatBuyers")} loading={!c} value={c?.repeatBuyers ?? 0} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title={t("dashboard.buyers.orders")} loading={!c} value={c?.orders ?? 0} />
        </Col>
      </Row>
    </Card>
  );
}
