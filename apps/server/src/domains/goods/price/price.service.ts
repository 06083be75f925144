import { codes, fieldRefusals, goodsRefusals as R } from "@sbo/contract";
import { type Executor, readTogether } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { notFound, refuse } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import { ranksOf } from "../../member/member.port";
import type { RankUsage } from "../../member/member.service";
import { sellableBatches } from "../batch/batch.service";
import * as repo from "../goods.repository";
import { ladderProblem, type PriceSource, unitPrice } from "../goods.rules";
import { detailOrMissing, type In, type Out, viewOf } from "../goods.service";
import { listItem, listItems } from "../goods.view";
import { Issues } from "../goods-checks.service";
import type { PromotedGoods } from "../promoted-goods.port";
import * as priceRepo from "./price.repository";

/* Member prices (SKU × rank) and ladder prices (quantity tiers per SKU), and the one pricing function checkout uses. */

async function itemWithSkus(ctx: Ctx, goodsId: string, lock = false) {
  const v = viewOf(ctx);
  const g = await repo.findGoods(ctx.db, v.boId, goodsId, lock);
  if (!g) throw notFound(R.notFound);
  // A service is never sold: it has no member or ladder prices.
  if (g.listingType !== "goods") throw refuse(codes.NOT_FOUND, R.aService);
  const skus = await repo.skusOf(ctx.db, g.id);
  return { v, g, skus, skuById: new Map(skus.map((s) => [s.id, s])) };
}

const skuBrief = (s: repo.SkuRow) => ({ id: s.id, specValues: s.specValues, price: s.price });

/**
 * The unit price (cents) of a SKU for a quantity and a buyer (their rank in this shop and its discount, or none): the
 * lowest of price, member price (or the rank's discount when the SKU has no member price for it) and ladder tier.
 * The orders issue's checkout calls this; the rule itself is `unitPrice` in goods.rules.ts, tested as a table.
 */
export async function unitPriceOf(
  db: Executor,
  skuId: string,
  quantity: number,
  buyerRank: { id: string; discountBp: number } | null,
): Promise<{ price: number; source: PriceSource } | null> {
  const inputs = await priceRepo.priceInputsOf(db, skuId);
  return inputs ? unitPrice({ ...inputs, rank: buyerRank, quantity }) : null;
}

/** What keeps a member rank from being deleted: the member prices naming it (handed to the member domain in app.ts). */
export const memberPriceRankUsage: RankUsage = {
  what: ["member price", "member prices"],
  refusal: { one: R.rankInOneMemberPrice, many: R.rankInMemberPrices },
  count: priceRepo.memberPricesOfRank,
};

/** Member and ladder prices; `promoted` tells which promotions hold an item (the PromotedGoods port). */
export const createPriceService = (promoted: PromotedGoods) => ({
  async selGoodsMemberPriceById(input: In<"selGoodsMemberPriceById">, ctx: Ctx): Promise<Out<"selGoodsMemberPriceById">> {
    const { v, g, skus } = await itemWithSkus(ctx, input.goodsId);
    const [goods, ranks, prices] = await readTogether(ctx.db, [
      () => listItem(ctx.db, v, g.id),
      () => ranksOf(ctx.db, v.boId),
      () => priceRepo.memberPricesOf(ctx.db, [g.id]),
    ]);
    return { goods, skus: skus.map(skuBrief), ranks, prices: prices.map(({ goodsId: _, ...p }) => p) };
  },

  async saveGoodsMemberPrice(input: In<"saveGoodsMemberPrice">, ctx: Ctx): Promise<Out<"saveGoodsMemberPrice">> {
    const { v, g, skuById } = await itemWithSkus(ctx, input.goodsId, true);
    const ranks = new Set((await ranksOf(ctx.db, v.boId)).map((r) => r.id));
    const issues = new Issues();
    const seen = new Set<string>();
    input.prices.forEach((p, i) => {
      const sku = skuById.get(p.skuId);
      if (!sku) issues.add(`prices.${i}.skuId`, R.notOwnSku);
      if (!ranks.has(p.rankId)) issues.add(`prices.${i}.rankId`, R.notOwnRank);
      if (seen.has(`${p.skuId}|${p.rankId}`)) issues.add(`prices.${i}.rankId`, fieldRefusals.listedTwice);
      seen.add(`${p.skuId}|${p.rankId}`);
      if (sku && p.price >= sku.price) issues.add(`prices.${i}.price`, R.memberPriceNotBelow);
    });
    issues.throwIfAny();
    await priceRepo.replaceMemberPrices(ctx.db, v.boId, g.id, input.prices);
    await repo.updateGoods(ctx.db, g.id, {});
    return (await priceRepo.memberPricesOf(ctx.db, [g.id])).map(({ goodsId: _, ...p }) => p);
  },

  async delGoodsMemberPrice(input: In<"delGoodsMemberPrice">, ctx: Ctx): Promise<null> {
    const { g } = await itemWithSkus(ctx, input.goodsId, true);
    await priceRepo.deleteMemberPrices(ctx.db, g.id);
    return null;
  },

  async selGoodsListByMember(input: In<"selGoodsListByMember">, ctx: Ctx): Promise<Out<"selGoodsListByMember">> {
    const v = viewOf(ctx);
    const where = priceRepo.both(
      repo.goodsWhere(v.boId, { keyword: input.keyword, categoryId: input.categoryId }),
      priceRepo.withMemberPrices(v.boId, input.rankId),
    );
    return pageOf(ctx.db, input, repo.goodsCountSource(where), async (limit, offset) => {
      const rows = await repo.listPage(ctx.db, where, v.today, limit, offset);
      const [items, sums] = await Promise.all([
        listItems(ctx.db, v, rows),
        priceRepo.memberPriceSummaries(
          ctx.db,
          rows.map((r) => r.g.id),
        ),
      ]);
      return items.map((item) => {
        const s = sums.get(item.id);
        return { ...item, memberPriceCount: s?.n ?? 0, ranks: s?.ranks ?? [], lowestMemberPrice: s?.lowest ?? 0 };
      });
    });
  },

  async selGoodsLadderList(input: In<"selGoodsLadderList">, ctx: Ctx): Promise<Out<"selGoodsLadderList">> {
    const v = viewOf(ctx);
    const where = priceRepo.both(
      repo.goodsWhere(v.boId, { keyword: input.keyword, categoryId: input.categoryId }),
      priceRepo.withLadders(v.boId),
    );
    return pageOf(ctx.db, input, repo.goodsCountSource(where), async (limit, offset) => {
      const rows = await repo.listPage(ctx.db, where, v.today, limit, offset);
      const [items, sums] = await Promise.all([
        listItems(ctx.db, v, rows),
        priceRepo.ladderSummaries(
          ctx.db,
          rows.map((r) => r.g.id),
        ),
      ]);
      return items.map((item) => ({
        ...item,
        ladderSkuCount: sums.get(item.id)?.n ?? 0,
        lowestLadderPrice: sums.get(item.id)?.lowest ?? 0,
      }));
    });
  },

  async selGoodsLadderById(input: In<"selGoodsLadderById">, ctx: Ctx): Promise<Out<"selGoodsLadderById">> {
    const { v, g, skus } = await itemWithSkus(ctx, input.goodsId);
    const [goods, ladders] = await Promise.all([listItem(ctx.db, v, g.id), priceRepo.laddersOf(ctx.db, [g.id])]);
    const by = new Map(ladders.map((l) => [l.skuId, l.tiers]));
    return { goods, skus: skus.map((s) => ({ ...skuBrief(s), tiers: by.get(s.id) ?? [] })) };
  },

  async saveGoodsLadderPrice(input: In<"saveGoodsLadderPrice">, ctx: Ctx): Promise<Out<"saveGoodsLadderPrice">> {
    const { v, g, skuById } = await itemWithSkus(ctx, input.goodsId, true);
    const issues = new Issues();
    const seen = new Set<string>();
    input.skus.forEach((l, i) => {
      const sku = skuById.get(l.skuId);
      if (!sku) issues.add(`skus.${i}.skuId`, R.notOwnSku);
      else if (seen.has(l.skuId)) issues.add(`skus.${i}.skuId`, fieldRefusals.listedTwice);
      seen.add(l.skuId);
      const problem = sku ? ladderProblem(l.tiers, sku.price) : null;
      if (problem?.problem === "minQuantityNotAscending") issues.add(`skus.${i}.tiers.${problem.index}.minQuantity`, R.ladderMinQuantity);
      if (problem?.problem === "priceNotDescending") issues.add(`skus.${i}.tiers.${problem.index}.price`, R.ladderPriceDescending);
      if (problem?.problem === "notBelowPrice") issues.add(`skus.${i}.tiers.${problem.index}.price`, R.ladderBelowPrice);
    });
    issues.throwIfAny();
    await priceRepo.replaceLadders(ctx.db, v.boId, g.id, input.skus);
    await repo.updateGoods(ctx.db, g.id, {});
    return (await priceRepo.laddersOf(ctx.db, [g.id])).map(({ skuId, tiers }) => ({ skuId, tiers }));
  },

  async delGoodsLadderPrice(input: In<"delGoodsLadderPrice">, ctx: Ctx): Promise<null> {
    const { g } = await itemWithSkus(ctx, input.goodsId, true);
    await priceRepo.deleteLadders(ctx.db, g.id);
    return null;
  },

  async selGoodsPromotion(input: In<"selGoodsPromotion">, ctx: Ctx): Promise<Out<"selGoodsPromotion">> {
    const { v, g, skus } = await itemWithSkus(ctx, input.goodsId);
    const [ranks, prices, ladders, promotions] = await Promise.all([
      ranksOf(ctx.db, v.boId),
      priceRepo.memberPricesOf(ctx.db, [g.id]),
      priceRepo.laddersOf(ctx.db, [g.id]),
      promoted.promotionsOf(ctx.db, v.boId, g.id),
    ]);
    const rankName = new Map(ranks.map((r) => [r.id, r.name]));
    const ladderBy = new Map(ladders.map((l) => [l.skuId, l.tiers]));
    return {
      goodsId: g.id,
      skus: skus.map((s) => ({
        skuId: s.id,
        specValues: s.specValues,
        price: s.price,
        memberPrices: prices
          .filter((p) => p.skuId === s.id)
          .map((p) => ({ rankId: p.rankId, rankName: rankName.get(p.rankId) ?? "", price: p.price })),
        ladder: ladderBy.get(s.id) ?? [],
      })),
      // The live promotions (running or not started) holding the item, through the PromotedGoods port.
      promotions,
    };
  },

  /** selGoodsById/v2: the detail with member prices, ladders and the sellable batches. */
  async selGoodsByIdV2(input: In<"selGoodsByIdV2">, ctx: Ctx): Promise<Out<"selGoodsByIdV2">> {
    const { id } = input;
    const v = viewOf(ctx);
    const detail = await detailOrMissing(ctx.db, v, id);
    const [prices, ladders, sellable] = await Promise.all([
      priceRepo.memberPricesOf(ctx.db, [id]),
      priceRepo.laddersOf(ctx.db, [id]),
      detail.fresh ? sellableBatches(ctx, id) : Promise.resolve([]),
    ]);
    return {
      ...detail,
      memberPrices: prices.map(({ goodsId: _, ...p }) => p),
      ladders: ladders.map(({ skuId, tiers }) => ({ skuId, tiers })),
      batches: sellable,
    };
  },
});
