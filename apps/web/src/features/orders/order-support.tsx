import type { OutputOf } from "@sbo/contract/define";
import * as fulfil from "@sbo/contract/orders-fulfil";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Drawer, Empty, Form, Modal, Radio, Select, Skeleton, Tag, Timeline, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { LoadFailed } from "@/components/load-failed";
import { TextArea } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { useWrite } from "@/platform/use-write";
import { fulfilKeys } from "./fulfil.api";

/*
 * The order detail's calls to the outside: a parcel's tracking (the carrier's events through the configured provider,
 * else what this system recorded) and the seller's reports of the order or its buyer to the platform, with their state.
 */

type Complaint = OutputOf<typeof fulfil.fulfilSupport.selComplaintsByOrder>[number];

/** A shipment's tracking events, newest first, in a drawer (opened by `TrackButton`). */
export function TrackingDrawer({
  orderId,
  shipmentId,
  trackingNo,
  onClose,
}: {
  orderId: string;
  shipmentId: string;
  trackingNo: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language.startsWith("zh");
  const tracking = useQuery({
    queryKey: fulfilKeys.detail(`tracking:${orderId}:${shipmentId}`),
    queryFn: ({ signal }) => call(fulfil.fulfilSupport.getExpressInfo, { orderId, shipmentId }, { notify: false, signal }),
  });
  const data = tracking.data;
  return (
    <Drawer open onClose={onClose} title={t("fulfil.tracking.title", { trackingNo })} size="default">
      {tracking.isPending ? <Skeleton active /> : null}
      {tracking.isError ? (
        <LoadFailed title={t("fulfil.tracking.loadFailed")} error={tracking.error} onRetry={() => tracking.refetch()} />
      ) : null}
      {data ? (
        <>
          <Typography.Paragraph>
            <Typography.Text strong>{zh ? data.expressName : data.expressNameEn}</Typography.Text> {data.trackingNo}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            {data.provider ? t("fulfil.tracking.from", { provider: data.provider }) : t("fulfil.tracking.recorded")}
          </Typography.Paragraph>
          {data.events.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("fulfil.tracking.none")} />
          ) : (
            <Timeline
              items={[...data.events].reverse().map((e, i) => ({
                key: `${e.at}-${i}`,
                content: (
                  <>
                    <Typography.Text strong>
                      {e.event === "provider"
                        ? (e.text ?? t("fulfil.tracking.provider"))
                        : t(`orders.events.${e.event as "shipped"}`, { defaultValue: e.event })}
                    </Typography.Text>
                    <br />
                    <Typography.Text type="secondary">{when(e.at)}</Typography.Text>
                  </>
                ),
              }))}
            />
          )}
        </>
      ) : null}
    </Drawer>
  );
}

/** The reports made about the order or its buyer, and the button to make one. */
export function ComplaintsCard({ order }: { order: { id: string; orderNo: string } }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const complaints = useQuery({
    queryKey: fulfilKeys.detail(`complaints:${order.id}`),
    queryFn: ({ signal }) => call(fulfil.fulfilSupport.selComplaintsByOrder, { orderId: order.id }, { notify: false, signal }),
  });
  const list = complaints.data ?? [];
  const full = list.length >= fulfil.MAX_COMPLAINTS_PER_ORDER;
  return (
    <Card
      title={t("fulfil.complaint.title")}
      className="order-section"
      extra={
        <Button
          onClick={() => setReporting(true)}
          disabled={full || !complaints.isSuccess}
          title={full ? t("fulfil.complaint.limit", { max: fulfil.MAX_COMPLAINTS_PER_ORDER }) : undefined}
        >
          {t("fulfil.complaint.add")}
        </Button>
      }
    >
      {complaints.isPending ? <Skeleton active paragraph={{ rows: 1 }} /> : null}
      {complaints.isError ? (
        <LoadFailed title={t("fulfil.complaint.loadFailed")} error={complaints.error} onRetry={() => complaints.refetch()} />
      ) : null}
      {complaints.isSuccess && list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("fulfil.complaint.none")} />
      ) : null}
      {list.length > 0 ? (
        <ul className="order-complaints">
          {list.map((c: Complaint) => (
            <li key={c.id}>
              <Typography.Text strong>
                {t(`fulfil.complaint.aboutWord.${c.about}`)} · {t(`fulfil.complaint.categoryWord.${c.category}`)}
              </Typography.Text>{" "}
              <Tag color="processing">{t(`fulfil.complaint.state.${c.status}`)}</Tag>
              <Typography.Text type="secondary">{when(c.createdAt)}</Typography.Text>
              <Typography.Paragraph style={{ margin: "4px 0 0", whiteSpace: "pre-line" }}>{c.content}</Typography.Paragraph>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <Typography.Text type="secondary">{t("fulfil.complaint.limit", { max: fulfil.MAX_COMPLAINTS_PER_ORDER })}</Typography.Text>
      ) : null}
      {reporting ? <ComplaintDialog order={order} onClose={() => setReporting(false)} /> : null}
    </Card>
  );
}

type ComplaintValues = { about: "order" | "buyer"; category: (typeof fulfil.complaintCategories)[number]; content: string };

function ComplaintDialog({ order, onClose }: { order: { id: string; orderNo: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const write = useWrite(fulfilKeys.detail(`complaints:${order.id}`));
  const [form] = Form.useForm<ComplaintValues>();
  return (
    <Modal open title={t("fulfil.complaint.dialogTitle", { orderNo: order.orderNo })} footer={null} onCancel={onClose} destroyOnHidden>
      <ContractForm<typeof fulfil.fulfilSupport.complaintInformAdd, ComplaintValues>
        name="order-complaint"
        entry={fulfil.fulfilSupport.complaintInformAdd}
        form={form}
        layout="vertical"
        initialValues={{ about: "order" }}
        toInput={(v) => ({ orderId: order.id, about: v.about, category: v.category, content: v.content })}
        submitText={t("fulfil.complaint.submit")}
        actions={null}
        onSuccess={async () => {
          await write.done(t("fulfil.complaint.done", { orderNo: order.orderNo }));
          onClose();
        }}
      >
        <Form.Item name="about" label={t("fulfil.complaint.about")}>
          <Radio.Group options={(["order", "buyer"] as const).map((a) => ({ value: a, label: t(`fulfil.complaint.aboutWord.${a}`) }))} />
        </Form.Item>
        <Form.Item
          name="category"
          label={t("fulfil.complaint.category")}
          rules={[{ required: true, message: t("form.required", { field: t("fulfil.complaint.category") }) }]}
        >
          <Select options={fulfil.complaintCategories.map((c) => ({ value: c, label: t(`fulfil.complaint.categoryWord.${c}`) }))} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t("fulfil.complaint.content")}
          extra={t("fulfil.complaint.contentHelp")}
          rules={[{ required: true, whitespace: true, min: 5, message: t("fulfil.complaint.contentHelp") }]}
        >
          <TextArea maxLength={500} showCount rows={4} />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}
