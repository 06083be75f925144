import { Button, Card, Descriptions, Space, Table } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { canEdit, type PromotionDetail, promotionDetailQuery, usePromotionDetail } from "./promotion.api";
import { OfferText, PromotionStateBadge } from "./promotion-list-page";

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(promotionDetailQuery(id));
};

/**
 * `paths.promotionDetail(id)` (`marketing.promotion`): one promotion read-only — its offer,
 * period, limit and state, and each SKU with its price and promotion price.
 */
export function Component() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const detail = usePromotionDetail(id);
  return (
    <QueryState query={detail} failed={t("promotion.loadFailed")}>
      {(p) => <DetailView p={p} />}
    </QueryState>
  );
}

function DetailView({ p }: { p: PromotionDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t("promotion.detail.title", { name: p.name })}
        description={<PromotionStateBadge state={p.state} />}
        extra={
          <Space wrap>
            {canEdit(p.state) ? (
              <Button type="primary" onClick={() => navigate(paths.promotionEdit(p.id))}>
                {t("promotion.actions.edit")}
              </Button>
            ) : null}
            <Button onClick={() => navigate(paths.promotionList())}>{t("promotion.actions.back")}</Button>
          </Space>
        }
      />
      <Card title={t("promotion.detail.basics")} style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("promotion.form.name")}>{p.name}</Descriptions.Item>
          <Descriptions.Item label={t("promotion.form.kind")}>
            <OfferText row={p} />
          </Descriptions.Item>
          <Descriptions.Item label={t("promotion.columns.state")}>
            <PromotionStateBadge state={p.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t("promotion.form.startsAt")}>{when(p.startsAt)}</Descriptions.Item>
          <Descriptions.Item label={t("promotion.form.endsAt")}>{when(p.endsAt)}</Descriptions.Item>
          <Descriptions.Item label={t("promotion.form.perBuyerLimit")}>{p.perBuyerLimit ?? t("promotion.noLimit")}</Descriptions.Item>
          <Descriptions.Item label={t("promotion.detail.createdAt")}>{when(p.createdAt)}</Descriptions.Item>
          {p.cancelledAt ? <Descriptions.Item label={t("promotion.detail.cancelledAt")}>{when(p.cancelledAt)}</Descriptions.Item> : null}
        </Descriptions>
      </Card>
      <Card title={t("promotion.detail.skus")}>
        <Table
          rowKey="skuId"
          size="small"
          pagination={false}
          dataSource={p.skus}
          columns={[
            { key: "goods", title: t("promotion.form.goods"), render: (_, s) => s.goodsName },
            { key: "sku", title: t("promotion.form.sku"), render: (_, s) => s.specValues.join(" / ") || t("promotion.detail.noSpec") },
            { key: "price", title: t("promotion.form.price"), align: "right", render: (_, s) => formatCents(s.price) },
            {
              key: "promotionPrice",
              title: t("promotion.form.promotionPrice"),
              align: "right",
              render: (_, s) => formatCents(s.promotionPrice),
            },
          ]}
        />
      </Card>
    </>
  );
}
