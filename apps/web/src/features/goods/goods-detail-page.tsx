import "./goods.css";
import { Button, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { goodsDetailQuery, idParam, useAttrDefs, useGoodsDetail } from "./goods.api";
import { type Detail, GoodsOverview, useGoodsPrices } from "./goods-detail-sections";
import { GoodsStatus } from "./goods-list-page";
import { BatchesTab, GoodsTabs, TraceTab } from "./goods-tabs";
import { MissingId } from "./missing-id";

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const id = idParam(search);
  if (id) void client.prefetchQuery(goodsDetailQuery(id));
};

/** `paths.goodsDetail(id)`: everything about an item, read-only (the form's sections). */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParam(params);
  const detail = useGoodsDetail(id);
  if (!id) return <MissingId />;
  return (
    <QueryState query={detail} failed={t("goods.loadFailed")}>
      {(d) => <GoodsDetailView d={d} />}
    </QueryState>
  );
}

/** The item's header and tabs: the overview (goods-detail-sections.tsx), its batches and trace records. */
function GoodsDetailView({ d }: { d: Detail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHolds(d.kind === "package" ? "goods.package" : "goods.manage.edit");
  const attrDefs = useAttrDefs(d.category?.id ?? null);
  const edit = () => navigate(d.kind === "package" ? paths.packageEdit(d.id) : paths.goodsUpdate(d.id));
  const service = d.listingType !== "goods";
  const prices = useGoodsPrices(d);
  // Batches and trace records belong to goods of the seller's own (not a package, whose parts have theirs, nor a service).
  const ownGoods = d.kind === "goods" && !service;
  const overview = <GoodsOverview d={d} attrDefs={attrDefs} prices={prices} />;

  return (
    <>
      <PageHeader
        title={d.name}
        description={
          <Space wrap>
            <GoodsStatus status={d.status} />
            {d.kind === "package" ? <Tag color="purple">{t("goods.kind.package")}</Tag> : null}
            {service ? <Tag color="cyan">{t(`goods.listingType.${d.listingType}`)}</Tag> : null}
            {d.fresh ? <Tag>{t("goods.fresh")}</Tag> : null}
            {d.nearExpiry ? <Tag color="red">{t("goods.nearExpiryTag", { date: d.earliestExpiry ?? "" })}</Tag> : null}
          </Space>
        }
        extra={
          canEdit ? (
            <Button type="primary" onClick={edit}>
              {t("goods.detail.edit")}
            </Button>
          ) : null
        }
      />
      <GoodsTabs
        tabs={[
          { key: "overview", label: t("goods.sections.overview"), children: overview },
          ...(d.fresh && ownGoods
            ? [{ key: "batches", label: t("goods.sections.batches"), children: <BatchesTab goodsId={d.id} skus={d.skus} /> }]
            : []),
          ...(ownGoods
            ? [{ key: "trace", label: t("goods.sections.trace"), children: <TraceTab goodsId={d.id} goodsName={d.name} /> }]
            : []),
        ]}
      />
    </>
  );
}
