import "./goods.css";
import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/goods";
import { goodsStatuses } from "@sbo/contract/goods";
import { App, Button, Image, Space, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ListPage } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import { useHolds } from "@/platform/use-holds";
import { GOODS_LIST, goodsKeys, type PackageRow, useInvalidateGoods } from "./goods.api";
import { GoodsStatus } from "./goods-list-page";
import { skuLabel } from "./goods-values";

/** `/transaction/packageManage`: the packages, their contents and how many can be sold now. */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canEdit = useHolds("goods.package");
  const canShelf = useHolds("goods.manage.shelf");
  const invalidate = useInvalidateGoods();
  const write = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      await invalidate();
      void message.success(done);
    } catch {
      // call() showed the refusal.
    }
  };

  const columns: ColumnsType<PackageRow> = [
    {
      key: "name",
      title: t("goods.package.columns.name"),
      render: (_, row) => (
        <Space align="start">
          {row.mainImage ? (
            <Image src={row.mainImage.url} alt={row.name} width={48} height={48} preview={false} style={{ objectFit: "cover" }} />
          ) : null}
          <Link to={`${GOODS_LIST}/detailGoods?id=${encodeURIComponent(row.id)}`}>{row.name}</Link>
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
      actions: (row) => [
        canEdit && {
          key: "edit",
          label: t("goods.actions.edit"),
          ariaLabel: `${t("goods.actions.edit")}: ${row.name}`,
          onClick: () => navigate(`/transaction/package/upd/${row.id}`),
        },
        canShelf &&
          row.status !== "on" && {
            key: "on",
            label: t("goods.actions.on"),
            ariaLabel: `${t("goods.actions.on")}: ${row.name}`,
            onClick: () => write(() => call(contract.goods.updStatusOn, { id: row.id }), t("goods.shelf.onDone", { name: row.name })),
          },
        canShelf &&
          row.status === "on" && {
            key: "off",
            label: t("goods.actions.off"),
            ariaLabel: `${t("goods.actions.off")}: ${row.name}`,
            confirm: { title: t("goods.shelf.confirmOff", { name: row.name }) },
            onClick: () => write(() => call(contract.goods.updStatusOut, { id: row.id }), t("goods.shelf.offDone", { name: row.name })),
          },
        canEdit &&
          row.status !== "on" && {
            key: "delete",
            label: t("goods.actions.delete"),
            ariaLabel: `${t("goods.actions.delete")}: ${row.name}`,
            danger: true,
            confirm: { title: t("goods.confirmDelete", { name: row.name }), description: t("goods.confirmDeleteHelp") },
            onClick: () => write(() => call(contract.goods.delGoods, { id: row.id }), t("goods.deleted", { name: row.name })),
          },
      ],
    }),
  ];

  const add = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/transaction/package/add")}>
      {t("goods.package.add")}
    </Button>
  ) : null;

  return (
    <ListPage<PackageRow>
      title={t("goods.package.title")}
      entry={contract.goods.selPackageGoodsListByDefaultShop}
      queryKey={goodsKeys.lists()}
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
