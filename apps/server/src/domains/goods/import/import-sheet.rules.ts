import type { Readable } from "node:stream";
import {
  contract,
  fieldIssues,
  fieldRefusals,
  type ImportColumnKey,
  importColumns,
  type Lang,
  MAX_GOODS_IMAGES,
  MAX_IMPORT_ROWS,
  MAX_PRICE,
  type Params,
  goodsRefusals as R,
  type Refusal,
} from "@sbo/contract";
import { newId } from "../../../platform/db/ids";
import { type Cell, readTemplateSheet, type SheetRow as SheetRowOf } from "../../../platform/export/sheet";
import { badField } from "../../../platform/http/errors";
import type { CatalogCategory, UnitRef } from "../../reference/reference.service";

/* The import sheet read and checked row by row: no database (the service looks up what it needs first). */

/** A category's path as the template names it ("Fresh / Fruit"), in a language. */
export const pathText = (c: CatalogCategory, lang: Lang) => c.path.map((p) => (lang === "zh" ? p.name : p.nameEn)).join(" / ");

// ---------------------------------------------------------------------------------------------------
// Reading

export type SheetRow = SheetRowOf<ImportColumnKey>;

/** The upload's rows by column (a name and a price column make the template), or the file's refusal. */
export async function readSheet(stream: Readable): Promise<SheetRow[]> {
  const read = await readTemplateSheet(stream, importColumns, ["name", "price"], MAX_IMPORT_ROWS);
  if (read.ok) return read.rows;
  if (read.problem === "limit") throw badField("file", read.refusal, read.params);
  if (read.problem === "tooManyRows") throw badField("file", R.importTooManyRows, { max: read.max });
  throw badField("file", read.problem === "empty" ? R.importEmpty : R.importNotTemplate);
}

// ---------------------------------------------------------------------------------------------------
// Checking

export interface Problem {
  row: number;
  field: ImportColumnKey | "";
  refusal: Refusal;
  params?: Params;
}

export interface ParsedRow {
  row: number;
  name: string;
  subtitle: string;
  categoryId: string | null;
  unitId: string | null;
  specs: { name: string; value: string }[];
  code: string | null;
  price: number | null;
  marketPrice: number | null;
  costPrice: number | null;
  stock: number;
  weightG: number | null;
  fresh: boolean;
  /** The main image's URL first, then the others (as typed; fetched later). */
  imageUrls: string[];
  hasMainImage: boolean;
  batch: { batchNo: string; productionDate: string; expiresOn: string } | null;
}

export const text = (c: Cell) => (c === null ? "" : String(c).trim());
export const norm = (s: string) =>
  s
    .replace(/\s*[/／>]\s*/g, "/")
    .trim()
    .toLowerCase();

/** Yuan (with at most 2 decimals) to cents. */
export function money(c: Cell): number | "bad" | null {
  if (c === null) return null;
  const n = typeof c === "number" ? c : Number(String(c).replace(/[,¥￥\s]/g, ""));
  if (!Number.isFinite(n) || n < 0) return "bad";
  const cents = Math.round(n * 100);
  if (Math.abs(cents - n * 100) > 1e-6 || cents > MAX_PRICE) return "bad";
  return cents;
}

export function whole(c: Cell, max: number): number | "bad" | null {
  if (c === null) return null;
  const n = typeof c === "number" ? c : Number(String(c).replace(/[,\s]/g, ""));
  return Number.isInteger(n) && n >= 0 && n <= max ? n : "bad";
}

export function yesNo(c: Cell): boolean | "bad" {
  const t = text(c).toLowerCase();
  if (t === "" || ["no", "n", "false", "否", "0"].includes(t)) return false;
  if (["yes", "y", "true", "是", "1"].includes(t)) return true;
  return "bad";
}

/** A calendar day typed as 2026-12-31 (or 2026/12/31, 2026.12.31), or an Excel day number. */
export function calendarDay(c: Cell): string | "bad" | null {
  if (c === null) return null;
  if (typeof c === "number") {
    if (!Number.isInteger(c) || c < 1 || c > 2_958_465) return "bad";
    return new Date(Date.UTC(1899, 11, 30) + c * 86_400_000).toISOString().slice(0, 10);
  }
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(String(c).trim());
  if (!m) return "bad";
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return "bad";
  return date.toISOString().slice(0, 10);
}

/** The URLs of an image cell: separated by spaces, commas, semicolons or new lines (either language's punctuation). */
export const urlsOf = (c: Cell) =>
  text(c)
    .split(/[\s,;，；、]+/)
    .filter(Boolean);

export function lookups(categories: Map<string, CatalogCategory>, units: Map<string, UnitRef>) {
  const cat = new Map<string, string>();
  for (const c of categories.values()) {
    if (!c.leaf) continue;
    for (const key of [c.id, c.name, c.nameEn, pathText(c, "en"), pathText(c, "zh")]) cat.set(norm(key), c.id);
  }
  const unit = new Map<string, string>();
  for (const u of units.values()) for (const key of [u.id, u.name, u.nameEn]) unit.set(key.trim().toLowerCase(), u.id);
  return { cat, unit };
}

export function parseRow(r: SheetRow, l: ReturnType<typeof lookups>, today: string, problems: Problem[]): ParsedRow {
  const c = r.cells;
  const bad = (field: ImportColumnKey, refusal: Refusal, params?: Params) =>
    problems.push({ row: r.row, field, refusal, ...(params ? { params } : {}) });
  const name = text(c.name ?? null);
  if (!name) bad("name", fieldRefusals.required);
  const categoryText = text(c.category ?? null);
  const categoryId = categoryText ? (l.cat.get(norm(categoryText)) ?? null) : null;
  if (!categoryText) bad("category", fieldRefusals.required);
  else if (!categoryId) bad("category", R.importCategoryUnknown);
  const unitText = text(c.unit ?? null);
  const unitId = unitText ? (l.unit.get(unitText.toLowerCase()) ?? null) : null;
  if (!unitText) bad("unit", fieldRefusals.required);
  else if (!unitId) bad("unit", R.importUnitUnknown);
  const specs: ParsedRow["specs"] = [];
  for (const d of [1, 2, 3] as const) {
    const n = text(c[`spec${d}Name`] ?? null);
    const v = text(c[`spec${d}Value`] ?? null);
    if (n && !v) bad(`spec${d}Value`, fieldRefusals.required);
    else if (v && !n) bad(`spec${d}Name`, fieldRefusals.required);
    else if (n && v) specs.push({ name: n, value: v });
  }
  const price = money(c.price ?? null);
  if (price === null) bad("price", fieldRefusals.required);
  else if (price === "bad") bad("price", R.importNotNumber);
  else if (price < 1) bad("price", R.priceToPublish);
  const marketPrice = money(c.marketPrice ?? null);
  if (marketPrice === "bad") bad("marketPrice", R.importNotNumber);
  else if (marketPrice !== null && typeof price === "number" && marketPrice < price) bad("marketPrice", R.marketBelowPrice);
  const costPrice = money(c.costPrice ?? null);
  if (costPrice === "bad") bad("costPrice", R.importNotNumber);
  const stock = whole(c.stock ?? null, 99_999_999);
  if (stock === "bad") bad("stock", R.importNotNumber);
  const weightG = whole(c.weightG ?? null, 10_000_000);
  if (weightG === "bad") bad("weightG", R.importNotNumber);
  const fresh = yesNo(c.fresh ?? null);
  if (fresh === "bad") bad("fresh", R.importNotYesNo);
  const batchNo = text(c.batchNo ?? null);
  const productionDate = calendarDay(c.productionDate ?? null);
  const expiresOn = calendarDay(c.expiresOn ?? null);
  const batchTyped = Boolean(batchNo) || productionDate !== null || expiresOn !== null;
  let batch: ParsedRow["batch"] = null;
  if (productionDate === "bad") bad("productionDate", R.importNotDate);
  if (expiresOn === "bad") bad("expiresOn", R.importNotDate);
  if (batchTyped && fresh === false) bad("batchNo", R.notFresh);
  else if (fresh === true && (batchTyped || (typeof stock === "number" && stock > 0))) {
    // The fresh-goods stock rule: a fresh row's stock is one batch, with its number and both dates.
    const missing = !batchNo ? "batchNo" : productionDate === null ? "productionDate" : expiresOn === null ? "expiresOn" : null;
    if (missing) bad(missing, R.importFreshBatch);
    else if (stock === null || stock === 0) bad("stock", R.importBatchNoStock);
    if (batchNo.length > 32) bad("batchNo", fieldRefusals.textMax, { maximum: 32 });
    if (typeof productionDate === "string" && productionDate !== "bad" && typeof expiresOn === "string" && expiresOn !== "bad") {
      if (expiresOn < productionDate) bad("expiresOn", R.expiryBeforeProduction);
      else if (expiresOn < today) bad("expiresOn", R.importBatchExpired);
      else if (!missing && typeof stock === "number" && stock > 0) batch = { batchNo, productionDate, expiresOn };
    }
  }
  const imageUrls = [...urlsOf(c.mainImage ?? null).slice(0, 1), ...urlsOf(c.moreImages ?? null)];
  if (urlsOf(c.mainImage ?? null).length > 1) bad("mainImage", R.importTooManyImages, { max: 1 });
  if (imageUrls.length > MAX_GOODS_IMAGES) bad("moreImages", R.importTooManyImages, { max: MAX_GOODS_IMAGES });
  const code = text(c.code ?? null) || null;
  if (code && code.length > 32) bad("code", fieldRefusals.textMax, { maximum: 32 });
  if (name.length > 60) bad("name", fieldRefusals.textMax, { maximum: 60 });
  return {
    row: r.row,
    name,
    subtitle: text(c.subtitle ?? null).slice(0, 120),
    categoryId,
    unitId,
    specs,
    code,
    price: typeof price === "number" ? price : null,
    marketPrice: typeof marketPrice === "number" ? marketPrice : null,
    costPrice: typeof costPrice === "number" ? costPrice : null,
    stock: typeof stock === "number" ? stock : 0,
    weightG: typeof weightG === "number" ? weightG : null,
    fresh: fresh === true,
    imageUrls,
    hasMainImage: urlsOf(c.mainImage ?? null).length > 0,
    batch,
  };
}

export interface Item {
  id: string;
  rows: ParsedRow[];
  input: ReturnType<typeof contract.goods.publishGoods.input.parse> | null;
  /** The stored files of its image URLs (commit). */
  images: string[];
}

/** Rows with the same name make one item: they must agree on category, unit, fresh and spec names. */
export function groupItems(rows: ParsedRow[], problems: Problem[]): Item[] {
  const byName = new Map<string, ParsedRow[]>();
  for (const r of rows) if (r.name) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  const items: Item[] = [];
  for (const group of byName.values()) {
    const first = group[0] as ParsedRow;
    for (const r of group.slice(1)) {
      const bad = (field: ImportColumnKey) => problems.push({ row: r.row, field, refusal: R.importDifferentGoods });
      if (r.categoryId !== first.categoryId) bad("category");
      if (r.unitId !== first.unitId) bad("unit");
      if (r.fresh !== first.fresh) bad("fresh");
      if (r.specs.map((s) => s.name).join("|") !== first.specs.map((s) => s.name).join("|")) bad("spec1Name");
      // The item's images are on its first row; another row may repeat them or leave them empty.
      if (r.imageUrls.length > 0 && r.imageUrls.join(" ") !== first.imageUrls.join(" ")) bad("mainImage");
    }
    const specs = first.specs.map((s, d) => ({
      name: s.name,
      values: [...new Set(group.map((r) => r.specs[d]?.value ?? ""))].filter(Boolean),
    }));
    const parsed = contract.goods.publishGoods.input.safeParse({
      name: first.name,
      subtitle: first.subtitle,
      categoryId: first.categoryId,
      unitId: first.unitId,
      logistics: ["express"],
      fresh: first.fresh,
      specs,
      skus: group.map((r) => ({
        specValues: r.specs.map((s) => s.value),
        price: r.price ?? 0,
        marketPrice: r.marketPrice,
        costPrice: r.costPrice,
        stock: r.fresh ? 0 : r.stock,
        code: r.code,
        weightG: r.weightG,
        batches: r.fresh && r.batch ? [{ ...r.batch, quantity: r.stock, traceId: null }] : [],
      })),
      draft: true,
    });
    if (!parsed.success) {
      for (const issue of fieldIssues(parsed.error)) {
        const [head, index, field] = issue.path.split(".");
        const at = head === "skus" && index !== undefined ? (group[Number(index)] ?? first) : first;
        const column: ImportColumnKey | "" =
          head === "skus"
            ? field === "specValues" || field === undefined
              ? "spec1Value"
              : ((importColumns.find((c) => c.key === field)?.key ?? "") as ImportColumnKey | "")
            : head === "specs"
              ? (`spec${Number(index ?? 0) + 1}Value` as ImportColumnKey)
              : ((importColumns.find((c) => c.key === head)?.key ?? "") as ImportColumnKey | "");
        const refusal = issue.reason ? { reason: issue.reason, en: issue.message, zh: issue.message } : fieldRefusals.invalid;
        problems.push({ row: at.row, field: column, refusal, ...(issue.params ? { params: issue.params } : {}) });
      }
    }
    items.push({ id: newId(), rows: group, input: parsed.success ? parsed.data : null, images: [] });
  }
  return items;
}

/** An item is imported whole or not at all: the other rows of an item with a problem say so. */
export function validItems(items: Item[], problems: Problem[]): Item[] {
  const badRows = new Set(problems.map((p) => p.row));
  const valid: Item[] = [];
  for (const item of items) {
    const broken = !item.input || item.rows.some((r) => badRows.has(r.row));
    if (!broken) valid.push(item);
    else for (const r of item.rows) if (!badRows.has(r.row)) problems.push({ row: r.row, field: "", refusal: R.importGoodsInvalid });
  }
  problems.sort((a, b) => a.row - b.row);
  return valid;
}
