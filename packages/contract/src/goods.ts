import { z } from "zod";
import { bulkReport } from "./bulk";
import { boundedRecord, calendarDay, cents, id, instant, ok, page, pageInput } from "./common";
import { exportFile, read, seller, uploadFile, write } from "./define";
import { fieldRefusals, rule } from "./field-issues";
import { areaCode, fileRef } from "./reference";
import { refusals } from "./refusals";
import { sheet } from "./sheets";

/*
 * Goods (issue 9, docs/domains/goods.md): the seller's items (SPU) with specs and SKUs, shelf status, packages,
 * member and ladder prices, fresh batches with first-expiry-first-out, trace records, delivery ranges and the
 * Excel import with a dry run. Money is integer cents, weights grams, volumes cm³, dates YYYY-MM-DD in the shop's
 * time zone, instants ISO UTC.
 */

/** What goods calls refuse with, in both languages. Field rules start with `{field}` (the web puts the label there). */
export const goodsRefusals = refusals("goods", {
  notFound: { en: "That goods item was not found", zh: "未找到该商品" },
  packageNotFound: { en: "That package was not found", zh: "未找到该套餐" },
  skuNotFound: { en: "That SKU was not found", zh: "未找到该规格（SKU）" },
  batchNotFound: { en: "That batch was not found", zh: "未找到该批次" },
  traceNotFound: { en: "That trace record was not found", zh: "未找到该溯源记录" },
  shelfBatchNotFound: { en: "That shelf change was not found", zh: "未找到该次上下架操作" },
  // The status machine: draft → on/off, on ↔ off, off (or draft) → deleted.
  alreadyOn: { en: '"{name}" is already on shelf', zh: "“{name}”已经在售" },
  alreadyOff: { en: '"{name}" is already off shelf', zh: "“{name}”已经下架" },
  draftNotOnShelf: { en: '"{name}" is a draft: it has never been on shelf', zh: "“{name}”是草稿，尚未上架过" },
  deleteOnShelf: { en: 'Take "{name}" off shelf before deleting it', zh: "请先将“{name}”下架，再删除" },
  notReadyForShelf: {
    en: '"{name}" cannot go on shelf yet: {field} is missing or incomplete; edit and publish it first',
    zh: "“{name}”还不能上架：{field}缺失或不完整，请先编辑并发布",
  },
  publishedNotDraft: { en: '"{name}" is published: it cannot become a draft again', zh: "“{name}”已发布，不能再存为草稿" },
  packagePartOffShelf: {
    en: '"{name}" cannot go on shelf: its part "{part}" is not on sale',
    zh: "“{name}”不能上架：其中的商品“{part}”未在售",
  },
  noPickupPoint: { en: "Add a pickup point to the shop's addresses first", zh: "请先在店铺地址中添加自提点" },
  selfPickupOff: { en: "Turn on self-pickup in the shop settings first", zh: "请先在店铺设置中开启到店自提" },
  notAPackage: { en: "That item is not a package", zh: "该商品不是套餐" },
  aPackage: { en: "That item is a package: edit it on the package screen", zh: "该商品是套餐，请在套餐页面编辑" },
  // The 10-minute undo of a batch shelf change.
  undoExpired: {
    en: "This shelf change can no longer be undone: {minutes} minutes have passed",
    zh: "已超过 {minutes} 分钟，该次上下架不能再撤销",
  },
  undoAlreadyDone: { en: "This shelf change has already been undone", zh: "该次上下架已经撤销过了" },
  undoNotLatest: {
    en: "Only the latest shelf change can be undone; a newer one was made since",
    zh: "只能撤销最近一次上下架；此后已有新的操作",
  },
  // Fresh batches.
  notFresh: { en: "{field}: only fresh goods are sold by batches", zh: "{field}：只有生鲜商品按批次销售" },
  batchNoTaken: { en: "{field} is already a batch of this SKU", zh: "{field}已是该规格的批次号" },
  expiryBeforeProduction: { en: "{field} must not be before the production date", zh: "{field}不能早于生产日期" },
  stockShort: {
    en: "Only {left} left of this SKU (unexpired batches included), {wanted} wanted",
    zh: "该规格仅剩 {left} 件（含未过期批次），需要 {wanted} 件",
  },
  // Field rules of the goods form (declared with `rule`, so the web words them in both languages).
  requiredToPublish: { en: "{field} is required to publish", zh: "发布商品需要填写{field}" },
  priceToPublish: { en: "{field} must be at least 0.01 to publish", zh: "发布商品时{field}至少为 0.01" },
  marketBelowPrice: { en: "{field} must not be below the price", zh: "{field}不能低于售价" },
  specsMismatch: { en: "{field} does not match the specs", zh: "{field}与规格不一致" },
  skusIncomplete: { en: "{field} needs one row for each combination of spec values", zh: "{field}需要为每种规格组合各填一行" },
  tooManySkus: { en: "{field} make more than 600 SKUs", zh: "{field}组合出的规格超过 600 个" },
  categoryNotLeaf: { en: "{field} must be a category of the lowest level", zh: "{field}必须是最末一级类目" },
  unitUnknown: { en: "{field} is not a known unit", zh: "{field}不是已知的单位" },
  skuCodeTaken: { en: "{field} is already the code of another SKU", zh: "{field}已被其他规格使用" },
  attrRequired: { en: "{field} is required by the category", zh: "该类目要求填写{field}" },
  attrUnknown: { en: "{field} is not an attribute of the category", zh: "{field}不是该类目的属性" },
  attrNotOption: { en: "{field} is not one of the attribute's options", zh: "{field}不是该属性的可选值" },
  attrNotNumber: { en: "{field} must be a number", zh: "{field}必须是数字" },
  packagePartNotOwn: { en: "{field} is not a SKU of your goods", zh: "{field}不是本店商品的规格" },
  packagePartIsPackage: { en: "{field}: a package cannot hold another package", zh: "{field}：套餐里不能再放套餐" },
  packagePartDraft: { en: "{field}: a draft cannot be part of a package", zh: "{field}：草稿商品不能放入套餐" },
  memberPriceNotBelow: { en: "{field} must be below the SKU's price", zh: "{field}必须低于该规格的售价" },
  notOwnRank: { en: "{field} is not a member rank of your shop", zh: "{field}不是本店的会员等级" },
  notOwnSku: { en: "{field} is not a SKU of this item", zh: "{field}不是该商品的规格" },
  ladderMinQuantity: {
    en: "{field} must be at least 2 and more than the tier before",
    zh: "{field}至少为 2，且要大于上一档",
  },
  ladderPriceDescending: { en: "{field} must be below the tier before", zh: "{field}必须低于上一档的价格" },
  ladderBelowPrice: { en: "{field} must be below the SKU's price", zh: "{field}必须低于该规格的售价" },
  notOwnBase: { en: "{field} is not a base of your organisation", zh: "{field}不是本组织的基地" },
  notOwnTrace: { en: "{field} is not a trace record of this item", zh: "{field}不是该商品的溯源记录" },
  freightTemplateNotOwn: { en: "{field} is not a freight template of your shop", zh: "{field}不是本店的运费模板" },
  // Listing types (services offered and wanted) and rebates.
  notForService: {
    en: "{field}: a service listing has no stock, batches, delivery, freight or rebate",
    zh: "{field}：服务类信息没有库存、批次、配送、运费或返利",
  },
  onlyForService: { en: "{field} applies to service listings only", zh: "{field}只适用于服务类信息" },
  listingTypeFixed: {
    en: "{field} cannot change once the item is saved: publish a new one instead",
    zh: "{field}保存后不能更改，请另行发布",
  },
  serviceAreaLevel: { en: "{field} must be a province or a city", zh: "{field}必须是省份或城市" },
  serviceAreaUnknown: { en: "{field} is not a known province or city", zh: "{field}不是已知的省份或城市" },
  packagePartIsService: { en: "{field}: a service listing cannot be part of a package", zh: "{field}：服务类信息不能放入套餐" },
  aService: { en: "That item is a service listing: it is not sold as goods", zh: "该信息是服务类信息，不作为商品销售" },
  // The Excel import.
  importNotTemplate: {
    en: "{field} is not the goods template: download the template and fill it in",
    zh: "{field}不是商品导入模板，请下载模板后填写",
  },
  importTooManyRows: { en: "{field} has more than {max} rows", zh: "{field}超过 {max} 行" },
  importEmpty: { en: "{field} has no rows to import", zh: "{field}中没有可导入的行" },
  importCategoryUnknown: { en: "{field}: no category of the lowest level has this name", zh: "{field}：没有这个名称的末级类目" },
  importUnitUnknown: { en: "{field}: no unit has this name", zh: "{field}：没有这个名称的单位" },
  importNotNumber: { en: "{field} must be a number", zh: "{field}必须是数字" },
  importNotYesNo: { en: "{field} must be yes or no", zh: "{field}必须填“是”或“否”" },
  importDifferentGoods: {
    en: "{field} differs from the row above with the same name (rows of one item share name, category and unit)",
    zh: "{field}与上方同名商品的行不一致（同一商品的各行名称、类目、单位必须相同）",
  },
  importGoodsInvalid: { en: "{field}: another row of this item has a problem", zh: "{field}：该商品的其他行有问题" },
  importFreshBatch: {
    en: "{field}: the stock of fresh goods is a batch: fill in the batch number, production date and expiry date too",
    zh: "{field}：生鲜商品的库存按批次入库，请同时填写批次号、生产日期和到期日期",
  },
  importBatchNoStock: {
    en: "{field}: a batch needs its quantity in the Stock column (at least 1)",
    zh: "{field}：批次需要在“库存”列填写数量（至少 1）",
  },
  importNotDate: { en: "{field} must be a date such as 2026-12-31", zh: "{field}必须是日期，例如 2026-12-31" },
  importBatchExpired: { en: "{field} has passed: an expired batch cannot be sold", zh: "{field}已过：过期批次不能销售" },
  importTooManyImages: { en: "{field}: at most {max} images per item", zh: "{field}：每个商品最多 {max} 张图片" },
  // An image named by its URL in the import, fetched by the server: which one ({n}: 1 is the main image) and why not.
  importImageUrl: {
    en: "{field}: image {n} is not a web address starting with http:// or https://",
    zh: "{field}：第 {n} 张图片不是以 http:// 或 https:// 开头的网址",
  },
  importImagePrivate: {
    en: "{field}: image {n} is on a private or local network address, which the server may not fetch",
    zh: "{field}：第 {n} 张图片位于内网或本机地址，服务器不允许读取",
  },
  importImageUnreachable: {
    en: "{field}: image {n} could not be fetched: the site could not be reached",
    zh: "{field}：第 {n} 张图片无法下载：无法连接该网站",
  },
  importImageTimeout: {
    en: "{field}: image {n} took longer than {seconds} seconds to download",
    zh: "{field}：第 {n} 张图片下载超过 {seconds} 秒",
  },
  importImageStatus: {
    en: "{field}: image {n} could not be fetched: the site answered {status}",
    zh: "{field}：第 {n} 张图片无法下载：网站返回 {status}",
  },
  importImageTooLarge: { en: "{field}: image {n} is larger than {kb} KB", zh: "{field}：第 {n} 张图片超过 {kb} KB" },
  importImageNotImage: {
    en: "{field}: image {n} is not a JPEG, PNG, GIF or WebP picture",
    zh: "{field}：第 {n} 张图片不是 JPEG、PNG、GIF 或 WebP 图片",
  },
  importImageUnreadable: {
    en: "{field}: image {n} is damaged or cannot be read as a picture",
    zh: "{field}：第 {n} 张图片已损坏或无法识别",
  },
  // Why a bulk action left a chosen item as it was (the bulk report names the item beside these words).
  bulkNotFound: { en: "Not found: deleted meanwhile, or not one of your goods", zh: "未找到：可能已被删除，或不是本店商品" },
  bulkAlreadyOn: { en: "Already on shelf", zh: "已经在售" },
  bulkAlreadyOff: { en: "Already off shelf", zh: "已经下架" },
  bulkDraftNotOff: { en: "A draft: it has never been on shelf", zh: "草稿：尚未上架过" },
  bulkOnShelfNoDelete: { en: "On shelf: take it off shelf before deleting it", zh: "在售中：请先下架再删除" },
  bulkPartOffShelf: { en: 'Its part "{part}" is not on sale', zh: "套餐中的商品“{part}”未在售" },
  shelfNeedsImage: { en: "No image: add at least one image", zh: "没有图片：请至少添加一张图片" },
  shelfNeedsPrice: { en: "A SKU has no price: every SKU needs a price of at least 0.01", zh: "有规格没有售价：每个规格的售价至少为 0.01" },
  shelfNeedsCategory: { en: "No category: choose a category of the lowest level", zh: "没有类目：请选择最末一级类目" },
  shelfNeedsUnit: { en: "No unit: choose the unit it is sold by", zh: "没有单位：请选择销售单位" },
  shelfNeedsDelivery: {
    en: "No way of delivery: choose express, same-city delivery or self-pickup",
    zh: "没有配送方式：请选择快递、同城配送或到店自提",
  },
  shelfNeedsServiceArea: { en: "No service area: choose the provinces or cities served", zh: "没有服务地区：请选择服务的省份或城市" },
  shelfNeedsSkus: { en: "The specs and SKUs do not agree: edit the SKU table", zh: "规格与规格明细不一致：请编辑规格表" },
  shelfIncomplete: { en: "Some information is missing: edit and publish it", zh: "信息不完整：请编辑并发布" },
  // Members: a rank in use by member prices cannot be deleted (the member domain's RankUsage port).
  rankInOneMemberPrice: {
    en: 'The rank "{name}" is in use by 1 member price; remove it from the goods first, then delete the rank',
    zh: "等级“{name}”仍被 1 个会员价使用；请先在商品中移除，再删除",
  },
  rankInMemberPrices: {
    en: 'The rank "{name}" is in use by {n} member prices; remove them from the goods first, then delete the rank',
    zh: "等级“{name}”仍被 {n} 个会员价使用；请先在商品中移除，再删除",
  },
});

const R = goodsRefusals;

// ---------------------------------------------------------------------------------------------------
// Values and limits

export const goodsStatuses = ["draft", "on", "off"] as const;
export const goodsStatus = z.enum(goodsStatuses);
export type GoodsStatus = z.infer<typeof goodsStatus>;
/** A normal item, or a package (a bundle of other items' SKUs with its own price). */
export const goodsKinds = ["goods", "package"] as const;
export const goodsKind = z.enum(goodsKinds);
/**
 * What a goods row lists: ordinary goods, a service the seller offers (服务供应: cold-chain transport, cold storage,
 * machine harvesting, packing …) or a service the seller wants (服务需求). Chosen when publishing; it never changes.
 * A service has a price per unit (offered) or a budget (wanted), a service area, and no stock, batches, delivery,
 * freight or rebate; it is never sold where goods are (search, pickers, packages, member and ladder prices).
 */
export const listingTypes = ["goods", "serviceOffer", "serviceWant"] as const;
export const listingType = z.enum(listingTypes);
export type ListingType = z.infer<typeof listingType>;
export const isService = (t: ListingType | string | null | undefined) => t === "serviceOffer" || t === "serviceWant";
export const logisticsModes = ["express", "cityDelivery", "selfPickup"] as const;
export const logisticsMode = z.enum(logisticsModes);
export type LogisticsMode = z.infer<typeof logisticsMode>;
/** The goods list's tabs: every status, and the items with a batch near its expiry. */
export const goodsTabs = ["all", "on", "off", "draft", "nearExpiry"] as const;
export const goodsTab = z.enum(goodsTabs);
export type GoodsTab = z.infer<typeof goodsTab>;

export const MAX_GOODS_IMAGES = 9;
/** The longest storage location (shelf, bin) a goods item keeps. */
export const MAX_STORAGE_LOCATION = 40;
/** Attribute values of one item (a category defines a handful). */
export const MAX_GOODS_ATTRS = 100;
export const MAX_SPEC_DIMENSIONS = 3;
export const MAX_SPEC_VALUES = 20;
/** An item's SKU ceiling (the product of its spec values). */
export const MAX_SKUS = 600;
export const MAX_DESCRIPTION = 50_000;
/** A batch expiring within this many days (the shop's date) is "near expiry". */
export const NEAR_EXPIRY_DAYS = 3;
/** A batch shelf change can be undone for this long. */
export const SHELF_UNDO_MINUTES = 10;
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_LADDER_TIERS = 5;
export const MAX_PACKAGE_ITEMS = 20;
export const MAX_PRICE = 99_999_999;
/** A rebate is at most 50 % of the price, in basis points (1 % = 100). */
export const MAX_REBATE_BP = 5000;
export const MAX_SERVICE_AREAS = 50;
/** The rebate on a price: rounded down to the cent (a promoter is never promised more than the rate gives). */
export const rebateCentsOf = (priceCents: number, rebateBp: number) => Math.floor((priceCents * rebateBp) / 10_000);

const day = calendarDay;
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, "is required").max(max);
const money = cents.max(MAX_PRICE);
const optionalMoney = money.nullable().default(null);
const quantity = z.int().min(0).max(99_999_999);
const ids = (max: number) => z.array(id).min(1).max(max);

// ---------------------------------------------------------------------------------------------------
// Shapes shared by inputs and outputs

/** A spec dimension (e.g. weight: 500 g, 1 kg); its values make the SKUs (cartesian product). */
export const specDimension = z.strictObject({
  name: required(20),
  values: z.array(required(30)).min(1).max(MAX_SPEC_VALUES),
});
export type SpecDimension = z.infer<typeof specDimension>;

/** A point on the map (WGS-84 degrees). */
export const geoPoint = z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
/** A delivery area: a polygon (3–200 points) or a circle (centre and radius in metres). */
export const rangeShape = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("polygon"), points: z.array(geoPoint).min(3).max(200) }),
  z.strictObject({ type: z.literal("circle"), center: geoPoint, radiusM: z.int().min(1).max(100_000) }),
]);
export type RangeShape = z.infer<typeof rangeShape>;
export const rangeShapes = z.array(rangeShape).min(1).max(20);

/** An attribute value: text, a number, or (multi-select) several option codes. */
export const attrValue = z.union([text(200), z.number(), z.array(text(60)).max(20)]);

/** A fresh batch as entered: its number, quantity, production and expiry dates, trace record. */
const batchFields = {
  batchNo: required(32),
  quantity: z.int().min(1).max(99_999_999),
  productionDate: day,
  expiresOn: day,
  traceId: id.nullable().default(null),
};
const batchInput = z.strictObject(batchFields);

/** One SKU row of the form: its spec values (one per dimension, in order) and its prices and stock. */
export const skuInput = z.strictObject({
  specValues: z.array(required(30)).max(MAX_SPEC_DIMENSIONS).default([]),
  price: money,
  marketPrice: optionalMoney,
  costPrice: optionalMoney,
  /** Ignored for fresh goods: their stock is what their unexpired batches hold. */
  stock: quantity.default(0),
  code: text(32).nullable().default(null),
  barcode: text(32).nullable().default(null),
  weightG: z.int().min(0).max(10_000_000).nullable().default(null),
  volumeCm3: z.int().min(0).max(100_000_000).nullable().default(null),
  /** Fresh goods: the first batches of a SKU that is new in this call (existing SKUs' batches have their own calls). */
  batches: z.array(batchInput).max(20).default([]),
});
export type SkuInput = z.infer<typeof skuInput>;

const goodsFields = {
  name: required(60),
  subtitle: text(120).default(""),
  /** A category of the lowest level (reference.selSubCateListByPcateId); required to publish. */
  categoryId: id.nullable().default(null),
  /** reference.selSystemUnitByParam; required to publish. */
  unitId: id.nullable().default(null),
  /** By attribute definition id (goodsAttrDef.selByCategoryId); required ones are checked on publish. */
  attrs: boundedRecord(z.string().min(1).max(40), attrValue, MAX_GOODS_ATTRS).default({}),
  /** Uploaded file ids, the first is the main image; 1–9 to publish. */
  images: z.array(id).max(MAX_GOODS_IMAGES).default([]),
  videoFileId: id.nullable().default(null),
  /** Rich text; sanitised on the server (an allow-list of tags and attributes; images only from the seller's files). */
  descriptionHtml: z.string().max(MAX_DESCRIPTION).default(""),
  /** At least one to publish. */
  logistics: z.array(logisticsMode).max(3).default([]),
  /** Sold by batches with expiry dates: stock is the sum of the unexpired batches. */
  fresh: z.boolean().default(false),
  specs: z.array(specDimension).max(MAX_SPEC_DIMENSIONS).default([]),
  /** One per combination of spec values (exactly one without specs). */
  skus: z.array(skuInput).min(1).max(MAX_SKUS),
  /** Where same-city delivery reaches; null: the shop's default range. */
  deliveryRange: rangeShapes.nullable().default(null),
  /** What express delivery costs (freight.selListByShopId); null: no template (free shipping). */
  freightTemplateId: id.nullable().default(null),
  /** Where the goods sit in the warehouse (shelf, bin: "A-03-2"); pick lists are sorted by it. Null: not kept. */
  storageLocation: z
    .string()
    .trim()
    .max(MAX_STORAGE_LOCATION)
    .transform((v) => v || null)
    .nullable()
    .default(null),
  /** Ordinary goods, or a service offered or wanted; fixed once saved. */
  listingType: listingType.default("goods"),
  /** Services only: the provinces and cities served (offered) or where the service is wanted; one at least to publish. */
  serviceAreas: z
    .array(areaCode.regex(/00$/, rule(R.serviceAreaLevel)))
    .max(MAX_SERVICE_AREAS)
    .default([]),
  /** Goods only: what a reseller or promoter earns on each sale, in basis points of the price (0–50 %); null: none. */
  rebateBp: z.int().min(0).max(MAX_REBATE_BP).nullable().default(null),
};

type GoodsFieldsOut = {
  name: string;
  categoryId: string | null;
  unitId: string | null;
  images: string[];
  logistics: string[];
  fresh: boolean;
  specs: SpecDimension[];
  skus: SkuInput[];
  listingType?: ListingType;
  serviceAreas?: string[];
  freightTemplateId?: string | null;
  deliveryRange?: unknown[] | null;
  rebateBp?: number | null;
};

const key = (values: readonly string[]) => values.join("\u001f");

/**
 * The form's own rules, the same on the web and the server: specs and SKUs agree (one row per combination), nothing
 * is listed twice, market prices are not below prices, batches only for fresh goods, and (unless saved as a draft)
 * what the shelf needs: a category, a unit, an image, a way of delivery and a price on every SKU.
 */
export function checkGoodsFields(v: GoodsFieldsOut, ctx: z.RefinementCtx, publish: boolean): void {
  const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: "custom", path, message });
  const service = isService(v.listingType);
  const areas = v.serviceAreas ?? [];
  if (publish) {
    if (!v.categoryId) issue(["categoryId"], rule(R.requiredToPublish));
    if (!v.unitId) issue(["unitId"], rule(R.requiredToPublish));
    if (v.images.length === 0) issue(["images"], rule(R.requiredToPublish));
    if (!service && v.logistics.length === 0) issue(["logistics"], rule(R.requiredToPublish));
    if (service && areas.length === 0) issue(["serviceAreas"], rule(R.requiredToPublish));
  }
  if (service) {
    // A service is not shipped, stocked or resold: what only goods have is refused, each field by name.
    if (v.fresh) issue(["fresh"], rule(R.notForService));
    if (v.logistics.length > 0) issue(["logistics"], rule(R.notForService));
    if (v.freightTemplateId) issue(["freightTemplateId"], rule(R.notForService));
    if (v.deliveryRange) issue(["deliveryRange"], rule(R.notForService));
    if (v.rebateBp !== null && v.rebateBp !== undefined) issue(["rebateBp"], rule(R.notForService));
    v.skus.forEach((s, i) => {
      if (s.stock > 0) issue(["skus", i, "stock"], rule(R.notForService));
      if (s.weightG !== null) issue(["skus", i, "weightG"], rule(R.notForService));
      if (s.volumeCm3 !== null) issue(["skus", i, "volumeCm3"], rule(R.notForService));
    });
  } else if (areas.length > 0) issue(["serviceAreas"], rule(R.onlyForService));
  const seenAreas = new Set<string>();
  areas.forEach((code, i) => {
    if (seenAreas.has(code)) issue(["serviceAreas", i], rule(fieldRefusals.listedTwice));
    seenAreas.add(code);
  });
  const dimNames = new Set<string>();
  let combos = 1;
  v.specs.forEach((d, i) => {
    if (dimNames.has(d.name.toLowerCase())) issue(["specs", i, "name"], rule(fieldRefusals.listedTwice));
    dimNames.add(d.name.toLowerCase());
    const seen = new Set<string>();
    d.values.forEach((value, j) => {
      if (seen.has(value)) issue(["specs", i, "values", j], rule(fieldRefusals.listedTwice));
      seen.add(value);
    });
    combos *= seen.size;
  });
  if (combos > MAX_SKUS) issue(["specs"], rule(R.tooManySkus));
  const seenCombos = new Set<string>();
  const codes = new Set<string>();
  v.skus.forEach((s, i) => {
    const fits = s.specValues.length === v.specs.length && s.specValues.every((value, d) => v.specs[d]?.values.includes(value));
    if (!fits) issue(["skus", i, "specValues"], rule(R.specsMismatch));
    else if (seenCombos.has(key(s.specValues))) issue(["skus", i, "specValues"], rule(fieldRefusals.listedTwice));
    seenCombos.add(key(s.specValues));
    if (s.marketPrice !== null && s.marketPrice < s.price) issue(["skus", i, "marketPrice"], rule(R.marketBelowPrice));
    if (s.code) {
      if (codes.has(s.code.toLowerCase())) issue(["skus", i, "code"], rule(fieldRefusals.listedTwice));
      codes.add(s.code.toLowerCase());
    }
    if (!v.fresh && s.batches.length > 0) issue(["skus", i, "batches"], rule(R.notFresh));
    const batchNos = new Set<string>();
    s.batches.forEach((b, j) => {
      if (b.expiresOn < b.productionDate) issue(["skus", i, "batches", j, "expiresOn"], rule(R.expiryBeforeProduction));
      if (batchNos.has(b.batchNo)) issue(["skus", i, "batches", j, "batchNo"], rule(fieldRefusals.listedTwice));
      batchNos.add(b.batchNo);
    });
    if (publish && s.price < 1) issue(["skus", i, "price"], rule(R.priceToPublish));
  });
  if (combos <= MAX_SKUS && seenCombos.size < combos && v.skus.length > 0) issue(["skus"], rule(R.skusIncomplete));
}

/** Publish or save: `draft: true` keeps it a draft (only the name and the SKU grid's shape are required). */
const publishInput = z
  .strictObject({ ...goodsFields, draft: z.boolean().default(false) })
  .superRefine((v, ctx) => checkGoodsFields(v, ctx, !v.draft));
const modifyInput = z
  .strictObject({ id, ...goodsFields, draft: z.boolean().default(false) })
  .superRefine((v, ctx) => checkGoodsFields(v, ctx, !v.draft));
const publishOnInput = z.strictObject(goodsFields).superRefine((v, ctx) => checkGoodsFields({ ...v }, ctx, true));
const modifyOnInput = z.strictObject({ id, ...goodsFields }).superRefine((v, ctx) => checkGoodsFields({ ...v }, ctx, true));

export type GoodsInput = z.output<typeof publishInput>;

/** A package: 2–20 SKUs of the seller's items with quantities, its own price and an optional stock limit. */
const packageFields = {
  name: required(60),
  subtitle: text(120).default(""),
  categoryId: id.nullable().default(null),
  images: z.array(id).max(MAX_GOODS_IMAGES).default([]),
  videoFileId: id.nullable().default(null),
  descriptionHtml: z.string().max(MAX_DESCRIPTION).default(""),
  logistics: z.array(logisticsMode).max(3).default([]),
  price: money,
  marketPrice: optionalMoney,
  /** At most this many are sold, whatever the parts' stock allows; null: only the parts limit it. */
  stockLimit: quantity.nullable().default(null),
  code: text(32).nullable().default(null),
  items: z
    .array(z.strictObject({ skuId: id, quantity: z.int().min(1).max(99) }))
    .min(2)
    .max(MAX_PACKAGE_ITEMS),
};

type PackageFieldsOut = { images: string[]; logistics: string[]; price: number; marketPrice: number | null; items: { skuId: string }[] };

export function checkPackageFields(v: PackageFieldsOut, ctx: z.RefinementCtx, publish: boolean): void {
  const seen = new Set<string>();
  v.items.forEach((item, i) => {
    if (seen.has(item.skuId)) ctx.addIssue({ code: "custom", path: ["items", i, "skuId"], message: rule(fieldRefusals.listedTwice) });
    seen.add(item.skuId);
  });
  if (v.marketPrice !== null && v.marketPrice < v.price)
    ctx.addIssue({ code: "custom", path: ["marketPrice"], message: rule(R.marketBelowPrice) });
  if (!publish) return;
  if (v.price < 1) ctx.addIssue({ code: "custom", path: ["price"], message: rule(R.priceToPublish) });
  if (v.images.length === 0) ctx.addIssue({ code: "custom", path: ["images"], message: rule(R.requiredToPublish) });
  if (v.logistics.length === 0) ctx.addIssue({ code: "custom", path: ["logistics"], message: rule(R.requiredToPublish) });
}

const packagePublishInput = z
  .strictObject({ ...packageFields, draft: z.boolean().default(false) })
  .superRefine((v, ctx) => checkPackageFields(v, ctx, !v.draft));
const packageModifyInput = z
  .strictObject({ id, ...packageFields, draft: z.boolean().default(false) })
  .superRefine((v, ctx) => checkPackageFields(v, ctx, !v.draft));
const packagePublishOnInput = z.strictObject(packageFields).superRefine((v, ctx) => checkPackageFields(v, ctx, true));
const packageModifyOnInput = z.strictObject({ id, ...packageFields }).superRefine((v, ctx) => checkPackageFields(v, ctx, true));

// ---------------------------------------------------------------------------------------------------
// Outputs

const unitRef = z.object({ id: z.string(), name: z.string(), nameEn: z.string() });
const categoryRef = z.object({ id, name: z.string(), nameEn: z.string() });

/** A row of the goods lists. */
export const goodsListItem = z.object({
  id,
  kind: goodsKind,
  /** Ordinary goods (packages too), or a service offered or wanted. */
  listingType,
  name: z.string(),
  subtitle: z.string(),
  mainImage: fileRef.nullable(),
  category: categoryRef.nullable(),
  status: goodsStatus,
  fresh: z.boolean(),
  /** The lowest and highest SKU price (a package: its price). */
  priceMin: cents,
  priceMax: cents,
  /** Sum over the SKUs (fresh: unexpired batches); a package: how many can be sold now. */
  stock: z.int(),
  skuCount: z.int(),
  /** The first SKU code, for the list's code column. */
  code: z.string().nullable(),
  sales: z.int(),
  /** A sellable batch expires within NEAR_EXPIRY_DAYS of the shop's today. */
  nearExpiry: z.boolean(),
  /** The earliest expiry of a sellable batch (fresh goods), YYYY-MM-DD. */
  earliestExpiry: z.string().nullable(),
  logistics: z.array(logisticsMode),
  createdAt: instant,
  updatedAt: instant,
  onShelfAt: instant.nullable(),
});
export type GoodsListItem = z.infer<typeof goodsListItem>;

export const skuItem = z.object({
  id,
  specValues: z.array(z.string()),
  price: cents,
  marketPrice: cents.nullable(),
  costPrice: cents.nullable(),
  stock: z.int(),
  code: z.string().nullable(),
  barcode: z.string().nullable(),
  weightG: z.int().nullable(),
  volumeCm3: z.int().nullable(),
  nearExpiry: z.boolean(),
  earliestExpiry: z.string().nullable(),
});
export type SkuItem = z.infer<typeof skuItem>;

/** A part of a package, with what it is now. */
export const packagePart = z.object({
  skuId: id,
  goodsId: id,
  goodsName: z.string(),
  specValues: z.array(z.string()),
  quantity: z.int(),
  price: cents,
  stock: z.int(),
  /** The part's item is on shelf: a package with a part off shelf cannot be sold. */
  onShelf: z.boolean(),
  mainImage: fileRef.nullable(),
});

export const packageInfo = z.object({
  price: cents,
  marketPrice: cents.nullable(),
  stockLimit: z.int().nullable(),
  /** min(limit, each part's stock ÷ its quantity); 0 when a part is off shelf. */
  available: z.int(),
  sellable: z.boolean(),
  items: z.array(packagePart),
});

export const attrDef = z.object({
  id,
  categoryId: id,
  name: z.string(),
  nameEn: z.string(),
  /** text: free text; number: a number (with `unit`); select: one option; multiSelect: several. */
  type: z.enum(["text", "number", "select", "multiSelect"]),
  options: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
  required: z.boolean(),
  unit: z.string().nullable(),
});
export type AttrDef = z.infer<typeof attrDef>;

/** Everything the form edits and the detail shows. */
export const goodsDetail = goodsListItem.extend({
  categoryPath: z.array(categoryRef),
  unit: unitRef.nullable(),
  attrs: z.record(z.string(), attrValue),
  images: z.array(fileRef),
  video: fileRef.nullable(),
  descriptionHtml: z.string(),
  specs: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(skuItem),
  /** The item's own range; null: it follows the shop's default. */
  deliveryRange: z.array(rangeShape).nullable(),
  /** Packages only. */
  package: packageInfo.nullable(),
  /** The freight template express delivery charges by (items only; null: none). */
  freightTemplateId: id.nullable(),
  /** Where the goods sit in the warehouse; null: not kept. */
  storageLocation: z.string().nullable(),
  /** Services: the provinces and cities served or wanted, named from the platform's areas. */
  serviceAreas: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
  /** Goods: the rebate a reseller or promoter earns on each sale, in basis points of the price; null: none. */
  rebateBp: z.int().nullable(),
});
export type GoodsDetail = z.infer<typeof goodsDetail>;

export const batchItem = z.object({
  id,
  goodsId: id,
  skuId: id,
  specValues: z.array(z.string()),
  batchNo: z.string(),
  quantity: z.int(),
  left: z.int(),
  productionDate: z.string(),
  expiresOn: z.string(),
  /** sellable: unexpired with some left; empty: nothing left; expired: past its date. */
  state: z.enum(["sellable", "empty", "expired"]),
  nearExpiry: z.boolean(),
  traceId: id.nullable(),
  createdAt: instant,
});
export type BatchItem = z.infer<typeof batchItem>;

export const memberPriceItem = z.object({ skuId: id, rankId: id, price: cents });
export const ladderTier = z.strictObject({ minQuantity: z.int().min(2).max(99_999), price: money });
export const ladderItem = z.object({ skuId: id, tiers: z.array(z.object({ minQuantity: z.int(), price: cents })) });

/** selGoodsById/v2: the detail with its prices and sellable batches. */
export const goodsDetailV2 = goodsDetail.extend({
  memberPrices: z.array(memberPriceItem),
  ladders: z.array(ladderItem),
  batches: z.array(batchItem),
});

export const traceItem = z.object({
  id,
  goodsId: id,
  goodsName: z.string(),
  /** Where it comes from, as the seller writes it (village, county). */
  origin: z.string(),
  area: z.object({ code: z.string(), name: z.string(), nameEn: z.string() }).nullable(),
  farm: z.string(),
  base: z.object({ id, name: z.string() }).nullable(),
  harvestDate: z.string().nullable(),
  inspectionFile: fileRef.nullable(),
  remark: z.string(),
  /** The batches that name this record. */
  batchNos: z.array(z.string()),
  createdAt: instant,
  updatedAt: instant,
});

/** A SKU to pick (package parts, gifts). */
export const skuPick = z.object({
  skuId: id,
  goodsId: id,
  goodsName: z.string(),
  specValues: z.array(z.string()),
  price: cents,
  stock: z.int(),
  code: z.string().nullable(),
  status: goodsStatus,
  mainImage: fileRef.nullable(),
});

export const goodsWithSkus = goodsListItem.extend({
  skus: z.array(z.object({ id, specValues: z.array(z.string()), price: cents, stock: z.int(), code: z.string().nullable() })),
});

export const statusCounts = z.object({ all: z.int(), on: z.int(), off: z.int(), draft: z.int(), nearExpiry: z.int() });

/** The bulk report (`done`: the items moved; `refused`: each other item with its name and why) and the undo. */
export const shelfBatchResult = bulkReport.extend({
  /** null when nothing moved (no undo). */
  batchId: id.nullable(),
  undoUntil: instant.nullable(),
});

export const shelfBatchInfo = z.object({
  batchId: id,
  direction: z.enum(["on", "off"]),
  count: z.int(),
  byName: z.string(),
  at: instant,
  undoUntil: instant,
});

export const importReportLine = z.object({
  /** The sheet's row number (the header is row 1). */
  row: z.int(),
  /** The template's column key (name, category, price…), or "" for the whole row. */
  field: z.string(),
  reason: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportReportLine = z.infer<typeof importReportLine>;

export const importResult = z.object({
  mode: z.enum(["dryRun", "commit"]),
  /** Data rows read. */
  rows: z.int(),
  /** Items (rows with the same name make one item with several SKUs). */
  goods: z.int(),
  validRows: z.int(),
  invalidRows: z.int(),
  /** Items written (commit only). */
  created: z.int(),
  /** At most 1,000 lines; the report sheet holds them all. */
  report: z.array(importReportLine),
  reportTruncated: z.boolean(),
  /** The report as a sheet (each row with a "Problem" column in the caller's language); null when nothing is wrong. */
  reportFile: fileRef.nullable(),
});

/** The template's columns, by key (the report names them), in order; headers in both languages. */
export const importColumns = [
  { key: "name", en: "Name*", zh: "商品名称*" },
  { key: "subtitle", en: "Subtitle", zh: "副标题" },
  { key: "category", en: "Category*", zh: "类目*" },
  { key: "unit", en: "Unit*", zh: "单位*" },
  { key: "spec1Name", en: "Spec 1", zh: "规格1名称" },
  { key: "spec1Value", en: "Spec 1 value", zh: "规格1值" },
  { key: "spec2Name", en: "Spec 2", zh: "规格2名称" },
  { key: "spec2Value", en: "Spec 2 value", zh: "规格2值" },
  { key: "spec3Name", en: "Spec 3", zh: "规格3名称" },
  { key: "spec3Value", en: "Spec 3 value", zh: "规格3值" },
  { key: "code", en: "SKU code", zh: "规格编码" },
  { key: "price", en: "Price*", zh: "售价（元）*" },
  { key: "marketPrice", en: "Market price", zh: "市场价（元）" },
  { key: "costPrice", en: "Cost price", zh: "成本价（元）" },
  { key: "stock", en: "Stock", zh: "库存" },
  { key: "weightG", en: "Weight (g)", zh: "重量（克）" },
  { key: "fresh", en: "Fresh (yes/no)", zh: "生鲜（是/否）" },
  { key: "batchNo", en: "Batch number (fresh)", zh: "批次号（生鲜）" },
  { key: "productionDate", en: "Production date (fresh)", zh: "生产日期（生鲜）" },
  { key: "expiresOn", en: "Expiry date (fresh)", zh: "到期日期（生鲜）" },
  { key: "mainImage", en: "Main image URL", zh: "主图网址" },
  { key: "moreImages", en: "More image URLs", zh: "更多图片网址" },
] as const;
export type ImportColumnKey = (typeof importColumns)[number]["key"];

// ---------------------------------------------------------------------------------------------------
// Calls

const view = { func: "goods.manage" } as const;
const edit = { func: "goods.manage.edit" } as const;
const shelf = { func: "goods.manage.shelf" } as const;
const pkg = { func: "goods.package" } as const;
const memberPrice = { func: "goods.memberPrice" } as const;
const ladder = { func: "goods.ladder" } as const;

/** Name (contains) or SKU code (starts with). */
const keyword = text(60).optional();
/** The goods list's tab and filters (the list and its export). */
/** The goods list's export sheet (sheets.ts). */
export const goodsSheet = sheet(
  "goodsList",
  { en: "Goods", zh: "商品" },
  {
    name: { en: "Name", zh: "商品名称" },
    code: { en: "Code", zh: "商品编码" },
    category: { en: "Category", zh: "类目" },
    status: { en: "Status", zh: "状态" },
    priceMin: { en: "Lowest price (¥)", zh: "最低价（元）" },
    priceMax: { en: "Highest price (¥)", zh: "最高价（元）" },
    stock: { en: "Stock", zh: "库存" },
    skuCount: { en: "SKUs", zh: "规格数" },
    sales: { en: "Sold", zh: "销量" },
    fresh: { en: "Fresh", zh: "生鲜" },
    earliestExpiry: { en: "Earliest expiry", zh: "最早到期日" },
    nearExpiry: { en: `Expires within ${NEAR_EXPIRY_DAYS} days`, zh: `${NEAR_EXPIRY_DAYS}天内到期` },
    logistics: { en: "Delivery", zh: "配送方式" },
    listingType: { en: "Type", zh: "信息类型" },
    onShelfAt: { en: "On shelf since", zh: "上架时间" },
    createdAt: { en: "Created", zh: "创建时间" },
    updatedAt: { en: "Last changed", zh: "最后修改时间" },
  },
);

const goodsListFilters = {
  tab: goodsTab.default("all"),
  /** Only ordinary goods, or only services offered or wanted. */
  listingType: listingType.optional(),
  keyword,
  /** A category and every category under it. */
  categoryId: id.optional(),
  priceMin: money.optional(),
  priceMax: money.optional(),
  /** Items whose stock is below this. */
  stockBelow: quantity.optional(),
  fresh: z.boolean().optional(),
};
const pickFilters = { keyword, categoryId: id.optional() };

export const goods = {
  // /trading/goods/
  selGoodsById: read({
    path: seller("/trading/goods/selGoodsById"),
    summary: "One goods item or package with everything the form edits (specs, SKUs, images, range)",
    access: view,
    input: z.strictObject({ id }),
    output: goodsDetail,
  }),
  selGoodsByIdV2: read({
    path: seller("/trading/goods/selGoodsById/v2"),
    summary: "One goods item with its member prices, ladder prices and sellable batches too",
    access: view,
    input: z.strictObject({ id }),
    output: goodsDetailV2,
  }),
  delGoodsList: write({
    path: seller("/trading/goods/delGoodsList"),
    summary:
      "Delete the chosen items and packages that are off shelf or drafts; answers which went and why each other did not (beyond the spec)",
    access: edit,
    input: z.strictObject({ ids: ids(200) }),
    output: bulkReport,
  }),
  delGoods: write({
    path: seller("/trading/goods/delGoods"),
    summary: "Delete an item or package that is off shelf or a draft (soft: orders keep their snapshot)",
    access: edit,
    input: z.strictObject({ id }),
    output: ok,
  }),
  updStatusOn: write({
    path: seller("/trading/goods/updStatusOn"),
    summary: "Put one item on shelf (from off shelf, or a draft that passes the publish checks)",
    access: shelf,
    input: z.strictObject({ id }),
    output: goodsListItem,
  }),
  updStatusOut: write({
    path: seller("/trading/goods/updStatusOut"),
    summary: "Take one item off shelf",
    access: shelf,
    input: z.strictObject({ id }),
    output: goodsListItem,
  }),
  selSupportLogistics: read({
    path: seller("/trading/goods/selSupportLogistics"),
    summary: "The ways of delivery an item may offer, and whether the shop is set up for each",
    access: view,
    input: z.strictObject({}),
    output: z.array(
      z.object({
        mode: logisticsMode,
        available: z.boolean(),
        /** Why not (a refusal reason the web words), when not available. */
        reason: z.string().nullable(),
      }),
    ),
  }),
  selGoodsByParam: read({
    path: seller("/trading/goods/selGoodsByParam"),
    summary: "Goods by ids (to show chosen ones) or by name or SKU code (autocomplete); at most 50",
    access: view,
    input: z.strictObject({
      ids: z.array(id).max(100).optional(),
      keyword,
      kind: goodsKind.optional(),
      status: goodsStatus.optional(),
      limit: z.int().min(1).max(100).default(20),
    }),
    output: z.array(goodsListItem),
  }),
  selGoodsTpl: exportFile({
    path: seller("/trading/goods/template/selGoodsTpl"),
    summary: "The import template (.xlsx) with headers in the caller's language and a sheet of categories and units",
    access: edit,
    input: z.strictObject({}),
  }),

  // /trading/goods/manage/
  publishGoods: write({
    path: seller("/trading/goods/manage/publishGoods/v2"),
    summary: "Publish a new item off shelf (or save it as a draft)",
    access: edit,
    input: publishInput,
    output: goodsDetail,
  }),
  publishGoodsAndStatusOn: write({
    path: seller("/trading/goods/manage/publishGoodsAndStatusOn"),
    summary: "Publish a new item and put it on shelf, in one transaction",
    access: edit,
    input: publishOnInput,
    output: goodsDetail,
  }),
  modifyGoods: write({
    path: seller("/trading/goods/manage/modifyGoods/v2"),
    summary: "Edit an item: SKUs whose spec values remain keep their stock, batches and prices; a draft is published unless draft",
    access: edit,
    input: modifyInput,
    output: goodsDetail,
  }),
  modifyGoodsAndStatusOn: write({
    path: seller("/trading/goods/manage/modifyGoodsAndStatusOn"),
    summary: "Edit an item and put it on shelf, in one transaction",
    access: edit,
    input: modifyOnInput,
    output: goodsDetail,
  }),
  publishGoodsPackage: write({
    path: seller("/trading/goods/manage/publishGoodsPackage"),
    summary: "Publish a new package off shelf (or save it as a draft)",
    access: pkg,
    input: packagePublishInput,
    output: goodsDetail,
  }),
  publishGoodsPackageAndStatusOn: write({
    path: seller("/trading/goods/manage/publishGoodsPackageAndStatusOn"),
    summary: "Publish a new package and put it on shelf, in one transaction",
    access: pkg,
    input: packagePublishOnInput,
    output: goodsDetail,
  }),
  modifyGoodsPackage: write({
    path: seller("/trading/goods/manage/modifyGoodsPackage"),
    summary: "Edit a package",
    access: pkg,
    input: packageModifyInput,
    output: goodsDetail,
  }),
  modifyGoodsPackageAndStatusOn: write({
    path: seller("/trading/goods/manage/modifyGoodsPackageAndStatusOn"),
    summary: "Edit a package and put it on shelf, in one transaction",
    access: pkg,
    input: packageModifyOnInput,
    output: goodsDetail,
  }),
  selGoodsListByDefaultShop: read({
    path: seller("/trading/goods/manage/selGoodsListByDefaultShop/v2"),
    summary:
      "The goods list: a status tab (or near expiry) with every tab's count, filters, newest change first; pass nextCursor for the next page (keyset)",
    access: view,
    input: pageInput({
      ...goodsListFilters,
      /** The previous page's nextCursor: the page after it (pageNum is then ignored). */
      cursor: z.string().max(100).optional(),
    }),
    output: page(goodsListItem).extend({ counts: statusCounts, nextCursor: z.string().nullable() }),
  }),
  exportGoodsList: exportFile({
    path: seller("/trading/goods/manage/exportGoodsList"),
    summary:
      "The goods list as an Excel file: the list's tab and filters, one row per item, in the reader's language (optionally chosen columns)",
    access: { func: "goods.manage.export" },
    input: z.strictObject({ ...goodsListFilters, columns: goodsSheet.chosen }),
    sheet: goodsSheet,
  }),
  selAllowPackageByDefaultShop: read({
    path: seller("/trading/goods/manage/selAllowPackageByDefaultShop"),
    summary: "SKUs that may go into a package (published normal items), by name or code",
    access: pkg,
    input: pageInput(pickFilters),
    output: page(skuPick),
  }),
  selPackageGoodsListByDefaultShop: read({
    path: seller("/trading/goods/manage/selPackageGoodsListByDefaultShop"),
    summary: "The packages with their parts and how many can be sold now",
    access: pkg,
    input: pageInput({ keyword, status: goodsStatus.optional() }),
    output: page(goodsListItem.extend({ package: packageInfo })),
  }),
  selGoodsListByMember: read({
    path: seller("/trading/goods/manage/selGoodsListByMember/v2"),
    summary: "Items with member prices, with the ranks they price",
    access: memberPrice,
    input: pageInput({ ...pickFilters, rankId: id.optional() }),
    output: page(
      goodsListItem.extend({
        memberPriceCount: z.int(),
        ranks: z.array(z.object({ id, name: z.string() })),
        lowestMemberPrice: cents,
      }),
    ),
  }),
  selNotPromotionGoodsList: read({
    path: seller("/trading/goods/manage/selNotPromotionGoodsList/v2"),
    summary: "On-shelf items in no promotion that has not ended (running or not started), for promotion pickers",
    access: view,
    input: pageInput(pickFilters),
    output: page(goodsListItem),
  }),
  selGifGoodsList: read({
    path: seller("/trading/goods/manage/selGifGoodsList/v2"),
    summary: "SKUs that can be given as gifts: of on-shelf normal items, with stock",
    access: view,
    input: pageInput(pickFilters),
    output: page(skuPick),
  }),

  // /trading/goods/info/
  selGoodsInfoListByDefaultShop: read({
    path: seller("/trading/goods/info/selGoodsListByDefaultShop/v2"),
    summary: "Published items with their SKUs (for price grids and pickers), newest change first",
    access: view,
    input: pageInput({ ...pickFilters, status: z.enum(["on", "off"]).optional() }),
    output: page(goodsWithSkus),
  }),
  batchUpdateStatusOn: write({
    path: seller("/trading/goods/info/batchUpdateStatusOn"),
    summary:
      "Put off-shelf items, and drafts ready for the shelf, on shelf; answers which moved, why each other did not, and the undo (10 minutes)",
    access: shelf,
    input: z.strictObject({ ids: ids(200) }),
    output: shelfBatchResult,
  }),
  batchUpdateStatusOut: write({
    path: seller("/trading/goods/info/batchUpdateStatusOut"),
    summary: "Take on-shelf items off shelf; answers which moved, why each other did not, and the undo (10 minutes)",
    access: shelf,
    input: z.strictObject({ ids: ids(200) }),
    output: shelfBatchResult,
  }),
  undoBatchUpdateStatus: write({
    path: seller("/trading/goods/info/undoBatchUpdateStatus"),
    summary: "Undo the latest batch shelf change within 10 minutes: only items still as it left them move back (beyond the spec)",
    access: shelf,
    input: z.strictObject({ batchId: id }),
    output: z.object({ restored: z.array(id), skipped: z.array(id) }),
  }),
  selLastShelfBatch: read({
    path: seller("/trading/goods/info/selLastShelfBatch"),
    summary: "The organisation's latest batch shelf change while it can still be undone, or null (beyond the spec)",
    access: view,
    input: z.strictObject({}),
    output: shelfBatchInfo.nullable(),
  }),
  selGoodRecommendByShopId: read({
    path: seller("/trading/goods/info/selGoodRecommendByShopId"),
    summary: "The shop's best sellers on shelf (until recommendations exist), most sold first",
    access: view,
    input: z.strictObject({ limit: z.int().min(1).max(50).default(10) }),
    output: z.array(goodsListItem),
  }),
  selGoodsInfoByPage: read({
    path: seller("/trading/goods/info/selGoodsInfoByPage"),
    summary: "A page of items and packages by name, category, status, kind and listing type (for catalogue pickers)",
    access: view,
    input: pageInput({ ...pickFilters, status: goodsStatus.optional(), kind: goodsKind.optional(), listingType: listingType.optional() }),
    output: page(goodsListItem),
  }),
  importGoodsList: uploadFile({
    path: seller("/trading/goods/info/importGoodsList"),
    summary:
      "Import items from the template: dryRun answers a per-row report (and a report sheet); commit writes the valid rows as drafts in one transaction",
    access: edit,
    input: z.strictObject({ mode: z.enum(["dryRun", "commit"]).default("dryRun") }),
    output: importResult,
  }),
  selGoodsPromotion: read({
    path: seller("/trading/goods/info/selGoodsPromotion"),
    summary: "The prices in effect for an item's SKUs: price, member prices, ladder; the live promotions holding the item",
    access: view,
    input: z.strictObject({ goodsId: id }),
    output: z.object({
      goodsId: id,
      skus: z.array(
        z.object({
          skuId: id,
          specValues: z.array(z.string()),
          price: cents,
          memberPrices: z.array(z.object({ rankId: id, rankName: z.string(), price: cents })),
          ladder: z.array(z.object({ minQuantity: z.int(), price: cents })),
        }),
      ),
      promotions: z.array(z.object({ id, name: z.string(), kind: z.string() })),
    }),
  }),

  // Fresh batches (beyond the spec: the spec has no batch calls).
  selGoodsBatchList: read({
    path: seller("/trading/goods/batch/selGoodsBatchList"),
    summary: "The batches of a fresh item (or one SKU), earliest expiry first: sellable, then empty and expired (at most 200)",
    access: view,
    input: z.strictObject({ goodsId: id, skuId: id.optional() }),
    output: z.array(batchItem),
  }),
  addGoodsBatch: write({
    path: seller("/trading/goods/batch/addGoodsBatch"),
    summary: "Receive a batch of a fresh SKU: its stock grows by the quantity (beyond the spec)",
    access: edit,
    input: z.strictObject({ skuId: id, ...batchFields }).superRefine((v, ctx) => {
      if (v.expiresOn < v.productionDate) ctx.addIssue({ code: "custom", path: ["expiresOn"], message: rule(R.expiryBeforeProduction) });
    }),
    output: batchItem,
  }),
  updGoodsBatch: write({
    path: seller("/trading/goods/batch/updGoodsBatch"),
    summary: "Correct a batch: its number, dates, trace record and what is left (a stock count) (beyond the spec)",
    access: edit,
    input: z
      .strictObject({
        id,
        batchNo: batchFields.batchNo,
        productionDate: day,
        expiresOn: day,
        traceId: id.nullable().default(null),
        left: quantity,
      })
      .superRefine((v, ctx) => {
        if (v.expiresOn < v.productionDate) ctx.addIssue({ code: "custom", path: ["expiresOn"], message: rule(R.expiryBeforeProduction) });
      }),
    output: batchItem,
  }),
  delGoodsBatch: write({
    path: seller("/trading/goods/batch/delGoodsBatch"),
    summary: "Remove a batch (entered by mistake, or written off): its stock leaves the SKU (beyond the spec)",
    access: edit,
    input: z.strictObject({ id }),
    output: ok,
  }),

  // Trace records.
  selGoodsTraceListByParam: read({
    path: seller("/trading/goodsTrace/selGoodsTraceListByParam"),
    summary: "Origin and batch trace records (farm, harvest date, inspection report), newest first",
    access: view,
    input: pageInput({
      goodsId: id.optional(),
      keyword,
      harvestFrom: day.optional(),
      harvestTo: day.optional(),
    }),
    output: page(traceItem),
  }),
  addOrUpdGoodsTrace: write({
    path: seller("/trading/goodsTrace/addOrUpdGoodsTrace"),
    summary: "Add a trace record to an item, or edit one when id is given (beyond the spec)",
    access: edit,
    input: z.strictObject({
      id: id.optional(),
      goodsId: id,
      origin: required(100),
      areaCode: areaCode.nullable().default(null),
      farm: text(100).default(""),
      /** One of the organisation's bases (farms, sites) from the staff screens. */
      baseId: id.nullable().default(null),
      harvestDate: day.nullable().default(null),
      inspectionFileId: id.nullable().default(null),
      remark: text(500).default(""),
    }),
    output: traceItem,
  }),
  delGoodsTrace: write({
    path: seller("/trading/goodsTrace/delGoodsTrace"),
    summary: "Delete a trace record; batches naming it keep their stock and lose the link (beyond the spec)",
    access: edit,
    input: z.strictObject({ id }),
    output: ok,
  }),

  // Member prices (beyond the spec: it lists only the list call).
  selGoodsMemberPriceById: read({
    path: seller("/trading/goods/memberPrice/selGoodsMemberPriceById"),
    summary: "An item's SKUs, the shop's ranks and the member prices set (beyond the spec)",
    access: memberPrice,
    input: z.strictObject({ goodsId: id }),
    output: z.object({
      goods: goodsListItem,
      skus: z.array(z.object({ id, specValues: z.array(z.string()), price: cents })),
      ranks: z.array(z.object({ id, name: z.string(), level: z.int(), discount: z.int() })),
      prices: z.array(memberPriceItem),
    }),
  }),
  saveGoodsMemberPrice: write({
    path: seller("/trading/goods/memberPrice/saveGoodsMemberPrice"),
    summary: "Set an item's member prices (SKU × rank); those not given are removed (beyond the spec)",
    access: memberPrice,
    input: z.strictObject({
      goodsId: id,
      prices: z
        .array(z.strictObject({ skuId: id, rankId: id, price: money.min(1) }))
        .min(1)
        .max(3000),
    }),
    output: z.array(memberPriceItem),
  }),
  delGoodsMemberPrice: write({
    path: seller("/trading/goods/memberPrice/delGoodsMemberPrice"),
    summary: "Remove all of an item's member prices (beyond the spec)",
    access: memberPrice,
    input: z.strictObject({ goodsId: id }),
    output: ok,
  }),

  // Ladder prices (beyond the spec).
  selGoodsLadderList: read({
    path: seller("/trading/goods/ladder/selGoodsLadderList"),
    summary: "Items with ladder prices (beyond the spec)",
    access: ladder,
    input: pageInput(pickFilters),
    output: page(goodsListItem.extend({ ladderSkuCount: z.int(), lowestLadderPrice: cents })),
  }),
  selGoodsLadderById: read({
    path: seller("/trading/goods/ladder/selGoodsLadderById"),
    summary: "An item's SKUs with their ladder tiers (beyond the spec)",
    access: ladder,
    input: z.strictObject({ goodsId: id }),
    output: z.object({
      goods: goodsListItem,
      skus: z.array(
        z.object({ id, specValues: z.array(z.string()), price: cents, tiers: z.array(z.object({ minQuantity: z.int(), price: cents })) }),
      ),
    }),
  }),
  saveGoodsLadderPrice: write({
    path: seller("/trading/goods/ladder/saveGoodsLadderPrice"),
    summary:
      "Set an item's ladder tiers per SKU (1–5; minimum quantities ascending from 2, prices descending and below the SKU's price); SKUs not given lose theirs (beyond the spec)",
    access: ladder,
    input: z.strictObject({
      goodsId: id,
      skus: z
        .array(z.strictObject({ skuId: id, tiers: z.array(ladderTier).min(1).max(MAX_LADDER_TIERS) }))
        .min(1)
        .max(MAX_SKUS),
    }),
    output: z.array(ladderItem),
  }),
  delGoodsLadderPrice: write({
    path: seller("/trading/goods/ladder/delGoodsLadderPrice"),
    summary: "Remove all of an item's ladder tiers (beyond the spec)",
    access: ladder,
    input: z.strictObject({ goodsId: id }),
    output: ok,
  }),

  // Reference data and delivery ranges the form needs (goods-public paths of the spec).
  selAttrDefByCategoryId: read({
    path: "/api/trading/goodsAttrDef/selByCategoryId",
    summary: "The attribute definitions of a category (its own and its parents'), in form order",
    access: "member",
    input: z.strictObject({ categoryId: id }),
    output: z.array(attrDef),
  }),
  selGoodsRangeByParam: read({
    path: "/api/trading/goodsDeliveryRange/selGoodsRangeByParam",
    summary: "The delivery range in effect for an item (its own, else the shop's default), or the shop's default (goodsId null)",
    access: view,
    input: z.strictObject({ goodsId: id.nullable().default(null) }),
    output: z.object({ goodsId: id.nullable(), source: z.enum(["goods", "shop", "none"]), shapes: z.array(rangeShape) }),
  }),
  checkGoodsRangeCategory: read({
    path: "/api/trading/goodsDeliveryRange/checkGoodsRangeCategory",
    summary: "Whether a point lies in an item's delivery range (or the shop's default): point in polygon, haversine for circles",
    access: view,
    input: z.strictObject({ goodsId: id.nullable().default(null), lat: geoPoint.shape.lat, lng: geoPoint.shape.lng }),
    output: z.object({
      inside: z.boolean(),
      source: z.enum(["goods", "shop", "none"]),
      /** The index of the first shape holding the point. */
      shapeIndex: z.int().nullable(),
    }),
  }),
  saveShopRange: write({
    path: seller("/trading/goodsDeliveryRange/saveShopRange"),
    summary: "Set (or clear, with null) the shop's default delivery range (beyond the spec)",
    access: edit,
    input: z.strictObject({ shapes: rangeShapes.nullable() }),
    output: z.object({ shapes: z.array(rangeShape) }),
  }),
};
