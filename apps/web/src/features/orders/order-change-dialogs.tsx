import * as contract from "@sbo/contract/orders";
import * as pay from "@sbo/contract/orders-pay";
import { Card, Form, InputNumber, Modal, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AreaCascader, areaCodesOf } from "@/components/area-cascader";
import { ExpressFields } from "@/components/express-fields";
import { ContractForm } from "@/components/form";
import { TextArea, TextInput } from "@/components/text-input";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { useWrite } from "@/platform/use-write";
import { type OrderDetail, orderKeys } from "./orders.api";
import { type OrderChangeEntry, useOrderChanges } from "./orders-pay.api";

type Line = OrderDetail["lines"][number];
type Shipment = OrderDetail["shipments"][number];

/**
 * Change an order's lines before shipping: each line's new quantity (0 removes it; a paid order only down) and the
 * reason the buyer sees. The server takes or returns the stock and recomputes the amounts.
 */
export function ChangeLinesDialog({ d, onClose }: { d: OrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const write = useWrite(orderKeys.all);
  type Values = { quantities: Record<string, number | null>; reason: string };
  const [form] = Form.useForm<Values>();
  const paid = d.status !== "pendingPayment";
  return (
    <Modal open title={t("orders.change.title", { orderNo: d.orderNo })} footer={null} onCancel={onClose} destroyOnHidden width={720}>
      <ContractForm<typeof pay.orderChange.changeOrderInfo, Values>
        name="order-change"
        entry={pay.orderChange.changeOrderInfo}
        form={form}
        initialValues={{ quantities: Object.fromEntries(d.lines.map((l) => [l.id, l.quantity])), reason: "" }}
        toInput={(v) => ({
          id: d.id,
          lines: d.lines
            .map((l) => ({ lineId: l.id, quantity: v.quantities?.[l.id] ?? l.quantity }))
            .filter((x, i) => x.quantity !== d.lines[i]?.quantity),
          reason: v.reason,
        })}
        labelOf={(name) => (name[0] === "reason" ? t("orders.change.reason") : name[0] === "lines" ? t("orders.change.lines") : undefined)}
        submitText={t("orders.change.submit")}
        onCancel={onClose}
        onSuccess={async () => {
          await write.done(t("orders.change.done", { orderNo: d.orderNo }));
          onClose();
        }}
      >
        <Typography.Paragraph type="secondary">{paid ? t("orders.change.paidHelp") : t("orders.change.help")}</Typography.Paragraph>
        <Table<Line>
          rowKey="id"
          pagination={false}
          dataSource={d.lines}
          scroll={{ x: "max-content" }}
          columns={[
            { key: "goods", title: t("orders.detail.goods"), render: (_, l) => l.goodsName },
            { key: "spec", title: t("orders.detail.spec"), render: (_, l) => l.specValues.join(" / ") || null },
            { key: "unitPrice", title: t("orders.detail.unitPrice"), align: "right", render: (_, l) => formatCents(l.unitPrice) },
            { key: "now", title: t("orders.change.now"), align: "right", render: (_, l) => l.quantity },
            {
              key: "new",
              title: t("orders.change.newQuantity"),
              render: (_, l) => (
                <Form.Item name={["quantities", l.id]} noStyle>
                  <InputNumber
                    min={0}
                    max={paid ? l.quantity : 999}
                    precision={0}
                    aria-label={t("orders.change.quantityOf", { name: l.goodsName })}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        <Form.Item
          name="reason"
          label={t("orders.change.reason")}
          extra={t("orders.change.reasonHelp")}
          rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("orders.change.reason") }) }]}
          style={{ marginTop: 16 }}
        >
          <TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}

/** Correct a shipment's logistics company and tracking number. */
export function LogisticsDialog({ d, shipment, onClose }: { d: OrderDetail; shipment: Shipment; onClose: () => void }) {
  const { t } = useTranslation();
  const write = useWrite(orderKeys.all);
  type Values = { expressCode: string; trackingNo: string };
  const [form] = Form.useForm<Values>();
  return (
    <Modal open title={t("orders.logistics.title", { orderNo: d.orderNo })} footer={null} onCancel={onClose} destroyOnHidden>
      <ContractForm<typeof contract.orders.updateOrderLogistics, Values>
        name="order-logistics"
        entry={contract.orders.updateOrderLogistics}
        form={form}
        initialValues={{ expressCode: shipment.expressCode, trackingNo: shipment.trackingNo }}
        toInput={(v) => ({ id: d.id, shipmentId: shipment.id, expressCode: v.expressCode, trackingNo: v.trackingNo })}
        labelOf={(name) =>
          name[0] === "expressCode" ? t("orders.ship.express") : name[0] === "trackingNo" ? t("orders.ship.trackingNo") : undefined
        }
        submitText={t("orders.logistics.submit")}
        onCancel={onClose}
        onSuccess={async () => {
          await write.done(t("orders.logistics.done", { orderNo: d.orderNo }));
          onClose();
        }}
      >
        <ExpressFields
          labels={{
            express: t("orders.ship.express"),
            trackingNo: t("orders.ship.trackingNo"),
            trackingHelp: t("orders.ship.trackingHelp"),
          }}
        />
      </ContractForm>
    </Modal>
  );
}

/** Change the delivery address of an order not yet shipped. */
export function AddressDialog({ d, onClose }: { d: OrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const write = useWrite(orderKeys.all);
  type Values = { name: string; phone: string; area: string[]; detail: string };
  const [form] = Form.useForm<Values>();
  const required = (field: string) => [{ required: true, whitespace: true, message: t("form.required", { field }) }];
  return (
    <Modal open title={t("orders.address.title", { orderNo: d.orderNo })} footer={null} onCancel={onClose} destroyOnHidden>
      <ContractForm<typeof contract.orders.updateOrderInfoAddrById, Values>
        name="order-address"
        entry={contract.orders.updateOrderInfoAddrById}
        form={form}
        // A masked phone (the member may not see it in full) is no phone to keep: the new one is typed.
        initialValues={{
          name: d.address.name,
          phone: d.address.phone.includes("*") ? "" : d.address.phone,
          area: areaCodesOf(d.address.areaCode),
          detail: d.address.detail,
        }}
        toInput={(v) => ({ id: d.id, name: v.name, phone: v.phone, areaCode: v.area?.at(-1) ?? "", detail: v.detail })}
        labelOf={(name) =>
          name[0] === "name"
            ? t("orders.detail.recipient")
            : name[0] === "phone"
              ? t("orders.detail.phone")
              : name[0] === "areaCode"
                ? t("orders.detail.area")
                : name[0] === "detail"
                  ? t("orders.detail.street")
                  : undefined
        }
        submitText={t("orders.address.submit")}
        onCancel={onClose}
        onSuccess={async () => {
          await write.done(t("orders.address.done", { orderNo: d.orderNo }));
          onClose();
        }}
      >
        <Form.Item name="name" label={t("orders.detail.recipient")} rules={required(t("orders.detail.recipient"))}>
          <TextInput maxLength={20} />
        </Form.Item>
        <Form.Item name="phone" label={t("orders.detail.phone")} rules={required(t("orders.detail.phone"))}>
          <TextInput maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name="area"
          label={t("orders.detail.area")}
          rules={[{ required: true, message: t("form.required", { field: t("orders.detail.area") }) }]}
        >
          <AreaCascader />
        </Form.Item>
        <Form.Item name="detail" label={t("orders.detail.street")} rules={required(t("orders.detail.street"))}>
          <TextArea maxLength={120} showCount rows={2} />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}

/** An order's line changes, newest first: who, when, why, each line before → after, the totals. */
export function ChangeHistory({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const changes = useOrderChanges(orderId);
  if (!changes.data || changes.data.length === 0) return null;
  return (
    <Card title={t("orders.change.history")} className="order-section">
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        {changes.data.map((c: OrderChangeEntry) => (
          <div key={c.id}>
            <Typography.Text strong>
              {when(c.at)}
              {c.actorName ? ` · ${c.actorName}` : ""}
            </Typography.Text>
            <Typography.Paragraph style={{ marginBottom: 4 }}>{t("orders.eventDetail.reason", { reason: c.reason })}</Typography.Paragraph>
            <ul className="order-change-lines">
              {c.lines.map((l) => (
                <li key={l.lineId}>
                  {t("orders.change.lineChange", {
                    name: l.goodsName,
                    before: l.quantityBefore,
                    after: l.quantityAfter,
                    amountBefore: formatCents(l.amountBefore),
                    amountAfter: formatCents(l.amountAfter),
                  })}
                </li>
              ))}
            </ul>
            <Typography.Text type="secondary">
              {t("orders.change.totals", { before: formatCents(c.payBefore), after: formatCents(c.payAfter) })}
              {c.refundDue > 0 ? ` · ${t("orders.change.refundDue", { amount: formatCents(c.refundDue) })}` : ""}
            </Typography.Text>
          </div>
        ))}
      </Space>
    </Card>
  );
}
