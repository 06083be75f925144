import "./goods.css";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import { MAX_LADDER_TIERS } from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Button, InputNumber, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "@/components/query-state";
import { call } from "@/platform/api-client";
import { centsOf, formatCents, yuanOf } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { idParam, ladderGridQuery } from "./goods.api";
import { skuLabel } from "./goods-values";
import { PickGoodsFrame } from "./pick-goods-frame";
import { PriceGridCard } from "./price-grid-card";

interface Tier {
  minQuantity: number | null;
  price: number | null;
}

/** The grid of the item in the URL (`?goodsId=`), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const goodsId = idParam(search);
  if (goodsId) void client.prefetchQuery(ladderGridQuery(goodsId));
};

/** `paths.ladderEdit(goodsId)`: pick an item, then up to 5 quantity tiers per SKU. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PickGoodsFrame
      name="ladder-goods"
      title={t("goods.ladder.editTitle")}
      pickLabel={t("goods.ladder.pickGoods")}
      placeholder={t("goods.ladder.pickGoodsPlaceholder")}
      grid={(goodsId) => <LadderGrid key={goodsId} goodsId={goodsId} />}
    />
  );
}

function LadderGrid({ goodsId }: { goodsId: string }) {
  const { t } = useTranslation();
  const ladder = useQuery(ladderGridQuery(goodsId));
  return (
    <QueryState query={ladder} failed={t("goods.loadFailed")}>
      {(data) => <LadderTiers goodsId={goodsId} data={data} />}
    </QueryState>
  );
}

function LadderTiers({ goodsId, data }: { goodsId: string; data: OutputOf<typeof contract.goods.selGoodsLadderById> }) {
  const { t } = useTranslation();
  const [edits, setEdits] = useState<Record<string, Tier[]>>({});
  const { goods, skus } = data;
  const tiersOf = (skuId: string): Tier[] =>
    edits[skuId] ?? (skus.find((s) => s.id === skuId)?.tiers ?? []).map((x) => ({ minQuantity: x.minQuantity, price: yuanOf(x.price) }));
  const setTiers = (skuId: string, tiers: Tier[]) => setEdits((e) => ({ ...e, [skuId]: tiers }));
  const skuName = (specValues: string[]) => skuLabel(specValues, goods.name);
  const input = skus
    .map((s) => ({
      skuId: s.id,
      tiers: tiersOf(s.id)
        .filter((x) => x.minQuantity !== null || x.price !== null)
        .map((x) => ({ minQuantity: x.minQuantity ?? 0, price: x.price === null ? 0 : centsOf(Number(x.price).toFixed(2)) })),
    }))
    .filter((s) => s.tiers.length > 0);

  const cellOf = (path: (string | number)[]) => {
    const sku = skus.find((s) => s.id === input[typeof path[1] === "number" ? path[1] : -1]?.skuId);
    const tier = typeof path[3] === "number" ? path[3] + 1 : null;
    const column = path[4] === "price" ? t("goods.ladder.price") : t("goods.ladder.minQuantity");
    return sku ? `${skuName(sku.specValues)}${tier ? ` #${tier}` : ""} ${column}` : undefined;
  };

  return (
    <PriceGridCard
      title={goods.name}
      help={t("goods.ladder.tiersHelp")}
      hasEntries={input.length > 0}
      nothing={t("goods.ladder.nothing")}
      saved={t("goods.ladder.saved")}
      backTo={paths.ladderList()}
      send={() => call(contract.goods.saveGoodsLadderPrice, { goodsId, skus: input }, { notify: false })}
      cellOf={cellOf}
    >
      <Space orientation="vertical" style={{ width: "100%" }} size="large">
        {skus.map((s) => {
          const tiers = tiersOf(s.id);
          const name = skuName(s.specValues);
          return (
            <fieldset key={s.id} className="goods-ladder-sku">
              <legend>{t("goods.ladder.tiers", { sku: name, price: formatCents(s.price) })}</legend>
              <Space orientation="vertical">
                {tiers.map((tier, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no id; their order is their name
                  <Space key={i} wrap>
                    <InputNumber
                      min={2}
                      max={99_999}
                      precision={0}
                      value={tier.minQuantity}
                      aria-label={`${name} #${i + 1}: ${t("goods.ladder.minQuantity")}`}
                      placeholder={t("goods.ladder.minQuantity")}
                      onChange={(v) =>
                        setTiers(
                          s.id,
                          tiers.map((x, j) => (j === i ? { ...x, minQuantity: v } : x)),
                        )
                      }
                    />
                    <InputNumber
                      min={0.01}
                      max={999_999.99}
                      precision={2}
                      step={0.01}
                      value={tier.price}
                      aria-label={`${name} #${i + 1}: ${t("goods.ladder.price")}`}
                      placeholder={t("goods.ladder.price")}
                      onChange={(v) =>
                        setTiers(
                          s.id,
                          tiers.map((x, j) => (j === i ? { ...x, price: v } : x)),
                        )
                      }
                    />
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`${name}: ${t("goods.ladder.removeTier", { n: i + 1 })}`}
                      onClick={() =>
                        setTiers(
                          s.id,
                          tiers.filter((_, j) => j !== i),
                        )
                      }
                    />
                  </Space>
                ))}
                {tiers.length < MAX_LADDER_TIERS ? (
                  <Button
                    icon={<PlusOutlined />}
                    aria-label={`${name}: ${t("goods.ladder.addTier")}`}
                    onClick={() => {
                      const last = tiers[tiers.length - 1];
                      setTiers(s.id, [...tiers, { minQuantity: last?.minQuantity ? last.minQuantity + 1 : 2, price: null }]);
                    }}
                  >
                    {t("goods.ladder.addTier")}
                  </Button>
                ) : null}
              </Space>
            </fieldset>
          );
        })}
      </Space>
    </PriceGridCard>
  );
}
