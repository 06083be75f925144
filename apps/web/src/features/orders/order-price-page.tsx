import "./orders.css";
import * as contract from "@sbo/contract/orders";
import { orderMay, orderStatusWords } from "@sbo/contract/orders";
import { Card, Form, Radio, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { TextArea, TextInput } from "@/components/text-input";
import { currentLanguage } from "@/platform/i18n";
import { centsOf, formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { OrderStateForbids } from "./order-frame";
import { type OrderDetail, orderDetailQuery, orderKeys, useOrderDetail } from "./orders.api";

interface PriceValues {
  target: "whole" | "line";
  lineId?: string;
  amount: string;
  reason: string;
}

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(orderDetailQuery(id));
};

/** `paths.orderPrice(id)`: before payment, a line's new amount or the order's new total. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useOrderDetail(id);
  return (
    <QueryState query={detail} failed={t("orders.loadFailed")}>
      {(d) => <PriceForm d={d} />}
    </QueryState>
  );
}

function PriceForm({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(orderKeys.all);
  const [form] = Form.useForm<PriceValues>();
  const target = Form.useWatch("target", form) ?? "whole";
  const lineId = Form.useWatch("lineId", form);
  const line = d.lines.find((l) => l.id === lineId);
  const title = t("orders.price.title", { orderNo: d.orderNo });

  if (!orderMay("revisePrice", d.status)) {
    return (
      <OrderStateForbids
        title={title}
        message={t("orders.price.notRevisable", { orderNo: d.orderNo, status: orderStatusWords[d.status][currentLanguage()] })}
      />
    );
  }

  const current = target === "line" ? (line ? (line.revisedAmount ?? line.amount) : null) : d.payAmount;

  return (
    <>
      <PageHeader title={title} description={t("orders.price.current", { amount: formatCents(d.payAmount) })} />
      <Card className="order-section">
        <ContractForm<typeof contract.orders.orderPriceRevision, PriceValues>
          name="order-price"
          entry={contract.orders.orderPriceRevision}
          form={form}
          initialValues={{ target: "whole", lineId: d.lines[0]?.id }}
          draft={{ key: `order.price:${d.id}` }}
          toInput={(v) => ({
            id: d.id,
            ...(v.target === "line" && v.lineId ? { lineId: v.lineId } : {}),
            amount: centsOf(v.amount ?? ""),
            reason: v.reason,
          })}
          labelOf={(name) =>
            name[0] === "amount" ? t("orders.price.amount") : name[0] === "reason" ? t("orders.price.reason") : undefined
          }
          submitText={t("orders.price.submit")}
          onCancel={() => navigate(paths.orderDetail(d.id))}
          onSuccess={async () => {
            await write.done(t("orders.price.done", { orderNo: d.orderNo }));
            navigate(paths.orderDetail(d.id));
          }}
        >
          <Form.Item name="target" label={t("orders.price.what")}>
            <Radio.Group
              options={[
                { value: "whole", label: t("orders.price.whole") },
                { value: "line", label: t("orders.price.line") },
              ]}
            />
          </Form.Item>
          {target === "line" ? (
            <Form.Item name="lineId" label={t("orders.price.lineField")}>
              <Select
                style={{ maxWidth: 480 }}
                options={d.lines.map((l) => ({
                  value: l.id,
                  label: `${l.goodsName}${l.specValues.length ? ` (${l.specValues.join(" / ")})` : ""} × ${l.quantity}`,
                }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item
            name="amount"
            label={t("orders.price.amount")}
            extra={
              <>
                {current !== null ? (
                  <Typography.Text type="secondary">{t("orders.price.current", { amount: formatCents(current) })} · </Typography.Text>
                ) : null}
                {t("orders.price.amountHelp")}
              </>
            }
            rules={[
              { required: true, whitespace: true, message: t("form.required", { field: t("orders.price.amount") }) },
              {
                validator: async (_, v: string) =>
                  v && Number.isNaN(centsOf(v)) ? Promise.reject(new Error(t("orders.price.amountInvalid"))) : undefined,
              },
            ]}
          >
            <TextInput inputMode="decimal" style={{ maxWidth: 240 }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t("orders.price.reason")}
            extra={t("orders.price.reasonHelp")}
            rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("orders.price.reason") }) }]}
          >
            <TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
        </ContractForm>
      </Card>
    </>
  );
}
