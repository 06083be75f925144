import "./orders.css";
import * as contract from "@sbo/contract/orders";
import { orderMay, orderStatusWords } from "@sbo/contract/orders";
import { App, Card, Form, InputNumber, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ExpressFields } from "@/components/express-fields";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { currentLanguage } from "@/platform/i18n";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { OrderStateForbids } from "./order-frame";
import { type OrderDetail, orderDetailQuery, orderKeys, useOrderDetail } from "./orders.api";

type Line = OrderDetail["lines"][number];
interface ShipValues {
  expressCode: string;
  trackingNo: string;
  quantities: Record<string, number | null>;
}

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(orderDetailQuery(id));
};

/**
 * `paths.orderShip(id)`: where the parcel goes (recipient, phone, address), then ship every line, or some
 * pieces of some lines, with logistics.
 */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useOrderDetail(id);
  return (
    <QueryState query={detail} failed={t("orders.loadFailed")}>
      {(d) => <ShipForm d={d} />}
    </QueryState>
  );
}

const leftOf = (l: Line) => l.quantity - l.shippedQuantity;

function ShipForm({ d }: { d: OrderDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const write = useWrite(orderKeys.all);
  const [form] = Form.useForm<ShipValues>();
  const open = d.lines.filter((l) => leftOf(l) > 0);
  const title = t("orders.ship.title", { orderNo: d.orderNo });
  // Shipped from this page: until the detail page has taken over, the refreshed order (shipped) is no refusal.
  const [shippedHere, setShippedHere] = useState(false);

  if (!orderMay("ship", d.status) && !shippedHere) {
    return (
      <OrderStateForbids
        title={title}
        message={t("orders.ship.notShippable", { orderNo: d.orderNo, status: orderStatusWords[d.status][currentLanguage()] })}
      />
    );
  }

  return (
    <>
      <PageHeader title={title} />
      <ContractForm<typeof contract.orders.orderDelivery, ShipValues>
        name="order-ship"
        entry={contract.orders.orderDelivery}
        form={form}
        initialValues={{ quantities: Object.fromEntries(open.map((l) => [l.id, leftOf(l)])) }}
        draft={{ key: `order.ship:${d.id}` }}
        toInput={(v) => {
          const wanted = open.map((l) => ({ lineId: l.id, quantity: v.quantities?.[l.id] ?? 0 })).filter((x) => x.quantity > 0);
          const everything = wanted.length === open.length && wanted.every((w, i) => w.quantity === leftOf(open[i] as Line));
          return {
            id: d.id,
            expressCode: v.expressCode,
            trackingNo: v.trackingNo,
            // Everything left: no lines (the server ships the rest); none chosen: an empty list the contract refuses.
            ...(everything ? {} : { lines: wanted }),
          };
        }}
        labelOf={(name) =>
          name[0] === "lines"
            ? t("orders.ship.lines")
            : name[0] === "expressCode"
              ? t("orders.ship.express")
              : name[0] === "trackingNo"
                ? t("orders.ship.trackingNo")
                : undefined
        }
        submitText={t("orders.ship.submit")}
        onCancel={() => navigate(paths.orderDetail(d.id))}
        onSuccess={() => {
          setShippedHere(true);
          navigate(paths.orderDetail(d.id));
          void message.success(t("orders.ship.done", { orderNo: d.orderNo }));
          void write.done();
        }}
      >
        <Card title={t("orders.detail.address")} className="order-section">
          {/* As a parcel's label reads: who, their phone, then where. */}
          <address className="order-ship-address">
            <Typography.Text strong>{d.address.name}</Typography.Text> <span>{d.address.phone}</span>
            <br />
            <span>{d.address.areaName}</span> <span>{d.address.detail}</span>
          </address>
        </Card>
        <Card title={t("orders.ship.lines")} className="order-section">
          <Typography.Paragraph type="secondary">{t("orders.ship.linesHelp")}</Typography.Paragraph>
          <Table<Line>
            rowKey="id"
            pagination={false}
            dataSource={open}
            scroll={{ x: "max-content" }}
            columns={[
              { key: "goods", title: t("orders.detail.goods"), render: (_, l) => l.goodsName },
              { key: "spec", title: t("orders.detail.spec"), render: (_, l) => l.specValues.join(" / ") || null },
              { key: "left", title: t("orders.ship.left"), align: "right", render: (_, l) => leftOf(l) },
              {
                key: "toShip",
                title: t("orders.ship.toShip"),
                render: (_, l) => (
                  <Form.Item name={["quantities", l.id]} noStyle>
                    <InputNumber min={0} max={leftOf(l)} precision={0} aria-label={t("orders.ship.toShipOf", { name: l.goodsName })} />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Card>
        <Card className="order-section">
          <ExpressFields
            labels={{
              express: t("orders.ship.express"),
              trackingNo: t("orders.ship.trackingNo"),
              trackingHelp: t("orders.ship.trackingHelp"),
            }}
            maxWidth={320}
          />
        </Card>
      </ContractForm>
    </>
  );
}
