import "./aftersale.css";
import * as contract from "@sbo/contract/aftersale";
import { type AfterSaleTab, type AfterSaleTypeTab, afterSaleTypeTabs } from "@sbo/contract/aftersale";
import { Badge, Segmented, Space, Typography } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ListColumn } from "@/components/column-picker";
import { cappedCount, type FilterField } from "@/components/list-filters";
import { activeTab, firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { type AfterSaleRow, type AfterSaleState, afterSaleKeys } from "./aftersale.api";

/** The state tabs shown: the open states in their order, then every closed one together (the list's rows show which). */
const LIST_TABS = ["all", "applied", "approved", "buyerShipped", "received", "closed"] as const satisfies readonly AfterSaleTab[];

type Counts = { stateCounts: Record<AfterSaleTab, number>; typeCounts: Record<AfterSaleTypeTab, number> };

const stateBadge: Record<AfterSaleState, "warning" | "processing" | "success" | "default" | "error"> = {
  applied: "warning",
  approved: "processing",
  buyerShipped: "warning",
  received: "processing",
  refunded: "success",
  exchangeShipped: "success",
  rejected: "error",
  withdrawn: "default",
};

/** An application's state as a dot and its words. */
export function AfterSaleStateBadge({ state }: { state: AfterSaleState }) {
  const { t } = useTranslation();
  return <Badge status={stateBadge[state]} text={t(`afterSale.state.${state}`)} />;
}

/** The first page with no filter (all types, the first state tab), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  const request = firstPageRequest({ type: "all", state: LIST_TABS[0] });
  void client.prefetchQuery(listPageQuery(contract.afterSale.selOrderGoodsAfterSaleService, afterSaleKeys.lists(), request));
};

/**
 * `paths.afterSaleList(query)`: the shop's after-sale applications, newest first — type tabs and state tabs with
 * their (capped) counts, filters (order number, the days applied), and each application's handling screen.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state: AfterSaleTab = activeTab(params, LIST_TABS);
  const typeParam = params.get("type");
  const type: AfterSaleTypeTab = (afterSaleTypeTabs as readonly string[]).includes(typeParam ?? "")
    ? (typeParam as AfterSaleTypeTab)
    : "all";
  const [counts, setCounts] = useState<Counts | null>(null);
  const zh = currentLanguage() === "zh";
  const onData = useCallback((d: unknown) => {
    const page = d as Partial<Counts>;
    if (page.stateCounts && page.typeCounts) setCounts({ stateCounts: page.stateCounts, typeCounts: page.typeCounts });
  }, []);

  const filters: FilterField[] = [
    { kind: "text", name: "orderNo", label: t("afterSale.filters.orderNo"), placeholder: t("afterSale.filters.orderNoHelp") },
    { kind: "dateRange", name: "applied", label: t("afterSale.filters.applied"), from: "from", to: "to" },
  ];

  const columns: ListColumn<AfterSaleRow>[] = [
    {
      key: "afterSaleNo",
      title: t("afterSale.columns.afterSaleNo"),
      importance: "key",
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Link to={paths.afterSaleHandle(a.type, a.id)}>{a.afterSaleNo}</Link>
          <Typography.Text type="secondary">{t(`afterSale.type.${a.type}`)}</Typography.Text>
        </Space>
      ),
    },
    {
      key: "order",
      title: t("afterSale.columns.order"),
      importance: "secondary",
      render: (_, a) => <Link to={paths.afterSaleOrder(a.id)}>{a.orderNo}</Link>,
    },
    {
      key: "goods",
      title: t("afterSale.columns.goods"),
      width: 140,
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{a.goodsName}</Typography.Text>
          {a.specValues.length ? <Typography.Text type="secondary">{a.specValues.join(" / ")}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: "quantity", title: t("afterSale.columns.quantity"), align: "right", render: (_, a) => a.quantity },
    { key: "amount", title: t("afterSale.columns.amount"), importance: "key", align: "right", render: (_, a) => formatCents(a.amount) },
    {
      key: "reason",
      title: t("afterSale.columns.reason"),
      render: (_, a) => (zh ? a.reasonName : a.reasonNameEn),
    },
    {
      key: "buyer",
      title: t("afterSale.columns.buyer"),
      importance: "secondary",
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{a.buyerName}</Typography.Text>
          {a.buyerPhone ? <Typography.Text type="secondary">{a.buyerPhone}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: "appliedAt", title: t("afterSale.columns.appliedAt"), importance: "key", render: (_, a) => when(a.appliedAt) },
    {
      key: "state",
      title: t("afterSale.columns.state"),
      importance: "key",
      width: 150,
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <AfterSaleStateBadge state={a.state} />
          {a.autoApproveAt ? (
            <Typography.Text type="secondary">{t("afterSale.autoApproveAt", { at: when(a.autoApproveAt) })}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    ...actionsColumn<AfterSaleRow>({
      title: t("afterSale.columns.actions"),
      actions: (a) => [
        {
          key: "handle",
          label: a.state === "applied" || a.state === "buyerShipped" ? t("afterSale.actions.handle") : t("afterSale.actions.view"),
          ariaLabel: `${a.state === "applied" || a.state === "buyerShipped" ? t("afterSale.actions.handle") : t("afterSale.actions.view")}: ${a.afterSaleNo}`,
          onClick: () => navigate(paths.afterSaleHandle(a.type, a.id)),
        },
        {
          key: "order",
          label: t("afterSale.actions.order"),
          ariaLabel: `${t("afterSale.actions.order")}: ${a.orderNo}`,
          onClick: () => navigate(paths.afterSaleOrder(a.id)),
        },
      ],
    }),
  ];

  const typeTabs = (
    <Segmented<AfterSaleTypeTab>
      aria-label={t("afterSale.typeFilterLabel")}
      className="after-sale-types"
      value={type}
      onChange={(value) => {
        const next = new URLSearchParams(params);
        if (value === "all") next.delete("type");
        else next.set("type", value);
        next.delete("page");
        setParams(next);
      }}
      options={afterSaleTypeTabs.map((key) => ({
        value: key,
        label: counts ? `${t(`afterSale.typeTabs.${key}`)} ${cappedCount(counts.typeCounts[key])}` : t(`afterSale.typeTabs.${key}`),
      }))}
    />
  );

  return (
    <ListPage<AfterSaleRow>
      title={t("afterSale.title")}
      entry={contract.afterSale.selOrderGoodsAfterSaleService}
      exportEntry={contract.afterSale.exportAfterSaleList}
      queryKey={afterSaleKeys.lists()}
      filters={filters}
      toFilters={(f) => ({
        type,
        state,
        orderNo: f.orderNo || undefined,
        from: f.from || undefined,
        to: f.to || undefined,
      })}
      above={typeTabs}
      onData={onData}
      tabs={{
        keys: LIST_TABS,
        label: (key) => t(`afterSale.tabs.${key as AfterSaleTab}`),
        counts: counts?.stateCounts ?? null,
        alert: "applied",
      }}
      columns={columns}
      rowKey="id"
      empty={{ description: t("afterSale.empty") }}
    />
  );
}
