import "./orders.css";
import * as pay from "@sbo/contract/orders-pay";
import { voucherStatuses } from "@sbo/contract/orders-pay";
import { Space, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { FilterField } from "@/components/list-filters";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { orderKeys } from "./orders.api";
import type { VoucherRow } from "./orders-pay.api";
import { VoucherReviewDialog, VoucherStatusTag } from "./voucher-dialogs";

/** The first page with no filter, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  void client.prefetchQuery(listPageQuery(pay.orderPay.selPayListByParam, orderKeys.list("vouchers", {}), firstPageRequest({})));
};

/**
 * `paths.payVouchers()` (beyond routes.json; reached from the order list): the offline-payment
 * review queue — vouchers in review oldest first (or those passed / rejected, newest first), by order number and the
 * days uploaded; each opens the review dialog (image, amount, payer, bank reference, order; pass or reject).
 */
export function Component() {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState<VoucherRow | null>(null);

  const filters: FilterField[] = [
    {
      kind: "select",
      name: "status",
      label: t("orders.pay.statusLabel"),
      options: voucherStatuses.map((s) => ({ value: s, label: t(`orders.pay.status.${s}`) })),
      placeholder: t("orders.pay.status.reviewing"),
    },
    { kind: "text", name: "orderNo", label: t("orders.pay.orderNo"), placeholder: t("orders.pay.orderNoHelp") },
    { kind: "dateRange", name: "uploaded", label: t("orders.pay.uploaded"), from: "from", to: "to" },
  ];

  const columns: ColumnsType<VoucherRow> = [
    { key: "order", title: t("orders.pay.order"), render: (_, v) => <Link to={paths.orderDetail(v.orderId)}>{v.orderNo}</Link> },
    {
      key: "amount",
      title: t("orders.pay.amount"),
      align: "right",
      render: (_, v) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{formatCents(v.amount)}</Typography.Text>
          {v.amount !== v.orderPayAmount && v.status === "reviewing" ? (
            <Typography.Text type="danger">{t("orders.pay.orderCostsNow", { amount: formatCents(v.orderPayAmount) })}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { key: "payer", title: t("orders.pay.payer"), render: (_, v) => v.payerName },
    { key: "bankRef", title: t("orders.pay.bankRef"), render: (_, v) => v.bankRef },
    {
      key: "buyer",
      title: t("orders.pay.buyer"),
      render: (_, v) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{v.buyerName}</Typography.Text>
          {v.buyerPhone ? <Typography.Text type="secondary">{v.buyerPhone}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: "uploadedAt", title: t("orders.pay.uploadedAt"), render: (_, v) => when(v.createdAt) },
    {
      key: "status",
      title: t("orders.pay.statusLabel"),
      render: (_, v) => (
        <Space orientation="vertical" size={0}>
          <VoucherStatusTag status={v.status} />
          {v.rejectReason ? <Typography.Text type="secondary">{v.rejectReason}</Typography.Text> : null}
        </Space>
      ),
    },
    ...actionsColumn<VoucherRow>({
      title: t("orders.columns.actions"),
      actions: (v) => [
        {
          key: "review",
          label: v.status === "reviewing" ? t("orders.pay.review") : t("orders.pay.open"),
          ariaLabel: `${v.status === "reviewing" ? t("orders.pay.review") : t("orders.pay.open")}: ${v.orderNo}`,
          onClick: () => setReviewing(v),
        },
      ],
    }),
  ];

  return (
    <>
      <ListPage<VoucherRow>
        title={t("orders.pay.title")}
        entry={pay.orderPay.selPayListByParam}
        exportEntry={pay.orderPay.exportPayList}
        queryKey={orderKeys.list("vouchers", {})}
        filters={filters}
        toFilters={(f) => ({
          status: f.status || undefined,
          orderNo: f.orderNo || undefined,
          from: f.from || undefined,
          to: f.to || undefined,
        })}
        columns={columns}
        rowKey="id"
        empty={{ description: t("orders.pay.empty") }}
      />
      {reviewing ? <VoucherReviewDialog id={reviewing.id} onClose={() => setReviewing(null)} /> : null}
    </>
  );
}
