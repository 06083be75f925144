import { orderFulfil } from "@sbo/contract/orders-fulfil";
import { Button, Card, DatePicker, Descriptions, Empty, Form, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ExpressFields } from "@/components/express-fields";
import { ContractForm } from "@/components/form";
import { TextArea } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type RepeatedDeliveries as Data, type DeliveryRound, fulfilKeys, useRepeatedDeliveries } from "./fulfil.api";
import { type OrderDetail, orderKeys } from "./orders.api";

const roundColor = { planned: "default", shipped: "processing", delivered: "success" } as const;
const canPlan = (s: Data["status"]) => s === "paid" || s === "partlyShipped";

/**
 * The deliveries of a repeated-delivery order on its detail: each planned delivery (date, pieces, logistics, status)
 * with its next step — ship (logistics), mark delivered, edit — and a new delivery while pieces are unplanned.
 * Without the shipping function the list is read-only.
 */
export function RepeatedDeliveries({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const mayShip = useHolds("order.manage.ship");
  const write = useWrite(orderKeys.all, fulfilKeys.all);
  const q = useRepeatedDeliveries(order.id, order.delivery?.mode === "repeated");
  const [dialog, setDialog] = useState<{ kind: "plan" } | { kind: "ship" | "edit"; round: DeliveryRound } | null>(null);
  if (order.delivery?.mode !== "repeated") return null;
  const data = q.data;
  const open = order.status === "paid" || order.status === "partlyShipped" || order.status === "shipped";
  const lineText = (lines: DeliveryRound["lines"]) =>
    lines.map((l) => `${l.goodsName}${l.specValues.length ? ` (${l.specValues.join(" / ")})` : ""} × ${l.quantity}`).join("; ");

  const deliver = async (r: DeliveryRound) => {
    try {
      await call(orderFulfil.updOrderRepeatedlyDeliveryV2, { orderId: order.id, roundId: r.id, status: "delivered" });
      await write.done(t("fulfil.repeated.deliverDone", { seq: r.seq }));
    } catch {
      // call() showed the refusal.
    }
  };

  return (
    <Card
      title={t("fulfil.repeated.title")}
      className="order-section"
      extra={
        mayShip && data && canPlan(data.status) && data.unplanned.length > 0 && data.rounds.length < data.repeatTimes ? (
          <Button onClick={() => setDialog({ kind: "plan" })}>{t("fulfil.repeated.plan")}</Button>
        ) : null
      }
    >
      <Typography.Paragraph>
        {t("fulfil.repeated.summary", {
          times: t("fulfil.repeated.times", { count: order.delivery.repeatTimes ?? 0 }),
          every: t("fulfil.repeated.every", { count: order.delivery.repeatEveryDays ?? 0 }),
        })}
        {data
          ? ` · ${data.unplanned.length ? t("fulfil.repeated.unplanned", { lines: lineText(data.unplanned) }) : t("fulfil.repeated.allPlanned")}`
          : null}
      </Typography.Paragraph>
      {data && data.rounds.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("fulfil.repeated.empty")} />
      ) : (
        <Table<DeliveryRound>
          rowKey="id"
          loading={q.isPending}
          pagination={false}
          dataSource={data?.rounds ?? []}
          scroll={{ x: "max-content" }}
          aria-label={t("fulfil.repeated.title")}
          columns={[
            { key: "seq", title: t("fulfil.repeated.seq"), dataIndex: "seq", width: 70 },
            { key: "plannedOn", title: t("fulfil.repeated.plannedOn"), dataIndex: "plannedOn" },
            { key: "goods", title: t("fulfil.repeated.goods"), render: (_, r) => lineText(r.lines) },
            {
              key: "status",
              title: t("fulfil.repeated.status"),
              render: (_, r) => (
                <Space orientation="vertical" size={0}>
                  <Tag color={roundColor[r.status]}>{t(`fulfil.roundStatus.${r.status}`)}</Tag>
                  {r.deliveredAt ? <Typography.Text type="secondary">{when(r.deliveredAt)}</Typography.Text> : null}
                </Space>
              ),
            },
            {
              key: "logistics",
              title: t("fulfil.repeated.logistics"),
              render: (_, r) => (r.trackingNo ? `${(zh ? r.expressName : r.expressNameEn) ?? r.expressCode ?? ""} ${r.trackingNo}` : "—"),
            },
            { key: "remark", title: t("fulfil.repeated.remark"), render: (_, r) => r.remark || "—" },
            ...(mayShip && open
              ? [
                  {
                    key: "actions",
                    title: t("fulfil.repeated.actions"),
                    fixed: "right" as const,
                    render: (_: unknown, r: DeliveryRound) => (
                      <Space>
                        {r.status === "planned" ? (
                          <Button
                            type="link"
                            size="small"
                            aria-label={`${t("fulfil.repeated.ship")}: ${r.seq}`}
                            onClick={() => setDialog({ kind: "ship", round: r })}
                          >
                            {t("fulfil.repeated.ship")}
                          </Button>
                        ) : null}
                        {r.status === "shipped" ? (
                          <Popconfirm
                            title={t("fulfil.repeated.deliverConfirm", { seq: r.seq })}
                            okText={t("fulfil.repeated.deliver")}
                            cancelText={t("common.cancel")}
                            onConfirm={() => deliver(r)}
                          >
                            <Button type="link" size="small" aria-label={`${t("fulfil.repeated.deliver")}: ${r.seq}`}>
                              {t("fulfil.repeated.deliver")}
                            </Button>
                          </Popconfirm>
                        ) : null}
                        {r.status !== "delivered" ? (
                          <Button
                            type="link"
                            size="small"
                            aria-label={`${t("fulfil.repeated.edit")}: ${r.seq}`}
                            onClick={() => setDialog({ kind: "edit", round: r })}
                          >
                            {t("fulfil.repeated.edit")}
                          </Button>
                        ) : null}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {dialog && data ? <RoundDialog order={order} data={data} dialog={dialog} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}

interface Values {
  plannedOn?: Dayjs;
  quantities?: Record<string, number | null>;
  expressCode?: string;
  trackingNo?: string;
  remark?: string;
}

/** Plan a delivery, ship one (logistics), or edit one (date while planned, logistics, remark). */
function RoundDialog({
  order,
  data,
  dialog,
  onClose,
}: {
  order: OrderDetail;
  data: Data;
  dialog: { kind: "plan" } | { kind: "ship" | "edit"; round: DeliveryRound };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const write = useWrite(orderKeys.all, fulfilKeys.all);
  const [form] = Form.useForm<Values>();
  const round = dialog.kind === "plan" ? null : dialog.round;
  const seq = round ? round.seq : data.rounds.reduce((n, r) => Math.max(n, r.seq), 0) + 1;
  const lastDate = data.rounds.length ? dayjs(data.rounds[data.rounds.length - 1]?.plannedOn) : dayjs();
  const title =
    dialog.kind === "plan"
      ? t("fulfil.repeated.planTitle", { seq, orderNo: order.orderNo })
      : dialog.kind === "ship"
        ? t("fulfil.repeated.shipTitle", { seq })
        : t("fulfil.repeated.editTitle", { seq });
  const done = async (text: string) => {
    await write.done(text);
    onClose();
  };
  const logisticsRequired = dialog.kind === "ship";
  const logistics = (
    <ExpressFields
      labels={{ express: t("fulfil.repeated.express"), trackingNo: t("fulfil.repeated.trackingNo") }}
      optionalHelp={logisticsRequired ? undefined : t("fulfil.repeated.logisticsHelp")}
      maxWidth={320}
    />
  );
  const remark = (
    <Form.Item name="remark" label={t("fulfil.repeated.remark")}>
      <TextArea maxLength={200} showCount rows={2} />
    </Form.Item>
  );

  return (
    <Modal open title={title} footer={null} onCancel={onClose} destroyOnHidden width={640}>
      {dialog.kind === "plan" ? (
        <ContractForm<typeof orderFulfil.orderRepeatedlyDelivery, Values>
          name="round-plan"
          entry={orderFulfil.orderRepeatedlyDelivery}
          form={form}
          initialValues={{
            plannedOn: data.rounds.length ? lastDate.add(data.repeatEveryDays, "day") : dayjs(),
            quantities: Object.fromEntries(
              data.unplanned.map((l) => [
                l.lineId,
                Math.max(1, Math.floor(l.quantity / Math.max(1, data.repeatTimes - data.rounds.length))),
              ]),
            ),
          }}
          toInput={(v) => ({
            orderId: order.id,
            plannedOn: (v.plannedOn ?? dayjs()).format("YYYY-MM-DD"),
            lines: data.unplanned.map((l) => ({ lineId: l.lineId, quantity: v.quantities?.[l.lineId] ?? 0 })).filter((l) => l.quantity > 0),
            ...(v.expressCode ? { expressCode: v.expressCode } : {}),
            ...(v.trackingNo?.trim() ? { trackingNo: v.trackingNo.trim() } : {}),
            ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
          })}
          labelOf={(name) =>
            name[0] === "lines" ? t("fulfil.repeated.goods") : name[0] === "plannedOn" ? t("fulfil.repeated.plannedOn") : undefined
          }
          submitText={t("fulfil.repeated.plan")}
          onCancel={onClose}
          onSuccess={() => done(t("fulfil.repeated.planDone", { seq }))}
        >
          <Form.Item
            name="plannedOn"
            label={t("fulfil.repeated.plannedOn")}
            rules={[{ required: true, message: t("form.required", { field: t("fulfil.repeated.plannedOn") }) }]}
          >
            <DatePicker />
          </Form.Item>
          {data.unplanned.map((l) => (
            <Form.Item
              key={l.lineId}
              name={["quantities", l.lineId]}
              label={t("fulfil.repeated.pieces", { name: l.goodsName })}
              extra={t("fulfil.repeated.piecesHelp", { left: l.quantity })}
            >
              <InputNumber min={0} max={l.quantity} precision={0} />
            </Form.Item>
          ))}
          {logistics}
          {remark}
        </ContractForm>
      ) : (
        <ContractForm<typeof orderFulfil.updOrderRepeatedlyDeliveryV2, Values>
          name={`round-${dialog.kind}`}
          entry={orderFulfil.updOrderRepeatedlyDeliveryV2}
          form={form}
          initialValues={{
            plannedOn: round ? dayjs(round.plannedOn) : undefined,
            expressCode: round?.expressCode ?? undefined,
            trackingNo: round?.trackingNo ?? undefined,
            remark: round?.remark ?? "",
          }}
          toInput={(v) => ({
            orderId: order.id,
            roundId: round?.id ?? "",
            ...(dialog.kind === "ship" ? { status: "shipped" as const } : {}),
            ...(round?.status === "planned" && v.plannedOn ? { plannedOn: v.plannedOn.format("YYYY-MM-DD") } : {}),
            ...(v.expressCode ? { expressCode: v.expressCode } : {}),
            ...(v.trackingNo?.trim() ? { trackingNo: v.trackingNo.trim() } : {}),
            remark: v.remark?.trim() ?? "",
          })}
          labelOf={(name) => (name[0] === "plannedOn" ? t("fulfil.repeated.plannedOn") : undefined)}
          submitText={dialog.kind === "ship" ? t("fulfil.repeated.ship") : t("common.save")}
          onCancel={onClose}
          onSuccess={() => done(dialog.kind === "ship" ? t("fulfil.repeated.shipDone", { seq }) : t("fulfil.repeated.editDone", { seq }))}
        >
          {dialog.kind === "edit" && round?.status === "planned" ? (
            <Form.Item name="plannedOn" label={t("fulfil.repeated.plannedOn")}>
              <DatePicker />
            </Form.Item>
          ) : null}
          {logistics}
          {remark}
        </ContractForm>
      )}
    </Modal>
  );
}

/** How the order is delivered, on its detail: the pickup point of a pickup order, the deliveries of a repeated one. */
export function DeliverySection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const d = order.delivery;
  if (!d || d.mode === "express") return null;
  if (d.mode === "repeated") return <RepeatedDeliveries order={order} />;
  const p = d.pickupPoint;
  return (
    <Card title={t("fulfil.mode.pickup")} className="order-section">
      <Descriptions column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t("fulfil.pickup.point")}>{p ? `${p.areaName} ${p.detail}` : "—"}</Descriptions.Item>
        <Descriptions.Item label={t("fulfil.pickup.columns.contact")}>{p ? `${p.contactName} ${p.phone}` : "—"}</Descriptions.Item>
        <Descriptions.Item label={t("fulfil.pickup.columns.hours")}>
          {p?.openTime ? `${p.openTime}–${p.closeTime ?? ""}` : "—"}
        </Descriptions.Item>
        {d.pickedUpAt ? <Descriptions.Item label={t("orders.events.pickedUp")}>{when(d.pickedUpAt)}</Descriptions.Item> : null}
      </Descriptions>
    </Card>
  );
}
