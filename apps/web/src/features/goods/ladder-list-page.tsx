import "./goods.css";
import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/goods";
import { Button } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { goodsKeys, type LadderRow, ladderListKey } from "./goods.api";
import { priceText } from "./goods-list-page";

/** The first page with no filter, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size === 0) void client.prefetchQuery(listPageQuery(contract.goods.selGoodsLadderList, ladderListKey, firstPageRequest({})));
};

/** `paths.ladderList()`: the goods with ladder prices. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHolds("goods.ladder");
  const write = useWrite(goodsKeys.all);
  const edit = (goodsId: string) => navigate(paths.ladderEdit(goodsId));
  const columns: ColumnsType<LadderRow> = [
    {
      key: "goods",
      title: t("goods.ladder.columns.goods"),
      render: (_, r) => <Link to={paths.goodsDetail(r.id)}>{r.name}</Link>,
    },
    { key: "price", title: t("goods.columns.price"), align: "right", render: (_, r) => priceText(r) },
    { key: "skus", title: t("goods.ladder.columns.skus"), dataIndex: "ladderSkuCount", align: "right" },
    { key: "lowest", title: t("goods.ladder.columns.lowest"), align: "right", render: (_, r) => formatCents(r.lowestLadderPrice) },
    ...actionsColumn<LadderRow>({
      title: t("goods.columns.actions"),
      show: canEdit,
      actions: (r) => [
        { key: "edit", label: t("goods.actions.edit"), ariaLabel: `${t("goods.actions.edit")}: ${r.name}`, onClick: () => edit(r.id) },
        {
          key: "delete",
          label: t("goods.ladder.removeAll"),
          ariaLabel: `${t("goods.ladder.removeAll")}: ${r.name}`,
          danger: true,
          confirm: { title: t("goods.ladder.confirmRemoveAll", { name: r.name }) },
          onClick: async () => {
            await call(contract.goods.delGoodsLadderPrice, { goodsId: r.id });
            await write.done(t("goods.ladder.removed", { name: r.name }));
          },
        },
      ],
    }),
  ];
  const add = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.ladderEdit())}>
      {t("goods.ladder.add")}
    </Button>
  ) : null;
  return (
    <ListPage<LadderRow>
      title={t("goods.ladder.title")}
      entry={contract.goods.selGoodsLadderList}
      queryKey={ladderListKey}
      filters={[{ kind: "text", name: "keyword", label: t("goods.filters.keyword") }]}
      toFilters={(f) => ({ keyword: f.keyword || undefined })}
      columns={columns}
      rowKey="id"
      toolbar={add}
      empty={{ description: t("goods.ladder.empty"), action: add }}
    />
  );
}
