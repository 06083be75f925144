import * as invoices from "@sbo/contract/invoice";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Descriptions, Empty, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OrderTimeline, type OrderTimelineWords } from "@/components/order-timeline";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import { useHolds } from "@/platform/use-holds";
import { isRefundReason } from "./order-payments";
import type { OrderDetail } from "./orders.api";
import { canCorrectLogistics } from "./orders-pay.api";
import { TrackButton } from "./track-button";

/* The order detail's cards, each reading the order it is given (order-detail-page.tsx lays them out). */

type Line = OrderDetail["lines"][number];
export type Shipment = OrderDetail["shipments"][number];

/** The order's latest invoice request (for members who see invoices), kept under the invoice screens' query key. */
function useOrderInvoice(orderId: string) {
  const mayInvoice = useHolds("order.invoice");
  return useQuery({
    queryKey: ["invoice", "detail", `order:${orderId}`],
    queryFn: ({ signal }) => call(invoices.invoice.selInvoiceByOrderId, { orderId }, { notify: false, signal }),
    enabled: mayInvoice,
  });
}

/** Who, when, how paid, the remarks and the invoice request. */
export function OrderBasicsCard({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
  const invoice = useOrderInvoice(d.id);
  return (
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
  );
}

/** Where the order goes. */
export function OrderAddressCard({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={t("orders.detail.address")} className="order-section">
      <Descriptions column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t("orders.detail.recipient")}>{d.address.name}</Descriptions.Item>
        <Descriptions.Item label={t("orders.detail.phone")}>{d.address.phone}</Descriptions.Item>
        <Descriptions.Item label={t("orders.detail.area")}>{d.address.areaName}</Descriptions.Item>
        <Descriptions.Item label={t("orders.detail.street")}>{d.address.detail}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The goods ordered, their prices (as revised) and how many are shipped. */
export function OrderLinesCard({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
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
  return (
    <Card title={t("orders.detail.lines")} className="order-section">
      <Table<Line> rowKey="id" columns={lineColumns} dataSource={d.lines} pagination={false} scroll={{ x: "max-content" }} />
    </Card>
  );
}

/** The order's amounts: goods, freight, discount, revision, to pay. */
export function OrderAmountsCard({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The shipments, each trackable and (while the order allows) its logistics correctable. */
export function OrderShipmentsCard({ d, onCorrect }: { d: OrderDetail; onCorrect: (s: Shipment) => void }) {
  const { t } = useTranslation();
  const mayShip = useHolds("order.manage.ship");
  const zh = currentLanguage() === "zh";
  const lineName = (lineId: string) => d.lines.find((l) => l.id === lineId)?.goodsName ?? lineId;
  return (
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
                      onClick={() => onCorrect(s)}
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
  );
}

/** What happened to the order, newest first, each step with its details in the orders' words. */
export function OrderTimelineCard({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
  const words: OrderTimelineWords = {
    event: (event) => t(`orders.events.${event as "created"}`, { defaultValue: event }),
    actor: (actor) => t(`orders.actor.${actor}`),
    status: (status) => t(`orders.status.${status}`),
    reason: (reason) => t("orders.eventDetail.reason", { reason }),
    amounts: (before, after) => t("orders.eventDetail.amounts", { before, after }),
    payAfter: (amount) => t("orders.eventDetail.payAfter", { amount }),
    tracking: (express, trackingNo) => t("orders.eventDetail.tracking", { express, trackingNo }),
    paid: (amount) => t("orders.eventDetail.paid", { amount }),
    lineQuantity: (name, before, after) => t("orders.eventDetail.lineQuantity", { name, before, after }),
    voucher: (amount, payer) => t("orders.eventDetail.voucher", { amount, payer }),
    refundReason: (reason) => (isRefundReason(reason) ? t(`orders.payments.reason.${reason}`) : null),
  };
  return (
    <Card title={t("orders.detail.timeline")} className="order-section">
      <OrderTimeline entries={d.timeline} words={words} shipments={d.shipments} />
    </Card>
  );
}
