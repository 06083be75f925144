import * as contract from "@sbo/contract/coupon";
import { type CouponState, couponStates } from "@sbo/contract/coupon";
import { Badge, Button, Card, Descriptions, Space, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { ListPage } from "@/components/list-page";
import { LoadFailed } from "@/components/load-failed";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { actionsColumn, RowActions } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import {
  type CouponRow,
  couponKeys,
  discountText,
  editable,
  FUNC_OF,
  type RuleDetail,
  type RuleKind,
  ruleDetailQuery,
  useRuleDetail,
  validityText,
} from "./coupon.api";
import { kindOfPath } from "./coupon-form-page";
import { RuleStateBadge, useRuleActions } from "./coupon-list-page";

const couponBadge = { unused: "processing", frozen: "warning", used: "success", expired: "default", invalid: "error" } as const;

export function CouponStateBadge({ state }: { state: CouponState }) {
  const { t } = useTranslation();
  return <Badge status={couponBadge[state]} text={t(`coupon.couponState.${state}`)} />;
}

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const regCode = search.get("regCode") ?? "";
  if (regCode) void client.prefetchQuery(ruleDetailQuery(regCode));
};

/**
 * `paths.ruleDetail("coupon", regCode)` and `paths.ruleDetail("exchange", regCode)`: one rule read-only
 * (its discount, validity, quantities, goods), its coupons' numbers by state, the issued coupons (by state, with
 * Unfreeze and Invalidate) and the usage (orders and discounts).
 */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const regCode = params.get("regCode") ?? "";
  const detail = useRuleDetail(regCode);
  if (!regCode) return <LoadFailed title={t("coupon.loadFailed")} error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <QueryState query={detail} failed={t("coupon.loadFailed")}>
      {(r) => <RuleDetailView kind={kindOfPath(pathname)} r={r} />}
    </QueryState>
  );
}

function RuleDetailView({ kind, r }: { kind: RuleKind; r: RuleDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(couponKeys.all);
  const mayEdit = useHolds(FUNC_OF[kind]);
  const mayInvalidate = useHolds("marketing.voucher");
  const actions = useRuleActions();
  const [stateFilter, setStateFilter] = useState<CouponState | undefined>(undefined);
  const none = t("coupon.detail.none");

  const couponColumns: ColumnsType<CouponRow> = [
    {
      key: "buyer",
      title: t("coupon.columns.buyer"),
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.memberName}</span>
          {c.memberPhone ? <Typography.Text type="secondary">{c.memberPhone}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: "source", title: t("coupon.columns.state"), render: (_, c) => <CouponStateBadge state={c.state} /> },
    {
      key: "receivedAt",
      title: t("coupon.columns.receivedAt"),
      render: (_, c) => `${when(c.receivedAt)} · ${t(`coupon.source.${c.source}`)}`,
    },
    { key: "validTo", title: t("coupon.columns.validTo"), render: (_, c) => when(c.validTo) },
    {
      key: "order",
      title: t("coupon.columns.order"),
      render: (_, c) => (c.orderId && c.orderNo ? <Link to={paths.orderDetail(c.orderId)}>{c.orderNo}</Link> : none),
    },
    ...actionsColumn<CouponRow>({
      title: t("coupon.columns.actions"),
      actions: (c) => [
        mayEdit &&
          c.state === "frozen" && {
            key: "unfreeze",
            label: t("coupon.actions.unfreeze"),
            ariaLabel: `${t("coupon.actions.unfreeze")}: ${c.memberName}`,
            confirm: { title: t("coupon.confirm.unfreeze"), description: t("coupon.confirm.unfreezeHelp") },
            onClick: () => write(() => call(contract.coupon.updUnFrozenCouponOperation, { id: c.id }), t("coupon.done.unfrozen")),
          },
        mayInvalidate &&
          (c.state === "unused" || c.state === "expired" || c.state === "frozen") && {
            key: "invalidate",
            label: t("coupon.actions.invalidate"),
            ariaLabel: `${t("coupon.actions.invalidate")}: ${c.memberName}`,
            danger: true,
            confirm: { title: t("coupon.confirm.invalidate"), description: t("coupon.confirm.invalidateHelp") },
            onClick: () => write(() => call(contract.coupon.updExchangeInvalid, { id: c.id }), t("coupon.done.invalidated")),
          },
      ],
    }),
  ];

  const usageColumns: ColumnsType<CouponRow> = [
    { key: "buyer", title: t("coupon.columns.buyer"), render: (_, c) => c.memberName },
    {
      key: "order",
      title: t("coupon.columns.order"),
      render: (_, c) => (c.orderId && c.orderNo ? <Link to={paths.orderDetail(c.orderId)}>{c.orderNo}</Link> : none),
    },
    { key: "discount", title: t("coupon.columns.discountAmount"), align: "right", render: (_, c) => formatCents(c.discountAmount ?? 0) },
    { key: "usedAt", title: t("coupon.columns.usedAt"), render: (_, c) => when(c.usedAt) },
  ];

  return (
    <>
      <PageHeader
        title={t("coupon.detailTitle", { name: r.name })}
        description={<RuleStateBadge state={r.state} />}
        extra={
          <Space wrap>
            {mayEdit ? (
              <RowActions
                actions={[
                  editable(kind) &&
                    r.state !== "ended" && {
                      key: "edit",
                      label: t("coupon.actions.edit"),
                      onClick: () => navigate(paths.ruleUpdate(kind, r.regCode)),
                    },
                  r.state === "draft" && { key: "activate", label: t("coupon.actions.activate"), onClick: () => actions.activate(r) },
                  r.state === "active" && {
                    key: "end",
                    label: t("coupon.actions.end"),
                    danger: true,
                    confirm: { title: t("coupon.confirm.end", { name: r.name }), description: t("coupon.confirm.endHelp") },
                    onClick: () => actions.end(r),
                  },
                ]}
              />
            ) : null}
            <Button onClick={() => navigate(paths.ruleList(kind))}>{t("coupon.actions.back")}</Button>
          </Space>
        }
      />
      <Card title={t("coupon.detail.rule")} style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("coupon.columns.regCode")}>{r.regCode}</Descriptions.Item>
          {r.exchangeCode ? <Descriptions.Item label={t("coupon.columns.exchangeCode")}>{r.exchangeCode}</Descriptions.Item> : null}
          <Descriptions.Item label={t("coupon.columns.discount")}>{discountText(r, t)}</Descriptions.Item>
          <Descriptions.Item label={t("coupon.columns.validity")}>{validityText(r, t)}</Descriptions.Item>
          <Descriptions.Item label={t("coupon.form.totalQuantity")}>{r.totalQuantity}</Descriptions.Item>
          <Descriptions.Item label={t("coupon.form.perMemberLimit")}>{r.perMemberLimit}</Descriptions.Item>
          <Descriptions.Item label={t("coupon.detail.goods")}>
            {r.goodsScope === "all" ? t("coupon.detail.allGoods") : r.goods.map((g) => g.name || g.id).join("、")}
          </Descriptions.Item>
          <Descriptions.Item label={t("coupon.detail.createdAt")}>{when(r.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t("coupon.detail.description")}>{r.description || none}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t("coupon.detail.numbers")} style={{ marginBottom: 16 }}>
        <Space wrap size="large">
          <Typography.Text strong>
            {t("coupon.detail.issued")}: {r.numbers.issued}
          </Typography.Text>
          {couponStates.map((s) => (
            <Button
              key={s}
              type={stateFilter === s ? "primary" : "default"}
              aria-pressed={stateFilter === s}
              onClick={() => setStateFilter(stateFilter === s ? undefined : s)}
            >
              {t(`coupon.couponState.${s}`)}: {r.numbers[s]}
            </Button>
          ))}
        </Space>
      </Card>
      <ListPage<CouponRow>
        variant="section"
        title={stateFilter ? `${t("coupon.detail.coupons")} · ${t(`coupon.couponState.${stateFilter}`)}` : t("coupon.detail.coupons")}
        paramPrefix="c."
        fetch={(request, signal) => call(contract.coupon.selCouponList, { ...request, regCode: r.regCode, state: stateFilter }, { signal })}
        queryKey={couponKeys.list("coupons", { regCode: r.regCode, state: stateFilter ?? null })}
        exportEntry={contract.coupon.exportCouponList}
        exportInput={() => ({ regCode: r.regCode, state: stateFilter })}
        columns={couponColumns}
        rowKey="id"
      />
      <ListPage<CouponRow>
        variant="section"
        title={t("coupon.detail.usage")}
        paramPrefix="u."
        fetch={(request, signal) => call(contract.coupon.selCouponUsageDetails, { ...request, regCode: r.regCode }, { signal })}
        queryKey={couponKeys.list("usage", { regCode: r.regCode })}
        columns={usageColumns}
        rowKey="id"
      />
    </>
  );
}
