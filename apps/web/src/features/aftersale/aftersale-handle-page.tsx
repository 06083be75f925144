import "./aftersale.css";
import * as contract from "@sbo/contract/aftersale";
import { Alert, Button, Card, Descriptions, Image, Popconfirm, Space, Steps, Timeline, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { Thumbnail } from "@/components/thumbnail";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import {
  type AfterSaleDetail,
  type AfterSaleType,
  afterSaleKeys,
  afterSaleQuery,
  isClosed,
  sellerActions,
  useAfterSale,
} from "./aftersale.api";
import { RejectDialog, ShipExchangeDialog } from "./aftersale-dialogs";
import { AfterSaleStateBadge } from "./aftersale-list-page";

/** Which type each handling screen is for (its path's last segment). */
const TYPE_OF: Record<string, AfterSaleType> = { orderRefund: "refundOnly", orderReturn: "returnRefund", orderBarter: "exchange" };

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const id = search.get("id");
  if (id) void client.prefetchQuery(afterSaleQuery(id));
};

/**
 * `paths.afterSaleHandle(type, id)`: one refund, return or exchange application —
 * the goods, quantity, amount, reason, the buyer's description and images, the order's paid and refunded money, the
 * parcels and the progress — with the actions its state allows (approve, reject with a reason, confirm the return's
 * receipt, refund, ship the exchange); each action leads to its result screen. An application of another type opens
 * on its own type's screen.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const id = params.get("id");
  const detail = useAfterSale(id);
  if (!id) return <Navigate to={paths.afterSaleList()} replace />;
  const expected = TYPE_OF[pathname.split("/").pop() ?? ""];
  return (
    <QueryState query={detail} failed={t("afterSale.loadFailed")}>
      {(a) => (expected && expected !== a.type ? <Navigate to={paths.afterSaleHandle(a.type, id)} replace /> : <HandleView a={a} />)}
    </QueryState>
  );
}

type Action = "approve" | "approveRefund" | "receive" | "refund";

function nextStep(a: AfterSaleDetail): string {
  if (isClosed(a.state)) return "closed";
  if (a.state === "applied") return "applied";
  if (a.state === "approved") return a.type === "refundOnly" ? "approvedRefund" : "approvedReturn";
  if (a.state === "buyerShipped") return "buyerShipped";
  return a.type === "exchange" ? "receivedExchange" : "receivedRefund";
}

function HandleView({ a }: { a: AfterSaleDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(afterSaleKeys.all, ["orders"]);
  const [dialog, setDialog] = useState<"reject" | "ship" | null>(null);
  const zh = currentLanguage() === "zh";
  const can = sellerActions(a);
  const done = async (action: string) => {
    await write.done();
    navigate(paths.afterSaleResult(a.type, a.id, action));
  };
  const run = async (action: Action) => {
    try {
      if (action === "approve") await call(contract.afterSale.approveApply, { id: a.id });
      // A refund only, approved and refunded in one step (the server does both or neither).
      else if (action === "approveRefund") await call(contract.afterSale.approveApply, { id: a.id, refundNow: true });
      else if (action === "receive") await call(contract.afterSale.confirmReceipt, { id: a.id });
      else await call(contract.afterSale.refundApply, { id: a.id });
      await done(action === "approveRefund" ? "refund" : action);
    } catch {
      // call() showed the refusal in the Notice dialog.
    }
  };
  const confirmButton = (action: Action, title: string, label: string, primary = false) => (
    <Popconfirm title={title} okText={label} cancelText={t("common.cancel")} onConfirm={() => run(action)}>
      <Button type={primary ? "primary" : "default"}>{label}</Button>
    </Popconfirm>
  );

  const actions = (
    <Space wrap>
      {can.approve && a.type === "refundOnly"
        ? confirmButton(
            "approveRefund",
            t("afterSale.handle.approveRefundConfirm", { no: a.afterSaleNo, amount: formatCents(a.amount) }),
            t("afterSale.actions.approveRefund"),
            true,
          )
        : null}
      {can.approve
        ? confirmButton(
            "approve",
            t("afterSale.handle.approveConfirm", { no: a.afterSaleNo }),
            t("afterSale.actions.approve"),
            a.type !== "refundOnly",
          )
        : null}
      {can.reject ? (
        <Button danger onClick={() => setDialog("reject")}>
          {t("afterSale.actions.reject")}
        </Button>
      ) : null}
      {can.receive
        ? confirmButton(
            "receive",
            t("afterSale.handle.receiveConfirm", { no: a.afterSaleNo, count: a.quantity }),
            t("afterSale.actions.receive"),
            true,
          )
        : null}
      {can.refund
        ? confirmButton(
            "refund",
            t("afterSale.handle.refundConfirm", { no: a.afterSaleNo, amount: formatCents(a.amount) }),
            t("afterSale.actions.refund"),
            true,
          )
        : null}
      {can.shipExchange ? (
        <Button type="primary" onClick={() => setDialog("ship")}>
          {t("afterSale.actions.shipExchange")}
        </Button>
      ) : null}
      <Button onClick={() => navigate(paths.afterSaleOrder(a.id))}>{t("afterSale.handle.order")}</Button>
      <Button onClick={() => navigate(paths.afterSaleList())}>{t("afterSale.actions.back")}</Button>
    </Space>
  );

  const parcel = (p: AfterSaleDetail["returnParcel"]) =>
    p
      ? t("afterSale.handle.parcel", { express: zh ? p.expressName : p.expressNameEn, trackingNo: p.trackingNo })
      : t("afterSale.handle.noParcel");
  const decided = a.state === "rejected" || a.state === "withdrawn" ? a.state : "approved";
  const stepItems = [
    { title: t("afterSale.handle.steps.applied"), description: when(a.appliedAt) },
    { title: a.decidedAt ? t(`afterSale.state.${decided}`) : t("afterSale.handle.steps.decided"), description: when(a.decidedAt) },
    ...(a.type === "refundOnly"
      ? []
      : [
          { title: t("afterSale.handle.steps.buyerShipped"), description: when(a.buyerShippedAt) },
          { title: t("afterSale.handle.steps.received"), description: when(a.receivedAt) },
        ]),
    a.type === "exchange"
      ? { title: t("afterSale.handle.steps.exchangeShipped"), description: when(a.exchangeShippedAt) }
      : { title: t("afterSale.handle.steps.refunded"), description: when(a.refundedAt) },
  ];
  const reached = stepItems.filter((s) => s.description).length;

  return (
    <>
      <PageHeader
        title={t(`afterSale.handle.title.${a.type}`, { no: a.afterSaleNo })}
        description={<AfterSaleStateBadge state={a.state} />}
        extra={actions}
      />
      <Alert
        className="after-sale-section"
        type={isClosed(a.state) ? "success" : "info"}
        showIcon
        title={t(`afterSale.handle.next.${nextStep(a) as "applied"}`)}
        description={a.state === "applied" && a.autoApproveAt ? t("afterSale.autoApproveAt", { at: when(a.autoApproveAt) }) : undefined}
      />
      <Card title={t("afterSale.handle.progress")} className="after-sale-section">
        <Steps
          current={Math.max(reached - 1, 0)}
          status={a.state === "rejected" || a.state === "withdrawn" ? "error" : isClosed(a.state) ? "finish" : "process"}
          items={stepItems.map((s) => ({ title: s.title, description: s.description ?? undefined }))}
        />
      </Card>
      <Card title={t("afterSale.handle.application")} className="after-sale-section">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("afterSale.handle.afterSaleNo")}>{a.afterSaleNo}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.columns.type")}>{t(`afterSale.type.${a.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.orderNo")}>{a.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.buyer")}>{a.buyerName}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.buyerPhone")}>{a.buyerPhone ?? "—"}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.columns.appliedAt")}>{when(a.appliedAt)}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.goods")}>{a.goodsName}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.spec")}>{a.specValues.join(" / ") || "—"}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.quantity")}>
            <Space orientation="vertical" size={0}>
              <Typography.Text>{a.quantity}</Typography.Text>
              <Typography.Text type="secondary">
                {t("afterSale.handle.lineBought", { quantity: a.lineQuantity, amount: formatCents(a.lineAmount) })}
              </Typography.Text>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.amount")}>
            <Typography.Text strong>{formatCents(a.amount)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.reason")}>{zh ? a.reasonName : a.reasonNameEn}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.description")}>
            {a.description || t("afterSale.handle.noDescription")}
          </Descriptions.Item>
          {a.rejectReason ? <Descriptions.Item label={t("afterSale.handle.rejectReason")}>{a.rejectReason}</Descriptions.Item> : null}
        </Descriptions>
        {a.autoApproved ? <Typography.Text type="secondary">{t("afterSale.handle.autoApproved")}</Typography.Text> : null}
        {a.images.length ? (
          <div className="after-sale-section">
            <Typography.Text strong>{t("afterSale.handle.images")}</Typography.Text>
            <Image.PreviewGroup>
              <Space wrap>
                {a.images.map((img, i) => (
                  <Thumbnail key={img.id} file={img} width={96} height={96} alt={t("afterSale.handle.imageAlt", { n: i + 1 })} />
                ))}
              </Space>
            </Image.PreviewGroup>
          </div>
        ) : null}
      </Card>
      <Card title={t("afterSale.handle.money")} className="after-sale-section">
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t("afterSale.handle.orderPaid")}>{formatCents(a.orderPaid)}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.orderRefunded")}>{formatCents(a.orderRefunded)}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.refundLeft")}>
            {formatCents(Math.max(a.orderPaid - a.orderRefunded, 0))}
          </Descriptions.Item>
          {a.refund ? (
            <Descriptions.Item label={t("afterSale.handle.refund")}>
              {t("afterSale.handle.refundRef", {
                amount: formatCents(a.refund.amount),
                provider: t(`afterSale.providers.${a.refund.provider as "sandbox"}`, { defaultValue: a.refund.provider }),
                ref: a.refund.providerRef,
              })}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      {a.type !== "refundOnly" ? (
        <Card title={t("afterSale.handle.returnParcel")} className="after-sale-section">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("afterSale.handle.returnParcel")}>{parcel(a.returnParcel)}</Descriptions.Item>
            {a.type === "exchange" ? (
              <Descriptions.Item label={t("afterSale.handle.exchangeParcel")}>{parcel(a.exchangeParcel)}</Descriptions.Item>
            ) : null}
          </Descriptions>
        </Card>
      ) : null}
      <Card title={t("afterSale.history")} className="after-sale-section">
        <Timeline
          items={[...a.timeline].reverse().map((e) => ({
            key: e.id,
            content: (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>
                  {t(`afterSale.events.${e.event as "afterSaleApplied"}`, { defaultValue: e.event })} · {t(`afterSale.actor.${e.actor}`)}
                  {e.detail.auto === true ? ` · ${t("afterSale.autoStep")}` : ""}
                </Typography.Text>
                <Typography.Text type="secondary">{when(e.at)}</Typography.Text>
                {typeof e.detail.reason === "string" ? <Typography.Text>{e.detail.reason}</Typography.Text> : null}
              </Space>
            ),
          }))}
        />
      </Card>
      {dialog === "reject" ? <RejectDialog a={a} onClose={() => setDialog(null)} onDone={() => done("reject")} /> : null}
      {dialog === "ship" ? <ShipExchangeDialog a={a} onClose={() => setDialog(null)} onDone={() => done("shipExchange")} /> : null}
    </>
  );
}
