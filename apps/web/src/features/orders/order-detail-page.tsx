import "./orders.css";
import { Space } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import type { Prefetch } from "@/platform/screen-preload";
import { AddressDialog, ChangeHistory, ChangeLinesDialog, LogisticsDialog } from "./order-change-dialogs";
import { OrderActions, type OrderDialog } from "./order-detail-actions";
import {
  OrderAddressCard,
  OrderAmountsCard,
  OrderBasicsCard,
  OrderLinesCard,
  OrderShipmentsCard,
  OrderTimelineCard,
  type Shipment,
} from "./order-detail-cards";
import { CancelDialog, FlagLabel, RemarkDialog } from "./order-dialogs";
import { PaymentsSection } from "./order-payments";
import { OrderStatusBadge } from "./order-status";
import { type OrderDetail, orderDetailQuery, useOrderDetail } from "./orders.api";
import { DeliverySection } from "./repeated-deliveries";
import { VoucherSection } from "./voucher-dialogs";

// Below the fold: the fees and adjustments, and the reports to the platform, load after the detail is drawn.
const OrderFiguresCard = lazy(() => import("./order-figures").then((m) => ({ default: m.OrderFiguresCard })));
const ComplaintsCard = lazy(() => import("./order-support").then((m) => ({ default: m.ComplaintsCard })));

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

/** The order's cards (order-detail-cards.tsx) under its header and actions (order-detail-actions.tsx), with its dialogs. */
function OrderDetailView({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const [correcting, setCorrecting] = useState<Shipment | null>(null);
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
        extra={<OrderActions d={d} setDialog={setDialog} />}
      />
      <OrderBasicsCard d={d} />
      <OrderAddressCard d={d} />
      <OrderLinesCard d={d} />
      <DeliverySection order={d} />
      <PaymentsSection order={d} />
      <OrderAmountsCard d={d} />
      <VoucherSection d={d} />
      <OrderShipmentsCard d={d} onCorrect={setCorrecting} />
      <Suspense fallback={null}>
        <OrderFiguresCard orderId={d.id} />
      </Suspense>
      <ChangeHistory orderId={d.id} />
      <Suspense fallback={null}>
        <ComplaintsCard order={d} />
      </Suspense>
      <OrderTimelineCard d={d} />
      {dialog === "cancel" ? <CancelDialog order={d} onClose={() => setDialog(null)} /> : null}
      {dialog === "remark" ? <RemarkDialog order={d} onClose={() => setDialog(null)} /> : null}
      {dialog === "change" ? <ChangeLinesDialog d={d} onClose={() => setDialog(null)} /> : null}
      {dialog === "address" ? <AddressDialog d={d} onClose={() => setDialog(null)} /> : null}
      {correcting ? <LogisticsDialog d={d} shipment={correcting} onClose={() => setCorrecting(null)} /> : null}
    </>
  );
}
