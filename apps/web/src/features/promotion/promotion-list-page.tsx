import * as contract from "@sbo/contract/promotion";
import { type PromotionState, promotionStates } from "@sbo/contract/promotion";
import { App, Badge, Button } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { ListColumn } from "@/components/column-picker";
import type { FilterField } from "@/components/list-filters";
import { activeTab, firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { canEdit, type PromotionRow, promotionKeys } from "./promotion.api";

const TABS = ["all", ...promotionStates] as const;
type Tab = (typeof TABS)[number];
const stateBadge = { notStarted: "default", running: "processing", ended: "success", cancelled: "error" } as const;

/** A promotion's state as a dot and its words (never colour alone). */
export function PromotionStateBadge({ state }: { state: PromotionState }) {
  const { t } = useTranslation();
  return <Badge status={stateBadge[state]} text={t(`promotion.state.${state}`)} />;
}

/** The offer in words: "20% off" or "Price per SKU". */
export function OfferText({ row }: { row: Pick<PromotionRow, "kind" | "percentOff"> }) {
  const { t } = useTranslation();
  return <>{row.kind === "percent" ? t("promotion.percentOff", { percent: row.percentOff ?? 0 }) : t("promotion.kind.price")}</>;
}

/** The first page with no filter (the first tab), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size === 0)
    void client.prefetchQuery(listPageQuery(contract.promotion.queryList, promotionKeys.lists(), firstPageRequest({})));
};

/**
 * `paths.promotionList()` (`marketing.promotion`): the shop's promotions with state tabs (from the clock), a
 * name filter and, in the fixed column, Detail, Edit (not started or running), Cancel (not started) and End now
 * (running).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab: Tab = activeTab(params, TABS);
  const write = useWrite(promotionKeys.all);
  const { message } = App.useApp();

  const stop = async (row: PromotionRow) => {
    await call(contract.promotion.delPromotionInfo, { id: row.id });
    void message.success(t(row.state === "running" ? "promotion.done.ended" : "promotion.done.cancelled"));
    await write.done();
  };

  const filters: FilterField[] = [{ kind: "text", name: "keyword", label: t("promotion.filters.keyword") }];

  const columns: ListColumn<PromotionRow>[] = [
    { key: "name", title: t("promotion.columns.name"), importance: "key", width: 150, render: (_, row) => row.name },
    { key: "kind", title: t("promotion.columns.kind"), render: (_, row) => <OfferText row={row} /> },
    {
      key: "period",
      title: t("promotion.columns.period"),
      importance: "key",
      width: 170,
      render: (_, row) => `${when(row.startsAt)} – ${when(row.endsAt)}`,
    },
    {
      key: "goods",
      title: t("promotion.columns.goods"),
      render: (_, row) =>
        t("promotion.goodsCount", {
          goods: t("promotion.items", { count: row.goodsCount }),
          skus: t("promotion.skus", { count: row.skuCount }),
        }),
    },
    {
      key: "limit",
      title: t("promotion.columns.limit"),
      importance: "secondary",
      render: (_, row) => row.perBuyerLimit ?? t("promotion.noLimit"),
    },
    { key: "state", title: t("promotion.columns.state"), importance: "key", render: (_, row) => <PromotionStateBadge state={row.state} /> },
    ...actionsColumn<PromotionRow>({
      title: t("promotion.columns.actions"),
      actions: (row) => [
        {
          key: "detail",
          label: t("promotion.actions.detail"),
          ariaLabel: `${t("promotion.actions.detail")}: ${row.name}`,
          onClick: () => navigate(paths.promotionDetail(row.id)),
        },
        canEdit(row.state) && {
          key: "edit",
          label: t("promotion.actions.edit"),
          ariaLabel: `${t("promotion.actions.edit")}: ${row.name}`,
          onClick: () => navigate(paths.promotionEdit(row.id)),
        },
        row.state === "notStarted" && {
          key: "cancel",
          label: t("promotion.actions.cancel"),
          ariaLabel: `${t("promotion.actions.cancel")}: ${row.name}`,
          danger: true,
          confirm: { title: t("promotion.confirm.cancel", { name: row.name }), description: t("promotion.confirm.cancelHelp") },
          onClick: () => stop(row),
        },
        row.state === "running" && {
          key: "end",
          label: t("promotion.actions.end"),
          ariaLabel: `${t("promotion.actions.end")}: ${row.name}`,
          danger: true,
          confirm: { title: t("promotion.confirm.end", { name: row.name }), description: t("promotion.confirm.endHelp") },
          onClick: () => stop(row),
        },
      ],
    }),
  ];

  return (
    <ListPage<PromotionRow>
      title={t("promotion.title")}
      entry={contract.promotion.queryList}
      exportEntry={contract.promotion.exportList}
      queryKey={promotionKeys.lists()}
      filters={filters}
      toFilters={(f) => ({
        state: promotionStates.find((s) => s === tab),
        keyword: f.keyword?.trim() || undefined,
      })}
      tabs={{ keys: TABS, label: (key) => t(`promotion.tabs.${key as Tab}`) }}
      toolbar={
        <Button type="primary" onClick={() => navigate(paths.promotionAdd())}>
          {t("promotion.actions.add")}
        </Button>
      }
      columns={columns}
      rowKey="id"
      empty={{ description: t("promotion.empty") }}
    />
  );
}
