import { NEAR_EXPIRY_DAYS, goodsRefusals as R } from "@sbo/contract";
import { desc } from "drizzle-orm";
import { addDays } from "../../platform/days";
import { type Executor, readTogether } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { decodeTimeCursor, encodeTimeCursor, offsetOf, pageOf } from "../../platform/http/paging";
import { pickupPointCount } from "../address/address.port";
import { fileRefs } from "../reference/reference.service";
import { selfPickupOn } from "../shop/shop.port";
import { exportGoodsList } from "./goods.export";
import * as repo from "./goods.repository";
import { type In, type Out, viewOf } from "./goods.service";
import { goods as goodsTable } from "./goods.tables";
import { listItems } from "./goods.view";
import type { PromotedGoods } from "./promoted-goods.port";

/* The goods lists (the manage list with its tabs and cursor, pages, pickers) and the calls under /api/trading/goods/. */

/**
 * Every tab's count: without filters, the counts kept by the database's triggers and the near-expiry count from the
 * batch index (two indexed reads, however many items); with filters, one grouped count over the filtered items.
 */
async function tabCounts(db: Executor, boId: string, base: repo.GoodsFilters, near: { from: string; to: string }) {
  const filtered = Object.entries(base).some(([k, value]) => k !== "kind" && value !== undefined);
  if (filtered) return repo.statusCounts(db, repo.goodsWhere(boId, base), boId, near);
  const [kept, nearExpiry] = await Promise.all([repo.keptStatusCounts(db, boId, "goods"), repo.nearExpiryCount(db, boId, "goods", near)]);
  return { all: kept.on + kept.off + kept.draft, ...kept, nearExpiry };
}

async function manageList(input: In<"selGoodsListByDefaultShop">, ctx: Ctx): Promise<Out<"selGoodsListByDefaultShop">> {
  const v = viewOf(ctx);
  const near = { from: v.today, to: addDays(v.today, NEAR_EXPIRY_DAYS) };
  const base: repo.GoodsFilters = {
    kind: "goods",
    listingType: input.listingType,
    keyword: input.keyword,
    categoryId: input.categoryId,
    priceMin: input.priceMin,
    priceMax: input.priceMax,
    stockBelow: input.stockBelow,
    fresh: input.fresh,
  };
  const tab: repo.GoodsFilters = input.tab === "nearExpiry" ? { expiring: near } : input.tab === "all" ? {} : { status: input.tab };
  const cursor = decodeTimeCursor(input.cursor);
  const where = repo.goodsWhere(v.boId, { ...base, ...tab });
  const [rows, counts] = await Promise.all([
    repo.listPage(ctx.db, repo.pastCursor(where, cursor), v.today, input.pageSize + 1, cursor ? 0 : offsetOf(input)),
    tabCounts(ctx.db, v.boId, base, near),
  ]);
  const more = rows.length > input.pageSize;
  const pageRows = rows.slice(0, input.pageSize);
  const last = pageRows[pageRows.length - 1];
  return {
    list: await listItems(ctx.db, v, pageRows),
    total: input.tab === "nearExpiry" ? counts.nearExpiry : counts[input.tab],
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    counts,
    nextCursor: more && last ? encodeTimeCursor(last.cursorAt, last.g.id) : null,
  };
}

/** A plain page of items (bounded count, bounded offset). */
export async function simplePage(ctx: Ctx, input: { pageNum: number; pageSize: number }, filters: repo.GoodsFilters) {
  const v = viewOf(ctx);
  const where = repo.goodsWhere(v.boId, filters);
  return pageOf(ctx.db, input, repo.goodsCountSource(where), async (limit, offset) =>
    listItems(ctx.db, v, await repo.listPage(ctx.db, where, v.today, limit, offset)),
  );
}

async function infoListWithSkus(input: In<"selGoodsInfoListByDefaultShop">, ctx: Ctx): Promise<Out<"selGoodsInfoListByDefaultShop">> {
  // The member and ladder price screens pick from these: goods only, never a service.
  const page = await simplePage(ctx, input, {
    kind: "goods",
    listingType: "goods",
    keyword: input.keyword,
    categoryId: input.categoryId,
    ...(input.status ? { status: input.status } : { statuses: ["on", "off"] }),
  });
  const skus = await repo.skusOfMany(
    ctx.db,
    page.list.map((g) => g.id),
  );
  const by = new Map<string, repo.SkuRow[]>();
  for (const s of skus) by.set(s.goodsId, [...(by.get(s.goodsId) ?? []), s]);
  return {
    ...page,
    list: page.list.map((g) => ({
      ...g,
      skus: (by.get(g.id) ?? []).map((s) => ({ id: s.id, specValues: s.specValues, price: s.price, stock: s.stock, code: s.code })),
    })),
  };
}

async function byParam(input: In<"selGoodsByParam">, ctx: Ctx): Promise<Out<"selGoodsByParam">> {
  const v = viewOf(ctx);
  const where = repo.goodsWhere(v.boId, { ids: input.ids, keyword: input.keyword, kind: input.kind, status: input.status });
  const rows = await repo.listOrdered(ctx.db, where, v.today, [desc(goodsTable.updatedAt), desc(goodsTable.id)], input.limit);
  return listItems(ctx.db, v, rows);
}

/** The organisation's live items by id, as list items (newest change first), for the catalogue's pages of goods. */
export async function goodsItemsByIds(ctx: Ctx, ids: string[]): Promise<Out<"selGoodsByParam">> {
  if (ids.length === 0) return [];
  const v = viewOf(ctx);
  const rows = await repo.listOrdered(
    ctx.db,
    repo.goodsWhere(v.boId, { ids }),
    v.today,
    [desc(goodsTable.updatedAt), desc(goodsTable.id)],
    ids.length,
  );
  return listItems(ctx.db, v, rows);
}

async function recommended(input: In<"selGoodRecommendByShopId">, ctx: Ctx): Promise<Out<"selGoodRecommendByShopId">> {
  const v = viewOf(ctx);
  const rows = await repo.listOrdered(
    ctx.db,
    repo.goodsWhere(v.boId, { status: "on", listingType: "goods" }),
    v.today,
    [desc(goodsTable.sales), desc(goodsTable.updatedAt), desc(goodsTable.id)],
    input.limit,
  );
  return listItems(ctx.db, v, rows);
}

async function skuPicks(
  ctx: Ctx,
  input: { pageNum: number; pageSize: number; keyword?: string | undefined; categoryId?: string | undefined },
  gifts: boolean,
) {
  const v = viewOf(ctx);
  const where = repo.skuPickWhere(v.boId, { keyword: input.keyword, categoryId: input.categoryId, gifts });
  return pageOf(ctx.db, input, repo.skuPickCountSource(where), async (limit, offset) => {
    const rows = await repo.skuPickPage(ctx.db, where, limit, offset);
    const files = await fileRefs(
      ctx.db,
      v.boId,
      rows.map((r) => r.images[0]),
    );
    return rows.map(({ images, status, ...r }) => ({
      ...r,
      status: status as "draft" | "on" | "off",
      mainImage: (images[0] && files.get(images[0])) || null,
    }));
  });
}

async function supportLogistics(_input: unknown, ctx: Ctx): Promise<Out<"selSupportLogistics">> {
  const v = viewOf(ctx);
  const [points, pickupOn] = await readTogether(ctx.db, [() => pickupPointCount(ctx.db, v.boId), () => selfPickupOn(ctx.db, v.shopId)]);
  const pickupReason = !pickupOn ? R.selfPickupOff.reason : points === 0 ? R.noPickupPoint.reason : null;
  return [
    { mode: "express", available: true, reason: null },
    { mode: "cityDelivery", available: true, reason: null },
    { mode: "selfPickup", available: pickupReason === null, reason: pickupReason },
  ];
}

/** The calls under /api/trading/goods/ that are not a seller call under a second path. */
export const goodsPublicService = {
  async selBaseGoodsStatus(_input: unknown, ctx: Ctx) {
    const v = viewOf(ctx);
    return tabCounts(ctx.db, v.boId, { kind: "goods" }, { from: v.today, to: addDays(v.today, NEAR_EXPIRY_DAYS) });
  },
  async selGoodsNumByTypeAndCate(input: { status?: "draft" | "on" | "off" | undefined }, ctx: Ctx) {
    const { byKind, byTop } = await repo.countsByKindAndTop(ctx.db, viewOf(ctx).boId, input.status);
    return { byKind: byKind.map((k) => ({ kind: k.kind as "goods" | "package", count: k.count })), byCategory: byTop };
  },
  selBoListByCategory: (input: { categoryId: string; limit: number }, ctx: Ctx) =>
    repo.sellersWithGoods(ctx.db, repo.ofCategory(input.categoryId), input.limit),
  async selBoListByParam(input: { keyword: string; pageNum: number; pageSize: number }, ctx: Ctx) {
    const where = repo.ofSellerNamed(input.keyword);
    const [list, total] = await Promise.all([
      repo.sellersWithGoods(ctx.db, where, input.pageSize, offsetOf(input), true),
      repo.sellersWithGoodsCount(ctx.db, where),
    ]);
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
};

/** The item lists and pickers; `promoted` tells which items a promotion holds (the PromotedGoods port). */
export const createGoodsListService = (promoted: PromotedGoods) => ({
  selGoodsListByDefaultShop: manageList,
  exportGoodsList: (input: In<"exportGoodsList">, ctx: Ctx) => exportGoodsList(ctx, viewOf(ctx), input),
  selGoodsInfoListByDefaultShop: infoListWithSkus,
  selGoodsInfoByPage: (input: In<"selGoodsInfoByPage">, ctx: Ctx) =>
    simplePage(ctx, input, {
      keyword: input.keyword,
      categoryId: input.categoryId,
      status: input.status,
      kind: input.kind,
      listingType: input.listingType,
    }),
  selNotPromotionGoodsList: (input: In<"selNotPromotionGoodsList">, ctx: Ctx) =>
    simplePage(ctx, input, {
      kind: "goods",
      listingType: "goods",
      status: "on",
      keyword: input.keyword,
      categoryId: input.categoryId,
      notIn: promoted.goodsIdsInPromotion(viewOf(ctx).boId),
    }),
  selGoodsByParam: byParam,
  selGoodRecommendByShopId: recommended,
  selAllowPackageByDefaultShop: (input: In<"selAllowPackageByDefaultShop">, ctx: Ctx) => skuPicks(ctx, input, false),
  selGifGoodsList: (input: In<"selGifGoodsList">, ctx: Ctx) => skuPicks(ctx, input, true),
  selSupportLogistics: supportLogistics,
});
