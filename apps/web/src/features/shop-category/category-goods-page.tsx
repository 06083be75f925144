import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/shop-category";
import { useQuery } from "@tanstack/react-query";
import { App, Button, Space } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { type BulkOutcome, BulkReportDialog } from "@/components/bulk-report";
import { GoodsPickerModal } from "@/components/goods-picker-modal";
import { fetchedPageQuery, firstPageRequest, ListPage } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { Thumbnail } from "@/components/thumbnail";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { compoundParams } from "@/platform/screens";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type CategoryGoodsRow, categoryGoodsKey, categoryQuery, fetchCategoryGoods, shopCategoryKeys } from "./shop-category.api";

/** The category and its first page of goods, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, params, search) => {
  const id = compoundParams(params).id;
  if (!id) return;
  void client.prefetchQuery(categoryQuery(id));
  if (search.size === 0) void client.prefetchQuery(fetchedPageQuery(fetchCategoryGoods(id), categoryGoodsKey(id), firstPageRequest({})));
};

/** `paths.categoryGoods(id, shopId, name)`: a category's goods, added with a picker and removed. */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const params = compoundParams(useParams());
  const id = params.id ?? "";
  const canEdit = useHolds("shop.classify.edit");
  const [picking, setPicking] = useState(false);
  const category = useQuery({ ...categoryQuery(id), enabled: Boolean(id) });
  const name = category.data?.name ?? params.name ?? "";
  const refresh = useWrite(shopCategoryKeys.all).done;

  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const remove = async (goodsIds: string[]) => {
    try {
      const res = await call(contract.shopCategory.delShopClassifyGoods, { classifyId: id, goodsIds });
      await refresh();
      const done = t("shopCategory.goodsPage.removed", { count: res.done.length });
      // Every item taken out: a toast; else the report naming each item left and why (issue 25 §3).
      if (res.refused.length === 0) void message.success(done);
      else setOutcome({ title: t("shopCategory.goodsPage.removeSelected"), done, report: { done: res.done, refused: res.refused } });
    } catch {
      // call() showed the refusal.
    }
  };

  const columns: ColumnsType<CategoryGoodsRow> = [
    {
      key: "goods",
      title: t("shopCategory.goodsPage.columns.goods"),
      render: (_, row) => (
        <Space>
          {row.mainImage ? (
            <Thumbnail file={row.mainImage} alt="" width={40} height={40} preview={false} style={{ objectFit: "cover" }} />
          ) : null}
          <span>{row.name}</span>
        </Space>
      ),
    },
    {
      key: "price",
      title: t("shopCategory.goodsPage.columns.price"),
      align: "right",
      render: (_, row) =>
        row.priceMin === row.priceMax ? formatCents(row.priceMin) : `${formatCents(row.priceMin)} – ${formatCents(row.priceMax)}`,
    },
    { key: "stock", title: t("shopCategory.goodsPage.columns.stock"), align: "right", dataIndex: "stock" },
    { key: "status", title: t("shopCategory.goodsPage.columns.status"), render: (_, row) => t(`shopCategory.status.${row.status}`) },
    ...actionsColumn<CategoryGoodsRow>({
      title: t("shopCategory.goodsPage.columns.actions"),
      show: canEdit,
      actions: (row) => [
        {
          key: "remove",
          label: t("shopCategory.goodsPage.remove"),
          ariaLabel: `${t("shopCategory.goodsPage.remove")}: ${row.name}`,
          danger: true,
          confirm: {
            title: t("shopCategory.goodsPage.removeConfirm", { name: row.name }),
            description: t("shopCategory.goodsPage.removeHelp"),
          },
          onClick: () => remove([row.id]),
        },
      ],
    }),
  ];

  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
      {t("shopCategory.goodsPage.add")}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<CategoryGoodsRow>
        title={t("shopCategory.goodsPage.title", { name })}
        fetch={fetchCategoryGoods(id)}
        queryKey={categoryGoodsKey(id)}
        filters={[{ kind: "text", name: "keyword", label: t("shopCategory.goodsPage.keyword") }]}
        toFilters={(f) => ({ keyword: f.keyword || undefined })}
        columns={columns}
        rowKey="id"
        toolbar={addButton}
        batchActions={
          canEdit
            ? [
                {
                  key: "remove",
                  label: t("shopCategory.goodsPage.removeSelected"),
                  danger: true,
                  confirm: true,
                  run: (_rows, keys) => remove(keys.map(String)),
                },
              ]
            : []
        }
        empty={{ description: t("shopCategory.goodsPage.empty"), action: addButton }}
      />
      <GoodsPickerModal
        open={picking}
        title={t("shopCategory.picker.title")}
        max={contract.MAX_LINK_GOODS}
        onCancel={() => setPicking(false)}
        onPick={async (goodsIds) => {
          const res = await call(contract.shopCategory.addShopClassifyGoods, { classifyId: id, goodsIds });
          await refresh();
          setPicking(false);
          void message.success(t("shopCategory.goodsPage.added", { count: res.added, name }));
        }}
      />
      <BulkReportDialog outcome={outcome} linkOf={(row) => paths.goodsDetail(row.id)} onClose={() => setOutcome(null)} />
    </>
  );
}
