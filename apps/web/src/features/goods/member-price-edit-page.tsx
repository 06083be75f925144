import "./goods.css";
import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Empty, InputNumber, Table } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "@/components/query-state";
import { call } from "@/platform/api-client";
import { centsOf, formatCents, yuanOf } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { idParam, memberPriceGridQuery } from "./goods.api";
import { skuLabel } from "./goods-values";
import { PickGoodsFrame } from "./pick-goods-frame";
import { PriceGridCard } from "./price-grid-card";

const cellKey = (skuId: string, rankId: string) => `${skuId}:${rankId}`;

/** The grid of the item in the URL (`?goodsId=`), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const goodsId = idParam(search);
  if (goodsId) void client.prefetchQuery(memberPriceGridQuery(goodsId));
};

/** `paths.memberPriceEdit(goodsId)`: pick an item, then a price per SKU and member rank. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PickGoodsFrame
      name="member-price-goods"
      title={t("goods.memberPrice.editTitle")}
      pickLabel={t("goods.memberPrice.pickGoods")}
      placeholder={t("goods.memberPrice.pickGoodsPlaceholder")}
      grid={(goodsId) => <MemberPriceGrid key={goodsId} goodsId={goodsId} />}
    />
  );
}

function MemberPriceGrid({ goodsId }: { goodsId: string }) {
  const { t } = useTranslation();
  const grid = useQuery(memberPriceGridQuery(goodsId));
  return (
    <QueryState query={grid} failed={t("goods.loadFailed")}>
      {(data) => <MemberPrices goodsId={goodsId} data={data} />}
    </QueryState>
  );
}

function MemberPrices({ goodsId, data }: { goodsId: string; data: OutputOf<typeof contract.goods.selGoodsMemberPriceById> }) {
  const { t } = useTranslation();
  const initial = useMemo(() => Object.fromEntries(data.prices.map((p) => [cellKey(p.skuId, p.rankId), yuanOf(p.price)])), [data]);
  const [edits, setEdits] = useState<Record<string, number | null>>({});
  const { goods, skus, ranks } = data;
  const value = (skuId: string, rankId: string) => {
    const k = cellKey(skuId, rankId);
    return k in edits ? edits[k] : (initial[k] ?? null);
  };
  const skuName = (specValues: string[]) => skuLabel(specValues, goods.name);
  const entries = skus.flatMap((s) =>
    ranks.flatMap((r) => {
      const v = value(s.id, r.id);
      return v === null || v === undefined ? [] : [{ skuId: s.id, rankId: r.id, price: centsOf(Number(v).toFixed(2)) }];
    }),
  );

  const cellOf = (path: (string | number)[]) => {
    const e = entries[typeof path[1] === "number" ? path[1] : -1];
    const sku = skus.find((s) => s.id === e?.skuId);
    const rank = ranks.find((r) => r.id === e?.rankId);
    return sku && rank ? t("goods.memberPrice.cell", { rank: rank.name, sku: skuName(sku.specValues) }) : undefined;
  };

  return (
    <PriceGridCard
      title={`${goods.name} — ${t("goods.memberPrice.grid")}`}
      help={t("goods.memberPrice.gridHelp")}
      hasEntries={entries.length > 0}
      nothing={t("goods.memberPrice.nothing")}
      saved={t("goods.memberPrice.saved")}
      backTo={paths.memberPriceList()}
      send={() => call(contract.goods.saveGoodsMemberPrice, { goodsId, prices: entries }, { notify: false })}
      cellOf={cellOf}
      saveDisabled={ranks.length === 0}
    >
      {ranks.length === 0 ? (
        <Empty description={t("goods.memberPrice.noRanks")} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: "max-content" }}
          dataSource={skus}
          aria-label={t("goods.memberPrice.grid")}
          columns={[
            { key: "sku", title: t("goods.memberPrice.sku"), render: (_, s) => skuName(s.specValues) },
            { key: "price", title: t("goods.memberPrice.skuPrice"), align: "right", render: (_, s) => formatCents(s.price) },
            ...ranks.map((r) => ({
              key: r.id,
              title: r.name,
              render: (_: unknown, s: (typeof skus)[number]) => (
                <InputNumber
                  min={0.01}
                  max={999_999.99}
                  precision={2}
                  step={0.01}
                  value={value(s.id, r.id)}
                  aria-label={t("goods.memberPrice.cell", { rank: r.name, sku: skuName(s.specValues) })}
                  onChange={(v) => setEdits((e) => ({ ...e, [cellKey(s.id, r.id)]: v }))}
                />
              ),
            })),
          ]}
        />
      )}
    </PriceGridCard>
  );
}
