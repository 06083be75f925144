import { z } from "zod";
import { id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { rule } from "./field-issues";
import { goodsListItem } from "./goods";
import { fileRef } from "./reference";
import { refusals, type Words } from "./refusals";
import { sheet } from "./sheets";

/*
 * Shop adverts (docs/domains/advert.md): the advert positions of the seller's shop (a home banner, a category banner,
 * a popup), each holding its items in the seller's order: an image, a title, where a tap leads (one of the shop's
 * goods, one of its shop categories, a web address, or a shop the seller works with), a showing window and a switch.
 * Adverts and the items of an advert are sorted 1..n; a reorder sends the whole list and is one transaction.
 */

export const advertPositions = ["homeBanner", "categoryBanner", "popup"] as const;
export type AdvertPosition = (typeof advertPositions)[number];

export const advertPositionWords: Record<AdvertPosition, Words> = {
  homeBanner: { en: "Home banner", zh: "首页轮播" },
  categoryBanner: { en: "Category banner", zh: "分类页横幅" },
  popup: { en: "Popup", zh: "弹窗广告" },
};

/**
 * Per position: how many items an advert holds, and the image an item needs (pixels and KB, checked by the upload
 * call with this config and again when the item is saved).
 */
export const ADVERT_LIMITS: Record<
  AdvertPosition,
  { maxItems: number; minWidth: number; minHeight: number; maxWidth: number; maxHeight: number; maxKb: number }
> = {
  homeBanner: { maxItems: 10, minWidth: 600, minHeight: 200, maxWidth: 2400, maxHeight: 1200, maxKb: 2048 },
  categoryBanner: { maxItems: 5, minWidth: 600, minHeight: 150, maxWidth: 2400, maxHeight: 900, maxKb: 2048 },
  popup: { maxItems: 3, minWidth: 300, minHeight: 300, maxWidth: 1600, maxHeight: 1600, maxKb: 1024 },
};

/** The upload config of an advert image for a position (the platform's upload call: purpose, accept, limits). */
export const advertImageUpload = (position: AdvertPosition) => {
  const { maxItems: _n, ...limits } = ADVERT_LIMITS[position];
  return { purpose: "advert", accept: "image", ...limits } as const;
};

/** Adverts (positions) one shop may keep. */
export const MAX_ADVERTS = 20;
export const MAX_ADVERT_NAME = 30;
export const MAX_ADVERT_TITLE = 40;
export const MAX_ADVERT_URL = 500;

export const advertLinkKinds = ["none", "goods", "category", "url", "shop"] as const;
export type AdvertLinkKind = (typeof advertLinkKinds)[number];

/** An item's state now: switched off, waiting for its start, showing, or past its end. */
export const advertItemStates = ["disabled", "scheduled", "showing", "ended"] as const;
export type AdvertItemState = (typeof advertItemStates)[number];

export const advertRefusals = refusals("advert", {
  notFound: { en: "That advert was not found", zh: "未找到该广告" },
  itemNotFound: { en: "That advert item was not found", zh: "未找到该广告内容" },
  tooManyAdverts: { en: "A shop has at most {max} adverts", zh: "一个店铺最多有 {max} 个广告位" },
  tooManyItems: { en: "This advert holds at most {max} items", zh: "该广告位最多 {max} 条内容" },
  positionTooSmall: {
    en: "{field}: the advert has {count} items, more than the {max} this position holds",
    zh: "{field}：该广告已有 {count} 条内容，超过该位置可放的 {max} 条",
  },
  nameTaken: { en: "{field} is already the name of another advert", zh: "{field}与其他广告重名" },
  imageNotAccepted: {
    en: "{field} is not an advert image you uploaded for this position ({minWidth}×{minHeight} to {maxWidth}×{maxHeight} pixels, at most {kb} KB)",
    zh: "{field}不是您为该位置上传的广告图片（{minWidth}×{minHeight} 至 {maxWidth}×{maxHeight} 像素，最大 {kb} KB）",
  },
  goodsNotFound: { en: "{field}: that goods item is not one of your shop's", zh: "{field}：该商品不属于本店" },
  categoryNotFound: { en: "{field}: that category is not one of your shop's", zh: "{field}：该分类不属于本店" },
  shopNotFound: {
    en: "{field}: adverts may link to your shop or a supplier's that accepted",
    zh: "{field}：只能链接本店或已接受授权的供应商店铺",
  },
  url: { en: "{field} must be a web address starting with https:// or http://", zh: "{field}必须是以 https:// 或 http:// 开头的网址" },
  endBeforeStart: { en: "{field} must be after the start", zh: "{field}必须晚于开始时间" },
  listChanged: {
    en: "The list has changed since it was shown (an item was added or removed): reload it and try again",
    zh: "列表已被修改（有内容新增或删除），请刷新后重试",
  },
});

// ---- fields ----

const name = z.string().trim().min(1).max(MAX_ADVERT_NAME);
const title = z.string().trim().max(MAX_ADVERT_TITLE);
const url = z
  .string()
  .trim()
  .max(MAX_ADVERT_URL)
  .regex(/^https?:\/\/[^\s<>"]+$/i, rule(advertRefusals.url));

/** Where a tap on an item leads: the target's id is checked to be the seller's (or a shop it works with). */
export const advertLinkInput = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("none") }),
  z.strictObject({ kind: z.literal("goods"), goodsId: id }),
  z.strictObject({ kind: z.literal("category"), categoryId: id }),
  z.strictObject({ kind: z.literal("url"), url }),
  z.strictObject({ kind: z.literal("shop"), shopId: id }),
]);
export type AdvertLinkInput = z.input<typeof advertLinkInput>;

/** The link as shown: the target's name now, and `missing` when it has since gone (a deleted goods item). */
export const advertLink = z.object({
  kind: z.enum(advertLinkKinds),
  /** The goods, category or shop id, or the URL. */
  target: z.string(),
  name: z.string(),
  missing: z.boolean(),
});
export type AdvertLink = z.infer<typeof advertLink>;

export const advertItem = z.object({
  id,
  name: z.string(),
  position: z.enum(advertPositions),
  enabled: z.boolean(),
  /** 1..n among the shop's adverts. */
  sort: z.int(),
  itemCount: z.int(),
  /** Items showing now (enabled, inside their window). */
  showingCount: z.int(),
  createdAt: instant,
  updatedAt: instant,
});
export type AdvertItem = z.infer<typeof advertItem>;

export const advertDetailItem = z.object({
  id,
  adId: id,
  title: z.string(),
  image: fileRef,
  link: advertLink,
  startAt: instant.nullable(),
  endAt: instant.nullable(),
  enabled: z.boolean(),
  state: z.enum(advertItemStates),
  /** 1..n within the advert. */
  sort: z.int(),
  createdAt: instant,
  updatedAt: instant,
});
export type AdvertDetailItem = z.infer<typeof advertDetailItem>;

export const advertShopItem = z.object({
  id,
  name: z.string(),
  brand: z.string(),
  /** The seller's own shop, or a supplier's that accepted. */
  own: z.boolean(),
});
export type AdvertShopItem = z.infer<typeof advertShopItem>;

const detailFields = {
  title: title.default(""),
  imageId: id,
  link: advertLinkInput,
  startAt: instant.nullable().default(null),
  endAt: instant.nullable().default(null),
  enabled: z.boolean().default(true),
};

const windowRule = <T extends { startAt: string | null; endAt: string | null }>(v: T, ctx: z.core.$RefinementCtx<T>) => {
  if (v.startAt && v.endAt && Date.parse(v.endAt) <= Date.parse(v.startAt))
    ctx.addIssue({ code: "custom", path: ["endAt"], message: rule(advertRefusals.endBeforeStart) });
};

export const advertDetailInput = z.strictObject({ adId: id, ...detailFields }).superRefine(windowRule);
export type AdvertDetailInput = z.input<typeof advertDetailInput>;
export const advertDetailUpdate = z.strictObject({ id, ...detailFields }).superRefine(windowRule);

/** The advert list's export sheet (sheets.ts). */
export const advertSheet = sheet(
  "advertList",
  { en: "Adverts", zh: "广告" },
  {
    sort: { en: "Order", zh: "排序" },
    name: { en: "Name", zh: "广告名称" },
    position: { en: "Position", zh: "广告位置" },
    enabled: { en: "Enabled", zh: "是否启用" },
    itemCount: { en: "Items", zh: "广告项数" },
    showingCount: { en: "Showing now", zh: "展示中" },
    createdAt: { en: "Created", zh: "创建时间" },
    updatedAt: { en: "Changed", zh: "修改时间" },
  },
);

const view = { func: "shop.advert" } as const;
const edit = { func: "shop.advert.edit" } as const;
const byId = z.strictObject({ id });
const ad = (name: string) => seller(`/basic/cmsAdvert/${name}`);
const detail = (name: string) => seller(`/basic/cmsAdvertDetail/${name}`);

export const advert = {
  selAdvertListByPage: read({
    path: ad("selAdvertListByPage"),
    summary: "A page of the shop's adverts in the seller's order, optionally of one position or by name",
    access: view,
    input: pageInput({ position: z.enum(advertPositions).optional(), name: z.string().trim().max(MAX_ADVERT_NAME).optional() }),
    output: page(advertItem),
  }),
  selAdvertListByParam: read({
    path: ad("selAdvertListByParam"),
    summary: "Every advert of the shop in order (at most MAX_ADVERTS), optionally of one position or only enabled ones",
    access: view,
    input: z.strictObject({ position: z.enum(advertPositions).optional(), enabled: z.boolean().optional() }),
    output: z.array(advertItem),
  }),
  exportAdvertList: exportFile({
    path: ad("exportAdvertList"),
    summary: "The shop's adverts in the seller's order as an Excel file (the list's position and name; optionally chosen columns)",
    access: { func: "shop.advert.export" },
    input: z.strictObject({
      position: z.enum(advertPositions).optional(),
      name: z.string().trim().max(MAX_ADVERT_NAME).optional(),
      columns: advertSheet.chosen,
    }),
    sheet: advertSheet,
  }),
  selAdvertById: read({
    path: ad("selAdvertById"),
    summary: "One of the shop's adverts",
    access: view,
    input: byId,
    output: advertItem,
  }),
  addOrUpdAdvert: write({
    path: ad("addOrUpdAdvert"),
    summary:
      "Add an advert at the end (no id) or rename, move to another position or switch one (id); a position holding fewer items than the advert has is refused",
    access: edit,
    input: z.strictObject({ id: id.optional(), name, position: z.enum(advertPositions), enabled: z.boolean().default(true) }),
    output: advertItem,
  }),
  delAdvertById: write({
    path: ad("delAdvertById"),
    summary: "Delete an advert with its items; the other adverts are renumbered",
    access: edit,
    input: byId,
    output: z.object({ id, removedItems: z.int() }),
  }),
  updListSort: write({
    path: ad("updListSort"),
    summary:
      "Put the shop's adverts in the order given (every advert's id once); one transaction, refused when the list changed since it was shown",
    access: edit,
    input: z.strictObject({ ids: z.array(id).min(1).max(MAX_ADVERTS) }),
    output: z.array(advertItem),
  }),
};

export const advertDetail = {
  selAdvertDetailByAdId: read({
    path: detail("selAdvertDetailByAdId"),
    summary: "A page of one advert's items in the seller's order",
    access: view,
    input: pageInput({ adId: id }),
    output: page(advertDetailItem),
  }),
  selAdvertDetailAllListByParam: read({
    path: detail("selAdvertDetailAllListByParam"),
    summary: "Every item of one advert in order (at most its position's maxItems), optionally of one state",
    access: view,
    input: z.strictObject({ adId: id, state: z.enum(advertItemStates).optional() }),
    output: z.array(advertDetailItem),
  }),
  addAdvertDetail: write({
    path: detail("addAdvertDetail"),
    summary:
      "Add an item at the end of an advert: an advert image uploaded for the advert's position, a title, a link to the shop's goods, category, a URL or a shop, a showing window",
    access: edit,
    input: advertDetailInput,
    output: advertDetailItem,
  }),
  updAdvertDetailById: write({
    path: detail("updAdvertDetailById"),
    summary: "Change an item's image, title, link, window or switch",
    access: edit,
    input: advertDetailUpdate,
    output: advertDetailItem,
  }),
  delAdvertDetailById: write({
    path: detail("delAdvertDetailById"),
    summary: "Delete an item; the advert's other items are renumbered",
    access: edit,
    input: byId,
    output: z.object({ id }),
  }),
  updListSort: write({
    path: detail("updListSort"),
    summary:
      "Put an advert's items in the order given (every item's id once); one transaction, refused when the list changed since it was shown",
    access: edit,
    input: z.strictObject({ adId: id, ids: z.array(id).min(1).max(20) }),
    output: z.array(advertDetailItem),
  }),
  queryAdvertGoodsByPage: read({
    path: detail("queryAdvertGoodsByPage"),
    summary: "The link picker's goods: a page of the shop's goods on or off shelf (no drafts, no services) by name or SKU code",
    access: view,
    input: pageInput({ keyword: z.string().trim().max(60).optional() }),
    output: page(goodsListItem),
  }),
  queryAdvertCategoryList: read({
    path: detail("queryAdvertCategoryList"),
    summary: "The link picker's shop categories (beyond the spec): every category of the shop, parents before children, in order",
    access: view,
    input: z.strictObject({}),
    output: z.array(z.object({ id, name: z.string(), parentId: id.nullable() })),
  }),
  queryAdvertShopByPage: read({
    path: detail("queryAdvertShopByPage"),
    summary: "The link picker's shops: the seller's own shop, then the open shops of authorised suppliers that accepted, by name",
    access: view,
    input: pageInput({ name: z.string().trim().max(60).optional() }),
    output: page(advertShopItem),
  }),
};
