import "./freight.css";
import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/freight";
import { chargeTypes } from "@sbo/contract/freight";
import { Button, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { ListColumn } from "@/components/column-picker";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type FreightRow, freightKeys } from "./freight.api";
import { unitScale } from "./freight-values";

/** The first page with no filter, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size === 0) void client.prefetchQuery(listPageQuery(contract.freight.selByParam, freightKeys.lists(), firstPageRequest({})));
};

/** `paths.freightList()`: the shop's freight templates, what they charge and how many goods use each. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHolds("goods.freight.edit");
  const writeRow = useWrite(freightKeys.all);
  const write = (run: () => Promise<{ name: string } | null>, done: (name: string) => string, name: string) =>
    writeRow(run, (out) => done(out?.name ?? name));

  const ruleText = (row: FreightRow) => {
    const scale = unitScale(row.chargeType);
    const r = row.defaultRule;
    const quantity = (count: number) => t(`freight.quantity.${row.chargeType}`, { count });
    return t("freight.ruleText", {
      first: quantity(r.firstUnit / scale),
      more: quantity(r.additionalUnit / scale),
      firstFee: formatCents(r.firstFee),
      moreFee: formatCents(r.additionalFee),
    });
  };

  const columns: ListColumn<FreightRow>[] = [
    {
      key: "name",
      title: t("freight.columns.name"),
      importance: "key",
      render: (_, row) => <Link to={paths.freightEdit(row.id)}>{row.name}</Link>,
    },
    { key: "chargeType", title: t("freight.columns.chargeType"), render: (_, row) => t(`freight.chargeType.${row.chargeType}`) },
    { key: "defaultRule", title: t("freight.columns.defaultRule"), width: 220, render: (_, row) => ruleText(row) },
    {
      key: "rules",
      title: t("freight.columns.rules"),
      width: 220,
      render: (_, row) => (
        <Typography.Text type="secondary">
          {t("freight.rulesSummary", {
            fee: t("freight.feeRules", { count: row.regionRuleCount }),
            free: t("freight.freeRules", { count: row.freeRuleCount }),
            barred: t("freight.barredAreas", { count: row.notDeliveredCount }),
          })}
        </Typography.Text>
      ),
    },
    { key: "goods", title: t("freight.columns.goods"), align: "right", render: (_, row) => row.goodsCount },
    {
      key: "updatedAt",
      title: t("freight.columns.updatedAt"),
      importance: "key",
      render: (_, row) => when(row.updatedAt),
    },
    ...actionsColumn<FreightRow>({
      title: t("freight.columns.actions"),
      actions: (row) => [
        {
          key: "edit",
          label: canEdit ? t("freight.actions.edit") : t("freight.actions.view"),
          ariaLabel: `${canEdit ? t("freight.actions.edit") : t("freight.actions.view")}: ${row.name}`,
          onClick: () => navigate(paths.freightEdit(row.id)),
        },
        canEdit && {
          key: "delete",
          label: t("freight.actions.delete"),
          ariaLabel: `${t("freight.actions.delete")}: ${row.name}`,
          danger: true,
          confirm: { title: t("freight.confirmDelete", { name: row.name }), description: t("freight.confirmDeleteHelp") },
          onClick: () =>
            write(
              async () => {
                await call(contract.freight.del, { id: row.id });
                return null;
              },
              (name) => t("freight.deleted", { name }),
              row.name,
            ),
        },
      ],
    }),
  ];

  const add = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.freightAdd())}>
      {t("freight.add")}
    </Button>
  ) : null;
  const starter = canEdit ? (
    <Space>
      {add}
      <Button
        onClick={() =>
          write(
            () => call(contract.freight.addInitFreightTemplate, {}),
            (name) => t("freight.starterDone", { name }),
            "",
          )
        }
      >
        {t("freight.starter")}
      </Button>
    </Space>
  ) : null;

  return (
    <ListPage<FreightRow>
      title={t("freight.title")}
      entry={contract.freight.selByParam}
      exportEntry={contract.freight.exportByParam}
      queryKey={freightKeys.lists()}
      filters={[
        { kind: "text", name: "name", label: t("freight.filters.name") },
        {
          kind: "select",
          name: "chargeType",
          label: t("freight.filters.chargeType"),
          options: chargeTypes.map((c) => ({ value: c, label: t(`freight.chargeType.${c}`) })),
        },
      ]}
      toFilters={(f) => ({ name: f.name || undefined, chargeType: f.chargeType || undefined })}
      columns={columns}
      rowKey="id"
      toolbar={add}
      empty={{ description: t("freight.empty"), action: starter }}
    />
  );
}
