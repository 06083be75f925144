import {
  type Call,
  type contract,
  MAX_PROMOTION_DAYS,
  type OutputOf,
  type ParsedInputOf,
  type PromotionDetail,
  type PromotionItem,
  type PromotionKind,
  type PromotionState,
  promotionRefusals as R,
} from "@sbo/contract";
import { iso } from "../../platform/days";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { notFound, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import { sellableSkus, sellableSkusOfGoods } from "../goods/goods.port";
import { Issues } from "../goods/goods-checks.service";
import { exportList } from "./promotion.export";
import { lockFor } from "./promotion.machine";
import * as repo from "./promotion.repository";

/*
 * Promotions (docs/domains/promotion.md). Every save holds the seller's promotions (an advisory lock) before it reads
 * what overlaps, so two saves putting one SKU in overlapping promotions run one after the other and the second is
 * refused. A change locks the promotion row and checks its state (promotion.machine.ts).
 */

type P = typeof contract.promotion;
type In<K extends keyof P> = P[K] extends Call ? ParsedInputOf<P[K]> : never;
type Out<K extends keyof P> = P[K] extends Call ? OutputOf<P[K]> : never;
/** A minute's grace: the picker works in minutes. */
const GRACE_MS = 60_000;

/** The price of a SKU under a promotion: percent off rounds down to the cent. */
export const promotionPriceOf = (kind: string, percentOff: number | null, skuPrice: number, price: number | null): number =>
  kind === "percent" ? Math.floor((skuPrice * (100 - (percentOff ?? 0))) / 100) : Math.min(price ?? skuPrice, skuPrice);

function itemOf(r: repo.PromotionRow): PromotionItem {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind as PromotionKind,
    percentOff: r.percent_off,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    perBuyerLimit: r.per_buyer_limit,
    state: r.state as PromotionState,
    goodsCount: Number(r.goods_count),
    skuCount: Number(r.sku_count),
    cancelledAt: r.cancelled_at ? iso(r.cancelled_at) : null,
    createdAt: iso(r.created_at),
  };
}

async function detailOf(db: Executor, boId: string, id: string): Promise<PromotionDetail> {
  const row = await repo.findRow(db, boId, id);
  if (!row) throw notFound(R.notFound);
  const skus = await repo.skusOf(db, id);
  return {
    ...itemOf(row),
    skus: skus.map((s) => ({
      skuId: s.sku_id,
      goodsId: s.goods_id,
      goodsName: s.goods_name,
      specValues: s.spec_values,
      price: Number(s.sku_price),
      promotionPrice: promotionPriceOf(row.kind, row.percent_off, Number(s.sku_price), s.price === null ? null : Number(s.price)),
    })),
  };
}

interface Wanted {
  id?: string | undefined;
  name: string;
  startsAt: string;
  endsAt: string;
  perBuyerLimit: number | null;
  kind: PromotionKind;
  percentOff: number | null;
  /** The SKUs with their promotion price (null: percent off), and the input field each came from. */
  skus: { goodsId: string; skuId: string; price: number | null; field: string }[];
}

/** The promotion's SKUs as chosen: the seller's on-shelf ordinary items' live SKUs, each once. */
async function resolveSkus(
  ctx: Ctx,
  boId: string,
  input: In<"addOrUpdatePromotionInfo"> | In<"addOrUpdatePromotionBySpec">,
  issues: Issues,
) {
  const out: Wanted["skus"] = [];
  if ("goodsIds" in input) {
    const found = await sellableSkusOfGoods(ctx.db, boId, input.goodsIds);
    const seen = new Set<string>();
    for (const [i, goodsId] of input.goodsIds.entries()) {
      const field = `goodsIds.${i}`;
      const skus = found.filter((s) => s.goods_id === goodsId);
      if (seen.has(goodsId)) issues.add(field, R.duplicate);
      else if (skus.length === 0) issues.add(field, R.goodsNotOnShelf);
      else for (const s of skus) out.push({ goodsId, skuId: s.sku_id, price: null, field });
      seen.add(goodsId);
    }
  } else {
    const found = new Map(
      (
        await sellableSkus(
          ctx.db,
          boId,
          input.skus.map((s) => s.skuId),
        )
      ).map((s) => [s.sku_id, s]),
    );
    const seen = new Set<string>();
    for (const [i, want] of input.skus.entries()) {
      const field = `skus.${i}.skuId`;
      const sku = found.get(want.skuId);
      if (seen.has(want.skuId)) issues.add(field, R.duplicate);
      else if (!sku) issues.add(field, R.skuNotFound);
      else if (want.price >= Number(sku.price)) issues.add(`skus.${i}.price`, R.priceNotBelow, { price: Number(sku.price) });
      else out.push({ goodsId: sku.goods_id, skuId: sku.sku_id, price: want.price, field });
      seen.add(want.skuId);
    }
  }
  return out;
}

const sameSkus = (a: { skuId: string; price: number | null }[], b: { skuId: string; price: number | null }[]) => {
  if (a.length !== b.length) return false;
  const by = new Map(a.map((s) => [s.skuId, s.price]));
  return b.every((s) => by.has(s.skuId) && by.get(s.skuId) === s.price);
};

async function save(input: In<"addOrUpdatePromotionInfo"> | In<"addOrUpdatePromotionBySpec">, ctx: Ctx): Promise<PromotionDetail> {
  const me = ctx.me();
  const boId = me.boId;
  const now = Date.now();
  const kind: PromotionKind = "goodsIds" in input ? "percent" : "price";
  const percentOff = "percentOff" in input ? input.percentOff : null;
  await repo.holdSellerPromotions(ctx.db, boId);
  const current = input.id ? await lockFor(ctx.db, { boId, id: input.id }, "edit") : null;

  const issues = new Issues();
  const startsAt = Date.parse(input.startsAt);
  const endsAt = Date.parse(input.endsAt);
  if (endsAt <= now) issues.add("endsAt", R.endInPast);
  if (endsAt - startsAt > MAX_PROMOTION_DAYS * 86_400_000) issues.add("endsAt", R.tooLong, { days: MAX_PROMOTION_DAYS });
  if (current?.state !== "running" && startsAt < now - GRACE_MS) issues.add("startsAt", R.startInPast);
  const skus = await resolveSkus(ctx, boId, input, issues);
  issues.throwIfAny();

  if (current?.state === "running") {
    // Running: the goods, prices, start and limit stay as they are; only the name and the end may change.
    const row = await repo.findRow(ctx.db, boId, current.id);
    const existing = await repo.skusOf(ctx.db, current.id);
    const unchanged =
      row &&
      row.kind === kind &&
      row.percent_off === percentOff &&
      row.per_buyer_limit === input.perBuyerLimit &&
      Math.abs(new Date(row.starts_at).getTime() - startsAt) < 1000 &&
      sameSkus(
        existing.map((s) => ({ skuId: s.sku_id, price: s.price === null ? null : Number(s.price) })),
        skus,
      );
    if (!unchanged) throw stateForbids(R.runningFixed);
  }

  const clash = await repo.overlapping(
    ctx.db,
    boId,
    skus.map((s) => s.skuId),
    { from: input.startsAt, to: input.endsAt },
    current?.id ?? null,
  );
  if (clash.length > 0) {
    for (const c of clash) {
      const field = skus.find((s) => s.skuId === c.sku_id)?.field ?? "skus";
      if (!issues.list.some((i) => i.path === field)) issues.add(field, R.overlaps, { name: c.name });
    }
    issues.throwIfAny();
  }

  const fields = {
    name: input.name,
    kind,
    percentOff,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    perBuyerLimit: input.perBuyerLimit,
  };
  let id: string;
  if (current?.state === "running") {
    id = current.id;
    await repo.updatePromotion(ctx.db, boId, id, { name: input.name, endsAt: new Date(input.endsAt) });
  } else if (current) {
    id = current.id;
    await repo.updatePromotion(ctx.db, boId, id, fields);
    await repo.replaceSkus(ctx.db, boId, id, skus);
  } else {
    id = await repo.insertPromotion(ctx.db, { ...fields, boId, shopId: me.shop?.id ?? "", createdBy: me.memberId });
    await repo.replaceSkus(ctx.db, boId, id, skus);
  }
  return detailOf(ctx.db, boId, id);
}

export const promotionService = {
  async queryList(input: In<"queryList">, ctx: Ctx): Promise<Out<"queryList">> {
    const where = repo.listWhere(ctx.me().boId, input);
    const [rows, total] = await Promise.all([repo.listPage(ctx.db, where, input.pageSize, offsetOf(input)), repo.listCount(ctx.db, where)]);
    return { list: rows.map(itemOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
  exportList,
  selPronmotionById: (input: In<"selPronmotionById">, ctx: Ctx) => detailOf(ctx.db, ctx.me().boId, input.id),
  addOrUpdatePromotionInfo: (input: In<"addOrUpdatePromotionInfo">, ctx: Ctx) => save(input, ctx),
  addOrUpdatePromotionBySpec: (input: In<"addOrUpdatePromotionBySpec">, ctx: Ctx) => save(input, ctx),
  /** Not started: cancelled (kept, its SKUs freed). Running: ended now. */
  async delPromotionInfo(input: In<"delPromotionInfo">, ctx: Ctx): Promise<Out<"delPromotionInfo">> {
    const boId = ctx.me().boId;
    const row = await lockFor(ctx.db, { boId, id: input.id }, "cancel");
    if (row.state === "notStarted") await repo.updatePromotion(ctx.db, boId, row.id, { cancelledAt: new Date() });
    else await repo.endNow(ctx.db, boId, row.id);
    const saved = await repo.findRow(ctx.db, boId, row.id);
    if (!saved) throw notFound(R.notFound);
    return itemOf(saved);
  },
};

// ---- what other domains take (through their ports) ----

/** The running promotion price of each of the seller's SKUs among `skuIds` (for checkout's adjuster). */
export async function runningPromotionPrices(db: Executor, boId: string, skuIds: string[]) {
  const rows = await repo.runningPrices(db, boId, skuIds);
  return rows.map((r) => ({
    promotionId: r.promotion_id,
    name: r.name,
    skuId: r.sku_id,
    /** The unit price under the promotion, given the price the buyer would pay otherwise. */
    priceFrom: (unitPrice: number) => promotionPriceOf(r.kind, r.percent_off, unitPrice, r.price === null ? null : Number(r.price)),
    perBuyerLimit: r.per_buyer_limit,
    startsAt: iso(r.starts_at),
  }));
}

/** Goods' PromotedGoods port: which items are in a live promotion, and which promotions hold an item. */
export const promotedGoods = {
  goodsIdsInPromotion: repo.goodsInLivePromotion,
  promotionsOf: (db: Executor, boId: string, goodsId: string) =>
    repo.livePromotionsOfGoods(db, boId, goodsId).then((rows) => rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind }))),
};
