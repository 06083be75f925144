import * as contract from "@sbo/contract/orders";
import { App, Button, Popconfirm, Space } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "@/platform/api-client";
import { useHolds } from "@/platform/use-holds";
import {
  canCancel,
  canMarkReceived,
  canRevise,
  canShip,
  ORDER_LIST,
  type OrderDetail,
  orderPricePath,
  orderShipPath,
  useInvalidateOrders,
} from "./orders.api";
import { canChangeAddress, canChangeLines } from "./orders-pay.api";
import { printPickListPath, printSlipsPath } from "./print.api";

const EvaluationLink = lazy(() => import("./evaluation-link"));

export type OrderDialog = "cancel" | "remark" | "change" | "address";

/** The order's actions its state and the member's functions allow; a dialog's is opened by the page. */
export function OrderActions({ d, setDialog }: { d: OrderDetail; setDialog: (dialog: OrderDialog) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateOrders();
  const mayShip = useHolds("order.manage.ship");
  const mayPrice = useHolds("order.manage.price");
  const mayCancel = useHolds("order.manage.cancel");
  const mayChange = useHolds("order.manage.change");
  // A received or completed order may have the buyer's evaluation: link to it when there is one.
  const mayEvaluations = useHolds("order.evaluation");
  const unshipped = d.shipments.length === 0;
  return (
    <Space wrap>
      {mayShip && canShip(d.status) && (d.delivery?.mode ?? "express") === "express" ? (
        <Button type="primary" onClick={() => navigate(orderShipPath(d.id))}>
          {t("orders.actions.ship")}
        </Button>
      ) : null}
      {mayPrice && canRevise(d.status) ? <Button onClick={() => navigate(orderPricePath(d.id))}>{t("orders.actions.price")}</Button> : null}
      {mayCancel && canCancel(d.status) ? (
        <Button danger onClick={() => setDialog("cancel")}>
          {t("orders.actions.cancel")}
        </Button>
      ) : null}
      {canMarkReceived(d.status) ? (
        <Popconfirm
          title={t("orders.receivedConfirm", { orderNo: d.orderNo })}
          okText={t("orders.actions.received")}
          cancelText={t("common.cancel")}
          onConfirm={async () => {
            try {
              await call(contract.orders.orderReceived, { id: d.id });
              await invalidate();
              void message.success(t("orders.receivedDone", { orderNo: d.orderNo }));
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
      <Button onClick={() => navigate(ORDER_LIST)}>{t("orders.detail.back")}</Button>
    </Space>
  );
}
