import * as contract from "@sbo/contract/invoice";
import { type InvoiceCounts, type InvoiceState, type InvoiceTab, invoiceTabs, invoiceTypes } from "@sbo/contract/invoice";
import { Badge, Space, Typography } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ListColumn } from "@/components/column-picker";
import type { FilterField } from "@/components/list-filters";
import { activeTab, firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { canDecide, type InvoiceRow, invoiceKeys } from "./invoice.api";
import { RefuseDialog } from "./invoice-dialogs";

const stateBadge = { requested: "processing", issued: "success", refused: "error" } as const;

/** An invoice request's state as a dot and its words (never colour alone). */
export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  const { t } = useTranslation();
  return <Badge status={stateBadge[state]} text={t(`invoice.state.${state}`)} />;
}

/** The first page with no filter (the first tab), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  void client.prefetchQuery(
    listPageQuery(contract.invoice.selInvoiceListByPage, invoiceKeys.lists(), firstPageRequest({ tab: invoiceTabs[0] })),
  );
};

/**
 * `paths.invoiceList()` (`order.invoice`): the shop's invoice requests with state tabs and their capped
 * counts, filters (invoice type, order number prefix, the days requested) and, in the fixed column, Detail, Issue
 * (opens the detail's issue form) and Refuse for requests still to issue.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab: InvoiceTab = activeTab(params, invoiceTabs);
  const mayDecide = useHolds("order.invoice.issue");
  const [counts, setCounts] = useState<InvoiceCounts | null>(null);
  const [refusing, setRefusing] = useState<InvoiceRow | null>(null);
  // The list's answer carries every tab's capped count beside its rows.
  const onData = useCallback((data: object) => setCounts((data as { counts?: InvoiceCounts }).counts ?? null), []);

  const filters: FilterField[] = [
    {
      kind: "select",
      name: "invoiceType",
      label: t("invoice.filters.type"),
      options: invoiceTypes.map((value) => ({ value, label: t(`invoice.type.${value}`) })),
    },
    { kind: "text", name: "orderNo", label: t("invoice.filters.orderNo"), placeholder: t("invoice.filters.orderNoHelp") },
    { kind: "dateRange", name: "requested", label: t("invoice.filters.requested"), from: "from", to: "to" },
  ];

  const columns: ListColumn<InvoiceRow>[] = [
    {
      key: "order",
      title: t("invoice.columns.order"),
      importance: "key",
      render: (_, row) => <Link to={paths.orderDetail(row.orderId)}>{row.orderNo}</Link>,
    },
    {
      key: "title",
      title: t("invoice.columns.title"),
      width: 150,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.title.name}</span>
          <Typography.Text type="secondary">
            {t(`invoice.kind.${row.title.kind}`)}
            {row.title.taxNo ? ` · ${row.title.taxNo}` : ""}
          </Typography.Text>
        </Space>
      ),
    },
    { key: "type", title: t("invoice.columns.type"), width: 110, render: (_, row) => t(`invoice.type.${row.title.invoiceType}`) },
    { key: "amount", title: t("invoice.columns.amount"), importance: "key", align: "right", render: (_, row) => formatCents(row.amount) },
    {
      key: "buyer",
      title: t("invoice.columns.buyer"),
      importance: "secondary",
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.buyerName}</span>
          {row.buyerPhone ? <Typography.Text type="secondary">{row.buyerPhone}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: "state", title: t("invoice.columns.state"), importance: "key", render: (_, row) => <InvoiceStateBadge state={row.state} /> },
    { key: "invoiceNo", title: t("invoice.columns.invoiceNo"), render: (_, row) => row.invoiceNo ?? "—" },
    { key: "requestedAt", title: t("invoice.columns.requestedAt"), importance: "key", render: (_, row) => when(row.requestedAt) },
    ...actionsColumn<InvoiceRow>({
      title: t("invoice.columns.actions"),
      actions: (row) => [
        {
          key: "detail",
          label: t("invoice.actions.detail"),
          ariaLabel: `${t("invoice.actions.detail")}: ${row.orderNo}`,
          onClick: () => navigate(paths.invoiceDetail(row.id)),
        },
        mayDecide &&
          canDecide(row.state) && {
            key: "issue",
            label: t("invoice.actions.issue"),
            ariaLabel: `${t("invoice.actions.issue")}: ${row.orderNo}`,
            onClick: () => navigate(paths.invoiceDetail(row.id)),
          },
        mayDecide &&
          canDecide(row.state) && {
            key: "refuse",
            label: t("invoice.actions.refuse"),
            ariaLabel: `${t("invoice.actions.refuse")}: ${row.orderNo}`,
            onClick: () => setRefusing(row),
          },
      ],
    }),
  ];

  return (
    <>
      <ListPage<InvoiceRow>
        title={t("invoice.title")}
        entry={contract.invoice.selInvoiceListByPage}
        exportEntry={contract.invoice.exportInvoiceList}
        queryKey={invoiceKeys.lists()}
        filters={filters}
        toFilters={(f) => ({
          tab,
          invoiceType: invoiceTypes.find((v) => v === f.invoiceType),
          orderNo: f.orderNo?.trim() || undefined,
          from: f.from || undefined,
          to: f.to || undefined,
        })}
        keyset
        onData={onData}
        tabs={{ keys: invoiceTabs, label: (key) => t(`invoice.tabs.${key as InvoiceTab}`), counts, alert: "requested" }}
        columns={columns}
        rowKey="id"
        empty={{ description: t("invoice.empty") }}
      />
      {refusing ? <RefuseDialog invoice={refusing} onClose={() => setRefusing(null)} /> : null}
    </>
  );
}
