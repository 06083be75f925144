import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Input, Modal, Space, Table } from "antd";
import { type Key, useRef, useState } from "react";
import { call } from "@/platform/api-client";
import { componentTexts, currentLanguage } from "@/platform/i18n";
import { formatCents } from "@/platform/money";
import { Thumbnail } from "./thumbnail";

type GoodsRow = OutputOf<typeof contract.goods.selGoodsInfoByPage>["list"][number];

/** The picker's own words, in both languages (every screen that collects goods shows the same picker). */
const pickerText = componentTexts("goodsPicker", {
  en: {
    search: "Search by name or SKU code",
    ok: "Add chosen",
    cancel: "Cancel",
    name: "Goods",
    price: "Price",
    status: "Status",
    statuses: { draft: "Draft", on: "On shelf", off: "Off shelf" },
    /** Shown beside a row already chosen before (e.g. already in the category). */
    already: "already in",
    empty: "No goods found",
  },
  zh: {
    search: "按名称或规格编码搜索",
    ok: "添加所选",
    cancel: "取消",
    name: "商品",
    price: "价格",
    status: "状态",
    statuses: { draft: "草稿", on: "在售", off: "已下架" },
    already: "已添加",
    empty: "没有找到商品",
  },
});

/**
 * Choose goods (items and packages, not drafts of deleted ones) from the seller's catalogue: search by name or SKU
 * code, tick rows across pages, confirm. Used by screens that collect goods (shop categories, recommendations).
 */
export function GoodsPickerModal({
  open,
  title,
  exclude,
  max,
  source = "catalogue",
  onCancel,
  onPick,
}: {
  open: boolean;
  /** What the goods are chosen for ("Choose goods to recommend"). */
  title: string;
  /** Ids already chosen elsewhere: shown, not selectable. */
  exclude?: ReadonlySet<string>;
  max?: number;
  /** `notInPromotion`: on-shelf items in no running or coming promotion (the promotion form's picker). */
  source?: "catalogue" | "notInPromotion";
  onCancel: () => void;
  /** The chosen ids, and their rows as listed (names, prices) for screens that show what was chosen. */
  onPick: (ids: string[], rows: GoodsRow[]) => Promise<unknown> | undefined;
}) {
  const lang = currentLanguage();
  const tx = (key: Parameters<typeof pickerText>[1]) => pickerText(lang, key);
  const [keyword, setKeyword] = useState("");
  const [pageNum, setPageNum] = useState(1);
  const [chosen, setChosen] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const seen = useRef(new Map<string, GoodsRow>());
  const found = useQuery({
    queryKey: ["goods", "list", "picker", { keyword, pageNum, source }],
    queryFn: async ({ signal }) => {
      const page =
        source === "notInPromotion"
          ? await call(
              contract.goods.selNotPromotionGoodsList,
              { pageNum, pageSize: 10, keyword: keyword || undefined },
              { notify: false, signal },
            )
          : // Shop categories and recommendations hold what the shop sells: goods and packages, never a service listing.
            await call(
              contract.goods.selGoodsInfoByPage,
              { pageNum, pageSize: 10, keyword: keyword || undefined, listingType: "goods" },
              { notify: false, signal },
            );
      for (const row of page.list) seen.current.set(row.id, row);
      return page;
    },
    enabled: open,
  });
  const close = () => {
    setChosen([]);
    onCancel();
  };
  const confirm = async () => {
    setSaving(true);
    try {
      const ids = chosen.map(String);
      await onPick(
        ids,
        ids.flatMap((id) => seen.current.get(id) ?? []),
      );
      setChosen([]);
    } catch {
      // call() showed the refusal.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      width={720}
      okText={tx("ok")}
      cancelText={tx("cancel")}
      okButtonProps={{ disabled: chosen.length === 0, loading: saving }}
      onOk={confirm}
      onCancel={close}
      destroyOnHidden
    >
      <Input.Search
        aria-label={tx("search")}
        placeholder={tx("search")}
        allowClear
        onSearch={(v) => {
          setKeyword(v.trim());
          setPageNum(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<GoodsRow>
        rowKey="id"
        size="small"
        loading={found.isFetching}
        dataSource={found.data?.list ?? []}
        locale={{ emptyText: tx("empty") }}
        rowSelection={{
          selectedRowKeys: chosen,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setChosen(max ? keys.slice(0, max) : keys),
          getCheckboxProps: (row) => ({ disabled: exclude?.has(row.id) ?? false, "aria-label": row.name }),
        }}
        pagination={{
          current: pageNum,
          pageSize: 10,
          total: found.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        columns={[
          {
            key: "name",
            title: tx("name"),
            render: (_, row) => (
              <Space>
                {row.mainImage ? (
                  <Thumbnail file={row.mainImage} alt="" width={32} height={32} preview={false} style={{ objectFit: "cover" }} />
                ) : null}
                <span>{row.name}</span>
                {exclude?.has(row.id) ? <span className="goods-picker-already">({tx("already")})</span> : null}
              </Space>
            ),
          },
          {
            key: "price",
            title: tx("price"),
            align: "right",
            render: (_, row) =>
              row.priceMin === row.priceMax ? formatCents(row.priceMin) : `${formatCents(row.priceMin)} – ${formatCents(row.priceMax)}`,
          },
          { key: "status", title: tx("status"), render: (_, row) => tx(`statuses.${row.status}`) },
        ]}
      />
    </Modal>
  );
}
