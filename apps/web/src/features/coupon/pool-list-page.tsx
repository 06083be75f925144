import * as contract from "@sbo/contract/coupon";
import { type CardPoolState, cardPoolStates } from "@sbo/contract/coupon";
import { App, Badge, Button } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { ListColumn } from "@/components/column-picker";
import type { FilterField } from "@/components/list-filters";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { download } from "@/platform/download";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useMayCall } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { couponKeys, type PoolRow } from "./coupon.api";

const poolBadge = { active: "success", eliminated: "default" } as const;

export function PoolStateBadge({ state }: { state: CardPoolState }) {
  const { t } = useTranslation();
  return <Badge status={poolBadge[state]} text={t(`coupon.pool.state.${state}`)} />;
}

/** Export (once: the passwords go with the file) and eliminate, shared by the list and the detail. */
export function usePoolActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const write = useWrite(couponKeys.all);
  const mayExport = useMayCall(contract.cardPool.exportEntityCardsData);
  return {
    /** Exporting the passwords is its own function (`marketing.cardPool.export`), not seeing the pools. */
    mayExport,
    exportCards: async (p: Pick<PoolRow, "id">) => {
      try {
        await download(contract.cardPool.exportEntityCardsData, { id: p.id });
        void message.success(t("coupon.pool.done.exported"));
      } finally {
        await write.done();
      }
    },
    eliminate: async (p: Pick<PoolRow, "id" | "name">) => {
      await call(contract.cardPool.updEliminateCardPool, { id: p.id });
      await write.done(t("coupon.pool.done.eliminated", { name: p.name }));
    },
  };
}

/** The first page with no filter, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  void client.prefetchQuery(
    listPageQuery(contract.cardPool.selCouponCardPoolRegularByPage, [...couponKeys.lists(), "pools"], firstPageRequest({})),
  );
};

/**
 * `paths.poolList()` (`marketing.cardPool`): the shop's card pools with their coupon, numbers of
 * cards, redeemed and invalid, whether exported; Detail, Export (once) and Eliminate in the fixed column.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = usePoolActions();
  const filters: FilterField[] = [
    { kind: "text", name: "keyword", label: t("coupon.pool.filters.keyword") },
    {
      kind: "select",
      name: "state",
      label: t("coupon.pool.filters.state"),
      options: cardPoolStates.map((value) => ({ value, label: t(`coupon.pool.state.${value}`) })),
    },
  ];
  const columns: ListColumn<PoolRow>[] = [
    {
      key: "name",
      title: t("coupon.pool.columns.name"),
      importance: "key",
      render: (_, p) => <Link to={paths.poolDetail(p.id)}>{p.name}</Link>,
    },
    { key: "rule", title: t("coupon.pool.columns.rule"), width: 160, render: (_, p) => `${p.ruleName} (${p.regCode})` },
    { key: "quantity", title: t("coupon.pool.columns.quantity"), importance: "key", align: "right", render: (_, p) => p.quantity },
    // Secondary (the pool's detail counts them): with an export's time in Exported the list no longer fit at 1,440 px.
    {
      key: "redeemed",
      title: t("coupon.pool.columns.redeemed"),
      importance: "secondary",
      align: "right",
      render: (_, p) => p.redeemed,
    },
    { key: "invalid", title: t("coupon.pool.columns.invalid"), importance: "secondary", align: "right", render: (_, p) => p.invalid },
    { key: "state", title: t("coupon.pool.columns.state"), importance: "key", render: (_, p) => <PoolStateBadge state={p.state} /> },
    { key: "exported", title: t("coupon.pool.columns.exported"), render: (_, p) => when(p.exportedAt) ?? t("coupon.pool.notExported") },
    { key: "createdAt", title: t("coupon.pool.columns.createdAt"), importance: "key", render: (_, p) => when(p.createdAt) },
    ...actionsColumn<PoolRow>({
      title: t("coupon.pool.columns.actions"),
      actions: (p) => [
        {
          key: "detail",
          label: t("coupon.pool.actions.detail"),
          ariaLabel: `${t("coupon.pool.actions.detail")}: ${p.name}`,
          onClick: () => navigate(paths.poolDetail(p.id)),
        },
        actions.mayExport &&
          !p.exportedAt &&
          p.state === "active" && {
            key: "export",
            label: t("coupon.pool.actions.export"),
            ariaLabel: `${t("coupon.pool.actions.export")}: ${p.name}`,
            confirm: { title: t("coupon.pool.confirm.export", { name: p.name }), description: t("coupon.pool.confirm.exportHelp") },
            onClick: () => actions.exportCards(p),
          },
        p.state === "active" && {
          key: "eliminate",
          label: t("coupon.pool.actions.eliminate"),
          ariaLabel: `${t("coupon.pool.actions.eliminate")}: ${p.name}`,
          danger: true,
          confirm: { title: t("coupon.pool.confirm.eliminate", { name: p.name }), description: t("coupon.pool.confirm.eliminateHelp") },
          onClick: () => actions.eliminate(p),
        },
      ],
    }),
  ];
  const add = (
    <Button type="primary" onClick={() => navigate(paths.poolAdd())}>
      {t("coupon.pool.actions.add")}
    </Button>
  );
  return (
    <ListPage<PoolRow>
      title={t("coupon.pool.title")}
      entry={contract.cardPool.selCouponCardPoolRegularByPage}
      queryKey={[...couponKeys.lists(), "pools"]}
      filters={filters}
      toFilters={(f) => ({ keyword: f.keyword?.trim() || undefined, state: cardPoolStates.find((s) => s === f.state) })}
      columns={columns}
      rowKey="id"
      toolbar={add}
      empty={{ description: t("coupon.pool.empty"), action: add }}
    />
  );
}
