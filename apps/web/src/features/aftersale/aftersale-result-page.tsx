import "./aftersale.css";
import { Button, Descriptions, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { QueryState } from "@/components/query-state";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { type AfterSaleDetail, afterSaleQuery, isClosed, useAfterSale } from "./aftersale.api";
import { AfterSaleStateBadge } from "./aftersale-list-page";

const ACTIONS = ["approve", "reject", "receive", "refund", "shipExchange"] as const;
type Done = (typeof ACTIONS)[number];

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const id = search.get("id");
  if (id) void client.prefetchQuery(afterSaleQuery(id));
};

/**
 * `paths.afterSaleResult(type, id, action)`: after an action
 * on an application — what was done, where the application stands now, and the next steps (open it again, its order,
 * the next application awaiting a decision, back to the list).
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id");
  const detail = useAfterSale(id);
  if (!id) return <Navigate to={paths.afterSaleList()} replace />;
  const asked = params.get("action");
  const action = ACTIONS.find((a) => a === asked) ?? null;
  return (
    <QueryState query={detail} failed={t("afterSale.loadFailed")}>
      {(a) => <ResultView a={a} action={action} />}
    </QueryState>
  );
}

function nextKey(a: AfterSaleDetail) {
  if (isClosed(a.state)) return "closed";
  if (a.state === "applied") return "applied";
  if (a.state === "approved") return a.type === "refundOnly" ? "approvedRefund" : "approvedReturn";
  if (a.state === "buyerShipped") return "buyerShipped";
  return a.type === "exchange" ? "receivedExchange" : "receivedRefund";
}

function ResultView({ a, action }: { a: AfterSaleDetail; action: Done | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="list-page">
      <Result
        status={a.state === "rejected" ? "warning" : "success"}
        title={action ? t(`afterSale.result.${action}`, { no: a.afterSaleNo }) : t("afterSale.result.other", { no: a.afterSaleNo })}
        subTitle={t(`afterSale.handle.next.${nextKey(a) as "applied"}`)}
        extra={[
          <Button key="open" type="primary" onClick={() => navigate(paths.afterSaleHandle(a.type, a.id))}>
            {t("afterSale.result.open")}
          </Button>,
          <Button key="order" onClick={() => navigate(paths.afterSaleOrder(a.id))}>
            {t("afterSale.handle.order")}
          </Button>,
          <Button key="next" onClick={() => navigate(paths.afterSaleList({ tab: "applied" }))}>
            {t("afterSale.result.nextInList")}
          </Button>,
          <Button key="list" onClick={() => navigate(paths.afterSaleList())}>
            {t("afterSale.result.backToList")}
          </Button>,
        ]}
      >
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t("afterSale.columns.state")}>
            <AfterSaleStateBadge state={a.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t("afterSale.columns.type")}>{t(`afterSale.type.${a.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.goods")}>{`${a.goodsName} × ${a.quantity}`}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.amount")}>{formatCents(a.amount)}</Descriptions.Item>
          <Descriptions.Item label={t("afterSale.handle.orderRefunded")}>{formatCents(a.orderRefunded)}</Descriptions.Item>
          {a.rejectReason ? <Descriptions.Item label={t("afterSale.handle.rejectReason")}>{a.rejectReason}</Descriptions.Item> : null}
        </Descriptions>
      </Result>
    </div>
  );
}
