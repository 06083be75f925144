import { MAX_SELECTED_SHIP, orderFulfil } from "@sbo/contract/orders-fulfil";
import { Button, Form, Modal, Select, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useExpressCompanies } from "@/components/express-fields";
import { TextInput } from "@/components/text-input";
import { ApiError, call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { useWrite } from "@/platform/use-write";
import { BatchShipReport } from "./batch-ship-dialog";
import type { BatchShipResult } from "./fulfil.api";
import { orderKeys } from "./orders.api";

type Chosen = { id: string; orderNo: string };
type Values = { all?: string; rows: { expressCode?: string; trackingNo?: string }[] };

/**
 * Ship the orders chosen in the list: one logistics company for all (or each its own) and a tracking number each, in
 * one call; then what happened to each order, and why not where it did not ship.
 */
export function ShipSelectedDialog({ orders, onClose }: { orders: Chosen[]; onClose: () => void }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const express = useExpressCompanies();
  const write = useWrite(orderKeys.all);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [result, setResult] = useState<BatchShipResult | null>(null);
  const chosen = orders.slice(0, MAX_SELECTED_SHIP);
  const options = (express.data ?? []).map((e) => ({ value: e.code, label: zh ? e.name : e.nameEn }));

  const ship = async (v: Values) => {
    setBusy(true);
    setFailed(null);
    try {
      const rows = chosen.map((o, i) => ({
        orderNo: o.orderNo,
        expressCode: v.rows[i]?.expressCode ?? "",
        trackingNo: v.rows[i]?.trackingNo ?? "",
      }));
      const out = await call(orderFulfil.batchDeliveryByRows, { rows }, { notify: false });
      setResult(out);
      await write.done(t("fulfil.batch.done", { count: out.shipped }));
    } catch (e) {
      setFailed(e instanceof ApiError ? e.msg : t("fulfil.selected.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={820}
      title={t("fulfil.selected.title", { count: chosen.length })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        result
          ? [
              <Button key="close" type="primary" onClick={onClose}>
                {t("fulfil.selected.close")}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t("common.cancel")}
              </Button>,
              <Button key="ship" type="primary" loading={busy} onClick={() => form.submit()}>
                {t("fulfil.batch.commit", { count: chosen.length })}
              </Button>,
            ]
      }
    >
      {result ? (
        <BatchShipReport result={result} />
      ) : (
        <Form<Values> form={form} layout="vertical" name="ship-selected" onFinish={ship} initialValues={{ rows: chosen.map(() => ({})) }}>
          {orders.length > MAX_SELECTED_SHIP ? (
            <Typography.Paragraph type="warning">{t("fulfil.selected.tooMany", { max: MAX_SELECTED_SHIP })}</Typography.Paragraph>
          ) : null}
          {failed ? (
            <Typography.Paragraph type="danger" role="alert">
              {failed}
            </Typography.Paragraph>
          ) : null}
          <Form.Item name="all" label={t("fulfil.selected.all")} extra={t("fulfil.selected.allHelp")}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: "label" }}
              loading={express.isPending}
              options={options}
              style={{ maxWidth: 320 }}
              onChange={(code?: string) =>
                form.setFieldsValue({ rows: chosen.map((_, i) => ({ ...form.getFieldValue(["rows", i]), expressCode: code })) })
              }
            />
          </Form.Item>
          <Table<Chosen & { index: number }>
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: "max-content" }}
            dataSource={chosen.map((o, index) => ({ ...o, index }))}
            columns={[
              { key: "orderNo", title: t("fulfil.batch.orderNo"), dataIndex: "orderNo" },
              {
                key: "express",
                title: t("fulfil.batch.express"),
                render: (_, o) => (
                  <Form.Item
                    name={["rows", o.index, "expressCode"]}
                    noStyle
                    rules={[{ required: true, message: t("form.required", { field: t("fulfil.batch.express") }) }]}
                  >
                    <Select
                      showSearch={{ optionFilterProp: "label" }}
                      options={options}
                      style={{ width: 200 }}
                      aria-label={t("fulfil.selected.expressOf", { orderNo: o.orderNo })}
                    />
                  </Form.Item>
                ),
              },
              {
                key: "trackingNo",
                title: t("fulfil.batch.trackingNo"),
                render: (_, o) => (
                  <Form.Item
                    name={["rows", o.index, "trackingNo"]}
                    noStyle
                    rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("fulfil.batch.trackingNo") }) }]}
                  >
                    <TextInput maxLength={40} style={{ width: 200 }} aria-label={t("fulfil.selected.trackingOf", { orderNo: o.orderNo })} />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Form>
      )}
    </Modal>
  );
}
