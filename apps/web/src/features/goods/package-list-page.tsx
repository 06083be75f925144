import "./goods.css";
import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/goods";
import { goodsStatuses } from "@sbo/contract/goods";
import { Button, Space, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { Thumbnail } from "@/components/thumbnail";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { type PackageRow, packageListKey } from "./goods.api";
import { GoodsStatus } from "./goods-list-page";
import { skuLabel } from "./goods-values";
import { useShelfActions } from "./shelf-actions";

/** The first page with no filter, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size === 0)
    void client.prefetchQuery(listPageQuery(contract.goods.selPackageGoodsListByDefaultShop, packageListKey, firstPageRequest({})));
};

/** `paths.packageList()`: the packages, their contents and how many can be sold now. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHolds("goods.package");
  const canShelf = useHolds("goods.manage.shelf");
  const shelfActions = useShelfActions({ edit: canEdit, shelf: canShelf });

  const columns: ColumnsType<PackageRow> = [
    {
      key: "name",
      title: t("goods.package.columns.name"),
      render: (_, row) => (
        <Space align="start">
          {row.mainImage ? (
            <Thumbnail file={row.mainImage} alt={row.name} width={48} height={48} preview={false} style={{ objectFit: "cover" }} />
          ) : null}
          <Link to={paths.goodsDetail(row.id)}>{row.name}</Link>
        </Space>
      ),
    },
    {
      key: "parts",
      title: t("goods.package.columns.parts"),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          {row.package.items.map((p) => (
            <Typography.Text key={p.skuId} type={p.onShelf ? undefined : "danger"}>
              {t("goods.package.part", { goods: p.goodsName, sku: skuLabel(p.specValues, t("goods.form.singleSku")) })} × {p.quantity}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    { key: "price", title: t("goods.package.columns.price"), align: "right", render: (_, row) => formatCents(row.package.price) },
    {
      key: "available",
      title: t("goods.package.columns.available"),
      render: (_, row) =>
        row.package.sellable ? (
          t("goods.package.sellable", { count: row.package.available })
        ) : (
          <Tag color="red">{t("goods.package.unsellable")}</Tag>
        ),
    },
    {
      key: "status",
      title: t("goods.package.columns.status"),
      render: (_, row) => <GoodsStatus status={row.status} />,
    },
    ...actionsColumn<PackageRow>({
      title: t("goods.columns.actions"),
      actions: (row) => [...shelfActions(row, paths.packageEdit(row.id))],
    }),
  ];

  const add = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.packageAdd())}>
      {t("goods.package.add")}
    </Button>
  ) : null;

  return (
    <ListPage<PackageRow>
      title={t("goods.package.title")}
      entry={contract.goods.selPackageGoodsListByDefaultShop}
      queryKey={packageListKey}
      filters={[
        { kind: "text", name: "keyword", label: t("goods.filters.keyword") },
        {
          kind: "select",
          name: "status",
          label: t("goods.columns.status"),
          options: goodsStatuses.map((s) => ({ value: s, label: t(`goods.status.${s}`) })),
        },
      ]}
      toFilters={(f) => ({ keyword: f.keyword || undefined, status: f.status || undefined })}
      columns={columns}
      rowKey="id"
      toolbar={add}
      empty={{ description: t("goods.package.empty"), action: add }}
    />
  );
}
