import "./orders.css";
import * as invoices from "@sbo/contract/invoice";
import * as contract from "@sbo/contract/orders";
import { orderMay } from "@sbo/contract/orders";
import type { OrderTimelineEntry } from "@sbo/contract/orders-timeline";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Descriptions, Empty, Popconfirm, Space, Table, Timeline, Typography } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { AddressDialog, ChangeHistory, ChangeLinesDialog, LogisticsDialog } from "./order-change-dialogs";
import { CancelDialog, FlagLabel, RemarkDialog } from "./order-dialogs";
import { isRefundReason, PaymentsSection } from "./order-payments";
import { OrderStatusBadge } from "./order-status";
import { type OrderDetail, orderDetailQuery, orderKeys, useOrderDetail } from "./orders.api";
import { canChangeAddress, canChangeLines, canCorrectLogistics } from "./orders-pay.api";
import { printPickListPath, printSlipsPath } from "./print.api";
import { DeliverySection } from "./repeated-deliveries";
import { TrackButton } from "./track-button";
import { VoucherSection } from "./voucher-dialogs";

// Below the fold: the fees and adjustments, and the reports to the platform, load after the detail is drawn.
const OrderFiguresCard = lazy(() => import("./order-figures").then((m) => ({ default: m.OrderFiguresCard })));
const ComplaintsCard = lazy(() => import("./order-support").then((m) => ({ default: m.ComplaintsCard })));

const EvaluationLink = lazy(() => import("./evaluation-link"));

type Line = OrderDetail["lines"][number];
type Entry = OrderDetail["timeline"][number];
type Shipment = OrderDetail["shipments"][number];

/** The order's detail, started by the route as the navigation commits (or when its row in the list is pointed at). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(orderDetailQuery(id));
};

/** `paths.orderDetail(id)`: an order read-only, with the actions its state allows. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useOrderDetail(id);
  return (
    <QueryState query={detail} failed={t("orders.loadFailed")}>
      {(d) => <OrderDetailView d={d} />}
    </QueryState>
  );
}

/** The order's latest invoice request (for members who see invoices), kept under the invoice screens' query key. */
function useOrderInvoice(orderId: string) {
  const mayInvoice = useHolds("order.invoice");
  return useQuery({
    queryKey: ["invoice", "detail", `order:${orderId}`],
    queryFn: ({ signal }) => call(invoices.invoice.selInvoiceByOrderId, { orderId }, { notify: false, signal }),
    enabled: mayInvoice,
  });
}

const cents = (v: unknown) => (typeof v === "number" ? formatCents(v) : "");

function OrderDetailView({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(orderKeys.all);
  const mayShip = useHolds("order.manage.ship");
  const mayPrice = useHolds("order.manage.price");
  const mayCancel = useHolds("order.manage.cancel");
  const mayChange = useHolds("order.manage.change");
  const invoice = useOrderInvoice(d.id);
  // A received or completed order may have the buyer's evaluation: link to it when there is one.
  const mayEvaluations = useHolds("order.evaluation");
  const [dialog, setDialog] = useState<"cancel" | "remark" | "change" | "address" | null>(null);
  const [correcting, setCorrecting] = useState<Shipment | null>(null);
  const unshipped = d.shipments.length === 0;
  const zh = currentLanguage() === "zh";
  const lineName = (lineId: string) => d.lines.find((l) => l.id === lineId)?.goodsName ?? lineId;

  const eventText = (entry: Entry): string => {
    // The detail as the contract types it by event (`orderTimelineEntry`): the wire schema still declares a record.
    const e = entry as OrderTimelineEntry;
    const parts: string[] = [];
    if (e.event === "shipped" || e.event === "logisticsUpdated") {
      const s = d.shipments.find((sh) => sh.id === e.detail.shipmentId);
      const trackingNo = e.event === "logisticsUpdated" && e.detail.after ? e.detail.after.trackingNo : e.detail.trackingNo;
      if (s)
        parts.push(
          t("orders.eventDetail.tracking", { express: zh ? s.expressName : s.expressNameEn, trackingNo: String(trackingNo ?? "") }),
        );
    }
    if (e.event === "priceRevised") {
      if (typeof e.detail.goodsName === "string") parts.push(e.detail.goodsName);
      parts.push(t("orders.eventDetail.amounts", { before: cents(e.detail.before), after: cents(e.detail.after) }));
      if (typeof e.detail.payAfter === "number") parts.push(t("orders.eventDetail.payAfter", { amount: cents(e.detail.payAfter) }));
    }
    if (e.event === "linesChanged" && Array.isArray(e.detail.lines)) {
      for (const l of e.detail.lines)
        parts.push(t("orders.eventDetail.lineQuantity", { name: l.goodsName, before: l.quantityBefore, after: l.quantityAfter }));
      if (typeof e.detail.payAfter === "number") parts.push(t("orders.eventDetail.payAfter", { amount: cents(e.detail.payAfter) }));
    }
    if (e.event === "voucherUploaded" && typeof e.detail.amount === "number")
      parts.push(t("orders.eventDetail.voucher", { amount: cents(e.detail.amount), payer: String(e.detail.payerName ?? "") }));
    if (e.event === "paid" && typeof e.detail.amount === "number")
      parts.push(t("orders.eventDetail.paid", { amount: cents(e.detail.amount) }));
    // After-sale steps (aftersale domain) name their application, and a refund its amount.
    if (e.event.startsWith("afterSale") && typeof e.detail.afterSaleNo === "string") parts.push(e.detail.afterSaleNo);
    if (e.event === "afterSaleRefunded" && typeof e.detail.refunded === "number") parts.push(cents(e.detail.refunded));
    // A payment given back (payment-refund.service.ts): its amount and why, in words (its reason is a code).
    if (e.event === "paymentRefundDue" || e.event === "paymentRefunded") {
      parts.push(cents(e.detail.amount));
      if (isRefundReason(e.detail.reason)) parts.push(t(`orders.payments.reason.${e.detail.reason}`));
    } else if (typeof e.detail.reason === "string" && e.detail.reason)
      parts.push(t("orders.eventDetail.reason", { reason: e.detail.reason }));
    return parts.join(" · ");
  };

  const lineColumns = [
    { key: "goods", title: t("orders.detail.goods"), render: (_: unknown, l: Line) => l.goodsName },
    { key: "spec", title: t("orders.detail.spec"), render: (_: unknown, l: Line) => l.specValues.join(" / ") || null },
    {
      key: "unitPrice",
      title: t("orders.detail.unitPrice"),
      align: "right" as const,
      render: (_: unknown, l: Line) => formatCents(l.unitPrice),
    },
    { key: "quantity", title: t("orders.detail.quantity"), align: "right" as const, render: (_: unknown, l: Line) => l.quantity },
    {
      key: "amount",
      title: t("orders.detail.lineAmount"),
      align: "right" as const,
      render: (_: unknown, l: Line) => (
        <Space orientation="vertical" size={0}>
          <span>{formatCents(l.amount)}</span>
          {l.revisedAmount !== null ? (
            <Typography.Text type="secondary">{t("orders.detail.revised", { amount: formatCents(l.revisedAmount) })}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { key: "shipped", title: t("orders.detail.shipped"), align: "right" as const, render: (_: unknown, l: Line) => l.shippedQuantity },
  ];

  const actions = (
    <Space wrap>
      {mayShip && orderMay("ship", d.status) && (d.delivery?.mode ?? "express") === "express" ? (
        <Button type="primary" onClick={() => navigate(paths.orderShip(d.id))}>
          {t("orders.actions.ship")}
        </Button>
      ) : null}
      {mayPrice && orderMay("revisePrice", d.status) ? (
        <Button onClick={() => navigate(paths.orderPrice(d.id))}>{t("orders.actions.price")}</Button>
      ) : null}
      {mayCancel && orderMay("cancel", d.status) ? (
        <Button danger onClick={() => setDialog("cancel")}>
          {t("orders.actions.cancel")}
        </Button>
      ) : null}
      {orderMay("receive", d.status) ? (
        <Popconfirm
          title={t("orders.receivedConfirm", { orderNo: d.orderNo })}
          okText={t("orders.actions.received")}
          cancelText={t("common.cancel")}
          onConfirm={async () => {
            try {
              await call(contract.orders.orderReceived, { id: d.id });
              await write.done(t("orders.receivedDone", { orderNo: d.orderNo }));
            } catch {
              // call() showed the refusal.
            }
          }}
        >
          <Button>{t("orders.actions.received")}</Button>
        </Popconfirm>
      ) : null}
      {mayChange && canChangeLines(d.status) && unshipped ? (
        <Button onClick={() => setDialog("change")}>{t("orders.actions.changeLines")}</Button>
      ) : null}
      {canChangeAddress(d.status) && unshipped ? (
        <Button onClick={() => setDialog("address")}>{t("orders.actions.changeAddress")}</Button>
      ) : null}
      <Button onClick={() => setDialog("remark")}>{t("orders.actions.remark")}</Button>
      <Button onClick={() => navigate(printPickListPath([d.id]))}>{t("print.pickList")}</Button>
      <Button onClick={() => navigate(printSlipsPath([d.id]))}>{t("print.slip")}</Button>
      {mayEvaluations && (d.status === "received" || d.status === "completed") ? (
        <Suspense fallback={null}>
          <EvaluationLink orderId={d.id} />
        </Suspense>
      ) : null}
      <Button onClick={() => navigate(paths.orderList())}>{t("orders.detail.back")}</Button>
    </Space>
  );

  return (
    <>
      <PageHeader
        title={t("orders.detail.title", { orderNo: d.orderNo })}
        description={
          <Space wrap>
            <OrderStatusBadge status={d.status} />
            {d.flagColor ? <FlagLabel color={d.flagColor} text={t(`orders.flag.${d.flagColor}`)} /> : null}
          </Space>
        }
        extra={actions}
      />
      <Card title={t("orders.detail.basics")} className="order-section">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("orders.detail.orderNo")}>{d.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.shop")}>{d.shopName}</Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.buyer")}>{d.buyerName}</Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.buyerPhone")}>{d.buyerPhone ?? "—"}</Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.payMethod")}>
            {d.payMethod ? t(`orders.detail.payMethods.${d.payMethod}`) : t("orders.detail.notPaid")}
          </Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.placedAt")}>{when(d.createdAt)}</Descriptions.Item>
          {d.paidAt ? <Descriptions.Item label={t("orders.detail.paidAt")}>{when(d.paidAt)}</Descriptions.Item> : null}
          {d.shippedAt ? <Descriptions.Item label={t("orders.detail.shippedAt")}>{when(d.shippedAt)}</Descriptions.Item> : null}
          {d.receivedAt ? <Descriptions.Item label={t("orders.detail.receivedAt")}>{when(d.receivedAt)}</Descriptions.Item> : null}
          {d.cancelledAt ? <Descriptions.Item label={t("orders.detail.cancelledAt")}>{when(d.cancelledAt)}</Descriptions.Item> : null}
          {d.cancelReason ? <Descriptions.Item label={t("orders.detail.cancelReason")}>{d.cancelReason}</Descriptions.Item> : null}
          <Descriptions.Item label={t("orders.detail.buyerRemark")}>{d.buyerRemark || "—"}</Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.sellerRemark")}>{d.sellerRemark || "—"}</Descriptions.Item>
          {invoice.data ? (
            <Descriptions.Item label={t("orders.detail.invoice")}>
              <Link to={paths.invoiceDetail(invoice.data.id)}>{t(`orders.detail.invoiceState.${invoice.data.state}`)}</Link>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        {d.remindCount > 0 ? (
          <Typography.Text type="warning">
            {t("orders.detail.reminded", { count: d.remindCount, at: when(d.remindedAt) ?? "" })}
          </Typography.Text>
        ) : null}
      </Card>
      <Card title={t("orders.detail.address")} className="order-section">
        <Descriptions column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t("orders.detail.recipient")}>{d.address.name}</Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.phone")}>{d.address.phone}</Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.area")}>{d.address.areaName}</Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.street")}>{d.address.detail}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t("orders.detail.lines")} className="order-section">
        <Table<Line> rowKey="id" columns={lineColumns} dataSource={d.lines} pagination={false} scroll={{ x: "max-content" }} />
      </Card>
      <DeliverySection order={d} />
      <PaymentsSection order={d} />
      <Card title={t("orders.detail.amounts")} className="order-section">
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t("orders.detail.goodsAmount")}>{formatCents(d.goodsAmount)}</Descriptions.Item>
          <Descriptions.Item label={t("orders.detail.freightAmount")}>{formatCents(d.freightAmount)}</Descriptions.Item>
          {d.discountAmount ? (
            <Descriptions.Item label={t("orders.detail.discountAmount")}>−{formatCents(d.discountAmount)}</Descriptions.Item>
          ) : null}
          {d.reviseAmount ? (
            <Descriptions.Item label={t("orders.detail.reviseAmount")}>
              {d.reviseAmount < 0 ? `−${formatCents(-d.reviseAmount)}` : `+${formatCents(d.reviseAmount)}`}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t("orders.detail.payAmount")}>
            <Typography.Text strong>{formatCents(d.payAmount)}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <VoucherSection d={d} />
      <Card title={t("orders.detail.shipments")} className="order-section">
        {d.shipments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("orders.detail.noShipments")} />
        ) : (
          <Table
            rowKey="id"
            pagination={false}
            dataSource={d.shipments}
            scroll={{ x: "max-content" }}
            columns={[
              { key: "express", title: t("orders.detail.express"), render: (_, s) => (zh ? s.expressName : s.expressNameEn) },
              { key: "trackingNo", title: t("orders.detail.trackingNo"), dataIndex: "trackingNo" },
              {
                key: "lines",
                title: t("orders.detail.shipmentLines"),
                render: (_, s) => s.lines.map((l) => `${lineName(l.lineId)} × ${l.quantity}`).join("; "),
              },
              { key: "shippedAt", title: t("orders.detail.shippedAt"), render: (_, s) => when(s.shippedAt) },
              {
                key: "actions",
                title: t("orders.columns.actions"),
                render: (_: unknown, s: Shipment) => (
                  <>
                    <TrackButton orderId={d.id} shipment={s} />
                    {mayShip && canCorrectLogistics(d.status) ? (
                      <Button
                        type="link"
                        onClick={() => setCorrecting(s)}
                        aria-label={`${t("orders.actions.correctLogistics")}: ${s.trackingNo}`}
                      >
                        {t("orders.actions.correctLogistics")}
                      </Button>
                    ) : null}
                  </>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Suspense fallback={null}>
        <OrderFiguresCard orderId={d.id} />
      </Suspense>
      <ChangeHistory orderId={d.id} />
      <Suspense fallback={null}>
        <ComplaintsCard order={d} />
      </Suspense>
      <Card title={t("orders.detail.timeline")} className="order-section">
        <Timeline
          items={[...d.timeline].reverse().map((e) => {
            const extra = eventText(e);
            return {
              key: e.id,
              content: (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>
                    {t(`orders.events.${e.event as "created"}`, { defaultValue: e.event })} · {t(`orders.actor.${e.actor}`)}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {when(e.at)}
                    {e.fromStatus && e.toStatus && e.fromStatus !== e.toStatus
                      ? ` · ${t(`orders.status.${e.fromStatus}`)} → ${t(`orders.status.${e.toStatus}`)}`
                      : ""}
                  </Typography.Text>
                  {extra ? <Typography.Text>{extra}</Typography.Text> : null}
                </Space>
              ),
            };
          })}
        />
      </Card>
      {dialog === "cancel" ? <CancelDialog order={d} onClose={() => setDialog(null)} /> : null}
      {dialog === "remark" ? <RemarkDialog order={d} onClose={() => setDialog(null)} /> : null}
      {dialog === "change" ? <ChangeLinesDialog d={d} onClose={() => setDialog(null)} /> : null}
      {dialog === "address" ? <AddressDialog d={d} onClose={() => setDialog(null)} /> : null}
      {correcting ? <LogisticsDialog d={d} shipment={correcting} onClose={() => setCorrecting(null)} /> : null}
    </>
  );
}
