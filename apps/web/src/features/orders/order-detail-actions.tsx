import * as contract from "@sbo/contract/orders";
import { orderMay } from "@sbo/contract/orders";
import { Button, Popconfirm, Space } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type OrderDetail, orderKeys } from "./orders.api";
import { canChangeAddress, canChangeLines } from "./orders-pay.api";
import { printPickListPath, printSlipsPath } from "./print.api";

const EvaluationLink = lazy(() => import("./evaluation-link"));

export type OrderDialog = "cancel" | "remark" | "change" | "address";

/** The order's actions its state and the member's functions allow; a dialog's is opened by the page. */
export function OrderActions({ d, setDialog }: { d: OrderDetail; setDialog: (dialog: OrderDialog) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(orderKeys.all);
  const mayShip = useHolds("order.manage.ship");
  const mayPrice = useHolds("order.manage.price");
  const mayCancel = useHolds("order.manage.cancel");
  const mayChange = useHolds("order.manage.change");
  // A received or completed order may have the buyer's evaluation: link to it when there is one.
  const mayEvaluations = useHolds("order.evaluation");
  const unshipped = d.shipments.length === 0;
  return (
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
}
