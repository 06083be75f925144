import { PlusOutlined } from "@ant-design/icons";
import type { BulkReport } from "@sbo/contract/bulk";
import * as contract from "@sbo/contract/recommend";
import { App, Button, Space, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { type BulkOutcome, BulkReportDialog } from "@/components/bulk-report";
import { GoodsPickerModal } from "@/components/goods-picker-modal";
import { fetchedPageQuery, ListPage } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { Thumbnail } from "@/components/thumbnail";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import type { Prefetch } from "@/platform/screen-preload";
import { compoundParams } from "@/platform/screens";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import {
  fetchGroupGoods,
  GROUP_GOODS_PAGE,
  groupGoodsKey,
  groupsQuery,
  type RecommendRow,
  recommendKeys,
  useGroups,
} from "./recommend.api";

/** The groups (the title's name and count) and the group's first page, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, params, search) => {
  void client.prefetchQuery(groupsQuery());
  const classifyId = compoundParams(params).classifyId;
  if (!classifyId || search.size > 0) return;
  const request = { pageNum: 1, pageSize: GROUP_GOODS_PAGE };
  void client.prefetchQuery(fetchedPageQuery(fetchGroupGoods(classifyId), groupGoodsKey(classifyId), request));
};

/** `paths.recommendGoods(classifyId, shopId)`: a group's goods in the seller's order. */
export function Component() {
  const { t } = useTranslation();
  const classifyId = compoundParams(useParams()).classifyId ?? "";
  const canEdit = useHolds("shop.recommend.edit");
  const { message } = App.useApp();
  const write = useWrite(recommendKeys.all);
  const groups = useGroups();
  const group = groups.data?.find((g) => g.id === classifyId);
  const name = group?.name ?? "";
  const total = group?.goodsCount ?? 0;
  const [picking, setPicking] = useState(false);

  const moveTo = (r: RecommendRow, index: number) =>
    write(() => call(contract.recommend.updRecommendInfo, { id: r.id, index }), t("recommend.moved", { name: r.goods.name }));
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const remove = async (ids: string[]) => {
    let report: BulkReport | undefined;
    await write(async () => {
      report = await call(contract.recommend.delRecommendInfo, { ids });
    }, null);
    if (!report) return;
    const done = t("recommend.goodsPage.removed", { count: report.done.length });
    // Every item taken out: a toast; else the report naming each one left and why (issue 25 §3).
    if (report.refused.length === 0) void message.success(done);
    else setOutcome({ title: t("recommend.goodsPage.removeSelected"), done, report });
  };

  const columns: ColumnsType<RecommendRow> = [
    { title: t("recommend.position"), dataIndex: "sort", width: 90 },
    {
      key: "goods",
      title: t("recommend.goodsPage.columns.goods"),
      render: (_, r) => (
        <Space>
          {r.goods.mainImage ? (
            <Thumbnail file={r.goods.mainImage} alt="" width={40} height={40} preview={false} style={{ objectFit: "cover" }} />
          ) : null}
          <span>{r.goods.name}</span>
        </Space>
      ),
    },
    {
      key: "price",
      title: t("recommend.goodsPage.columns.price"),
      align: "right",
      render: (_, r) =>
        r.goods.priceMin === r.goods.priceMax
          ? formatCents(r.goods.priceMin)
          : `${formatCents(r.goods.priceMin)} – ${formatCents(r.goods.priceMax)}`,
    },
    { key: "status", title: t("recommend.goodsPage.columns.status"), render: (_, r) => t(`recommend.status.${r.goods.status}`) },
    ...actionsColumn<RecommendRow>({
      title: t("recommend.actions"),
      show: canEdit,
      actions: (r) => [
        r.sort > 1 && {
          key: "top",
          label: t("recommend.moveTop"),
          ariaLabel: `${t("recommend.moveTop")}: ${r.goods.name}`,
          onClick: () => moveTo(r, 0),
        },
        r.sort > 1 && {
          key: "up",
          label: t("recommend.moveUp"),
          ariaLabel: `${t("recommend.moveUp")}: ${r.goods.name}`,
          onClick: () => moveTo(r, r.sort - 2),
        },
        r.sort < total && {
          key: "down",
          label: t("recommend.moveDown"),
          ariaLabel: `${t("recommend.moveDown")}: ${r.goods.name}`,
          onClick: () => moveTo(r, r.sort),
        },
        {
          key: "remove",
          label: t("recommend.goodsPage.remove"),
          ariaLabel: `${t("recommend.goodsPage.remove")}: ${r.goods.name}`,
          danger: true,
          confirm: {
            title: t("recommend.goodsPage.removeConfirm", { name: r.goods.name }),
            description: t("recommend.goodsPage.removeHelp"),
          },
          onClick: () => remove([r.id]),
        },
      ],
    }),
  ];

  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
      {t("recommend.goodsPage.add")}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<RecommendRow>
        title={t("recommend.goodsPage.title", { name })}
        above={
          <Typography.Paragraph type="secondary">
            {t("recommend.goodsPage.limit", { max: contract.MAX_RECOMMEND_GOODS })}
          </Typography.Paragraph>
        }
        fetch={fetchGroupGoods(classifyId)}
        queryKey={groupGoodsKey(classifyId)}
        columns={columns}
        rowKey="id"
        toolbar={addButton}
        defaultPageSize={GROUP_GOODS_PAGE}
        batchActions={
          canEdit
            ? [
                {
                  key: "remove",
                  label: t("recommend.goodsPage.removeSelected"),
                  danger: true,
                  confirm: true,
                  run: (_rows, keys) => remove(keys.map(String)),
                },
              ]
            : []
        }
        empty={{ description: t("recommend.goodsPage.empty"), action: addButton }}
      />
      <GoodsPickerModal
        open={picking}
        title={t("recommend.picker.title")}
        max={Math.max(1, contract.MAX_RECOMMEND_GOODS - total)}
        onCancel={() => setPicking(false)}
        onPick={async (goodsIds) => {
          const res = await call(contract.recommend.addRecommendInfoList, { classifyId, goodsIds });
          await write(async () => undefined, t("recommend.goodsPage.added", { count: res.added, name }));
          setPicking(false);
        }}
      />
      <BulkReportDialog outcome={outcome} linkOf={() => ""} onClose={() => setOutcome(null)} />
    </>
  );
}
