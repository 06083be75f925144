import { type GoodsListItem, type LogisticsMode, NEAR_EXPIRY_DAYS, type RangeShape, type SkuItem } from "@sbo/contract";
import { addDays } from "../../platform/days";
import { type Executor, readTogether } from "../../platform/db/client";
import {
  type AreaRef,
  areaRefs,
  type CatalogCategory,
  categoryCatalog,
  type FileRef,
  fileRefs,
  unitCatalog,
} from "../reference/reference.service";
import * as repo from "./goods.repository";
import { packageAvailable } from "./goods.rules";

/* Rows to the contract's shapes: the list row, the detail, the package info. Each page costs a fixed number of queries. */

export interface ViewContext {
  boId: string;
  /** The shop's date (YYYY-MM-DD). */
  today: string;
}

export const isNear = (earliest: string | null, today: string) => earliest !== null && earliest <= addDays(today, NEAR_EXPIRY_DAYS);

export interface PackageInfo {
  price: number;
  marketPrice: number | null;
  stockLimit: number | null;
  available: number;
  sellable: boolean;
  items: {
    skuId: string;
    goodsId: string;
    goodsName: string;
    specValues: string[];
    quantity: number;
    price: number;
    stock: number;
    onShelf: boolean;
    mainImage: FileRef | null;
  }[];
}

/** What the list rows of a page need besides themselves: main images, categories, package parts (3–4 queries). */
async function pageExtras(db: Executor, boId: string, rows: repo.GoodsRow[]) {
  const packageIds = rows.filter((g) => g.kind === "package").map((g) => g.id);
  const parts = await repo.partsOf(db, packageIds);
  const [files, categories] = await readTogether(db, [
    () => fileRefs(db, boId, [...rows.map((g) => g.images[0]), ...parts.map((p) => p.images[0])]),
    async () => (rows.some((g) => g.categoryId) ? categoryCatalog(db) : new Map<string, CatalogCategory>()),
  ]);
  const partsBy = new Map<string, repo.PartRow[]>();
  for (const p of parts) partsBy.set(p.packageId, [...(partsBy.get(p.packageId) ?? []), p]);
  return { files, categories, partsBy };
}

type Extras = Awaited<ReturnType<typeof pageExtras>>;

function packageInfoOf(
  g: repo.GoodsRow,
  sku: { price: number; marketPrice: number | null } | null,
  parts: repo.PartRow[],
  x: Extras,
): PackageInfo {
  const available = packageAvailable(g.stockLimit, parts);
  return {
    price: sku?.price ?? g.priceMin,
    marketPrice: sku?.marketPrice ?? null,
    stockLimit: g.stockLimit,
    available,
    sellable: parts.length > 0 && parts.every((p) => p.onShelf),
    items: parts.map((p) => ({
      skuId: p.skuId,
      goodsId: p.goodsId,
      goodsName: p.goodsName,
      specValues: p.specValues,
      quantity: p.quantity,
      price: p.price,
      stock: p.stock,
      onShelf: p.onShelf,
      mainImage: (p.images[0] && x.files.get(p.images[0])) || null,
    })),
  };
}

function listItemOf(r: repo.ListRow, today: string, x: Extras): GoodsListItem {
  const g = r.g;
  const category = g.categoryId ? x.categories.get(g.categoryId) : undefined;
  const stock = g.kind === "package" ? packageAvailable(g.stockLimit, x.partsBy.get(g.id) ?? []) : g.stockTotal;
  return {
    id: g.id,
    kind: g.kind as GoodsListItem["kind"],
    listingType: g.listingType as GoodsListItem["listingType"],
    name: g.name,
    subtitle: g.subtitle,
    mainImage: (g.images[0] && x.files.get(g.images[0])) || null,
    category: category ? { id: category.id, name: category.name, nameEn: category.nameEn } : null,
    status: g.status as GoodsListItem["status"],
    fresh: g.fresh,
    priceMin: g.priceMin,
    priceMax: g.priceMax,
    stock,
    skuCount: r.skuCount,
    code: r.firstCode,
    sales: g.sales,
    nearExpiry: isNear(r.earliestExpiry, today),
    earliestExpiry: r.earliestExpiry,
    logistics: g.logistics as LogisticsMode[],
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
    onShelfAt: g.onShelfAt?.toISOString() ?? null,
  };
}

/** List rows as the contract's items (3–4 queries for the whole page). */
export async function listItems(db: Executor, v: ViewContext, rows: repo.ListRow[]): Promise<GoodsListItem[]> {
  const x = await pageExtras(
    db,
    v.boId,
    rows.map((r) => r.g),
  );
  return rows.map((r) => listItemOf(r, v.today, x));
}

/** List rows with their package info (packages only). */
export async function packageItems(db: Executor, v: ViewContext, rows: repo.ListRow[]) {
  const x = await pageExtras(
    db,
    v.boId,
    rows.map((r) => r.g),
  );
  const skus = await repo.skusOfMany(
    db,
    rows.map((r) => r.g.id),
  );
  const skuBy = new Map(skus.map((s) => [s.goodsId, s]));
  return rows.map((r) => ({
    ...listItemOf(r, v.today, x),
    package: packageInfoOf(r.g, skuBy.get(r.g.id) ?? null, x.partsBy.get(r.g.id) ?? [], x),
  }));
}

export async function listItem(db: Executor, v: ViewContext, id: string): Promise<GoodsListItem> {
  const row = await repo.listRow(db, v.boId, id, v.today);
  if (!row) throw new Error(`goods ${id} vanished`);
  const [item] = await listItems(db, v, [row]);
  return item as GoodsListItem;
}

export const skuItemOf = (s: repo.SkuRow, earliest: string | null, today: string): SkuItem => ({
  id: s.id,
  specValues: s.specValues,
  price: s.price,
  marketPrice: s.marketPrice,
  costPrice: s.costPrice,
  stock: s.stock,
  code: s.code,
  barcode: s.barcode,
  weightG: s.weightG,
  volumeCm3: s.volumeCm3,
  nearExpiry: isNear(earliest, today),
  earliestExpiry: earliest,
});

/** Everything the form edits and the detail shows. */
export async function detailOf(db: Executor, v: ViewContext, id: string) {
  const row = await repo.listRow(db, v.boId, id, v.today);
  if (!row || row.g.deletedAt) return null;
  const g = row.g;
  const x = await pageExtras(db, v.boId, [g]);
  const [skus, earliest, range, files, units, areas] = await readTogether(db, [
    () => repo.skusOf(db, g.id),
    async () => (g.fresh ? repo.earliestExpiryBySku(db, g.id, v.today) : new Map<string, string>()),
    () => repo.rangeOf(db, v.boId, g.id),
    () => fileRefs(db, v.boId, [...g.images, g.videoFileId]),
    async () => (g.unitId ? unitCatalog(db) : null),
    async () => (g.serviceAreas.length ? areaRefs(db, g.serviceAreas) : new Map<string, AreaRef>()),
  ]);
  const category = g.categoryId ? x.categories.get(g.categoryId) : undefined;
  const unit = g.unitId ? units?.get(g.unitId) : undefined;
  return {
    ...listItemOf(row, v.today, x),
    categoryPath: category?.path ?? [],
    unit: unit ?? null,
    attrs: g.attrs,
    images: g.images.flatMap((f) => files.get(f) ?? []),
    video: (g.videoFileId && files.get(g.videoFileId)) || null,
    descriptionHtml: g.descriptionHtml,
    specs: g.specs,
    skus: skus.map((s) => skuItemOf(s, earliest.get(s.id) ?? null, v.today)),
    deliveryRange: (range?.shapes as RangeShape[] | undefined) ?? null,
    package: g.kind === "package" ? packageInfoOf(g, skus[0] ?? null, x.partsBy.get(g.id) ?? [], x) : null,
    freightTemplateId: g.freightTemplateId,
    storageLocation: g.storageLocation,
    serviceAreas: g.serviceAreas.map((code) => {
      const a = areas.get(code);
      return { code, name: a?.name ?? code, nameEn: a?.nameEn ?? code };
    }),
    rebateBp: g.rebateBp,
  };
}
