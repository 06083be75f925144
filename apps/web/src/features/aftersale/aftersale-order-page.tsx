import "./aftersale.css";
import { type AfterSaleType, afterSaleTypes } from "@sbo/contract/aftersale";
import { Badge, Button, Card, Descriptions, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { OrderTimeline, type OrderTimelineWords } from "@/components/order-timeline";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { type AfterSaleOrder, afterSaleOrderQuery, useAfterSaleOrder } from "./aftersale.api";
import { AfterSaleStateBadge } from "./aftersale-list-page";

type Line = AfterSaleOrder["order"]["lines"][number];
type Item = AfterSaleOrder["afterSales"][number];

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(afterSaleOrderQuery(id));
};

/**
 * `paths.afterSaleOrder(id)` (`:id` an after-sale application): its order read-only — the
 * order's basics and money with what was refunded, its lines, every after-sale of the order, and its timeline.
 */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useAfterSaleOrder(id);
  return (
    <QueryState query={detail} failed={t("afterSale.loadFailed")}>
      {(d) => <OrderView d={d} />}
    </QueryState>
  );
}

/** The order's status as a dot and its words (the orders' texts load with this screen). */
function OrderStatusBadge({ status }: { status: AfterSaleOrder["order"]["status"] }) {
  const { t } = useTranslation();
  const tone = status === "cancelled" ? "default" : status === "completed" || status === "received" ? "success" : "processing";
  return <Badge status={tone} text={t(`orders.status.${status}`)} />;
}

const isAfterSaleType = (v: string): v is AfterSaleType => afterSaleTypes.some((x) => x === v);

function OrderView({ d }: { d: AfterSaleOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const o = d.order;
  // The orders' event and actor names (the route loads the orders' texts); the after-sale's own reason and types.
  const words: OrderTimelineWords = {
    event: (event) => t(`orders.events.${event as "created"}`, { defaultValue: event }),
    actor: (actor) => t(`orders.actor.${actor}`),
    reason: (reason) => t("afterSale.order.reason", { reason }),
    afterSaleType: (type) => (isAfterSaleType(type) ? t(`afterSale.type.${type}`) : null),
  };
  return (
    <>
      <PageHeader
        title={t("afterSale.order.title", { orderNo: o.orderNo })}
        description={<OrderStatusBadge status={o.status} />}
        extra={<Button onClick={() => navigate(paths.afterSaleList())}>{t("afterSale.order.back")}</Button>}
      />
      <Card title={t("afterSale.order.basics")} className="after-sale-section">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("afterSale.order.orderNo")}>{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.order.buyer")}>{o.buyerName}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.order.placedAt")}>{when(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.order.paidAt")}>{when(o.paidAt) ?? "—"}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.order.payAmount")}>
            <Typography.Text strong>{formatCents(o.payAmount)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("afterSale.order.refunded")}>{formatCents(d.refunded)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t("afterSale.order.lines")} className="after-sale-section">
        <Table<Line>
          rowKey="id"
          pagination={false}
          dataSource={o.lines}
          scroll={{ x: "max-content" }}
          columns={[
            { key: "goods", title: t("afterSale.order.goods"), render: (_, l) => l.goodsName },
            { key: "spec", title: t("afterSale.order.spec"), render: (_, l) => l.specValues.join(" / ") || "—" },
            { key: "unitPrice", title: t("afterSale.order.unitPrice"), align: "right", render: (_, l) => formatCents(l.unitPrice) },
            { key: "quantity", title: t("afterSale.order.quantity"), align: "right", render: (_, l) => l.quantity },
            {
              key: "amount",
              title: t("afterSale.order.lineAmount"),
              align: "right",
              render: (_, l) => formatCents(l.revisedAmount ?? l.amount),
            },
          ]}
        />
      </Card>
      <Card title={t("afterSale.order.afterSales")} className="after-sale-section">
        <Table<Item>
          rowKey="id"
          pagination={false}
          dataSource={d.afterSales}
          scroll={{ x: "max-content" }}
          columns={[
            {
              key: "no",
              title: t("afterSale.columns.afterSaleNo"),
              render: (_, a) => <Link to={paths.afterSaleHandle(a.type, a.id)}>{a.afterSaleNo}</Link>,
            },
            { key: "type", title: t("afterSale.columns.type"), render: (_, a) => t(`afterSale.type.${a.type}`) },
            { key: "goods", title: t("afterSale.columns.goods"), render: (_, a) => a.goodsName },
            { key: "quantity", title: t("afterSale.columns.quantity"), align: "right", render: (_, a) => a.quantity },
            { key: "amount", title: t("afterSale.columns.amount"), align: "right", render: (_, a) => formatCents(a.amount) },
            { key: "appliedAt", title: t("afterSale.columns.appliedAt"), render: (_, a) => when(a.appliedAt) },
            { key: "state", title: t("afterSale.columns.state"), render: (_, a) => <AfterSaleStateBadge state={a.state} /> },
          ]}
        />
      </Card>
      <Card title={t("afterSale.order.timeline")} className="after-sale-section">
        <OrderTimeline entries={o.timeline} words={words} shipments={o.shipments} />
      </Card>
    </>
  );
}
