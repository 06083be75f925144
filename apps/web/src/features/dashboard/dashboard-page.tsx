import * as contract from "@sbo/contract/dashboard";
import { type DashboardPeriod, dashboardPeriods, type TopGoods } from "@sbo/contract/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Card, Col, Row, Segmented, Statistic, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "@/components/load-failed";
import { PageHeader } from "@/components/page-header";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import { queryKeys } from "@/platform/query-keys";
import type { Prefetch } from "@/platform/screen-preload";
import { trendSummary } from "./trend-option";

// ECharts loads after the figures, only on this screen (its own chunk, not in the screen's first load).
const TrendChart = lazy(() => import("./trend-chart"));
// The buyer counts (the orders contract and the shop calendar's arithmetic) load after the figures.
const BuyerCounts = lazy(() => import("./buyer-counts").then((m) => ({ default: m.BuyerCounts })));

const dashboardKeys = queryKeys("dashboard");
const tradingQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.detail("trading"),
    queryFn: ({ signal }) => call(contract.dashboard.selCountTradingDataView, {}, { notify: false, signal }),
  });
const figureKeys = ["paidOrders", "salesAmount", "buyers", "averageOrderAmount", "refundAmount"] as const;
const moneyFigures = new Set<string>(["salesAmount", "averageOrderAmount", "refundAmount"]);

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(tradingQuery());

/**
 * `paths.dashboard()` (`home.dashboard`): the shop's trading figures for today, yesterday, the last 7 or
 * 30 days (paid orders, sales, buyers, average order amount, refunds), the last 30 days as a chart and the goods sold
 * most in them.
 */
export function Component() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>("today");
  const view = useQuery(tradingQuery());
  const labels = useMemo(
    () => ({
      orders: t("dashboard.figures.paidOrders"),
      sales: t("dashboard.figures.salesAmount"),
      refunds: t("dashboard.figures.refundAmount"),
    }),
    [t],
  );
  // The chart in words (its aria-label), made once per answer so that the chart is not drawn again on each render.
  const trendText = useMemo(() => {
    const s = trendSummary(view.data?.trend ?? []);
    if (s.orders === 0 && s.sales === 0 && s.refunds === 0) return t("dashboard.trendEmpty");
    return t("dashboard.trendDescription", {
      ...s,
      orders: t("dashboard.paidOrdersCount", { count: s.orders }),
      sales: formatCents(s.sales),
      refunds: formatCents(s.refunds),
    });
  }, [view.data, t]);
  const columns: ColumnsType<TopGoods> = [
    { key: "rank", title: t("dashboard.top.rank"), width: 64, render: (_, __, i) => i + 1 },
    { key: "name", title: t("dashboard.top.name"), render: (_, g) => g.name },
    { key: "quantity", title: t("dashboard.top.quantity"), align: "right", render: (_, g) => g.quantity },
    { key: "amount", title: t("dashboard.top.amount"), align: "right", render: (_, g) => formatCents(g.salesAmount) },
  ];

  if (view.isError) return <LoadFailed title={t("dashboard.title")} error={view.error} onRetry={() => view.refetch()} />;
  const figures = view.data?.periods[period];
  return (
    <section aria-labelledby="dashboard-title" className="dashboard">
      <PageHeader
        title={t("dashboard.title")}
        titleId="dashboard-title"
        extra={
          <Segmented<DashboardPeriod>
            aria-label={t("dashboard.period")}
            value={period}
            onChange={setPeriod}
            options={dashboardPeriods.map((p) => ({ value: p, label: t(`dashboard.periods.${p}`) }))}
          />
        }
      />
      <Row gutter={[16, 16]}>
        {figureKeys.map((key) => (
          <Col key={key} xs={12} md={8} lg={4}>
            <Card size="small">
              <Statistic
                title={t(`dashboard.figures.${key}`)}
                loading={!figures}
                value={figures ? (moneyFigures.has(key) ? formatCents(figures[key]) : figures[key]) : 0}
              />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={8} lg={4}>
          <Card size="small">
            <Statistic title={t("dashboard.figures.refunds")} loading={!figures} value={figures?.refunds ?? 0} />
          </Card>
        </Col>
      </Row>
      <Suspense fallback={null}>
        <BuyerCounts period={period} today={view.data?.trend.at(-1)?.day} timeZone={view.data?.timeZone} />
      </Suspense>
      <Card title={t("dashboard.trend")} style={{ marginTop: 16 }}>
        {view.data ? (
          <Suspense fallback={<div style={{ height: 320 }} />}>
            <TrendChart points={view.data.trend} labels={labels} description={trendText} />
          </Suspense>
        ) : (
          <div style={{ height: 320 }} />
        )}
      </Card>
      <Card title={t("dashboard.top.title")} style={{ marginTop: 16 }}>
        <Table<TopGoods>
          rowKey="goodsId"
          size="small"
          pagination={false}
          loading={view.isPending}
          columns={columns}
          dataSource={view.data?.topGoods ?? []}
          locale={{ emptyText: t("dashboard.top.empty") }}
        />
      </Card>
    </section>
  );
}
