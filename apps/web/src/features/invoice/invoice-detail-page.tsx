import { Alert, Button, Card, Descriptions, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { LoadFailed } from "@/components/load-failed";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { canDecide, type InvoiceDetail, invoiceDetailQuery, useInvoiceDetail } from "./invoice.api";
import { IssueForm, RefuseDialog } from "./invoice-dialogs";
import { InvoiceStateBadge } from "./invoice-list-page";

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const id = search.get("id") ?? "";
  if (id) void client.prefetchQuery(invoiceDetailQuery(id));
};

/**
 * `paths.invoiceDetail(id)` (`order.invoice`): one invoice request — the request, its
 * title as requested, its order — and, while it is requested, the issue form and Refuse; read-only once issued
 * (number, time, the file) or refused (the reason).
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const detail = useInvoiceDetail(id);
  if (!id) return <LoadFailed title={t("invoice.loadFailed")} error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <QueryState query={detail} failed={t("invoice.loadFailed")}>
      {(d) => <InvoiceDetailView d={d} />}
    </QueryState>
  );
}

function InvoiceDetailView({ d }: { d: InvoiceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayDecide = useHolds("order.invoice.issue");
  const [refusing, setRefusing] = useState(false);
  const { invoice: inv, order } = d;
  const title = inv.title;
  const open = mayDecide && canDecide(inv.state);
  const none = t("invoice.detail.none");

  return (
    <>
      <PageHeader
        title={t("invoice.detail.title", { orderNo: inv.orderNo })}
        description={<InvoiceStateBadge state={inv.state} />}
        extra={
          <Space wrap>
            {open ? (
              <Button danger onClick={() => setRefusing(true)}>
                {t("invoice.actions.refuse")}
              </Button>
            ) : null}
            <Button onClick={() => navigate(paths.invoiceList())}>{t("invoice.actions.back")}</Button>
          </Space>
        }
      />
      <Card title={t("invoice.detail.request")} style={{ marginBottom: 16 }}>
        {inv.refundedAmount > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t("invoice.detail.refundedNote", { refunded: formatCents(inv.refundedAmount), amount: formatCents(inv.amount) })}
          />
        ) : null}
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("invoice.detail.amount")}>{formatCents(inv.amount)}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.paid")}>{formatCents(inv.paidAmount)}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.refunded")}>{formatCents(inv.refundedAmount)}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.requestedBy")}>{t(`invoice.requestedBy.${inv.requestedBy}`)}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.requestedAt")}>{when(inv.requestedAt)}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.buyer")}>{inv.buyerName || none}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.buyerPhone")}>{inv.buyerPhone ?? none}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t("invoice.detail.titleSection")} style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("invoice.detail.kind")}>{t(`invoice.kind.${title.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.name")}>{title.name}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.type")}>{t(`invoice.type.${title.invoiceType}`)}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.taxNo")}>{title.taxNo || none}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.email")}>{title.email || none}</Descriptions.Item>
          {title.invoiceType === "special" ? (
            <>
              <Descriptions.Item label={t("invoice.detail.bankName")}>{title.bankName}</Descriptions.Item>
              <Descriptions.Item label={t("invoice.detail.bankAccount")}>{title.bankAccount}</Descriptions.Item>
              <Descriptions.Item label={t("invoice.detail.registeredAddress")}>{title.registeredAddress}</Descriptions.Item>
              <Descriptions.Item label={t("invoice.detail.registeredPhone")}>{title.registeredPhone}</Descriptions.Item>
            </>
          ) : null}
        </Descriptions>
      </Card>
      <Card
        title={t("invoice.detail.order")}
        style={{ marginBottom: 16 }}
        extra={<Link to={paths.orderDetail(order.id)}>{t("invoice.actions.openOrder")}</Link>}
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("invoice.detail.orderNo")}>{order.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.orderStatus")}>{t(`invoice.orderStatus.${order.status}`)}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.payAmount")}>{formatCents(order.payAmount)}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.paidAt")}>{when(order.paidAt) ?? none}</Descriptions.Item>
          <Descriptions.Item label={t("invoice.detail.goods")}>
            {order.lines.map((l) => `${l.goodsName} × ${l.quantity}`).join("、")}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={open ? t("invoice.issue.title") : t("invoice.detail.outcome")}>
        {open ? (
          <IssueForm invoice={inv} />
        ) : (
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t("invoice.columns.state")}>
              <InvoiceStateBadge state={inv.state} />
            </Descriptions.Item>
            {inv.state === "issued" ? (
              <>
                <Descriptions.Item label={t("invoice.detail.invoiceNo")}>{inv.invoiceNo}</Descriptions.Item>
                <Descriptions.Item label={t("invoice.detail.issuedAt")}>{when(inv.issuedAt)}</Descriptions.Item>
                <Descriptions.Item label={t("invoice.detail.file")}>
                  {inv.file ? (
                    // Served as a download (a PDF is never rendered at the app's origin: docs/security.md).
                    <a href={inv.file.url} download={inv.file.name}>
                      {inv.file.name}
                    </a>
                  ) : (
                    none
                  )}
                </Descriptions.Item>
              </>
            ) : null}
            {inv.state === "refused" ? (
              <Descriptions.Item label={t("invoice.detail.refuseReason")}>{inv.refuseReason}</Descriptions.Item>
            ) : null}
            {inv.decidedAt ? <Descriptions.Item label={t("invoice.detail.decidedAt")}>{when(inv.decidedAt)}</Descriptions.Item> : null}
          </Descriptions>
        )}
      </Card>
      {refusing ? <RefuseDialog invoice={inv} onClose={() => setRefusing(false)} /> : null}
    </>
  );
}
