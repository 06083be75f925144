import * as contract from "@sbo/contract/coupon";
import { type CouponRuleCounts, type CouponRuleState, type CouponRuleTab, couponRuleTabs, discountTypes } from "@sbo/contract/coupon";
import { Badge, Button, Space, Typography } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ListColumn } from "@/components/column-picker";
import type { FilterField } from "@/components/list-filters";
import { activeTab, firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { couponKeys, discountText, editable, FUNC_OF, type RuleKind, type RuleRow, validityText } from "./coupon.api";

const stateBadge = { draft: "default", active: "success", ended: "warning" } as const;

/** A rule's state as a dot and its words (never colour alone). */
export function RuleStateBadge({ state }: { state: CouponRuleState }) {
  const { t } = useTranslation();
  return <Badge status={stateBadge[state]} text={t(`coupon.state.${state}`)} />;
}

/** The rule actions of a list row and the detail screen: activate, end, delete; refusals are shown by call(). */
export function useRuleActions() {
  const { t } = useTranslation();
  const run = useWrite(couponKeys.all);
  return {
    activate: (r: Pick<RuleRow, "regCode" | "name">) =>
      run(
        () => call(contract.coupon.updCoupRegularByRegCode, { regCode: r.regCode, action: "activate" }),
        t("coupon.done.activated", { name: r.name }),
      ),
    end: (r: Pick<RuleRow, "regCode" | "name">) =>
      run(
        () => call(contract.coupon.updCoupRegularByRegCode, { regCode: r.regCode, action: "end" }),
        t("coupon.done.ended", { name: r.name }),
      ),
    remove: (r: Pick<RuleRow, "id" | "name">) =>
      run(() => call(contract.coupon.delCoupRegular, { id: r.id }), t("coupon.done.deleted", { name: r.name })),
  };
}

/** A rule list's first page with no filter (the first tab), started by its route's loader (platform/screen-preload.ts). */
export const prefetchRules =
  (kind: RuleKind): Prefetch =>
  (client, _params, search) => {
    if (search.size > 0) return;
    const key = [...couponKeys.lists(), kind];
    const tab = couponRuleTabs[0];
    if (kind === "exchange")
      void client.prefetchQuery(listPageQuery(contract.coupon.selExchangeCoupRegListByPage, key, firstPageRequest({ tab })));
    else void client.prefetchQuery(listPageQuery(contract.coupon.queryCoupRegListByPage, key, firstPageRequest({ kind, tab })));
  };

/**
 * The list of one kind of rule: `paths.ruleList("coupon")` (coupons, `marketing.coupon`) or
 * `paths.ruleList("exchange")` (exchange vouchers, `marketing.voucher`). State tabs with their capped counts, a
 * name or code keyword, the discount type; in the fixed column Detail, Edit, Activate, End and Delete.
 */
export function RuleListPage({ kind }: { kind: RuleKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab: CouponRuleTab = activeTab(params, couponRuleTabs);
  const mayEdit = useHolds(FUNC_OF[kind]);
  const actions = useRuleActions();
  const [counts, setCounts] = useState<CouponRuleCounts | null>(null);
  const onData = useCallback((data: object) => setCounts((data as { counts?: CouponRuleCounts }).counts ?? null), []);

  const filters: FilterField[] = [
    { kind: "text", name: "keyword", label: t("coupon.filters.keyword"), placeholder: t("coupon.filters.keywordHelp") },
    {
      kind: "select",
      name: "discountType",
      label: t("coupon.filters.discountType"),
      options: discountTypes.map((value) => ({ value, label: t(`coupon.discountType.${value}`) })),
    },
  ];

  const columns: ListColumn<RuleRow>[] = [
    {
      key: "name",
      title: t("coupon.columns.name"),
      importance: "key",
      width: 150,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={paths.ruleDetail(kind, row.regCode)}>{row.name}</Link>
          <Typography.Text type="secondary">{row.regCode}</Typography.Text>
        </Space>
      ),
    },
    ...(kind === "exchange"
      ? [{ key: "exchangeCode", title: t("coupon.columns.exchangeCode"), render: (_: unknown, row: RuleRow) => row.exchangeCode }]
      : []),
    { key: "discount", title: t("coupon.columns.discount"), importance: "key", width: 150, render: (_, row) => discountText(row, t) },
    { key: "validity", title: t("coupon.columns.validity"), importance: "key", width: 170, render: (_, row) => validityText(row, t) },
    {
      key: "issued",
      title: t("coupon.columns.issued"),
      align: "right",
      render: (_, row) => `${row.issuedQuantity} / ${row.totalQuantity}`,
    },
    { key: "used", title: t("coupon.columns.used"), align: "right", render: (_, row) => row.usedQuantity },
    { key: "state", title: t("coupon.columns.state"), importance: "key", render: (_, row) => <RuleStateBadge state={row.state} /> },
    ...actionsColumn<RuleRow>({
      title: t("coupon.columns.actions"),
      actions: (row) => [
        {
          key: "detail",
          label: t("coupon.actions.detail"),
          ariaLabel: `${t("coupon.actions.detail")}: ${row.name}`,
          onClick: () => navigate(paths.ruleDetail(kind, row.regCode)),
        },
        mayEdit &&
          editable(kind) &&
          row.state !== "ended" && {
            key: "edit",
            label: t("coupon.actions.edit"),
            ariaLabel: `${t("coupon.actions.edit")}: ${row.name}`,
            onClick: () => navigate(paths.ruleUpdate(kind, row.regCode)),
          },
        mayEdit &&
          row.state === "draft" && {
            key: "activate",
            label: t("coupon.actions.activate"),
            ariaLabel: `${t("coupon.actions.activate")}: ${row.name}`,
            onClick: () => actions.activate(row),
          },
        mayEdit &&
          row.state === "active" && {
            key: "end",
            label: t("coupon.actions.end"),
            ariaLabel: `${t("coupon.actions.end")}: ${row.name}`,
            danger: true,
            confirm: { title: t("coupon.confirm.end", { name: row.name }), description: t("coupon.confirm.endHelp") },
            onClick: () => actions.end(row),
          },
        mayEdit &&
          row.issuedQuantity === 0 && {
            key: "delete",
            label: t("coupon.actions.delete"),
            ariaLabel: `${t("coupon.actions.delete")}: ${row.name}`,
            danger: true,
            confirm: { title: t("coupon.confirm.delete", { name: row.name }), description: t("coupon.confirm.deleteHelp") },
            onClick: () => actions.remove(row),
          },
      ],
    }),
  ];

  const add = mayEdit ? (
    <Button type="primary" onClick={() => navigate(paths.ruleAdd(kind))}>
      {t(`coupon.actions.add.${kind}`)}
    </Button>
  ) : null;

  return (
    <ListPage<RuleRow>
      title={t(`coupon.title.${kind}`)}
      entry={kind === "exchange" ? contract.coupon.selExchangeCoupRegListByPage : contract.coupon.queryCoupRegListByPage}
      queryKey={[...couponKeys.lists(), kind]}
      filters={filters}
      toFilters={(f) => ({
        ...(kind === "exchange" ? {} : { kind }),
        tab,
        keyword: f.keyword?.trim() || undefined,
        discountType: discountTypes.find((v) => v === f.discountType),
      })}
      // Coupons export (their own function); exchange vouchers and password-card rules are other lists.
      exportEntry={kind === "coupon" ? contract.coupon.exportCouponRuleList : undefined}
      exportInput={({ kind: _kind, ...filters }) => filters}
      onData={onData}
      tabs={{ keys: couponRuleTabs, label: (key) => t(`coupon.tabs.${key as CouponRuleTab}`), counts }}
      columns={columns}
      rowKey="id"
      toolbar={add}
      empty={{ description: t(`coupon.empty.${kind}`), action: add }}
    />
  );
}

export const prefetch = prefetchRules("coupon");

/** `paths.ruleList("coupon")` (`marketing.coupon`): the shop's coupon rules. */
export function Component() {
  return <RuleListPage kind="coupon" />;
}
