import {
  ADVERT_LIMITS,
  type AdvertDetailItem,
  type AdvertItem,
  type AdvertItemState,
  type AdvertLink,
  type AdvertLinkInput,
  type AdvertPosition,
  advertImageUpload,
  codes,
  type contract,
  MAX_ADVERTS,
  type OutputOf,
  type ParsedInputOf,
  advertRefusals as R,
} from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import { HEAD_BYTES, imageSize } from "../../platform/files/content-type";
import type { FileStore } from "../../platform/files/file-store";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import { isOwnShopCategory, shopCategoriesOf, shopCategoryNames } from "../catalogue/catalogue.port";
import { isLinkableGoods, liveGoodsNames } from "../goods/goods.port";
import { simplePage } from "../goods/goods.service";
import { isShopWhere, shopCountSource, shopNames, shopPage } from "../shop/shop.port";
import { filesByIds, ownFile } from "../system/system.port";
import * as repo from "./advert.repository";

/*
 * Adverts and their items (docs/domains/advert.md). Every write takes the organisation's advert lock first, so two
 * reorders (or a reorder and an add) run one after the other; a reorder names every id of the list once and is
 * refused when the list changed since it was shown. Link targets are the seller's own (goods, shop categories) or a
 * shop it works with, checked on every save; an image is the seller's own advert upload fitting the position.
 */

type A = typeof contract.advert;
type D = typeof contract.advertDetail;
type InA<K extends keyof A> = ParsedInputOf<A[K]>;
type OutA<K extends keyof A> = OutputOf<A[K]>;
type InD<K extends keyof D> = ParsedInputOf<D[K]>;
type OutD<K extends keyof D> = OutputOf<D[K]>;

function advertOf(r: repo.AdvertRow, counts: Map<string, { items: number; showing: number }>): AdvertItem {
  const n = counts.get(r.id);
  return {
    id: r.id,
    name: r.name,
    position: r.position as AdvertPosition,
    enabled: r.enabled,
    sort: r.sort,
    itemCount: n?.items ?? 0,
    showingCount: n?.showing ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function itemStateOf(r: { enabled: boolean; startAt: Date | null; endAt: Date | null }, now: Date): AdvertItemState {
  if (!r.enabled) return "disabled";
  if (r.endAt && r.endAt <= now) return "ended";
  if (r.startAt && r.startAt > now) return "scheduled";
  return "showing";
}

/** Items as the contract shows them: their images and link targets' names in three queries whatever their number. */
async function itemsOut(db: Executor, boId: string, rows: repo.ItemRow[]): Promise<AdvertDetailItem[]> {
  if (rows.length === 0) return [];
  const ids = (kind: string) => rows.filter((r) => r.linkKind === kind).map((r) => r.linkTarget);
  const [files, goods, category, shop] = await Promise.all([
    filesByIds(
      db,
      rows.map((r) => r.imageFileId),
    ),
    liveGoodsNames(db, boId, ids("goods")).then((g) => new Map(g.map((x) => [x.id, x.name]))),
    shopCategoryNames(db, boId, ids("category")),
    shopNames(db, ids("shop")),
  ]);
  const names = { goods, category, shop };
  const now = new Date();
  return rows.map((r) => {
    const kind = r.linkKind as AdvertLink["kind"];
    const named = kind === "goods" || kind === "category" || kind === "shop" ? names[kind].get(r.linkTarget) : undefined;
    const link: AdvertLink = {
      kind,
      target: r.linkTarget,
      name: kind === "url" ? r.linkTarget : (named ?? ""),
      missing: (kind === "goods" || kind === "category" || kind === "shop") && named === undefined,
    };
    return {
      id: r.id,
      adId: r.adId,
      title: r.title,
      image: { id: r.imageFileId, url: `/files/${r.imageFileId}`, name: files.get(r.imageFileId)?.name ?? "" },
      link,
      startAt: r.startAt?.toISOString() ?? null,
      endAt: r.endAt?.toISOString() ?? null,
      enabled: r.enabled,
      state: itemStateOf(r, now),
      sort: r.sort,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** Adverts as the list shows them: each one's item counts come in one query for all (the list and its export). */
export async function advertList(db: Executor, rows: repo.AdvertRow[]): Promise<AdvertItem[]> {
  const counts = await repo.itemCounts(
    db,
    rows.map((r) => r.id),
    new Date(),
  );
  return rows.map((r) => advertOf(r, counts));
}

async function advertOrMissing(db: Executor, boId: string, id: string): Promise<repo.AdvertRow> {
  const row = await repo.findAdvert(db, boId, id);
  if (!row) throw notFound(R.notFound);
  return row;
}

/** The first `bytes` of a stored file's bytes (an image's header holds its pixels). */
async function headOf(files: FileStore, sha256: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = files.get(sha256);
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(b);
    size += b.length;
    if (size >= bytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, bytes);
}

/** The image is the organisation's own advert upload, of a size and weight the position takes. */
async function checkImage(db: Executor, files: FileStore, boId: string, imageId: string, position: AdvertPosition): Promise<void> {
  const config = advertImageUpload(position);
  const refused = () =>
    badField("imageId", R.imageNotAccepted, {
      minWidth: config.minWidth,
      minHeight: config.minHeight,
      maxWidth: config.maxWidth,
      maxHeight: config.maxHeight,
      kb: config.maxKb,
    });
  const file = await ownFile(db, boId, imageId);
  if (!file || file.purpose !== config.purpose || !file.contentType.startsWith("image/") || file.size > config.maxKb * 1024)
    throw refused();
  const pixels = (await files.exists(file.sha256)) ? imageSize(await headOf(files, file.sha256), file.contentType) : null;
  if (
    !pixels ||
    pixels.width < config.minWidth ||
    pixels.height < config.minHeight ||
    pixels.width > config.maxWidth ||
    pixels.height > config.maxHeight
  )
    throw refused();
}

/** The link's target is the seller's (or a shop it works with); answers the columns that keep it. */
async function checkedLink(db: Executor, boId: string, link: AdvertLinkInput): Promise<{ linkKind: string; linkTarget: string }> {
  switch (link.kind) {
    case "none":
      return { linkKind: "none", linkTarget: "" };
    case "url":
      return { linkKind: "url", linkTarget: link.url };
    case "goods":
      if (!(await isLinkableGoods(db, boId, link.goodsId))) throw badField("link.goodsId", R.goodsNotFound);
      return { linkKind: "goods", linkTarget: link.goodsId };
    case "category":
      if (!(await isOwnShopCategory(db, boId, link.categoryId))) throw badField("link.categoryId", R.categoryNotFound);
      return { linkKind: "category", linkTarget: link.categoryId };
    case "shop":
      if (!(await isShopWhere(db, link.shopId, repo.linkableShopWhere(boId)))) throw badField("link.shopId", R.shopNotFound);
      return { linkKind: "shop", linkTarget: link.shopId };
  }
}

/** `ids` names every row of `rows` exactly once: otherwise the list changed since it was shown. */
function sameSet(rows: readonly { id: string }[], ids: readonly string[]): boolean {
  const unique = new Set(ids);
  return unique.size === ids.length && unique.size === rows.length && rows.every((r) => unique.has(r.id));
}

/** The rows' new places 1..n in the order of `ids`, only those that changed. */
const newPlaces = (rows: readonly { id: string; sort: number }[], ids: readonly string[]) => {
  const was = new Map(rows.map((r) => [r.id, r.sort]));
  return ids.map((id, i) => ({ id, sort: i + 1 })).filter((p) => was.get(p.id) !== p.sort);
};

/** Positions 1..n again after a delete. */
const renumber = (rows: readonly { id: string; sort: number }[]) =>
  newPlaces(
    rows,
    rows.map((r) => r.id),
  );

export function createAdvertService(deps: { files: FileStore }) {
  // ---- adverts ----

  async function selAdvertListByPage(ctx: Ctx, input: InA<"selAdvertListByPage">): Promise<OutA<"selAdvertListByPage">> {
    const { boId } = ctx.me();
    const where = repo.advertWhere(boId, input);
    return pageOf(ctx.db, input, repo.advertCountSource(where), async (limit, offset) =>
      advertList(ctx.db, await repo.advertPage(ctx.db, where, limit, offset)),
    );
  }

  async function selAdvertListByParam(ctx: Ctx, input: InA<"selAdvertListByParam">): Promise<OutA<"selAdvertListByParam">> {
    const { boId } = ctx.me();
    return advertList(ctx.db, await repo.advertPage(ctx.db, repo.advertWhere(boId, input), MAX_ADVERTS, 0));
  }

  async function selAdvertById(ctx: Ctx, input: InA<"selAdvertById">): Promise<OutA<"selAdvertById">> {
    const { boId } = ctx.me();
    const [one] = await advertList(ctx.db, [await advertOrMissing(ctx.db, boId, input.id)]);
    if (!one) throw notFound(R.notFound);
    return one;
  }

  async function addOrUpdAdvert(ctx: Ctx, input: InA<"addOrUpdAdvert">): Promise<OutA<"addOrUpdAdvert">> {
    const me = ctx.me();
    await repo.lockAdverts(ctx.db, me.boId);
    if (input.id) {
      const row = await advertOrMissing(ctx.db, me.boId, input.id);
      if (await repo.nameTaken(ctx.db, me.boId, input.name, row.id)) throw badField("name", R.nameTaken);
      const max = ADVERT_LIMITS[input.position].maxItems;
      const items = (await repo.itemsOf(ctx.db, row.id)).length;
      if (items > max) throw badField("position", R.positionTooSmall, { count: items, max });
      await repo.updateAdvert(ctx.db, row.id, { name: input.name, position: input.position, enabled: input.enabled });
      return selAdvertById(ctx, { id: row.id });
    }
    const rows = await repo.advertsOf(ctx.db, me.boId);
    if (rows.length >= MAX_ADVERTS) throw stateForbids(R.tooManyAdverts, { max: MAX_ADVERTS });
    if (await repo.nameTaken(ctx.db, me.boId, input.name)) throw badField("name", R.nameTaken);
    const row = await repo.insertAdvert(ctx.db, {
      boId: me.boId,
      shopId: me.shop?.id ?? "",
      name: input.name,
      position: input.position,
      enabled: input.enabled,
      sort: rows.length + 1,
    });
    return advertOf(row, new Map());
  }

  async function delAdvertById(ctx: Ctx, input: InA<"delAdvertById">): Promise<OutA<"delAdvertById">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const row = await advertOrMissing(ctx.db, boId, input.id);
    const removedItems = await repo.deleteAdvert(ctx.db, boId, row.id);
    await repo.placeAdverts(ctx.db, boId, renumber(await repo.advertsOf(ctx.db, boId)));
    return { id: row.id, removedItems };
  }

  async function sortAdverts(ctx: Ctx, input: InA<"updListSort">): Promise<OutA<"updListSort">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const rows = await repo.advertsOf(ctx.db, boId);
    if (!sameSet(rows, input.ids)) throw refuse(codes.CONFLICT, R.listChanged);
    await repo.placeAdverts(ctx.db, boId, newPlaces(rows, input.ids));
    return advertList(ctx.db, await repo.advertsOf(ctx.db, boId));
  }

  // ---- items ----

  async function itemOut(ctx: Ctx, boId: string, id: string): Promise<AdvertDetailItem> {
    const row = await repo.findItem(ctx.db, boId, id);
    if (!row) throw notFound(R.itemNotFound);
    const [one] = await itemsOut(ctx.db, boId, [row]);
    if (!one) throw notFound(R.itemNotFound);
    return one;
  }

  async function selAdvertDetailByAdId(ctx: Ctx, input: InD<"selAdvertDetailByAdId">): Promise<OutD<"selAdvertDetailByAdId">> {
    const { boId } = ctx.me();
    await advertOrMissing(ctx.db, boId, input.adId);
    const where = repo.itemPageWhere(input.adId);
    return pageOf(ctx.db, input, repo.itemCountSource(where), async (limit, offset) =>
      itemsOut(ctx.db, boId, await repo.itemPage(ctx.db, where, limit, offset)),
    );
  }

  async function selAdvertDetailAllListByParam(
    ctx: Ctx,
    input: InD<"selAdvertDetailAllListByParam">,
  ): Promise<OutD<"selAdvertDetailAllListByParam">> {
    const { boId } = ctx.me();
    const ad = await advertOrMissing(ctx.db, boId, input.adId);
    const where = repo.itemPageWhere(ad.id, input.state ? repo.itemStateWhere(input.state, new Date()) : undefined);
    // An advert holds at most its position's items; a position made smaller never drops any, so read a little more.
    return itemsOut(ctx.db, boId, await repo.itemPage(ctx.db, where, 20, 0));
  }

  async function addAdvertDetail(ctx: Ctx, input: InD<"addAdvertDetail">): Promise<OutD<"addAdvertDetail">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const ad = await advertOrMissing(ctx.db, boId, input.adId);
    const position = ad.position as AdvertPosition;
    const items = await repo.itemsOf(ctx.db, ad.id);
    const max = ADVERT_LIMITS[position].maxItems;
    if (items.length >= max) throw stateForbids(R.tooManyItems, { max });
    await checkImage(ctx.db, deps.files, boId, input.imageId, position);
    const link = await checkedLink(ctx.db, boId, input.link);
    const row = await repo.insertItem(ctx.db, {
      boId,
      adId: ad.id,
      title: input.title,
      imageFileId: input.imageId,
      ...link,
      startAt: input.startAt ? new Date(input.startAt) : null,
      endAt: input.endAt ? new Date(input.endAt) : null,
      enabled: input.enabled,
      sort: items.length + 1,
    });
    return itemOut(ctx, boId, row.id);
  }

  async function updAdvertDetailById(ctx: Ctx, input: InD<"updAdvertDetailById">): Promise<OutD<"updAdvertDetailById">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const row = await repo.findItem(ctx.db, boId, input.id);
    if (!row) throw notFound(R.itemNotFound);
    const ad = await advertOrMissing(ctx.db, boId, row.adId);
    // An unchanged image stays even if the position's sizes changed since.
    if (input.imageId !== row.imageFileId) await checkImage(ctx.db, deps.files, boId, input.imageId, ad.position as AdvertPosition);
    const link = await checkedLink(ctx.db, boId, input.link);
    await repo.updateItem(ctx.db, row.id, {
      title: input.title,
      imageFileId: input.imageId,
      ...link,
      startAt: input.startAt ? new Date(input.startAt) : null,
      endAt: input.endAt ? new Date(input.endAt) : null,
      enabled: input.enabled,
    });
    return itemOut(ctx, boId, row.id);
  }

  async function delAdvertDetailById(ctx: Ctx, input: InD<"delAdvertDetailById">): Promise<OutD<"delAdvertDetailById">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const row = await repo.findItem(ctx.db, boId, input.id);
    if (!row) throw notFound(R.itemNotFound);
    await repo.deleteItem(ctx.db, boId, row.id);
    await repo.placeItems(ctx.db, boId, renumber(await repo.itemsOf(ctx.db, row.adId)));
    return { id: row.id };
  }

  async function sortItems(ctx: Ctx, input: InD<"updListSort">): Promise<OutD<"updListSort">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const ad = await advertOrMissing(ctx.db, boId, input.adId);
    const rows = await repo.itemsOf(ctx.db, ad.id);
    if (!sameSet(rows, input.ids)) throw refuse(codes.CONFLICT, R.listChanged);
    await repo.placeItems(ctx.db, boId, newPlaces(rows, input.ids));
    return itemsOut(ctx.db, boId, await repo.itemsOf(ctx.db, ad.id));
  }

  async function queryAdvertShopByPage(ctx: Ctx, input: InD<"queryAdvertShopByPage">): Promise<OutD<"queryAdvertShopByPage">> {
    const { boId } = ctx.me();
    const where = repo.linkableShopWhere(boId, input.name);
    return pageOf(ctx.db, input, shopCountSource(where), async (limit, offset) =>
      (await shopPage(ctx.db, boId, where, limit, offset)).map((s) => ({
        id: s.id,
        name: s.name,
        brand: s.brand,
        own: s.boId === boId,
      })),
    );
  }

  return {
    advert: {
      selAdvertListByPage,
      selAdvertListByParam,
      selAdvertById,
      addOrUpdAdvert,
      delAdvertById,
      updListSort: sortAdverts,
    },
    detail: {
      selAdvertDetailByAdId,
      selAdvertDetailAllListByParam,
      addAdvertDetail,
      updAdvertDetailById,
      delAdvertDetailById,
      updListSort: sortItems,
      queryAdvertGoodsByPage: (ctx: Ctx, input: InD<"queryAdvertGoodsByPage">): Promise<OutD<"queryAdvertGoodsByPage">> =>
        simplePage(ctx, input, { keyword: input.keyword, listingType: "goods", statuses: ["on", "off"] }),
      queryAdvertCategoryList: (ctx: Ctx): Promise<OutD<"queryAdvertCategoryList">> => shopCategoriesOf(ctx.db, ctx.me().boId),
      queryAdvertShopByPage,
    },
  };
}

export type AdvertService = ReturnType<typeof createAdvertService>;
