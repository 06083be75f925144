import * as evaluations from "@sbo/contract/evaluation";
import * as invoices from "@sbo/contract/invoice";
import * as desk from "@sbo/contract/orders-desk";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Descriptions, Empty, Form, Popconfirm, Rate, Select, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FormDrawer } from "@/components/form-drawer";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { TextArea } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { canEvaluate, canRemind, canRequestInvoice, type PurchaseDetail, purchaseKeys, purchaseQuery, usePurchase } from "./purchase.api";

type Line = PurchaseDetail["lines"][number];

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(purchaseQuery(id));
};

/** `paths.purchaseDetail(id)` (`purchase.order`): one of the organisation's own purchases. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = usePurchase(id);
  return (
    <QueryState query={detail} failed={t("purchase.loadFailed")}>
      {(d) => <PurchaseView d={d} />}
    </QueryState>
  );
}

function PurchaseView({ d }: { d: PurchaseDetail }) {
  const { t } = useTranslation();
  const reminder = useWrite(purchaseKeys.all);
  const mayAct = useHolds("purchase.order.act");
  const [dialog, setDialog] = useState<"evaluate" | "invoice" | null>(null);
  const lang = currentLanguage();

  // A refusal (too soon, wrong state) is shown by call().
  const remind = () => reminder(() => call(desk.orderDesk.remindDelivery, { id: d.id }), t("purchase.remind.done"));

  const actions = mayAct ? (
    <Space wrap>
      {canRemind(d) ? (
        <Popconfirm title={t("purchase.remind.confirm", { shop: d.shopName })} onConfirm={() => void remind()}>
          <Button loading={reminder.pending}>{t("purchase.remind.action")}</Button>
        </Popconfirm>
      ) : null}
      {canEvaluate(d) ? <Button onClick={() => setDialog("evaluate")}>{t("purchase.evaluate.action")}</Button> : null}
      {canRequestInvoice(d) ? <Button onClick={() => setDialog("invoice")}>{t("purchase.invoice.action")}</Button> : null}
    </Space>
  ) : null;

  const lineColumns = [
    { key: "goods", title: t("purchase.detail.goods"), render: (_: unknown, l: Line) => l.goodsName },
    { key: "spec", title: t("purchase.detail.spec"), render: (_: unknown, l: Line) => l.specValues.join(" / ") || null },
    {
      key: "unitPrice",
      title: t("purchase.detail.unitPrice"),
      align: "right" as const,
      render: (_: unknown, l: Line) => formatCents(l.unitPrice),
    },
    { key: "quantity", title: t("purchase.detail.quantity"), align: "right" as const, render: (_: unknown, l: Line) => l.quantity },
    { key: "amount", title: t("purchase.detail.amount"), align: "right" as const, render: (_: unknown, l: Line) => formatCents(l.amount) },
  ];

  return (
    <>
      <PageHeader title={t("purchase.detail.title", { orderNo: d.orderNo })} extra={actions} />
      {mayAct ? null : <Alert type="info" showIcon title={t("purchase.detail.readOnly")} style={{ marginBottom: 16 }} />}
      <Card>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t("purchase.detail.shop")}>{d.shopName}</Descriptions.Item>
          <Descriptions.Item label={t("purchase.detail.status")}>{t(`purchase.status.${d.status}`)}</Descriptions.Item>
          <Descriptions.Item label={t("purchase.detail.payAmount")}>{formatCents(d.payAmount)}</Descriptions.Item>
          <Descriptions.Item label={t("purchase.detail.freight")}>{formatCents(d.freightAmount)}</Descriptions.Item>
          <Descriptions.Item label={t("purchase.detail.placedAt")}>{when(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t("purchase.detail.paidAt")}>{when(d.paidAt) ?? "—"}</Descriptions.Item>
          <Descriptions.Item label={t("purchase.detail.shippedAt")}>{when(d.shippedAt) ?? "—"}</Descriptions.Item>
          <Descriptions.Item label={t("purchase.detail.receivedAt")}>{when(d.receivedAt) ?? "—"}</Descriptions.Item>
          <Descriptions.Item label={t("purchase.detail.reminded")}>
            <span data-testid="reminded">
              {d.remindCount > 0
                ? t("purchase.detail.remindedTimes", { count: d.remindCount, at: when(d.remindedAt) })
                : t("purchase.detail.notReminded")}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t("purchase.detail.address")}>
            {d.address.name} {d.address.areaName} {d.address.detail}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t("purchase.detail.goods")} style={{ marginTop: 16 }}>
        <Table<Line> rowKey="id" columns={lineColumns} dataSource={d.lines} pagination={false} scroll={{ x: "max-content" }} size="small" />
      </Card>
      <Card title={t("purchase.detail.shipments")} style={{ marginTop: 16 }}>
        {d.shipments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("purchase.detail.noShipments")} />
        ) : (
          <ul className="plain-list">
            {d.shipments.map((s) => (
              <li key={s.id}>
                <Typography.Text>
                  {t("purchase.detail.tracking", { express: lang === "zh" ? s.expressName : s.expressNameEn, trackingNo: s.trackingNo })}
                </Typography.Text>{" "}
                <Typography.Text type="secondary">{when(s.shippedAt)}</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {dialog === "evaluate" ? <EvaluateDrawer d={d} onClose={() => setDialog(null)} /> : null}
      {dialog === "invoice" ? <InvoiceDrawer d={d} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

interface EvaluateValues {
  descriptionScore: number;
  serviceScore: number;
  logisticsScore: number;
  lines: { score: number; content?: string }[];
}

/** Evaluate the purchase: the shop's three scores, and a score and a comment per line. */
function EvaluateDrawer({ d, onClose }: { d: PurchaseDetail; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDrawer<EvaluateValues, typeof evaluations.evaluation.addEvalOrder>
      name="purchase-evaluate"
      title={t("purchase.evaluate.title", { orderNo: d.orderNo })}
      onClose={onClose}
      add={{
        entry: evaluations.evaluation.addEvalOrder,
        toInput: (v) => ({
          orderId: d.id,
          descriptionScore: v.descriptionScore,
          serviceScore: v.serviceScore,
          logisticsScore: v.logisticsScore,
          lines: d.lines.map((l, i) => ({ lineId: l.id, score: v.lines[i]?.score ?? 0, content: v.lines[i]?.content ?? "", imageIds: [] })),
        }),
      }}
      initialValues={{ descriptionScore: 5, serviceScore: 5, logisticsScore: 5, lines: d.lines.map(() => ({ score: 5, content: "" })) }}
      invalidate={purchaseKeys.all}
      savedMessage={t("purchase.evaluate.done")}
      submitText={t("purchase.evaluate.submit")}
      draft={{ key: `purchase-evaluate:${d.id}` }}
    >
      <Typography.Title level={5}>{t("purchase.evaluate.shopScores")}</Typography.Title>
      {(["descriptionScore", "serviceScore", "logisticsScore"] as const).map((name) => {
        const label = t(`purchase.evaluate.${name.replace("Score", "") as "description" | "service" | "logistics"}`);
        return (
          <Form.Item key={name} name={name} label={label} rules={[{ required: true }]}>
            <Rate aria-label={label} />
          </Form.Item>
        );
      })}
      {d.lines.map((l, i) => (
        <div key={l.id}>
          <Form.Item
            name={["lines", i, "score"]}
            label={t("purchase.evaluate.lineScore", { name: l.goodsName })}
            rules={[{ required: true }]}
          >
            <Rate aria-label={t("purchase.evaluate.lineScore", { name: l.goodsName })} />
          </Form.Item>
          <Form.Item name={["lines", i, "content"]} label={t("purchase.evaluate.lineContent", { name: l.goodsName })}>
            <TextArea rows={2} maxLength={evaluations.EVAL_TEXT_MAX} />
          </Form.Item>
        </div>
      ))}
    </FormDrawer>
  );
}

/** Request an invoice for the purchase with one of the organisation's invoice titles. */
function InvoiceDrawer({ d, onClose }: { d: PurchaseDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const titles = useQuery({
    queryKey: [...purchaseKeys.all, "titles"],
    queryFn: ({ signal }) => call(invoices.invoice.selBillInvoiceInfoListByParam, {}, { notify: false, signal }),
  });
  const options = (titles.data ?? []).map((title) => ({
    value: title.id,
    label: `${title.name}${title.taxNo ? ` (${title.taxNo})` : ""} · ${t(`purchase.type.${title.invoiceType}`)}`,
  }));
  return (
    <FormDrawer<{ titleId: string }, typeof invoices.invoice.applyBillInvoice>
      name="purchase-invoice"
      title={t("purchase.invoice.title", { orderNo: d.orderNo })}
      onClose={onClose}
      add={{ entry: invoices.invoice.applyBillInvoice, toInput: (v) => ({ orderId: d.id, titleId: v.titleId }) }}
      invalidate={purchaseKeys.all}
      savedMessage={t("purchase.invoice.done")}
      submitText={t("purchase.invoice.submit")}
    >
      {titles.data && titles.data.length === 0 ? (
        <Alert
          type="info"
          showIcon
          title={t("purchase.invoice.noTitles")}
          action={<Link to={paths.invoiceTitles()}>{t("purchase.invoice.addTitle")}</Link>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item name="titleId" label={t("purchase.invoice.titleField")} rules={[{ required: true }]}>
        <Select options={options} loading={titles.isLoading} />
      </Form.Item>
    </FormDrawer>
  );
}
