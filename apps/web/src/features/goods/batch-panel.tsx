import { PlusOutlined } from "@ant-design/icons";
import type { BatchItem, SkuItem } from "@sbo/contract/goods";
import * as contract from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { App, Badge, Button, Card, DatePicker, Form, InputNumber, Select, Table, Tag } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { actionsColumn } from "@/components/row-actions";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { useHolds } from "@/platform/use-holds";
import { goodsKeys, useInvalidateGoods } from "./goods.api";
import { skuLabel } from "./goods-values";

const DATE = "YYYY-MM-DD";
const stateBadge = { sellable: "success", empty: "default", expired: "error" } as const;

interface BatchValues {
  skuId: string;
  batchNo: string;
  quantity: number;
  productionDate: string;
  expiresOn: string;
}

/** A saved fresh item's batches, earliest expiry first: receive a batch, remove one entered by mistake. */
export function BatchPanel({ goodsId, skus, readOnly = false }: { goodsId: string; skus: readonly SkuItem[]; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = useHolds("goods.manage.edit") && !readOnly;
  const invalidate = useInvalidateGoods();
  const [adding, setAdding] = useState(false);
  const batches = useQuery({
    queryKey: goodsKeys.list("batches", { goodsId }),
    queryFn: ({ signal }) => call(contract.goods.selGoodsBatchList, { goodsId }, { notify: false, signal }),
  });
  const skuName = (b: BatchItem) => skuLabel(b.specValues, t("goods.form.singleSku"));
  const remove = async (b: BatchItem) => {
    await call(contract.goods.delGoodsBatch, { id: b.id });
    await invalidate();
    void message.success(t("goods.batch.removed", { batchNo: b.batchNo }));
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
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
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
          ...actionsColumn<BatchItem>({
            title: t("goods.columns.actions"),
            show: canEdit,
            actions: (b) => [
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
      {adding ? (
        <FormDrawer<BatchValues, typeof contract.goods.addGoodsBatch>
          name="goods-batch"
          title={t("goods.batch.add")}
          onClose={() => setAdding(false)}
          add={{ entry: contract.goods.addGoodsBatch, toInput: (v) => ({ ...v, traceId: null }) }}
          initialValues={{ skuId: skus[0]?.id }}
          invalidate={goodsKeys.all}
          savedMessage={t("goods.batch.added")}
        >
          <Form.Item
            name="skuId"
            label={t("goods.batch.sku")}
            rules={[{ required: true, message: t("form.required", { field: t("goods.batch.sku") }) }]}
          >
            <Select options={skus.map((s) => ({ value: s.id, label: skuLabel(s.specValues, t("goods.form.singleSku")) }))} />
          </Form.Item>
          <Form.Item
            name="batchNo"
            label={t("goods.batch.batchNo")}
            rules={[{ required: true, message: t("form.required", { field: t("goods.batch.batchNo") }) }]}
          >
            <TextInput maxLength={32} />
          </Form.Item>
          <Form.Item
            name="quantity"
            label={t("goods.batch.quantity")}
            rules={[{ required: true, message: t("form.required", { field: t("goods.batch.quantity") }) }]}
          >
            <InputNumber min={1} precision={0} />
          </Form.Item>
          {dateItem("productionDate")}
          {dateItem("expiresOn")}
        </FormDrawer>
      ) : null}
    </Card>
  );
}
