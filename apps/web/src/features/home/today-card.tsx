import * as contract from "@sbo/contract/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Button, Card, Col, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import { queryKeys } from "@/platform/query-keys";

/** How many of the trend's last days the home's sparkline draws. */
export const SPARK_DAYS = 7;

/** The dashboard's call under the dashboard's query key (the home's prefetch starts it too). */
export const todayQuery = () =>
  queryOptions({
    queryKey: queryKeys("dashboard").detail("trading"),
    queryFn: ({ signal }) => call(contract.dashboard.selCountTradingDataView, {}, { notify: false, signal }),
  });

/** One figure: its words above, the number large (plain markup: the home loads no statistic component for two). */
function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="home-figure">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="home-figure-value">{value}</div>
    </div>
  );
}

/** A week's sales as a small line (no chart library on the home): its words are its aria-label. */
function Sparkline({ values, label }: { values: number[]; label: string }) {
  const width = 160;
  const height = 40;
  const max = Math.max(...values, 1);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`).join(" ");
  return (
    <svg className="home-spark" role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The owner's day at a glance on the home (`home.dashboard`): today's sales and paid orders beside yesterday's, and
 * the last week's sales as a sparkline; the data dashboard has the rest. It reads the dashboard's own call under the
 * dashboard's query key, so the two screens share one answer.
 */
export function TodayCard() {
  const { t } = useTranslation();
  const view = useQuery(todayQuery());
  const title = <h2 className="card-heading">{t("home.today.title")}</h2>;
  const open = <Link to={paths.dashboard()}>{t("home.today.open")}</Link>;
  if (view.isError)
    return (
      <Card title={title} extra={open}>
        <Typography.Text type="secondary">{t("home.today.failed")} </Typography.Text>
        <Button type="link" size="small" onClick={() => void view.refetch()}>
          {t("home.today.retry")}
        </Button>
      </Card>
    );
  const today = view.data?.periods.today;
  const yesterday = view.data?.periods.yesterday;
  const week = (view.data?.trend ?? []).slice(-SPARK_DAYS);
  return (
    <Card title={title} extra={open} loading={view.isPending}>
      {today && yesterday ? (
        <Row gutter={[16, 16]} align="middle">
          <Col xs={12} sm={8}>
            <Figure label={t("home.today.sales")} value={formatCents(today.salesAmount)} />
            <Typography.Text type="secondary">{t("home.today.yesterday", { value: formatCents(yesterday.salesAmount) })}</Typography.Text>
          </Col>
          <Col xs={12} sm={8}>
            <Figure label={t("home.today.orders")} value={today.paidOrders} />
            <Typography.Text type="secondary">{t("home.today.yesterday", { value: yesterday.paidOrders })}</Typography.Text>
          </Col>
          <Col xs={24} sm={8}>
            <Typography.Text type="secondary">{t("home.today.week")}</Typography.Text>
            <div>
              <Sparkline
                values={week.map((d) => d.salesAmount)}
                label={t("home.today.weekWords", { days: week.map((d) => `${d.day.slice(5)} ${formatCents(d.salesAmount)}`).join(", ") })}
              />
            </div>
          </Col>
        </Row>
      ) : null}
    </Card>
  );
}
