import type { GoodsDetail, GoodsInput, ListingType, LogisticsMode, RangeShape, SkuInput, SpecDimension } from "@sbo/contract/goods";
import { isService, MAX_SKUS } from "@sbo/contract/goods";
import { EMPTY_SHAPES, type MapShapes } from "@/components/map";
import type { UploadValue } from "@/components/upload";
import { centsOf, yuanOf } from "@/platform/money";

/** One fresh batch as the form holds it (dates YYYY-MM-DD). */
export interface BatchRow {
  batchNo: string;
  quantity: number | null;
  productionDate: string | null;
  expiresOn: string | null;
}

/** One SKU row of the form's grid: money in yuan as typed, the rest as the contract takes it. */
export interface SkuRow {
  specValues: string[];
  /** The SKU's id when it exists already (its batches are then managed on their own). */
  id?: string;
  price: number | null;
  marketPrice: number | null;
  costPrice: number | null;
  stock: number | null;
  code: string | null;
  barcode: string | null;
  weightG: number | null;
  volumeCm3: number | null;
  batches: BatchRow[];
}

export interface GoodsFormValues {
  /** Ordinary goods, or a service offered or wanted: chosen when publishing, fixed after. */
  listingType: ListingType;
  name: string;
  subtitle: string;
  /** The category's path of ids from the top; the last one is the item's category (named as the input's field, so its issues land here). */
  categoryId: string[];
  unitId: string | null;
  attrs: Record<string, string | number | string[] | null | undefined>;
  images: UploadValue[];
  videoFileId: UploadValue | null;
  descriptionHtml: string;
  logistics: LogisticsMode[];
  fresh: boolean;
  specs: { name: string; values: string[] }[];
  skus: SkuRow[];
  /** The item has a delivery range of its own; else the shop's default applies. */
  ownRange: boolean;
  deliveryRange: MapShapes;
  /** What express delivery costs (one of the shop's freight templates); null: none. */
  freightTemplateId: string | null;
  /** Where the goods sit in the warehouse (shelf, bin); pick lists sort by it. */
  storageLocation?: string | null;
  /** Services: the provinces and cities served or where the service is wanted. */
  serviceAreas: string[];
  /** Goods: what a reseller earns on each sale, basis points of the price (the field shows a percentage); null: none. */
  rebateBp: number | null;
}

export const emptySku = (specValues: string[] = []): SkuRow => ({
  specValues,
  price: null,
  marketPrice: null,
  costPrice: null,
  stock: 0,
  code: null,
  barcode: null,
  weightG: null,
  volumeCm3: null,
  batches: [],
});

export const emptyGoods = (): GoodsFormValues => ({
  listingType: "goods",
  name: "",
  subtitle: "",
  categoryId: [],
  unitId: null,
  attrs: {},
  images: [],
  videoFileId: null,
  descriptionHtml: "",
  logistics: [],
  fresh: false,
  specs: [],
  skus: [emptySku()],
  ownRange: false,
  deliveryRange: EMPTY_SHAPES,
  freightTemplateId: null,
  serviceAreas: [],
  rebateBp: null,
});

const comboKey = (values: readonly string[]) => values.join("\u001f");

/** The spec dimensions that count: named, with at least one value (a row being typed does not yet). */
export function usableSpecs(specs: readonly { name?: string; values?: string[] }[] | undefined): SpecDimension[] {
  return (specs ?? [])
    .map((d) => ({ name: (d?.name ?? "").trim(), values: [...new Set((d?.values ?? []).map((v) => v.trim()).filter(Boolean))] }))
    .filter((d) => d.name && d.values.length > 0);
}

/** Every combination of the dimensions' values, in order (the first dimension varies slowest); [[]] without specs. */
export function combinations(specs: readonly SpecDimension[]): string[][] {
  return specs.reduce<string[][]>((acc, d) => acc.flatMap((prefix) => d.values.map((v) => [...prefix, v])), [[]]);
}

/** How many SKUs the specs make (the product of their value counts). */
export const skuCountOf = (specs: readonly SpecDimension[]) => specs.reduce((n, d) => n * d.values.length, 1);

/**
 * The SKU grid for the specs: one row per combination, in order; a row whose combination existed keeps what was
 * typed in it (price, stock, code, batches), so editing specs never loses the grid. Past MAX_SKUS the grid is
 * left as it was (the form shows the specs' problem instead).
 */
export function skuRowsFor(specs: readonly SpecDimension[], rows: readonly SkuRow[]): SkuRow[] {
  if (skuCountOf(specs) > MAX_SKUS) return [...rows];
  const byCombo = new Map(rows.map((r) => [comboKey(r.specValues ?? []), r]));
  // An item that had no specs and now has its first: its one row's values carry over to every new row.
  const single = rows.length === 1 && (rows[0]?.specValues.length ?? 0) === 0 ? rows[0] : undefined;
  return combinations(specs).map((combo) => {
    const kept = byCombo.get(comboKey(combo));
    if (kept) return { ...kept, specValues: combo };
    if (single) return { ...single, id: undefined, code: null, barcode: null, batches: [], specValues: combo };
    return emptySku(combo);
  });
}

/** Whether the grid already matches the specs (so the form does not rewrite itself on every keystroke). */
export const gridMatches = (specs: readonly SpecDimension[], rows: readonly SkuRow[]) => {
  const want = combinations(specs).map(comboKey);
  return want.length === rows.length && want.every((k, i) => k === comboKey(rows[i]?.specValues ?? []));
};

const cents = (yuan: number | null | undefined): number | null =>
  yuan === null || yuan === undefined || Number.isNaN(Number(yuan)) ? null : centsOf(Number(yuan).toFixed(2));
const trimmed = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/** The map's shapes as the contract's delivery range (polygons as points, circles by centre). */
export function rangeOf(shapes: MapShapes): RangeShape[] {
  return [
    ...shapes.polygons.map((p) => ({
      type: "polygon" as const,
      points: (p.coordinates[0] ?? []).slice(0, -1).map(([lng, lat]) => ({ lat, lng })),
    })),
    ...shapes.circles.map((c) => ({ type: "circle" as const, center: c.centre, radiusM: c.radiusM })),
  ];
}

/** The contract's delivery range as the map's shapes. */
export function shapesOf(range: readonly RangeShape[] | null | undefined): MapShapes {
  if (!range) return EMPTY_SHAPES;
  return {
    polygons: range.flatMap((s) =>
      s.type === "polygon"
        ? [
            {
              type: "Polygon" as const,
              coordinates: [[...s.points.map((p) => [p.lng, p.lat] as [number, number]), [s.points[0]?.lng ?? 0, s.points[0]?.lat ?? 0]]],
            },
          ]
        : [],
    ),
    circles: range.flatMap((s) => (s.type === "circle" ? [{ centre: s.center, radiusM: s.radiusM }] : [])),
  };
}

/**
 * The form's values as the publish/modify input (money to cents, ids from the pickers, the range or null). A service
 * sends none of what only goods have (stock, weights, batches, delivery, freight, rebate), whatever the hidden fields
 * still hold from before the type was chosen; goods send no service areas.
 */
export function goodsInputOf(v: GoodsFormValues): Omit<GoodsInput, "draft"> {
  const listingType = v.listingType ?? "goods";
  const service = isService(listingType);
  const fresh = !service && Boolean(v.fresh);
  const specs = usableSpecs(v.specs);
  const skus: SkuInput[] = (v.skus ?? []).map((s) => ({
    specValues: specs.length ? s.specValues : [],
    price: cents(s.price) ?? 0,
    marketPrice: listingType === "serviceWant" ? null : cents(s.marketPrice),
    costPrice: listingType === "serviceWant" ? null : cents(s.costPrice),
    stock: fresh || service ? 0 : (s.stock ?? 0),
    code: trimmed(s.code),
    barcode: trimmed(s.barcode),
    weightG: service ? null : (s.weightG ?? null),
    volumeCm3: service ? null : (s.volumeCm3 ?? null),
    batches:
      fresh && !s.id
        ? (s.batches ?? []).map((b) => ({
            batchNo: b.batchNo?.trim() ?? "",
            quantity: b.quantity ?? 0,
            productionDate: b.productionDate ?? "",
            expiresOn: b.expiresOn ?? "",
            traceId: null,
          }))
        : [],
  }));
  const attrs = Object.fromEntries(
    Object.entries(v.attrs ?? {}).filter(
      (e): e is [string, string | number | string[]] =>
        e[1] !== null && e[1] !== undefined && e[1] !== "" && !(Array.isArray(e[1]) && e[1].length === 0),
    ),
  );
  const range = rangeOf(v.deliveryRange ?? EMPTY_SHAPES);
  return {
    listingType,
    name: v.name ?? "",
    subtitle: v.subtitle ?? "",
    categoryId: v.categoryId?.length ? (v.categoryId[v.categoryId.length - 1] ?? null) : null,
    unitId: v.unitId ?? null,
    attrs,
    images: (v.images ?? []).map((i) => i.id),
    videoFileId: v.videoFileId?.id ?? null,
    descriptionHtml: v.descriptionHtml ?? "",
    logistics: service ? [] : (v.logistics ?? []),
    fresh,
    specs,
    skus,
    deliveryRange: !service && v.ownRange && range.length ? range : null,
    freightTemplateId: service ? null : (v.freightTemplateId ?? null),
    storageLocation: service ? null : v.storageLocation?.trim() || null,
    serviceAreas: service ? (v.serviceAreas ?? []) : [],
    rebateBp: service || v.rebateBp === undefined ? null : v.rebateBp,
  };
}

/** A saved item as the form's values (for editing). */
export function goodsValuesOf(d: GoodsDetail): GoodsFormValues {
  return {
    listingType: d.listingType,
    name: d.name,
    subtitle: d.subtitle,
    categoryId: d.categoryPath.map((c) => c.id),
    unitId: d.unit?.id ?? null,
    attrs: { ...d.attrs },
    images: d.images.map((f) => ({ id: f.id, url: f.url, name: f.name })),
    videoFileId: d.video ? { id: d.video.id, url: d.video.url, name: d.video.name } : null,
    descriptionHtml: d.descriptionHtml,
    logistics: d.logistics,
    fresh: d.fresh,
    specs: d.specs.map((s) => ({ name: s.name, values: [...s.values] })),
    skus: d.skus.map((s) => ({
      id: s.id,
      specValues: s.specValues,
      price: yuanOf(s.price),
      marketPrice: s.marketPrice === null ? null : yuanOf(s.marketPrice),
      costPrice: s.costPrice === null ? null : yuanOf(s.costPrice),
      stock: s.stock,
      code: s.code,
      barcode: s.barcode,
      weightG: s.weightG,
      volumeCm3: s.volumeCm3,
      batches: [],
    })),
    ownRange: d.deliveryRange !== null,
    deliveryRange: shapesOf(d.deliveryRange),
    freightTemplateId: d.freightTemplateId,
    storageLocation: d.storageLocation,
    serviceAreas: d.serviceAreas.map((a) => a.code),
    rebateBp: d.rebateBp,
  };
}

/** "500 g / bag" — a SKU's name from its spec values; the item's own name when it has none. */
export const skuLabel = (specValues: readonly string[], fallback = "") => (specValues.length ? specValues.join(" / ") : fallback);
