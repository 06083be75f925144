import {
  codes,
  type contract,
  fieldRefusals,
  NEAR_EXPIRY_DAYS,
  type OutputOf,
  type ParsedInputOf,
  goodsRefusals as R,
  SHELF_UNDO_MINUTES,
} from "@sbo/contract";
import { desc, type SQL, sql } from "drizzle-orm";
import { addDays, todayIn } from "../../platform/days";
import { type Executor, readTogether } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../platform/http/errors";
import { offsetOf, pageOf } from "../../platform/http/paging";
import { pickupPointCount } from "../address/address.port";
import { areaRefs, fileRefs } from "../reference/reference.service";
import { selfPickupOn } from "../shop/shop.port";
import * as batchRepo from "./batches.repository";
import { exportGoodsList } from "./goods.export";
import * as repo from "./goods.repository";
import { comboKey } from "./goods.rules";
import { goods as goodsTable } from "./goods.tables";
import { detailOf, listItem, listItems, type ViewContext } from "./goods.view";
import { checkAttrs, checkCategoryAndUnit, checkMedia, Issues, sanitizedDescription } from "./goods-checks.service";
import type { PromotedGoods } from "./promoted-goods.port";
import { notReadyField } from "./shelf.rules";

type G = typeof contract.goods;
export type In<K extends keyof G> = ParsedInputOf<G[K]>;
export type Out<K extends keyof G> = OutputOf<G[K]>;
type GoodsInput = In<"publishGoodsAndStatusOn"> & { draft?: boolean };

/**
 * The freight templates goods may name: a port the catalogue domain (a higher one) hands in through `app.ts`, so that
 * goods never imports it. The foreign key on (bo_id, freight_template_id) keeps the data right whatever happens; the
 * port gives the seller a 400 naming the field, with the form's other problems, and holds the template until the save
 * commits, so a concurrent delete of the template waits and then counts this item.
 */
export interface FreightTemplates {
  /** Whether the organisation owns the template, held (FOR KEY SHARE) for the rest of the transaction. */
  holds(db: Executor, boId: string, id: string): Promise<boolean>;
}

/** How many live goods items name each template (the catalogue refuses to delete a template in use). */
export const goodsUsingFreightTemplates = (db: Executor, boId: string, templateIds: string[]) =>
  repo.freightTemplateUse(db, boId, templateIds);

/** The caller's organisation, shop and "today" (the shop's date). */
export function viewOf(ctx: Ctx): ViewContext & { shopId: string; memberId: string } {
  const me = ctx.me();
  return { boId: me.boId, today: todayIn(me.timeZone), shopId: me.shop?.id ?? "", memberId: me.memberId };
}

export async function detailOrMissing(db: Executor, v: ViewContext, id: string): Promise<Out<"selGoodsById">> {
  const d = await detailOf(db, v, id);
  if (!d) throw notFound(R.notFound);
  return d;
}

// ---------------------------------------------------------------------------------------------------
// Publishing and editing

/** The DB checks of an item's input; throws one 400 naming every field found wrong. */
async function checkGoodsInput(
  db: Executor,
  boId: string,
  input: GoodsInput,
  publish: boolean,
  goodsId: string | null,
  freight: FreightTemplates,
) {
  const issues = new Issues();
  if (input.freightTemplateId && !(await freight.holds(db, boId, input.freightTemplateId)))
    issues.add("freightTemplateId", R.freightTemplateNotOwn);
  if (input.serviceAreas.length) {
    // Provinces and cities of the platform's areas (the contract keeps out districts by their code).
    const known = await areaRefs(db, input.serviceAreas);
    input.serviceAreas.forEach((code, i) => {
      if ((known.get(code)?.codes.length ?? 3) > 2) issues.add(`serviceAreas.${i}`, R.serviceAreaUnknown);
    });
  }
  const category = await checkCategoryAndUnit(db, issues, input);
  await checkMedia(db, boId, issues, input);
  await checkAttrs(db, issues, category?.path.map((c) => c.id) ?? [], input.attrs, publish);
  const codes = input.skus.flatMap((s) => (s.code ? [s.code.toLowerCase()] : []));
  const taken = await repo.codesTaken(db, boId, codes, goodsId);
  input.skus.forEach((s, i) => {
    if (s.code && taken.has(s.code.toLowerCase())) issues.add(`skus.${i}.code`, R.skuCodeTaken);
  });
  const traceIds = input.skus.flatMap((s) => s.batches.flatMap((b) => (b.traceId ? [b.traceId] : [])));
  if (traceIds.length) {
    const own = goodsId ? await batchRepo.traceIdsOf(db, boId, goodsId) : new Set<string>();
    input.skus.forEach((s, i) => {
      s.batches.forEach((b, j) => {
        if (b.traceId && !own.has(b.traceId)) issues.add(`skus.${i}.batches.${j}.traceId`, R.notOwnTrace);
      });
    });
  }
  issues.throwIfAny();
}

/**
 * Writes the SKU grid of an item: rows whose spec values already exist keep their id (so stock, batches and prices
 * stay), new combinations are added with their first batches (fresh goods), the rest are retired. Then the stock of
 * fresh SKUs is rewritten from their batches and the item's price range and total from its SKUs.
 */
async function writeSkus(db: Executor, v: ViewContext, goodsId: string, input: GoodsInput, existing: repo.SkuRow[]) {
  const byKey = new Map(existing.map((s) => [comboKey(s.specValues), s]));
  const wanted = new Set(input.skus.map((s) => comboKey(s.specValues)));
  await repo.retireSkus(
    db,
    existing.filter((s) => !wanted.has(comboKey(s.specValues))).map((s) => s.id),
  );
  const fresh: string[] = [];
  const added: { sort: number; batches: GoodsInput["skus"][number]["batches"] }[] = [];
  const toInsert: Parameters<typeof repo.insertSkus>[1] = [];
  for (const [sort, s] of input.skus.entries()) {
    const values = {
      price: s.price,
      marketPrice: s.marketPrice,
      costPrice: s.costPrice,
      code: s.code || null,
      barcode: s.barcode || null,
      weightG: s.weightG,
      volumeCm3: s.volumeCm3,
      sort,
    };
    const old = byKey.get(comboKey(s.specValues));
    if (old) {
      const patch: Partial<repo.SkuRow> = {};
      for (const [k, value] of Object.entries(values) as [keyof typeof values, unknown][])
        if (old[k] !== value) Object.assign(patch, { [k]: value });
      if (!input.fresh && old.stock !== s.stock) patch.stock = s.stock;
      if (Object.keys(patch).length) await repo.updateSku(db, old.id, patch);
      if (input.fresh) fresh.push(old.id);
    } else {
      toInsert.push({ ...values, boId: v.boId, goodsId, specValues: s.specValues, stock: input.fresh ? 0 : s.stock });
      added.push({ sort, batches: s.batches });
    }
  }
  const inserted = await repo.insertSkus(db, toInsert);
  if (input.fresh) {
    const bySort = new Map(inserted.map((s) => [s.sort, s.id]));
    await batchRepo.insertBatches(
      db,
      added.flatMap(({ sort, batches }) =>
        batches.map((b) => ({
          boId: v.boId,
          goodsId,
          skuId: bySort.get(sort) ?? "",
          batchNo: b.batchNo,
          quantity: b.quantity,
          left: b.quantity,
          productionDate: b.productionDate,
          expiresOn: b.expiresOn,
          traceId: b.traceId,
        })),
      ),
    );
    fresh.push(...inserted.map((s) => s.id));
    await batchRepo.refreshFreshStock(db, fresh, v.today);
  }
  await repo.refreshAggregates(db, goodsId);
}

/** Publish (new) or edit (`id`) an item, optionally putting it on shelf, in the call's one transaction. */
async function saveGoods(
  ctx: Ctx,
  input: GoodsInput,
  opts: { id?: string; on: boolean },
  freight: FreightTemplates,
): Promise<Out<"publishGoods">> {
  const v = viewOf(ctx);
  const db = ctx.db;
  const row = opts.id ? await repo.findGoods(db, v.boId, opts.id, true) : undefined;
  if (opts.id && !row) throw notFound(R.notFound);
  if (row?.kind === "package") throw refuse(codes.NOT_FOUND, R.aPackage);
  if (row && row.listingType !== input.listingType) throw badField("listingType", R.listingTypeFixed);
  const draft = !opts.on && input.draft === true;
  if (row && row.status !== "draft" && draft) throw stateForbids(R.publishedNotDraft, { name: row.name });
  await checkGoodsInput(db, v.boId, input, !draft, row?.id ?? null, freight);
  const status = opts.on ? "on" : draft ? "draft" : row && row.status !== "draft" ? row.status : "off";
  const values = {
    name: input.name,
    subtitle: input.subtitle,
    categoryId: input.categoryId,
    unitId: input.unitId,
    attrs: input.attrs,
    specs: input.specs,
    images: input.images,
    videoFileId: input.videoFileId,
    descriptionHtml: await sanitizedDescription(db, v.boId, input.descriptionHtml),
    logistics: [...new Set(input.logistics)],
    fresh: input.fresh,
    freightTemplateId: input.freightTemplateId,
    storageLocation: input.storageLocation,
    listingType: input.listingType,
    serviceAreas: [...input.serviceAreas],
    rebateBp: input.rebateBp,
    status,
    onShelfAt: status === "on" && row?.status !== "on" ? new Date() : (row?.onShelfAt ?? null),
  };
  let id: string;
  if (row) {
    await repo.updateGoods(db, row.id, values);
    id = row.id;
  } else {
    id = (await repo.insertGoods(db, { ...values, boId: v.boId, shopId: v.shopId, kind: "goods" })).id;
  }
  await writeSkus(db, v, id, input, row ? await repo.skusOf(db, id) : []);
  await repo.saveRange(db, v.boId, id, input.deliveryRange);
  return detailOrMissing(db, v, id);
}

// ---------------------------------------------------------------------------------------------------
// Shelf

/** A package may go on shelf only while each part's item is on shelf. */
async function checkPartsOnShelf(db: Executor, g: repo.GoodsRow) {
  if (g.kind !== "package") return;
  const off = (await repo.partsOf(db, [g.id])).find((p) => !p.onShelf);
  if (off) throw stateForbids(R.packagePartOffShelf, { name: g.name, part: off.goodsName });
}

async function statusOn(ctx: Ctx, id: string): Promise<Out<"updStatusOn">> {
  const v = viewOf(ctx);
  const g = await repo.findGoods(ctx.db, v.boId, id, true);
  if (!g) throw notFound(R.notFound);
  if (g.status === "on") throw stateForbids(R.alreadyOn, { name: g.name });
  if (g.status === "draft") {
    const field = await notReadyField(ctx.db, g);
    if (field) throw stateForbids(R.notReadyForShelf, { name: g.name, field, form: "goods" });
  }
  await checkPartsOnShelf(ctx.db, g);
  await repo.updateGoods(ctx.db, g.id, { status: "on", onShelfAt: new Date() });
  return listItem(ctx.db, v, g.id);
}

async function statusOut(ctx: Ctx, id: string): Promise<Out<"updStatusOut">> {
  const v = viewOf(ctx);
  const g = await repo.findGoods(ctx.db, v.boId, id, true);
  if (!g) throw notFound(R.notFound);
  if (g.status === "off") throw stateForbids(R.alreadyOff, { name: g.name });
  if (g.status === "draft") throw stateForbids(R.draftNotOnShelf, { name: g.name });
  await repo.updateGoods(ctx.db, g.id, { status: "off" });
  return listItem(ctx.db, v, g.id);
}

async function undoShelf(ctx: Ctx, batchId: string): Promise<Out<"undoBatchUpdateStatus">> {
  const v = viewOf(ctx);
  const latest = await repo.latestShelfBatch(ctx.db, v.boId, true);
  const target = latest?.id === batchId ? latest : await repo.findShelfBatchRow(ctx.db, v.boId, batchId);
  if (!target) throw notFound(R.shelfBatchNotFound);
  if (target.undoneAt) throw stateForbids(R.undoAlreadyDone);
  if (latest?.id !== target.id) throw stateForbids(R.undoNotLatest);
  if (!(await repo.shelfBatchYoung(ctx.db, target.id, SHELF_UNDO_MINUTES)))
    throw stateForbids(R.undoExpired, { minutes: SHELF_UNDO_MINUTES });
  const byFrom = new Map<string, string[]>();
  for (const c of target.changes) byFrom.set(c.from, [...(byFrom.get(c.from) ?? []), c.id]);
  const restored: string[] = [];
  for (const [from, ids] of byFrom)
    restored.push(...(await repo.moveStatus(ctx.db, v.boId, ids, [target.direction], from)).map((m) => m.id));
  await repo.markShelfBatchUndone(ctx.db, target.id);
  const back = new Set(restored);
  return { restored, skipped: target.changes.map((c) => c.id).filter((id) => !back.has(id)) };
}

// ---------------------------------------------------------------------------------------------------
// Lists

/** PostgreSQL's text of a timestamptz (what a cursor carries). */
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString("base64url");

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof at === "string" && typeof id === "string" && CURSOR_AT.test(at) && id.length <= 40) return { at, id };
  } catch {
    // falls through to the refusal
  }
  throw badField("cursor", fieldRefusals.invalid);
}

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

async function manageList(ctx: Ctx, input: In<"selGoodsListByDefaultShop">): Promise<Out<"selGoodsListByDefaultShop">> {
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
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  const where = repo.goodsWhere(v.boId, { ...base, ...tab });
  const [rows, counts] = await Promise.all([
    repo.listPage(
      ctx.db,
      cursor ? (sql`${where} and ${repo.afterCursor(cursor.at, cursor.id)}` as SQL) : where,
      v.today,
      input.pageSize + 1,
      cursor ? 0 : offsetOf(input),
    ),
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
    nextCursor: more && last ? encodeCursor(last.cursorAt, last.g.id) : null,
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

async function infoListWithSkus(ctx: Ctx, input: In<"selGoodsInfoListByDefaultShop">): Promise<Out<"selGoodsInfoListByDefaultShop">> {
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

async function byParam(ctx: Ctx, input: In<"selGoodsByParam">): Promise<Out<"selGoodsByParam">> {
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

async function recommended(ctx: Ctx, input: In<"selGoodRecommendByShopId">): Promise<Out<"selGoodRecommendByShopId">> {
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

async function supportLogistics(ctx: Ctx): Promise<Out<"selSupportLogistics">> {
  const v = viewOf(ctx);
  const [points, pickupOn] = await readTogether(ctx.db, [() => pickupPointCount(ctx.db, v.boId), () => selfPickupOn(ctx.db, v.shopId)]);
  const pickupReason = !pickupOn ? R.selfPickupOff.reason : points === 0 ? R.noPickupPoint.reason : null;
  return [
    { mode: "express", available: true, reason: null },
    { mode: "cityDelivery", available: true, reason: null },
    { mode: "selfPickup", available: pickupReason === null, reason: pickupReason },
  ];
}

async function deleteGoods(ctx: Ctx, id: string): Promise<null> {
  const v = viewOf(ctx);
  const g = await repo.findGoods(ctx.db, v.boId, id, true);
  if (!g) throw notFound(R.notFound);
  if (g.status === "on") throw stateForbids(R.deleteOnShelf, { name: g.name });
  await repo.updateGoods(ctx.db, g.id, { deletedAt: new Date() });
  return null;
}

/** Items: publish and edit, shelf (single, batch, undo), delete, and the lists; `freight` checks the template an item names. */
/** The calls under /api/trading/goods/ that are not a seller call under a second path. */
export const goodsPublicService = {
  async selBaseGoodsStatus(ctx: Ctx) {
    const v = viewOf(ctx);
    return tabCounts(ctx.db, v.boId, { kind: "goods" }, { from: v.today, to: addDays(v.today, NEAR_EXPIRY_DAYS) });
  },
  async selGoodsNumByTypeAndCate(ctx: Ctx, input: { status?: "draft" | "on" | "off" | undefined }) {
    const { byKind, byTop } = await repo.countsByKindAndTop(ctx.db, viewOf(ctx).boId, input.status);
    return { byKind: byKind.map((k) => ({ kind: k.kind as "goods" | "package", count: k.count })), byCategory: byTop };
  },
  selBoListByCategory: (ctx: Ctx, input: { categoryId: string; limit: number }) =>
    repo.sellersWithGoods(ctx.db, repo.ofCategory(input.categoryId), input.limit),
  async selBoListByParam(ctx: Ctx, input: { keyword: string; pageNum: number; pageSize: number }) {
    const where = repo.ofSellerNamed(input.keyword);
    const [list, total] = await Promise.all([
      repo.sellersWithGoods(ctx.db, where, input.pageSize, offsetOf(input), true),
      repo.sellersWithGoodsCount(ctx.db, where),
    ]);
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
};

export const createGoodsService = (freight: FreightTemplates, promoted: PromotedGoods) => ({
  selGoodsById: (ctx: Ctx, input: In<"selGoodsById">) => detailOrMissing(ctx.db, viewOf(ctx), input.id),
  publishGoods: (ctx: Ctx, input: In<"publishGoods">) => saveGoods(ctx, input, { on: false }, freight),
  publishGoodsAndStatusOn: (ctx: Ctx, input: In<"publishGoodsAndStatusOn">) => saveGoods(ctx, input, { on: true }, freight),
  modifyGoods: (ctx: Ctx, input: In<"modifyGoods">) => saveGoods(ctx, input, { id: input.id, on: false }, freight),
  modifyGoodsAndStatusOn: (ctx: Ctx, input: In<"modifyGoodsAndStatusOn">) => saveGoods(ctx, input, { id: input.id, on: true }, freight),
  delGoods: (ctx: Ctx, input: In<"delGoods">) => deleteGoods(ctx, input.id),
  updStatusOn: (ctx: Ctx, input: In<"updStatusOn">) => statusOn(ctx, input.id),
  updStatusOut: (ctx: Ctx, input: In<"updStatusOut">) => statusOut(ctx, input.id),
  undoBatchUpdateStatus: (ctx: Ctx, input: In<"undoBatchUpdateStatus">) => undoShelf(ctx, input.batchId),
  async selLastShelfBatch(ctx: Ctx): Promise<Out<"selLastShelfBatch">> {
    const v = viewOf(ctx);
    const row = await repo.lastUndoableShelfBatch(ctx.db, v.boId, SHELF_UNDO_MINUTES);
    if (!row) return null;
    return {
      batchId: row.b.id,
      direction: row.b.direction as "on" | "off",
      count: row.b.changes.length,
      byName: row.byName ?? "",
      at: row.b.createdAt.toISOString(),
      undoUntil: new Date(row.b.createdAt.getTime() + SHELF_UNDO_MINUTES * 60_000).toISOString(),
    };
  },
  selGoodsListByDefaultShop: manageList,
  exportGoodsList: (ctx: Ctx, input: In<"exportGoodsList">) => exportGoodsList(ctx, viewOf(ctx), input),
  selGoodsInfoListByDefaultShop: infoListWithSkus,
  selGoodsInfoByPage: (ctx: Ctx, input: In<"selGoodsInfoByPage">) =>
    simplePage(ctx, input, {
      keyword: input.keyword,
      categoryId: input.categoryId,
      status: input.status,
      kind: input.kind,
      listingType: input.listingType,
    }),
  selNotPromotionGoodsList: (ctx: Ctx, input: In<"selNotPromotionGoodsList">) =>
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
  selAllowPackageByDefaultShop: (ctx: Ctx, input: In<"selAllowPackageByDefaultShop">) => skuPicks(ctx, input, false),
  selGifGoodsList: (ctx: Ctx, input: In<"selGifGoodsList">) => skuPicks(ctx, input, true),
  selSupportLogistics: supportLogistics,
});
