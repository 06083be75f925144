import * as contract from "@sbo/contract/statement";
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Drawer, Row, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { FilterField } from "@/components/list-filters";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { rangeOf, type StatementDayRow, type StatementOrderRow, statementKeys, statementTotalsQuery, when } from "./statement.api";

const figureKeys = ["orders", "salesAmount", "refundAmount", "feeAmount", "netAmount"] as const;

/** Money that may be negative (a day of refunds): shown with its sign, in red below zero. */
function Net({ cents }: { cents: number }) {
  return <Typography.Text type={cents < 0 ? "danger" : undefined}>{formatCents(cents)}</Typography.Text>;
}

/** The range's totals above the list: orders paid, sales, refunds, fees, net. */
function Totals({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const totals = useQuery(statementTotalsQuery(from, to));
  return (
    <Row gutter={[16, 16]} className="statement-totals" aria-label={t("statement.totals.label", { from, to })} role="group">
      {figureKeys.map((key) => (
        <Col key={key} xs={12} md={8} lg={4}>
          <Card size="small">
            <Typography.Text type="secondary">{t(`statement.figures.${key}`)}</Typography.Text>
            <div className="statement-figure" data-figure={key}>
              {totals.data ? key === "orders" ? totals.data.orders : <Net cents={totals.data[key]} /> : "—"}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** One day's orders, in a drawer. */
function DayOrders({ day, onClose }: { day: string; onClose: () => void }) {
  const { t } = useTranslation();
  const columns: ColumnsType<StatementOrderRow> = [
    { key: "order", title: t("statement.columns.order"), render: (_, r) => <Link to={paths.orderDetail(r.orderId)}>{r.orderNo}</Link> },
    { key: "paidAt", title: t("statement.columns.paidAt"), render: (_, r) => when(r.paidAt) },
    { key: "pay", title: t("statement.columns.pay"), align: "right", render: (_, r) => formatCents(r.payAmount) },
    { key: "refunded", title: t("statement.columns.refunded"), align: "right", render: (_, r) => formatCents(r.refundedAmount) },
    { key: "fee", title: t("statement.columns.fee"), align: "right", render: (_, r) => formatCents(r.feeAmount) },
    { key: "net", title: t("statement.columns.net"), align: "right", render: (_, r) => <Net cents={r.netAmount} /> },
  ];
  return (
    <Drawer open onClose={onClose} size="large" title={t("statement.dayOrders", { day })}>
      <ListPage<StatementOrderRow>
        variant="section"
        title={t("statement.ordersOf", { day })}
        entry={contract.statement.selSellerStatementByPC}
        queryKey={[...statementKeys.lists(), "orders"]}
        paramPrefix="o"
        toFilters={() => ({ from: day, to: day })}
        columns={columns}
        rowKey="orderId"
        empty={{ description: t("statement.noOrders") }}
      />
    </Drawer>
  );
}

/** The range's totals and its first page of days (the last 30 days without a range in the URL), started by the route's loader. */
export const prefetch: Prefetch = (client, _params, search) => {
  const range = rangeOf(search);
  void client.prefetchQuery(statementTotalsQuery(range.from, range.to));
  if ([...search.keys()].some((key) => key !== "from" && key !== "to")) return;
  void client.prefetchQuery(listPageQuery(contract.statement.selSellerDateNumByPC, statementKeys.lists(), firstPageRequest(range)));
};

/**
 * `paths.statement()` (`finance.statement`): the shop's statement over a range of days (the last 30 by
 * default): the totals, one line per day (orders paid, sales, refunds, fees, net), each day's orders in a drawer,
 * and the export of the days as a spreadsheet.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const range = rangeOf(params);
  const [day, setDay] = useState<string | null>(null);

  const filters: FilterField[] = [{ kind: "dateRange", name: "days", label: t("statement.filters.days"), from: "from", to: "to" }];

  const columns: ColumnsType<StatementDayRow> = [
    { key: "day", title: t("statement.columns.day"), render: (_, r) => r.day },
    { key: "orders", title: t("statement.figures.orders"), align: "right", render: (_, r) => r.orders },
    { key: "sales", title: t("statement.figures.salesAmount"), align: "right", render: (_, r) => formatCents(r.salesAmount) },
    { key: "refunds", title: t("statement.figures.refundAmount"), align: "right", render: (_, r) => formatCents(r.refundAmount) },
    { key: "fees", title: t("statement.figures.feeAmount"), align: "right", render: (_, r) => formatCents(r.feeAmount) },
    { key: "net", title: t("statement.figures.netAmount"), align: "right", render: (_, r) => <Net cents={r.netAmount} /> },
    ...actionsColumn<StatementDayRow>({
      title: t("statement.columns.actions"),
      actions: (r) => [
        r.orders > 0 && {
          key: "orders",
          label: t("statement.actions.orders"),
          ariaLabel: `${t("statement.actions.orders")}: ${r.day}`,
          onClick: () => setDay(r.day),
        },
      ],
    }),
  ];

  return (
    <>
      <ListPage<StatementDayRow>
        title={t("statement.title")}
        entry={contract.statement.selSellerDateNumByPC}
        queryKey={statementKeys.lists()}
        filters={filters}
        toFilters={() => range}
        exportEntry={contract.statement.exportSellerStatement}
        exportInput={() => range}
        above={<Totals from={range.from} to={range.to} />}
        columns={columns}
        rowKey="day"
        empty={{ description: t("statement.empty") }}
      />
      {day ? <DayOrders day={day} onClose={() => setDay(null)} /> : null}
    </>
  );
}
