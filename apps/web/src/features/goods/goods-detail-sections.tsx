import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import { rebateCentsOf } from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Card, Descriptions, Empty, Image, Space, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { ShapesMapField } from "@/components/map";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { formatCents } from "@/platform/money";
import { FreightTemplateName } from "./freight-template-select";
import { goodsKeys, type useAttrDefs } from "./goods.api";
import { priceText } from "./goods-list-page";
import { shapesOf, skuLabel } from "./goods-values";

/* The goods detail's overview, card by card (goods-detail-page.tsx puts it in its first tab). */

export type Detail = OutputOf<typeof contract.goods.selGoodsByIdV2>;
type Sku = Detail["skus"][number];
type AttrDefs = ReturnType<typeof useAttrDefs>;
type Prices = ReturnType<typeof useGoodsPrices>;

const nameIn = (zh: boolean) => (x: { name: string; nameEn: string }) => (zh ? x.name : x.nameEn);
/** A service (not goods) has no stock, weight, member or ladder prices, batches or delivery. */
const isService = (d: Detail) => d.listingType !== "goods";

/** The prices in effect per SKU, with the ranks' names (goods only: a service has no member or ladder prices). */
export function useGoodsPrices(d: Detail) {
  return useQuery({
    queryKey: goodsKeys.list("prices", { goodsId: d.id }),
    queryFn: ({ signal }) => call(contract.goods.selGoodsPromotion, { goodsId: d.id }, { notify: false, signal }),
    enabled: d.kind === "goods" && !isService(d),
  });
}

/** What the item is: listing type, category, unit, price, stock or service areas, dates, and its attributes. */
function GoodsBasicsCard({ d, attrDefs }: { d: Detail; attrDefs: AttrDefs }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const name = nameIn(zh);
  const service = isService(d);
  const attrText = (value: unknown, defId: string) => {
    const def = attrDefs.data?.find((a) => a.id === defId);
    const optionName = (code: string) => {
      const o = def?.options.find((x) => x.code === code);
      return o ? name(o) : code;
    };
    if (Array.isArray(value)) return value.map((v) => optionName(String(v))).join(", ");
    if (def?.type === "select") return optionName(String(value));
    return `${value}${def?.unit ? ` ${def.unit}` : ""}`;
  };
  const attrEntries = Object.entries(d.attrs);
  return (
    <Card title={t("goods.detail.basics")} className="goods-section">
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          { key: "listingType", label: t("goods.detail.listingType"), children: t(`goods.listingType.${d.listingType}`) },
          { key: "subtitle", label: t("goods.form.subtitle"), children: d.subtitle || t("goods.detail.none") },
          {
            key: "category",
            label: t("goods.form.category"),
            children: d.categoryPath.length ? d.categoryPath.map(name).join(" / ") : t("goods.detail.none"),
          },
          { key: "unit", label: t("goods.form.unit"), children: d.unit ? name(d.unit) : t("goods.detail.none") },
          { key: "price", label: t(`goods.sku.priceOf.${d.listingType}`), children: priceText(d) },
          ...(service
            ? [
                {
                  key: "serviceAreas",
                  label: t("goods.detail.serviceAreas"),
                  children: d.serviceAreas.length ? d.serviceAreas.map(name).join(zh ? "、" : "; ") : t("goods.detail.none"),
                },
              ]
            : [
                { key: "stock", label: t("goods.columns.stock"), children: d.stock },
                {
                  key: "freightTemplate",
                  label: t("goods.form.freightTemplate"),
                  children: <FreightTemplateName id={d.freightTemplateId} />,
                },
                {
                  key: "rebate",
                  label: t("goods.detail.rebate"),
                  children: d.rebateBp
                    ? t("goods.detail.rebateOf", {
                        percent: d.rebateBp / 100,
                        amount: formatCents(rebateCentsOf(d.priceMin, d.rebateBp)),
                      })
                    : t("goods.detail.none"),
                },
              ]),
          { key: "sales", label: t("goods.columns.sales"), children: d.sales },
          { key: "createdAt", label: t("goods.detail.createdAt"), children: when(d.createdAt) },
          { key: "updatedAt", label: t("goods.detail.updatedAt"), children: when(d.updatedAt) },
          { key: "onShelfAt", label: t("goods.detail.onShelfAt"), children: when(d.onShelfAt) ?? t("goods.detail.none") },
        ]}
      />
      <Typography.Title level={3} className="goods-subtitle">
        {t("goods.detail.attrs")}
      </Typography.Title>
      {attrEntries.length ? (
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={attrEntries.map(([defId, value]) => {
            const def = attrDefs.data?.find((a) => a.id === defId);
            return { key: defId, label: def ? name(def) : defId, children: attrText(value, defId) };
          })}
        />
      ) : (
        <Typography.Text type="secondary">{t("goods.detail.noAttrs")}</Typography.Text>
      )}
    </Card>
  );
}

/** A package's parts, and whether it can be sold. */
function GoodsPartsCard({ parts }: { parts: NonNullable<Detail["package"]> }) {
  const { t } = useTranslation();
  return (
    <Card title={t("goods.detail.packageParts")} className="goods-section">
      <Typography.Paragraph>
        {parts.sellable ? t("goods.package.sellable", { count: parts.available }) : t("goods.package.unsellable")}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="skuId"
        pagination={false}
        dataSource={parts.items}
        columns={[
          {
            key: "goods",
            title: t("goods.columns.goods"),
            render: (_, p) => `${p.goodsName} · ${skuLabel(p.specValues, t("goods.form.singleSku"))}`,
          },
          { key: "quantity", title: t("goods.package.quantity"), dataIndex: "quantity", align: "right" },
          { key: "price", title: t("goods.columns.price"), align: "right", render: (_, p) => formatCents(p.price) },
          { key: "stock", title: t("goods.columns.stock"), dataIndex: "stock", align: "right" },
          {
            key: "onShelf",
            title: t("goods.columns.status"),
            render: (_, p) => <Tag color={p.onShelf ? "green" : "default"}>{p.onShelf ? t("goods.status.on") : t("goods.status.off")}</Tag>,
          },
        ]}
      />
    </Card>
  );
}

/** The SKUs with their prices (and, for goods, stock, weight, member and ladder prices). */
function GoodsSkusCard({ d, prices }: { d: Detail; prices: Prices }) {
  const { t } = useTranslation();
  const service = isService(d);
  const pricesOf = (sku: Sku) => prices.data?.skus.find((p) => p.skuId === sku.id);
  const memberOf = (sku: Sku) => pricesOf(sku)?.memberPrices ?? [];
  const ladderOf = (sku: Sku) => pricesOf(sku)?.ladder ?? [];
  return (
    <Card title={t("goods.detail.skus")} className="goods-section">
      <Table<Sku>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: "max-content" }}
        dataSource={d.skus}
        columns={(
          [
            { key: "specs", title: t("goods.sku.specs"), render: (_, s) => skuLabel(s.specValues, t("goods.form.singleSku")) },
            { key: "price", title: t("goods.columns.price"), align: "right", render: (_, s) => formatCents(s.price) },
            {
              key: "marketPrice",
              title: t("goods.sku.marketPrice"),
              align: "right",
              render: (_, s) => (s.marketPrice === null ? null : formatCents(s.marketPrice)),
            },
            {
              key: "costPrice",
              title: t("goods.sku.costPrice"),
              align: "right",
              render: (_, s) => (s.costPrice === null ? null : formatCents(s.costPrice)),
            },
            { key: "stock", title: t("goods.sku.stock"), dataIndex: "stock", align: "right" },
            { key: "code", title: t("goods.sku.code"), dataIndex: "code" },
            { key: "weightG", title: t("goods.sku.weightG"), dataIndex: "weightG", align: "right" },
            {
              key: "prices",
              title: t("goods.detail.prices"),
              render: (_, s) => {
                const members = memberOf(s);
                const ladder = ladderOf(s);
                if (!members.length && !ladder.length) return t("goods.detail.none");
                return (
                  <Space orientation="vertical" size={0}>
                    {members.map((m) => (
                      <Typography.Text key={m.rankId}>
                        {t("goods.detail.memberPrice", { rank: m.rankName, price: formatCents(m.price) })}
                      </Typography.Text>
                    ))}
                    {ladder.map((tier) => (
                      <Typography.Text key={tier.minQuantity}>
                        {t("goods.detail.ladderTier", { min: tier.minQuantity, price: formatCents(tier.price) })}
                      </Typography.Text>
                    ))}
                  </Space>
                );
              },
            },
          ] satisfies ColumnsType<Sku>
        ).filter((c) => !service || !["stock", "weightG", "prices"].includes(String(c.key)))}
      />
    </Card>
  );
}

/** The images and the video. */
function GoodsMediaCard({ d }: { d: Detail }) {
  const { t } = useTranslation();
  return (
    <Card title={t("goods.detail.media")} className="goods-section">
      {d.images.length ? (
        <Image.PreviewGroup>
          <Space wrap>
            {d.images.map((img, i) => (
              <Image
                key={img.id}
                src={img.url}
                alt={i === 0 ? `${t("goods.form.mainImage")}: ${img.name}` : img.name}
                width={120}
                height={120}
                style={{ objectFit: "cover" }}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("goods.detail.noImages")} />
      )}
      {d.video ? (
        // biome-ignore lint/a11y/useMediaCaption: sellers' product videos carry no caption track
        <video src={d.video.url} controls width={320} aria-label={t("goods.form.video")} />
      ) : (
        <Typography.Paragraph type="secondary">{t("goods.detail.noVideo")}</Typography.Paragraph>
      )}
    </Card>
  );
}

/** The description, as the server sanitised it. */
function GoodsDescriptionCard({ d }: { d: Detail }) {
  const { t } = useTranslation();
  return (
    <Card title={t("goods.detail.description")} className="goods-section">
      {d.descriptionHtml ? (
        // The server sanitised it on saving (an allow-list of tags and attributes, images only from the seller's files).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it was stored
        <div className="goods-description" dangerouslySetInnerHTML={{ __html: d.descriptionHtml }} />
      ) : (
        <Typography.Text type="secondary">{t("goods.detail.noDescription")}</Typography.Text>
      )}
    </Card>
  );
}

/** How the goods are delivered, and where. */
function GoodsDeliveryCard({ d }: { d: Detail }) {
  const { t } = useTranslation();
  return (
    <Card title={t("goods.detail.delivery")} className="goods-section">
      <Space wrap>
        {d.logistics.length ? (
          d.logistics.map((l) => <Tag key={l}>{t(`goods.logistics.${l}`)}</Tag>)
        ) : (
          <Typography.Text type="secondary">{t("goods.detail.none")}</Typography.Text>
        )}
      </Space>
      <Typography.Title level={3} className="goods-subtitle">
        {t("goods.detail.range")}
      </Typography.Title>
      {d.deliveryRange ? (
        <ShapesMapField label={t("goods.detail.range")} value={shapesOf(d.deliveryRange)} readOnly height={280} />
      ) : (
        <Typography.Text type="secondary">{t("goods.detail.rangeShop")}</Typography.Text>
      )}
    </Card>
  );
}

/** The overview tab: every card of the item (the form's sections, read-only). */
export function GoodsOverview({ d, attrDefs, prices }: { d: Detail; attrDefs: AttrDefs; prices: Prices }) {
  return (
    <>
      <GoodsBasicsCard d={d} attrDefs={attrDefs} />
      {d.package ? <GoodsPartsCard parts={d.package} /> : <GoodsSkusCard d={d} prices={prices} />}
      <GoodsMediaCard d={d} />
      <GoodsDescriptionCard d={d} />
      {isService(d) ? null : <GoodsDeliveryCard d={d} />}
    </>
  );
}
