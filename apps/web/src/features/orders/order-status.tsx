import { Badge } from "antd";
import { useTranslation } from "react-i18next";
import type { OrderRow } from "./orders.api";

// Its own module, not the order list's: the detail, the vouchers and the deliveries show these, and importing them from
// the list screen loaded the whole list (its table, filters, batch-ship dialog) with each of those screens.

const statusBadge = {
  pendingPayment: "warning",
  paid: "processing",
  partlyShipped: "processing",
  shipped: "processing",
  received: "success",
  completed: "success",
  cancelled: "default",
} as const;

/** An order's status as a dot and its words. */
export function OrderStatusBadge({ status }: { status: OrderRow["status"] }) {
  const { t } = useTranslation();
  return <Badge status={statusBadge[status]} text={t(`orders.status.${status}`)} />;
}
