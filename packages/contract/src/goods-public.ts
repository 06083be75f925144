import { z } from "zod";
import { cents, id, instant, page, pageInput } from "./common";
import { read } from "./define";
import { goods, goodsKind, goodsListItem, goodsStatus, statusCounts } from "./goods";
import { areaCode } from "./reference";

/*
 * The goods calls outside the seller prefix (spec §7, "/api/trading/goods/"; issue 10). Those that do what a seller
 * call does are that call under a second path (one service, one schema); the rest answer what the seller's
 * screens and the marketplace directory need: counts by kind and category, and the sellers with goods on shelf.
 * See docs/domains/goods.md ("The calls under /api/trading/goods/").
 */

const view = { func: "goods.manage" } as const;

/** A seller with goods on shelf, as the marketplace shows it: its shop's name and how many items it has on shelf. */
export const sellerWithGoods = z.object({ boId: id, orgName: z.string(), shopName: z.string(), onShelf: z.int() });

const named = z.object({ code: z.string(), name: z.string(), nameEn: z.string() });
const categoryRef = z.object({ id, name: z.string(), nameEn: z.string() });

/** The seller of a marketplace row: organisation, open shop, and where the shop is (its area, named from the province down). */
export const marketSeller = z.object({ boId: id, orgName: z.string(), shopName: z.string(), area: named.nullable() });

/**
 * The main image of an on-shelf listing: its file id, and the URL anyone may load its list size at while the listing is
 * on shelf (`publicImageUrl`; docs/domains/platform.md, "Images"). Null without an image.
 */
const listingImage = { image: id.nullable(), imageUrl: z.string().nullable() };

/** A row of the service boards (on-shelf service listings of every seller). */
export const serviceListing = z.object({
  id,
  listingType: z.enum(["serviceOffer", "serviceWant"]),
  name: z.string(),
  subtitle: z.string(),
  ...listingImage,
  category: categoryRef.nullable(),
  /** Offered: the price per unit; wanted: the budget (lowest and highest over its SKUs, cents). */
  priceMin: cents,
  priceMax: cents,
  /** What the price is per (hour, tonne, mu …). */
  unit: z.object({ id: z.string(), name: z.string(), nameEn: z.string() }).nullable(),
  skuCount: z.int(),
  serviceAreas: z.array(named),
  seller: marketSeller,
  onShelfAt: instant,
});
export type ServiceListing = z.infer<typeof serviceListing>;

/** A row of the rebate list: an on-shelf goods item with its rebate on the lowest SKU price. */
export const rebateGoods = z.object({
  id,
  name: z.string(),
  subtitle: z.string(),
  ...listingImage,
  category: categoryRef.nullable(),
  priceMin: cents,
  priceMax: cents,
  rebateBp: z.int(),
  /** rebateCentsOf(priceMin, rebateBp): rounded down to the cent. */
  rebateCents: cents,
  sales: z.int(),
  seller: marketSeller,
  onShelfAt: instant,
});
export type RebateGoods = z.infer<typeof rebateGoods>;

/** Name contains (case-insensitive). */
const keyword = z.string().trim().max(60).optional();
/** The previous page's nextCursor: the page after it (pageNum is then ignored). */
const cursor = z.string().max(120).optional();

const serviceBoard = (listing: "serviceOffer" | "serviceWant", path: string, summary: string) =>
  read({
    path,
    summary,
    access: "member",
    input: pageInput({
      keyword,
      /** A category and every category under it. */
      categoryId: id.optional(),
      /** A province, city or district: listings serving it, the city or province holding it, or (a province) any of its cities. */
      areaCode: areaCode.optional(),
      cursor,
    }),
    output: page(serviceListing.extend({ listingType: z.literal(listing) })).extend({ nextCursor: z.string().nullable() }),
  });

export const goodsPublic = {
  myGoodsList: read({
    path: "/api/trading/goods/myGoodsList",
    summary: "The caller's goods and packages by name, category, status and kind, newest change first",
    access: view,
    input: goods.selGoodsInfoByPage.input,
    output: page(goodsListItem),
  }),
  selGoodsInfoByPage: { ...goods.selGoodsInfoByPage, path: "/api/trading/goods/selGoodsInfoByPage" },
  detail: { ...goods.selGoodsById, path: "/api/trading/goods/detail" },
  publishGoods: { ...goods.publishGoods, path: "/api/trading/goods/publishGoods" },
  modifyGoods: { ...goods.modifyGoods, path: "/api/trading/goods/modifyGoods" },
  selBaseGoodsStatus: read({
    path: "/api/trading/goods/manage/selBaseGoodsStatus",
    summary: "How many of the caller's goods are in each status tab (all, on, off, draft, near expiry)",
    access: view,
    input: z.strictObject({}),
    output: statusCounts,
  }),
  selGoodsNumByTypeAndCate: read({
    path: "/api/trading/goods/selGoodsNumByTypeAndCate",
    summary: "How many live goods the caller has by kind (items, packages) and by top-level category, optionally of one status",
    access: view,
    input: z.strictObject({ status: goodsStatus.optional() }),
    output: z.object({
      byKind: z.array(z.object({ kind: goodsKind, count: z.int() })),
      byCategory: z.array(z.object({ id, name: z.string(), nameEn: z.string(), count: z.int() })),
    }),
  }),
  selBoListByCategory: read({
    path: "/api/trading/goods/selBoListByCategory",
    summary: "The sellers with goods on shelf in a category or any category under it, most goods first (at most 50)",
    access: "member",
    input: z.strictObject({ categoryId: id, limit: z.int().min(1).max(50).default(20) }),
    output: z.array(sellerWithGoods),
  }),
  selGoodsInfoFwgyByPage: serviceBoard(
    "serviceOffer",
    "/api/trading/goods/selGoodsInfoFwgyByPage",
    "Service supply (服务供应): on-shelf services offered by every seller, newest first, by keyword, category and area; keyset paged",
  ),
  selGoodsInfoFwxqByPage: serviceBoard(
    "serviceWant",
    "/api/trading/goods/selGoodsInfoFwxqByPage",
    "Service demand (服务需求): on-shelf services wanted by every seller, newest first, by keyword, category and area; keyset paged",
  ),
  selGoodsListByPageV2WithRebate: read({
    path: "/api/trading/goods/selGoodsListByPageV2WithRebate",
    summary:
      "On-shelf goods of every seller that pay a rebate, with the rebate on the lowest SKU price; by keyword and category, largest rebate or newest first; keyset or bounded pages",
    access: "member",
    input: pageInput({
      keyword,
      categoryId: id.optional(),
      /** rebate: the largest rebate amount first; newest: the latest put on shelf first. */
      sort: z.enum(["rebate", "newest"]).default("rebate"),
      cursor,
    }),
    output: page(rebateGoods).extend({ nextCursor: z.string().nullable() }),
  }),
  selBoListByParam: read({
    path: "/api/trading/goods/info/selBoListByParam",
    summary: "The sellers with goods on shelf whose organisation or shop name holds the keyword, by name",
    access: "member",
    input: pageInput({ keyword: z.string().trim().min(1, "is required").max(40) }),
    output: page(sellerWithGoods),
  }),
};
