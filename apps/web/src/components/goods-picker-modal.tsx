import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Image, Input, Modal, Space, Table } from "antd";
import { type Key, useState } from "react";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";

type GoodsRow = OutputOf<typeof contract.goods.selGoodsInfoByPage>["list"][number];

export interface GoodsPickerTexts {
  title: string;
  search: string;
  ok: string;
  cancel: string;
  name: string;
  price: string;
  status: string;
  statusOf: (status: GoodsRow["status"]) => string;
  /** Shown beside a row already chosen before (e.g. already in the category). */
  already: string;
  empty: string;
}

/**
 * Choose goods (items and packages, not drafts of deleted ones) from the seller's catalogue: search by name or SKU
 * code, tick rows across pages, confirm. Used by screens that collect goods (shop categories, recommendations).
 */
export function GoodsPickerModal({
  open,
  texts,
  exclude,
  max,
  onCancel,
  onPick,
}: {
  open: boolean;
  texts: GoodsPickerTexts;
  /** Ids already chosen elsewhere: shown, not selectable. */
  exclude?: ReadonlySet<string>;
  max?: number;
  onCancel: () => void;
  onPick: (ids: string[]) => Promise<unknown> | undefined;
}) {
  const [keyword, setKeyword] = useState("");
  const [pageNum, setPageNum] = useState(1);
  const [chosen, setChosen] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const found = useQuery({
    queryKey: ["goods", "list", "picker", { keyword, pageNum }],
    queryFn: ({ signal }) =>
      call(contract.goods.selGoodsInfoByPage, { pageNum, pageSize: 10, keyword: keyword || undefined }, { notify: false, signal }),
    enabled: open,
  });
  const close = () => {
    setChosen([]);
    onCancel();
  };
  const confirm = async () => {
    setSaving(true);
    try {
      await onPick(chosen.map(String));
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
      title={texts.title}
      width={720}
      okText={texts.ok}
      cancelText={texts.cancel}
      okButtonProps={{ disabled: chosen.length === 0, loading: saving }}
      onOk={confirm}
      onCancel={close}
      destroyOnHidden
    >
      <Input.Search
        aria-label={texts.search}
        placeholder={texts.search}
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
        locale={{ emptyText: texts.empty }}
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
            title: texts.name,
            render: (_, row) => (
              <Space>
                {row.mainImage ? (
                  <Image src={row.mainImage.url} alt="" width={32} height={32} preview={false} style={{ objectFit: "cover" }} />
                ) : null}
                <span>{row.name}</span>
                {exclude?.has(row.id) ? <span className="goods-picker-already">({texts.already})</span> : null}
              </Space>
            ),
          },
          {
            key: "price",
            title: texts.price,
            align: "right",
            render: (_, row) =>
              row.priceMin === row.priceMax ? formatCents(row.priceMin) : `${formatCents(row.priceMin)} – ${formatCents(row.priceMax)}`,
          },
          { key: "status", title: texts.status, render: (_, row) => texts.statusOf(row.status) },
        ]}
      />
    </Modal>
  );
}
