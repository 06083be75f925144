import { coupon } from "@sbo/contract/coupon";
import { orderDesk } from "@sbo/contract/orders-desk";
import { useQuery } from "@tanstack/react-query";
import { Card, Descriptions, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "@/components/load-failed";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { fulfilKeys } from "./fulfil.api";

const signed = (cents: number) => (cents < 0 ? `−${formatCents(-cents)}` : `+${formatCents(cents)}`);

/**
 * The order's figures beyond its amounts: the deadlines the shop's settings give it (pay by, received automatically
 * at: `selOrderTime`), the platform's service fee on it (`fetchServiceUnitFee`), every price adjustment recorded
 * (`selCouponRecordByOrderId`) and the coupons it holds or used (`selCouponRecordByOrderIdV2`). Four small reads,
 * asked together once the detail is drawn.
 */
export function OrderFiguresCard({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const figures = useQuery({
    queryKey: fulfilKeys.detail(`figures:${orderId}`),
    queryFn: async ({ signal }) => {
      const opts = { notify: false, signal } as const;
      const [times, fee, adjustments, coupons] = await Promise.all([
        call(orderDesk.selOrderTime, { id: orderId }, opts),
        call(orderDesk.fetchServiceUnitFee, { id: orderId }, opts),
        call(orderDesk.selCouponRecordByOrderId, { id: orderId }, opts),
        call(coupon.selCouponRecordByOrderIdV2, { orderId }, opts),
      ]);
      return { times, fee, adjustments, coupons };
    },
  });
  // Each part is the server's; a part missing (an answer without data) leaves its rows out rather than the card.
  const f = figures.data;
  return (
    <Card title={t("fulfil.figures.title")} className="order-section">
      {figures.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {figures.isError ? (
        <LoadFailed title={t("fulfil.figures.loadFailed")} error={figures.error} onRetry={() => figures.refetch()} />
      ) : null}
      {f ? (
        <Descriptions column={1} size="small">
          {f.times?.payBy && f.times.status === "pendingPayment" ? (
            <Descriptions.Item label={t("fulfil.figures.payBy")}>{when(f.times.payBy)}</Descriptions.Item>
          ) : null}
          {f.times?.autoReceiveAt && f.times.status === "shipped" ? (
            <Descriptions.Item label={t("fulfil.figures.autoReceiveAt")}>
              {when(f.times.autoReceiveAt)}{" "}
              <Typography.Text type="secondary">{t("fulfil.figures.autoReceiveHelp", { count: f.times.autoConfirmDays })}</Typography.Text>
            </Descriptions.Item>
          ) : null}
          {f.fee ? (
            <Descriptions.Item label={t("fulfil.figures.serviceFee")}>
              {formatCents(f.fee.fee)}{" "}
              <Typography.Text type="secondary">
                {t("fulfil.figures.serviceFeeHow", { rate: (f.fee.rateBp / 100).toFixed(2), base: formatCents(f.fee.base) })}
              </Typography.Text>
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t("fulfil.figures.adjustments")}>
            {!f.adjustments?.records.length ? (
              t("fulfil.figures.noAdjustments")
            ) : (
              <ul className="order-figures-list">
                {f.adjustments.records.map((r) => (
                  <li key={`${r.kind}:${r.at}:${r.label}:${r.amount}`}>
                    {t(`fulfil.figures.kind.${r.kind}`)}
                    {r.label ? ` · ${r.label}` : ""} {signed(r.amount)}{" "}
                    <Typography.Text type="secondary">
                      {when(r.at)}
                      {r.reason ? ` · ${r.reason}` : ""}
                    </Typography.Text>
                  </li>
                ))}
              </ul>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t("fulfil.figures.coupons")}>
            {!f.coupons?.length ? (
              t("fulfil.figures.noCoupons")
            ) : (
              <ul className="order-figures-list">
                {f.coupons.map((c) => (
                  <li key={c.id}>
                    {c.ruleName} · {t(`fulfil.figures.couponState.${c.state}`)}
                    {c.discountAmount ? ` · −${formatCents(c.discountAmount)}` : ""}
                  </li>
                ))}
              </ul>
            )}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
