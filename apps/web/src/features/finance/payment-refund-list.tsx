import type { OutputOf } from "@sbo/contract/define";
import { type PaymentRefundStatus, paymentRefundStatuses } from "@sbo/contract/orders";
import * as contract from "@sbo/contract/orders-pay";
import { Badge, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { FilterField } from "@/components/list-filters";
import { ListPage } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import { useWrite } from "@/platform/use-write";
import { financeKeys, when } from "./finance.api";

type Row = OutputOf<typeof contract.orderPay.selPaymentRefundPage>["list"][number];

/** A payment given back: the dot and its words (never colour alone). */
export function GivenBackStatus({ status }: { status: PaymentRefundStatus }) {
  const { t } = useTranslation();
  return <Badge status={status === "due" ? "warning" : "success"} text={t(`finance.givenBack.status.${status}`)} />;
}

/**
 * On the finance home (`finance.account`): the payments orders could not take (paid twice, after a cancel or a price
 * change) and their refunds to the buyer, due ones first, with "Try the refund again" where the payment service refused.
 */
export function PaymentRefundList() {
  const { t } = useTranslation();
  // A refused retry still changes the row (one more failed attempt): refresh either way.
  const write = useWrite(financeKeys.all);
  const retry = (row: Row) =>
    write(
      async () => {
        try {
          return await call(contract.orderPay.retryPaymentRefund, { id: row.id });
        } finally {
          await write.done();
        }
      },
      t("finance.givenBack.retried", { amount: formatCents(row.amount), orderNo: row.orderNo }),
    );
  const filters: FilterField[] = [
    {
      kind: "select",
      name: "status",
      label: t("finance.givenBack.columns.status"),
      options: paymentRefundStatuses.map((value) => ({ value, label: t(`finance.givenBack.status.${value}`) })),
    },
  ];
  const columns: ColumnsType<Row> = [
    { key: "order", title: t("finance.flow.order"), render: (_, r) => <Link to={paths.orderDetail(r.orderId)}>{r.orderNo}</Link> },
    { key: "reason", title: t("finance.givenBack.columns.reason"), render: (_, r) => t(`finance.givenBack.reason.${r.reason}`) },
    { key: "amount", title: t("finance.flow.amount"), align: "right", render: (_, r) => formatCents(r.amount) },
    { key: "paidAt", title: t("finance.givenBack.columns.paidAt"), render: (_, r) => when(r.paidAt) },
    { key: "status", title: t("finance.givenBack.columns.status"), render: (_, r) => <GivenBackStatus status={r.status} /> },
    {
      key: "attempts",
      title: t("finance.givenBack.columns.attempts"),
      render: (_, r) =>
        r.failedAttempts > 0 ? (
          <Typography.Text type={r.status === "due" ? "danger" : undefined}>
            {t("finance.givenBack.failed", { count: r.failedAttempts, at: when(r.lastAttemptAt) })}
          </Typography.Text>
        ) : (
          "—"
        ),
    },
    { key: "refundedAt", title: t("finance.givenBack.columns.refundedAt"), render: (_, r) => when(r.refundedAt) },
    ...actionsColumn<Row>({
      title: t("finance.flow.actions"),
      actions: (r) =>
        r.status === "due"
          ? [
              {
                key: "retry",
                label: t("finance.givenBack.retry"),
                ariaLabel: `${t("finance.givenBack.retry")}: ${r.orderNo}`,
                onClick: () => retry(r),
              },
            ]
          : [],
    }),
  ];
  return (
    <ListPage<Row>
      variant="section"
      title={t("finance.givenBack.title")}
      above={<Typography.Paragraph type="secondary">{t("finance.givenBack.help")}</Typography.Paragraph>}
      entry={contract.orderPay.selPaymentRefundPage}
      // Its own key: the cash flows above list under financeKeys.lists() with the same page parameters.
      queryKey={[...financeKeys.lists(), "givenBack"]}
      paramPrefix="givenBack"
      filters={filters}
      toFilters={(f) => ({ status: paymentRefundStatuses.find((s): s is PaymentRefundStatus => s === f.status) })}
      columns={columns}
      rowKey="id"
      empty={{ description: t("finance.givenBack.empty") }}
    />
  );
}
