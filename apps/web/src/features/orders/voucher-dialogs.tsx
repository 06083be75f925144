import * as pay from "@sbo/contract/orders-pay";
import { Badge, Button, Card, Descriptions, Form, Image, Modal, Popconfirm, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ContractForm } from "@/components/form";
import { LoadFailed } from "@/components/load-failed";
import { TextArea } from "@/components/text-input";
import { Thumbnail } from "@/components/thumbnail";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { fileUrl, paths } from "@/platform/paths";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type OrderDetail, orderKeys } from "./orders.api";
import { useVoucher, type VoucherRow } from "./orders-pay.api";

const statusBadge = { reviewing: "processing", passed: "success", rejected: "error" } as const;

/** A voucher's review status as a dot and its words (never colour alone). */
export function VoucherStatusTag({ status }: { status: VoucherRow["status"] }) {
  const { t } = useTranslation();
  return <Badge status={statusBadge[status]} text={t(`orders.pay.status.${status}`)} />;
}

/**
 * One voucher for review: the transfer's image, amount (beside what the order costs now), payer, bank reference and
 * order; pass (the order becomes paid) or reject with the reason the buyer reads. Reviewed vouchers are read-only.
 */
export function VoucherReviewDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const write = useWrite(orderKeys.all);
  const may = useHolds("order.manage.voucher");
  const voucher = useVoucher(id);
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const v = voucher.data;
  const reviewable = may && v?.status === "reviewing" && v.orderStatus === "pendingPayment";
  const mismatch = v ? v.amount !== v.orderPayAmount : false;

  const passIt = async () => {
    if (!v) return;
    try {
      await call(pay.orderPay.auditVoucherPass, { id: v.id });
      await write.done(t("orders.pay.passed", { orderNo: v.orderNo }));
      onClose();
    } catch {
      // call() showed the refusal.
    }
  };

  return (
    <Modal
      open
      title={t("orders.pay.reviewTitle", { orderNo: v?.orderNo ?? "" })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {voucher.error ? (
        <LoadFailed title={t("orders.pay.loadFailed")} error={voucher.error} onRetry={() => void voucher.refetch()} />
      ) : null}
      {v ? (
        <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
          {v.voucher ? (
            <Image
              src={v.voucher.url}
              alt={t("orders.pay.imageAlt", { orderNo: v.orderNo })}
              style={{ maxHeight: 320, objectFit: "contain" }}
            />
          ) : null}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t("orders.pay.order")}>
              <Link to={paths.orderDetail(v.orderId)}>{v.orderNo}</Link> · {t(`orders.status.${v.orderStatus}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t("orders.pay.amount")}>
              <Space wrap>
                <Typography.Text strong>{formatCents(v.amount)}</Typography.Text>
                {mismatch ? (
                  <Typography.Text type="danger">
                    {t("orders.pay.orderCostsNow", { amount: formatCents(v.orderPayAmount) })}
                  </Typography.Text>
                ) : null}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t("orders.pay.payer")}>{v.payerName}</Descriptions.Item>
            <Descriptions.Item label={t("orders.pay.bankRef")}>{v.bankRef}</Descriptions.Item>
            <Descriptions.Item label={t("orders.pay.buyer")}>
              {v.buyerName}
              {v.buyerPhone ? ` · ${v.buyerPhone}` : ""}
            </Descriptions.Item>
            <Descriptions.Item label={t("orders.pay.uploadedAt")}>{when(v.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t("orders.pay.statusLabel")}>
              <Space wrap>
                <VoucherStatusTag status={v.status} />
                {v.reviewedAt ? when(v.reviewedAt) : null}
              </Space>
            </Descriptions.Item>
            {v.rejectReason ? <Descriptions.Item label={t("orders.pay.rejectReason")}>{v.rejectReason}</Descriptions.Item> : null}
          </Descriptions>
          {reviewable && !rejecting ? (
            <Space wrap>
              <Popconfirm
                title={t("orders.pay.passConfirm", { orderNo: v.orderNo, amount: formatCents(v.amount) })}
                okText={t("orders.pay.pass")}
                cancelText={t("common.cancel")}
                onConfirm={passIt}
              >
                <Button type="primary" disabled={mismatch}>
                  {t("orders.pay.pass")}
                </Button>
              </Popconfirm>
              <Button danger onClick={() => setRejecting(true)}>
                {t("orders.pay.reject")}
              </Button>
            </Space>
          ) : null}
          {reviewable && rejecting ? (
            <ContractForm<typeof pay.orderPay.auditVoucherReject, { reason: string }>
              name="voucher-reject"
              entry={pay.orderPay.auditVoucherReject}
              form={form}
              toInput={(x) => ({ id: v.id, reason: x.reason })}
              submitText={t("orders.pay.reject")}
              onCancel={() => setRejecting(false)}
              onSuccess={async () => {
                await write.done(t("orders.pay.rejected", { orderNo: v.orderNo }));
                onClose();
              }}
            >
              <Form.Item
                name="reason"
                label={t("orders.pay.rejectReason")}
                extra={t("orders.pay.rejectHelp")}
                rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("orders.pay.rejectReason") }) }]}
              >
                <TextArea maxLength={200} showCount rows={3} />
              </Form.Item>
            </ContractForm>
          ) : null}
        </Space>
      ) : null}
    </Modal>
  );
}

type Payment = OrderDetail["payments"][number];

/** The order's offline vouchers on its detail page, each openable for review when the member may review. */
export function VoucherSection({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
  const may = useHolds("order.manage.voucher");
  const [open, setOpen] = useState<string | null>(null);
  const vouchers = d.payments.filter((p) => p.method === "offline");
  if (vouchers.length === 0) return null;
  return (
    <Card title={t("orders.pay.section")} className="order-section">
      <Table<Payment>
        rowKey="id"
        pagination={false}
        dataSource={vouchers}
        scroll={{ x: "max-content" }}
        columns={[
          {
            key: "image",
            title: t("orders.pay.image"),
            render: (_, p) =>
              p.voucherFileId ? (
                <Thumbnail
                  width={48}
                  height={48}
                  file={{ url: fileUrl(p.voucherFileId) }}
                  alt={t("orders.pay.imageAlt", { orderNo: d.orderNo })}
                />
              ) : null,
          },
          { key: "at", title: t("orders.pay.uploadedAt"), render: (_, p) => when(p.createdAt) },
          { key: "amount", title: t("orders.pay.amount"), align: "right", render: (_, p) => formatCents(p.amount) },
          { key: "payer", title: t("orders.pay.payer"), render: (_, p) => p.payerName },
          { key: "bankRef", title: t("orders.pay.bankRef"), render: (_, p) => p.bankRef },
          {
            key: "status",
            title: t("orders.pay.statusLabel"),
            render: (_, p) => (
              <Space orientation="vertical" size={0}>
                <VoucherStatusTag status={p.status as VoucherRow["status"]} />
                {p.rejectReason ? <Typography.Text type="secondary">{p.rejectReason}</Typography.Text> : null}
              </Space>
            ),
          },
          ...(may
            ? [
                {
                  key: "open",
                  title: t("orders.columns.actions"),
                  render: (_: unknown, p: Payment) => (
                    <Button
                      type="link"
                      onClick={() => setOpen(p.id)}
                      aria-label={`${p.status === "reviewing" ? t("orders.pay.review") : t("orders.pay.open")}: ${when(p.createdAt)}`}
                    >
                      {p.status === "reviewing" ? t("orders.pay.review") : t("orders.pay.open")}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {open ? <VoucherReviewDialog id={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
