import * as contract from "@sbo/contract/statement";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Col, Drawer, Row, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { FilterField } from "@/components/list-filters";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { type PurchaseDayRow, type PurchaseRow, purchaseKeys, purchaseTotalsQuery, rangeOf } from "./purchase.api";

const figureKeys = ["orders", "salesAmount", "refundAmount"] as const;

/** The range's totals above the list: purchases paid, what they cost, refunds received. */
function Totals({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const totals = useQuery(purchaseTotalsQuery(from, to));
  return (
    <Row gutter={[16, 16]} aria-label={t("purchase.totals.label", { from, to })} role="group">
      {figureKeys.map((key) => (
        <Col key={key} xs={24} sm={8}>
          <Card size="small">
            <Typography.Text type="secondary">{t(`purchase.figures.${key}`)}</Typography.Text>
            <div className="statement-figure" data-figure={key}>
              {totals.data ? (key === "orders" ? totals.data.orders : formatCents(totals.data[key])) : "—"}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The range's purchases by day (orders paid, paid, refunds received), in a drawer. */
function ByDay({ range, onClose }: { range: { from: string; to: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const columns: ColumnsType<PurchaseDayRow> = [
    { key: "day", title: t("purchase.columns.day"), render: (_, r) => r.day },
    { key: "orders", title: t("purchase.figures.orders"), align: "right", render: (_, r) => r.orders },
    { key: "paid", title: t("purchase.figures.salesAmount"), align: "right", render: (_, r) => formatCents(r.salesAmount) },
    { key: "refunds", title: t("purchase.figures.refundAmount"), align: "right", render: (_, r) => formatCents(r.refundAmount) },
  ];
  return (
    <Drawer open onClose={onClose} size="large" title={t("purchase.byDay.title")}>
      <ListPage<PurchaseDayRow>
        variant="section"
        title={t("purchase.byDay.title")}
        entry={contract.statement.selBuyerDateNumByPC}
        queryKey={[...purchaseKeys.lists(), "days"]}
        paramPrefix="d"
        toFilters={() => range}
        columns={columns}
        rowKey="day"
        empty={{ description: t("purchase.byDay.empty") }}
      />
    </Drawer>
  );
}

/** The range's totals and the first page of the range the URL asks for (the last 30 days without one), started by the route's loader. */
export const prefetch: Prefetch = (client, _params, search) => {
  const range = rangeOf(search);
  void client.prefetchQuery(purchaseTotalsQuery(range.from, range.to));
  if ([...search.keys()].some((key) => key !== "from" && key !== "to")) return;
  void client.prefetchQuery(listPageQuery(contract.statement.selBuyerStatementByPC, purchaseKeys.lists(), firstPageRequest(range)));
};

/**
 * `paths.purchaseList()` (`purchase.order`): the organisation's own purchases paid over a range of days (the
 * last 30 by default), newest first, with the range's totals and a by-day view. Only orders placed FOR the
 * organisation: a colleague's personal purchases never show (the server filters on the order's `buyer_bo_id`).
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const range = rangeOf(params);
  const [byDay, setByDay] = useState(false);
  const navigate = useNavigate();

  const filters: FilterField[] = [{ kind: "dateRange", name: "days", label: t("purchase.filters.days"), from: "from", to: "to" }];
  const columns: ColumnsType<PurchaseRow> = [
    { key: "order", title: t("purchase.columns.order"), render: (_, r) => <Link to={paths.purchaseDetail(r.orderId)}>{r.orderNo}</Link> },
    { key: "status", title: t("purchase.columns.status"), render: (_, r) => t(`purchase.status.${r.status}`) },
    { key: "paidAt", title: t("purchase.columns.paidAt"), render: (_, r) => when(r.paidAt) },
    { key: "pay", title: t("purchase.columns.pay"), align: "right", render: (_, r) => formatCents(r.payAmount) },
    { key: "freight", title: t("purchase.columns.freight"), align: "right", render: (_, r) => formatCents(r.freightAmount) },
    { key: "refunded", title: t("purchase.columns.refunded"), align: "right", render: (_, r) => formatCents(r.refundedAmount) },
    ...actionsColumn<PurchaseRow>({
      title: t("purchase.columns.actions"),
      actions: (r) => [
        {
          key: "open",
          label: t("purchase.actions.open"),
          ariaLabel: `${t("purchase.actions.open")}: ${r.orderNo}`,
          onClick: () => navigate(paths.purchaseDetail(r.orderId)),
        },
      ],
    }),
  ];

  return (
    <>
      <ListPage<PurchaseRow>
        title={t("purchase.title")}
        entry={contract.statement.selBuyerStatementByPC}
        queryKey={purchaseKeys.lists()}
        filters={filters}
        toFilters={() => range}
        above={
          <>
            <Typography.Paragraph type="secondary">{t("purchase.intro")}</Typography.Paragraph>
            <Totals from={range.from} to={range.to} />
          </>
        }
        toolbar={
          <>
            <Button onClick={() => setByDay(true)}>{t("purchase.actions.byDay")}</Button>
            <Button onClick={() => navigate(paths.invoiceTitles())}>{t("purchase.actions.titles")}</Button>
          </>
        }
        columns={columns}
        rowKey="orderId"
        empty={{ description: t("purchase.empty") }}
      />
      {byDay ? <ByDay range={range} onClose={() => setByDay(false)} /> : null}
    </>
  );
}
