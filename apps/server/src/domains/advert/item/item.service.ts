import {
  ADVERT_LIMITS,
  type AdvertDetailItem,
  type AdvertLink,
  type AdvertLinkInput,
  type AdvertPosition,
  advertImageUpload,
  codes,
  type contract,
  type OutputOf,
  type ParsedInputOf,
  advertRefusals as R,
} from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import { HEAD_BYTES, imageSize } from "../../../platform/files/content-type";
import type { FileStore } from "../../../platform/files/file-store";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import { isOwnShopCategory, shopCategoriesOf, shopCategoryNames } from "../../catalogue/catalogue.port";
import { isLinkableGoods, liveGoodsNames } from "../../goods/goods.port";
import { simplePage } from "../../goods/goods-lists.service";
import { isShopWhere, shopCountSource, shopNames, shopPage } from "../../shop/shop.port";
import { fileOfOrganisation, filesByIds } from "../../system/system.port";
import * as repo from "../advert.repository";
import { itemStateOf, newPlaces, renumber, sameSet } from "../advert.rules";
import { advertOrMissing } from "../advert.service";

/* An advert's items: their images (the seller's own uploads fitting the position) and links, checked on every save. */

type D = typeof contract.advertDetail;
type InD<K extends keyof D> = ParsedInputOf<D[K]>;
type OutD<K extends keyof D> = OutputOf<D[K]>;

/** Items as the contract shows them: their images and link targets' names in three queries whatever their number. */
async function itemsOut(db: Executor, boId: string, rows: repo.ItemRow[]): Promise<AdvertDetailItem[]> {
  if (rows.length === 0) return [];
  const ids = (kind: string) => rows.filter((r) => r.linkKind === kind).map((r) => r.linkTarget);
  const [files, goods, category, shop] = await Promise.all([
    filesByIds(
      db,
      rows.map((r) => r.imageFileId),
    ).then((f) => new Map(f.map((x) => [x.id, x]))),
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
  const file = await fileOfOrganisation(db, boId, imageId);
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

export function createItemService(deps: { files: FileStore }) {
  async function itemOut(ctx: Ctx, boId: string, id: string): Promise<AdvertDetailItem> {
    const row = await repo.findItem(ctx.db, boId, id);
    if (!row) throw notFound(R.itemNotFound);
    const [one] = await itemsOut(ctx.db, boId, [row]);
    if (!one) throw notFound(R.itemNotFound);
    return one;
  }

  async function selAdvertDetailByAdId(input: InD<"selAdvertDetailByAdId">, ctx: Ctx): Promise<OutD<"selAdvertDetailByAdId">> {
    const { boId } = ctx.me();
    await advertOrMissing(ctx.db, boId, input.adId);
    const where = repo.itemPageWhere(input.adId);
    return pageOf(ctx.db, input, repo.itemCountSource(where), async (limit, offset) =>
      itemsOut(ctx.db, boId, await repo.itemPage(ctx.db, where, limit, offset)),
    );
  }

  async function selAdvertDetailAllListByParam(
    input: InD<"selAdvertDetailAllListByParam">,
    ctx: Ctx,
  ): Promise<OutD<"selAdvertDetailAllListByParam">> {
    const { boId } = ctx.me();
    const ad = await advertOrMissing(ctx.db, boId, input.adId);
    const where = repo.itemPageWhere(ad.id, input.state ? repo.itemStateWhere(input.state, new Date()) : undefined);
    // An advert holds at most its position's items; a position made smaller never drops any, so read a little more.
    return itemsOut(ctx.db, boId, await repo.itemPage(ctx.db, where, 20, 0));
  }

  async function addAdvertDetail(input: InD<"addAdvertDetail">, ctx: Ctx): Promise<OutD<"addAdvertDetail">> {
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

  async function updAdvertDetailById(input: InD<"updAdvertDetailById">, ctx: Ctx): Promise<OutD<"updAdvertDetailById">> {
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

  async function delAdvertDetailById(input: InD<"delAdvertDetailById">, ctx: Ctx): Promise<OutD<"delAdvertDetailById">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const row = await repo.findItem(ctx.db, boId, input.id);
    if (!row) throw notFound(R.itemNotFound);
    await repo.deleteItem(ctx.db, boId, row.id);
    await repo.placeItems(ctx.db, boId, renumber(await repo.itemsOf(ctx.db, row.adId)));
    return { id: row.id };
  }

  async function sortItems(input: InD<"updListSort">, ctx: Ctx): Promise<OutD<"updListSort">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const ad = await advertOrMissing(ctx.db, boId, input.adId);
    const rows = await repo.itemsOf(ctx.db, ad.id);
    if (!sameSet(rows, input.ids)) throw refuse(codes.CONFLICT, R.listChanged);
    await repo.placeItems(ctx.db, boId, newPlaces(rows, input.ids));
    return itemsOut(ctx.db, boId, await repo.itemsOf(ctx.db, ad.id));
  }

  async function queryAdvertShopByPage(input: InD<"queryAdvertShopByPage">, ctx: Ctx): Promise<OutD<"queryAdvertShopByPage">> {
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
    selAdvertDetailByAdId,
    selAdvertDetailAllListByParam,
    addAdvertDetail,
    updAdvertDetailById,
    delAdvertDetailById,
    updListSort: sortItems,
    queryAdvertGoodsByPage: (input: InD<"queryAdvertGoodsByPage">, ctx: Ctx): Promise<OutD<"queryAdvertGoodsByPage">> =>
      simplePage(ctx, input, { keyword: input.keyword, listingType: "goods", statuses: ["on", "off"] }),
    queryAdvertCategoryList: (_input: unknown, ctx: Ctx): Promise<OutD<"queryAdvertCategoryList">> =>
      shopCategoriesOf(ctx.db, ctx.me().boId),
    queryAdvertShopByPage,
  };
}
