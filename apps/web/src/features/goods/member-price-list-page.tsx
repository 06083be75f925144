import "./goods.css";
import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/goods";
import { Button, Space, Tag } from "antd";
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
import { goodsKeys, type MemberPriceRow, memberPriceListKey } from "./goods.api";
import { priceText } from "./goods-list-page";

/** The first page with no filter, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size === 0)
    void client.prefetchQuery(listPageQuery(contract.goods.selGoodsListByMember, memberPriceListKey, firstPageRequest({})));
};

/** `paths.memberPriceList()`: the goods with member prices, the ranks they price and the lowest. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHolds("goods.memberPrice");
  const write = useWrite(goodsKeys.all);
  const edit = (goodsId: string) => navigate(paths.memberPriceEdit(goodsId));
  const columns: ColumnsType<MemberPriceRow> = [
    {
      key: "goods",
      title: t("goods.memberPrice.columns.goods"),
      render: (_, r) => <Link to={paths.goodsDetail(r.id)}>{r.name}</Link>,
    },
    { key: "price", title: t("goods.columns.price"), align: "right", render: (_, r) => priceText(r) },
    {
      key: "ranks",
      title: t("goods.memberPrice.columns.ranks"),
      render: (_, r) => (
        <Space wrap size={4}>
          {r.ranks.map((k) => (
            <Tag key={k.id}>{k.name}</Tag>
          ))}
        </Space>
      ),
    },
    { key: "count", title: t("goods.memberPrice.columns.count"), dataIndex: "memberPriceCount", align: "right" },
    { key: "lowest", title: t("goods.memberPrice.columns.lowest"), align: "right", render: (_, r) => formatCents(r.lowestMemberPrice) },
    ...actionsColumn<MemberPriceRow>({
      title: t("goods.columns.actions"),
      show: canEdit,
      actions: (r) => [
        { key: "edit", label: t("goods.actions.edit"), ariaLabel: `${t("goods.actions.edit")}: ${r.name}`, onClick: () => edit(r.id) },
        {
          key: "delete",
          label: t("goods.memberPrice.removeAll"),
          ariaLabel: `${t("goods.memberPrice.removeAll")}: ${r.name}`,
          danger: true,
          confirm: { title: t("goods.memberPrice.confirmRemoveAll", { name: r.name }) },
          onClick: async () => {
            await call(contract.goods.delGoodsMemberPrice, { goodsId: r.id });
            await write.done(t("goods.memberPrice.removed", { name: r.name }));
          },
        },
      ],
    }),
  ];
  const add = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.memberPriceEdit())}>
      {t("goods.memberPrice.add")}
    </Button>
  ) : null;
  return (
    <ListPage<MemberPriceRow>
      title={t("goods.memberPrice.title")}
      entry={contract.goods.selGoodsListByMember}
      queryKey={memberPriceListKey}
      filters={[{ kind: "text", name: "keyword", label: t("goods.filters.keyword") }]}
      toFilters={(f) => ({ keyword: f.keyword || undefined })}
      columns={columns}
      rowKey="id"
      toolbar={add}
      empty={{ description: t("goods.memberPrice.empty"), action: add }}
    />
  );
}
