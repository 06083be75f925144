import { type PaymentRefundReason, paymentRefundReasons } from "@sbo/contract/orders";
import { Badge, Card, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import { useHolds } from "@/platform/use-holds";
import type { OrderDetail } from "./orders.api";

type Payment = OrderDetail["payments"][number];

export const isRefundReason = (v: unknown): v is PaymentRefundReason => paymentRefundReasons.some((r) => r === v);

/** What became of a payment the order could not take: given back, or due (with the refusals so far). */
function RefundCell({ p }: { p: Payment }) {
  const { t } = useTranslation();
  const mayFinance = useHolds("finance.account");
  const r = p.refund;
  if (!r) return <>{t("orders.payments.noRefund")}</>;
  return (
    <Space orientation="vertical" size={0}>
      <Badge status={r.status === "due" ? "warning" : "success"} text={t(`orders.payments.refundStatus.${r.status}`)} />
      <Typography.Text type="secondary">{t(`orders.payments.reason.${r.reason}`)}</Typography.Text>
      {r.status === "refunded" ? (
        <Typography.Text>{t("orders.payments.refundedAt", { amount: formatCents(r.amount), at: when(r.refundedAt) })}</Typography.Text>
      ) : null}
      {r.status === "due" && r.failedAttempts > 0 ? (
        <Typography.Text type="danger">{t("orders.payments.refused", { count: r.failedAttempts })}</Typography.Text>
      ) : null}
      {r.status === "due" && mayFinance ? <Link to={paths.financeHome()}>{t("orders.payments.toFinance")}</Link> : null}
    </Space>
  );
}

/**
 * The order's online payments and what was given back (issue 22): a payment the order could not take — paid twice,
 * after a cancel or a price change — shows why and its refund to the buyer. Offline vouchers have their own section.
 */
export function PaymentsSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const online = order.payments.filter((p) => p.method === "online");
  if (online.length === 0) return null;
  const columns = [
    { key: "at", title: t("orders.payments.paidAt"), render: (_: unknown, p: Payment) => when(p.createdAt) },
    { key: "channel", title: t("orders.payments.channel"), render: (_: unknown, p: Payment) => p.provider },
    {
      key: "amount",
      title: t("orders.payments.amount"),
      align: "right" as const,
      render: (_: unknown, p: Payment) => formatCents(p.amount),
    },
    {
      key: "status",
      title: t("orders.payments.status"),
      render: (_: unknown, p: Payment) => t(`orders.payments.paymentStatus.${p.status}`),
    },
    { key: "refund", title: t("orders.payments.refund"), render: (_: unknown, p: Payment) => <RefundCell p={p} /> },
  ];
  return (
    <Card title={t("orders.payments.title")} className="order-section">
      <Table<Payment> rowKey="id" columns={columns} dataSource={online} pagination={false} scroll={{ x: "max-content" }} />
    </Card>
  );
}
