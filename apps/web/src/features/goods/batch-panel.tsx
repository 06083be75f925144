import { PlusOutlined } from "@ant-design/icons";
import type { BatchItem, SkuItem } from "@sbo/contract/goods";
import * as contract from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Badge, Button, Card, DatePicker, Form, InputNumber, Select, Table, Tag } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { actionsColumn } from "@/components/row-actions";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { goodsKeys } from "./goods.api";
import { skuLabel } from "./goods-values";

const DATE = "YYYY-MM-DD";
const stateBadge = { sellable: "success", empty: "default", expired: "error" } as const;

interface BatchValues {
  skuId: string;
  batchNo: string;
  /** Adding: what came in. */
  quantity: number;
  /** Editing: what a stock count found left. */
  left: number;
  productionDate: string;
  expiresOn: string;
  traceId: string | null;
}

/**
 * A saved fresh item's batches, earliest expiry first: receive a batch, correct one (its number, dates, trace record,
 * what a stock count found left), remove one entered by mistake. Read-only for those who may not edit goods.
 */
export function BatchPanel({ goodsId, skus }: { goodsId: string; skus: readonly SkuItem[] }) {
  const { t } = useTranslation();
  const canEdit = useHolds("goods.manage.edit");
  const write = useWrite(goodsKeys.all);
  const [open, setOpen] = useState<BatchItem | "new" | null>(null);
  const editing = open === "new" ? null : open;
  const batches = useQuery({
    queryKey: goodsKeys.list("batches", { goodsId }),
    queryFn: ({ signal }) => call(contract.goods.selGoodsBatchList, { goodsId }, { notify: false, signal }),
  });
  // The item's trace records, for a batch to name the one it came from (the first page: newest first).
  const traces = useQuery({
    queryKey: goodsKeys.list("traceOptions", { goodsId }),
    queryFn: ({ signal }) =>
      call(contract.goods.selGoodsTraceListByParam, { goodsId, pageNum: 1, pageSize: 100 }, { notify: false, signal }),
  });
  const traceText = (id: string | null) => {
    const r = id ? traces.data?.list.find((x) => x.id === id) : undefined;
    return r ? [r.origin, r.harvestDate].filter(Boolean).join(" · ") : null;
  };
  const skuName = (b: BatchItem) => skuLabel(b.specValues, t("goods.form.singleSku"));
  const remove = async (b: BatchItem) => {
    await call(contract.goods.delGoodsBatch, { id: b.id });
    await write.done(t("goods.batch.removed", { batchNo: b.batchNo }));
  };
  const dateItem = (name: "productionDate" | "expiresOn") => (
    <Form.Item
      name={name}
      label={t(`goods.batch.${name}`)}
      getValueProps={(v: string | null) => ({ value: v ? dayjs(v) : null })}
      normalize={(d: dayjs.Dayjs | null) => (d ? d.format(DATE) : null)}
      rules={[{ required: true, message: t("form.required", { field: t(`goods.batch.${name}`) }) }]}
    >
      <DatePicker format={DATE} />
    </Form.Item>
  );

  return (
    <Card
      title={t("goods.batch.listTitle")}
      className="goods-section"
      extra={
        canEdit ? (
          <Button icon={<PlusOutlined />} onClick={() => setOpen("new")}>
            {t("goods.batch.add")}
          </Button>
        ) : null
      }
    >
      <Table<BatchItem>
        size="small"
        rowKey="id"
        loading={batches.isFetching}
        dataSource={batches.data ?? []}
        pagination={false}
        scroll={{ x: "max-content" }}
        columns={[
          { key: "sku", title: t("goods.batch.sku"), render: (_, b) => skuName(b) },
          { key: "batchNo", title: t("goods.batch.batchNo"), dataIndex: "batchNo" },
          { key: "left", title: t("goods.batch.left"), align: "right", render: (_, b) => `${b.left} / ${b.quantity}` },
          { key: "productionDate", title: t("goods.batch.productionDate"), dataIndex: "productionDate" },
          {
            key: "expiresOn",
            title: t("goods.batch.expiresOn"),
            render: (_, b) => (
              <>
                {b.expiresOn} {b.nearExpiry ? <Tag color="red">{t("goods.tabs.nearExpiry")}</Tag> : null}
              </>
            ),
          },
          {
            key: "state",
            title: t("goods.batch.state"),
            render: (_, b) => <Badge status={stateBadge[b.state]} text={t(`goods.batch.states.${b.state}`)} />,
          },
          { key: "trace", title: t("goods.batch.trace"), render: (_, b) => traceText(b.traceId) },
          ...actionsColumn<BatchItem>({
            title: t("goods.columns.actions"),
            show: canEdit,
            actions: (b) => [
              {
                key: "edit",
                label: t("goods.batch.edit"),
                ariaLabel: `${t("goods.batch.edit")}: ${b.batchNo}`,
                onClick: () => setOpen(b),
              },
              {
                key: "delete",
                label: t("goods.actions.delete"),
                ariaLabel: `${t("goods.actions.delete")}: ${b.batchNo}`,
                danger: true,
                confirm: { title: t("goods.batch.confirmRemove", { batchNo: b.batchNo }) },
                onClick: () => remove(b),
              },
            ],
          }),
        ]}
      />
      {open ? (
        <FormDrawer<BatchValues, typeof contract.goods.addGoodsBatch, typeof contract.goods.updGoodsBatch>
          name="goods-batch"
          title={editing ? t("goods.batch.editTitle", { batchNo: editing.batchNo }) : t("goods.batch.add")}
          onClose={() => setOpen(null)}
          add={{
            entry: contract.goods.addGoodsBatch,
            toInput: (v) => ({
              skuId: v.skuId,
              batchNo: v.batchNo,
              quantity: v.quantity,
              productionDate: v.productionDate,
              expiresOn: v.expiresOn,
              traceId: v.traceId ?? null,
            }),
          }}
          update={
            editing && {
              entry: contract.goods.updGoodsBatch,
              toInput: (v) => ({
                id: editing.id,
                batchNo: v.batchNo,
                productionDate: v.productionDate,
                expiresOn: v.expiresOn,
                traceId: v.traceId ?? null,
                left: v.left,
              }),
            }
          }
          initialValues={
            editing
              ? {
                  skuId: editing.skuId,
                  batchNo: editing.batchNo,
                  left: editing.left,
                  productionDate: editing.productionDate,
                  expiresOn: editing.expiresOn,
                  traceId: editing.traceId,
                }
              : { skuId: skus[0]?.id, traceId: null }
          }
          invalidate={goodsKeys.all}
          savedMessage={editing ? t("goods.batch.saved", { batchNo: editing.batchNo }) : t("goods.batch.added")}
        >
          <Form.Item
            name="skuId"
            label={t("goods.batch.sku")}
            rules={[{ required: true, message: t("form.required", { field: t("goods.batch.sku") }) }]}
          >
            <Select
              disabled={Boolean(editing)}
              options={skus.map((s) => ({ value: s.id, label: skuLabel(s.specValues, t("goods.form.singleSku")) }))}
            />
          </Form.Item>
          <Form.Item
            name="batchNo"
            label={t("goods.batch.batchNo")}
            rules={[{ required: true, message: t("form.required", { field: t("goods.batch.batchNo") }) }]}
          >
            <TextInput maxLength={32} />
          </Form.Item>
          {editing ? (
            <Form.Item
              name="left"
              label={t("goods.batch.leftCount")}
              extra={t("goods.batch.leftHelp", { quantity: editing.quantity })}
              rules={[{ required: true, message: t("form.required", { field: t("goods.batch.leftCount") }) }]}
            >
              <InputNumber min={0} precision={0} />
            </Form.Item>
          ) : (
            <Form.Item
              name="quantity"
              label={t("goods.batch.quantity")}
              rules={[{ required: true, message: t("form.required", { field: t("goods.batch.quantity") }) }]}
            >
              <InputNumber min={1} precision={0} />
            </Form.Item>
          )}
          {dateItem("productionDate")}
          {dateItem("expiresOn")}
          <Form.Item name="traceId" label={t("goods.batch.trace")} extra={t("goods.batch.traceHelp")}>
            <Select
              allowClear
              loading={traces.isPending}
              options={(traces.data?.list ?? []).map((r) => ({ value: r.id, label: traceText(r.id) ?? r.origin }))}
            />
          </Form.Item>
        </FormDrawer>
      ) : null}
    </Card>
  );
}
