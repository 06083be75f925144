import type { GoodsDetail, GoodsListItem } from "@sbo/contract/goods";

export type GoodsDetailAnswer = GoodsDetail & { memberPrices: []; ladders: []; batches: [] };

/** One SKU as the detail answers it: no specs, ¥30.00, 12 in stock, nothing else set. */
export const goodsSkuItem = (over: Partial<GoodsDetail["skus"][number]> = {}): GoodsDetail["skus"][number] => ({
  id: "k1",
  specValues: [],
  price: 3000,
  marketPrice: null,
  costPrice: null,
  stock: 12,
  code: null,
  barcode: null,
  weightG: null,
  volumeCm3: null,
  nearExpiry: false,
  earliestExpiry: null,
  ...over,
});

/**
 * An item as the goods detail call answers it (the contract's shape, so a fixture cannot drift from what the server
 * sends): "West Lake tea", ordinary goods on shelf with one SKU, no category, images, range or freight template.
 */
export const goodsDetail = (over: Partial<GoodsDetailAnswer> = {}): GoodsDetailAnswer => ({
  id: "g1",
  kind: "goods",
  listingType: "goods",
  name: "West Lake tea",
  subtitle: "",
  mainImage: null,
  category: null,
  categoryPath: [],
  status: "on",
  fresh: false,
  priceMin: 3000,
  priceMax: 3000,
  stock: 12,
  skuCount: 1,
  code: null,
  sales: 3,
  nearExpiry: false,
  earliestExpiry: null,
  logistics: ["express"],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  onShelfAt: "2026-01-01T00:00:00.000Z",
  unit: null,
  attrs: {},
  images: [],
  video: null,
  descriptionHtml: "",
  specs: [],
  skus: [goodsSkuItem()],
  deliveryRange: null,
  package: null,
  freightTemplateId: null,
  storageLocation: null,
  serviceAreas: [],
  rebateBp: null,
  memberPrices: [],
  ladders: [],
  batches: [],
  ...over,
});

/** A row of a goods list (the goods list, a category's or a promotion's goods): "West Lake tea", on shelf, ¥10.00. */
export const goodsListItem = (over: Partial<GoodsListItem> = {}): GoodsListItem => ({
  id: "g1",
  kind: "goods",
  listingType: "goods",
  name: "West Lake tea",
  subtitle: "",
  mainImage: null,
  category: null,
  status: "on",
  fresh: false,
  priceMin: 1000,
  priceMax: 1000,
  stock: 5,
  skuCount: 1,
  code: null,
  sales: 0,
  nearExpiry: false,
  earliestExpiry: null,
  logistics: ["express"],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
  onShelfAt: null,
  ...over,
});
