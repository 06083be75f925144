import * as contract from "@sbo/contract/coupon";
import { type CardState, cardStates } from "@sbo/contract/coupon";
import { useQuery } from "@tanstack/react-query";
import { Badge, Button, Card, Descriptions, Space } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { FilterField } from "@/components/list-filters";
import { ListPage } from "@/components/list-page";
import { LoadFailed } from "@/components/load-failed";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { actionsColumn, RowActions } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { type CardRow, couponKeys, type PoolRow, poolQuery } from "./coupon.api";
import { PoolStateBadge, usePoolActions } from "./pool-list-page";

const cardBadge = { unused: "processing", redeemed: "success", invalid: "default" } as const;

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const id = search.get("id");
  if (id) void client.prefetchQuery(poolQuery(id));
};

/**
 * `paths.poolDetail(id)` (`marketing.cardPool`): one pool (its coupon, numbers, export) and
 * its cards (number, state, who redeemed it), with Invalidate on unused cards.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const pool = useQuery({ ...poolQuery(id), enabled: id !== "" });
  if (!id) return <LoadFailed title={t("coupon.pool.loadFailed")} error={pool.error} onRetry={() => void pool.refetch()} />;
  return (
    <QueryState query={pool} failed={t("coupon.pool.loadFailed")}>
      {(p) => <PoolView p={p} />}
    </QueryState>
  );
}

function PoolView({ p }: { p: PoolRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(couponKeys.all);
  const actions = usePoolActions();
  const filters: FilterField[] = [
    { kind: "text", name: "cardNo", label: t("coupon.pool.columns.cardNo") },
    {
      kind: "select",
      name: "state",
      label: t("coupon.pool.columns.state"),
      options: cardStates.map((value) => ({ value, label: t(`coupon.pool.cardState.${value}`) })),
    },
  ];
  const columns: ColumnsType<CardRow> = [
    { key: "cardNo", title: t("coupon.pool.columns.cardNo"), render: (_, c) => c.cardNo },
    {
      key: "state",
      title: t("coupon.pool.columns.state"),
      render: (_, c) => <Badge status={cardBadge[c.state]} text={t(`coupon.pool.cardState.${c.state}`)} />,
    },
    { key: "member", title: t("coupon.pool.columns.member"), render: (_, c) => c.memberName ?? "—" },
    { key: "redeemedAt", title: t("coupon.pool.columns.redeemedAt"), render: (_, c) => when(c.redeemedAt) ?? "—" },
    ...actionsColumn<CardRow>({
      title: t("coupon.pool.columns.actions"),
      actions: (c) => [
        c.state === "unused" && {
          key: "invalidate",
          label: t("coupon.pool.actions.invalidate"),
          ariaLabel: `${t("coupon.pool.actions.invalidate")}: ${c.cardNo}`,
          danger: true,
          confirm: {
            title: t("coupon.pool.confirm.invalidate", { cardNo: c.cardNo }),
            description: t("coupon.pool.confirm.invalidateHelp"),
          },
          onClick: async () => {
            await call(contract.cardPool.updCouponCardPoolRecordInvalid, { id: c.id });
            await write.done(t("coupon.pool.done.invalidated", { cardNo: c.cardNo }));
          },
        },
      ],
    }),
  ];
  return (
    <>
      <PageHeader
        title={t("coupon.pool.detailTitle", { name: p.name })}
        description={<PoolStateBadge state={p.state} />}
        extra={
          <Space wrap>
            <RowActions
              actions={[
                actions.mayExport &&
                  !p.exportedAt &&
                  p.state === "active" && {
                    key: "export",
                    label: t("coupon.pool.actions.export"),
                    confirm: { title: t("coupon.pool.confirm.export", { name: p.name }), description: t("coupon.pool.confirm.exportHelp") },
                    onClick: () => actions.exportCards(p),
                  },
                p.state === "active" && {
                  key: "eliminate",
                  label: t("coupon.pool.actions.eliminate"),
                  danger: true,
                  confirm: {
                    title: t("coupon.pool.confirm.eliminate", { name: p.name }),
                    description: t("coupon.pool.confirm.eliminateHelp"),
                  },
                  onClick: () => actions.eliminate(p),
                },
              ]}
            />
            <Button onClick={() => navigate(paths.poolList())}>{t("coupon.pool.actions.back")}</Button>
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("coupon.pool.columns.rule")}>{`${p.ruleName} (${p.regCode})`}</Descriptions.Item>
          <Descriptions.Item label={t("coupon.pool.columns.quantity")}>{p.quantity}</Descriptions.Item>
          <Descriptions.Item label={t("coupon.pool.columns.redeemed")}>{p.redeemed}</Descriptions.Item>
          <Descriptions.Item label={t("coupon.pool.columns.invalid")}>{p.invalid}</Descriptions.Item>
          <Descriptions.Item label={t("coupon.pool.columns.exported")}>
            {when(p.exportedAt) ?? t("coupon.pool.notExported")}
          </Descriptions.Item>
          <Descriptions.Item label={t("coupon.pool.columns.createdAt")}>{when(p.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <ListPage<CardRow>
        variant="section"
        title={t("coupon.pool.columns.cardNo")}
        filters={filters}
        toFilters={(f) => ({ cardNo: f.cardNo?.trim() || undefined, state: cardStates.find((s): s is CardState => s === f.state) })}
        fetch={(request, signal) => call(contract.cardPool.selCouponInfoAndCardPoolRecordsByPage, { ...request, poolId: p.id }, { signal })}
        queryKey={couponKeys.list("cards", { poolId: p.id })}
        columns={columns}
        rowKey="id"
      />
    </>
  );
}
