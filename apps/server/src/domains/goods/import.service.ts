import type { Readable } from "node:stream";
import {
  contract,
  fieldIssues,
  fieldRefusals,
  type ImportColumnKey,
  type ImportReportLine,
  importColumns,
  type Lang,
  MAX_GOODS_IMAGES,
  MAX_IMPORT_ROWS,
  MAX_PRICE,
  type Params,
  goodsRefusals as R,
  type Refusal,
  wordsOf,
} from "@sbo/contract";
import ExcelJS from "exceljs";
import { type Executor, readTogether } from "../../platform/db/client";
import { newId } from "../../platform/db/ids";
import { inZone } from "../../platform/export/columns";
import { type Cell, readTemplateSheet, type SheetRow as SheetRowOf, templateWorkbook, workbookFile } from "../../platform/export/sheet";
import { safeText } from "../../platform/export/xlsx";
import type { FileStore } from "../../platform/files/file-store";
import type { FileResult, Upload } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { badField } from "../../platform/http/errors";
import { type CatalogCategory, categoryCatalog, type UnitRef, unitCatalog } from "../reference/reference.service";
import { type FetchedImage, fetchImage, keepFetchedImage, RemoteImageError, type RemoteImageProblem } from "../system/remote-image.service";
import { storeGeneratedFile } from "../system/system.service";
import * as batchRepo from "./batches.repository";
import * as repo from "./goods.repository";
import { type In, type Out, viewOf } from "./goods.service";

/*
 * The Excel import with a dry run (docs/domains/goods.md): the template in the caller's language; an upload is read as
 * a stream (up to 10,000 rows), every row checked with the same schema as publishing plus the template's own rules,
 * rows with the same name make one item (its specs from the spec columns). A dry run answers the per-row report and a
 * report sheet; a commit writes the valid items as drafts in the call's one transaction. Image URLs are fetched by the
 * server and kept as the seller's own files (system/remote-image.service.ts); a fresh row's stock is a batch (number,
 * production and expiry dates), written with the item.
 */

const REPORT_LINES = 1000;
const SHEET = { en: "Goods", zh: "商品" };
const LISTS = { en: "Categories and units", zh: "类目与单位" };

const headerOf = (key: ImportColumnKey, lang: Lang) => importColumns.find((c) => c.key === key)?.[lang] ?? key;

/** The template: the goods sheet's headers, and a sheet listing the leaf categories and the units to type. */
export async function goodsTemplate(ctx: Ctx): Promise<FileResult> {
  const lang = ctx.lang;
  const [categories, units] = await Promise.all([categoryCatalog(ctx.db), unitCatalog(ctx.db)]);
  const wb = templateWorkbook(SHEET[lang], importColumns, lang, (key) => (key === "name" || key === "category" ? 28 : 16));
  const lists = wb.addWorksheet(LISTS[lang]);
  lists.columns = [
    { header: lang === "zh" ? "类目（填写其一）" : "Category (type one)", key: "category", width: 36 },
    { header: lang === "zh" ? "单位" : "Unit", key: "unit", width: 16 },
  ];
  lists.getRow(1).font = { bold: true };
  const leaves = [...categories.values()].filter((c) => c.leaf).map((c) => pathText(c, lang));
  const unitNames = [...units.values()].map((u) => (lang === "zh" ? u.name : u.nameEn));
  for (let i = 0; i < Math.max(leaves.length, unitNames.length); i++)
    lists.addRow({ category: leaves[i] ?? null, unit: unitNames[i] ?? null });
  const help = wb.addWorksheet(HELP[lang]);
  help.columns = [{ key: "text", width: 120 }];
  for (const line of instructions(lang)) help.addRow({ text: line }).alignment = { wrapText: true, vertical: "top" };
  help.getRow(1).font = { bold: true };
  return workbookFile(wb, lang === "zh" ? "商品导入模板.xlsx" : "goods-import-template.xlsx");
}

const HELP = { en: "Instructions", zh: "填写说明" };

/** The template's rules, in its language (its third sheet): the same rules the import checks. */
export const instructions = (lang: Lang): string[] =>
  lang === "zh"
    ? [
        "商品导入填写说明",
        "1. 每行是一个规格（SKU）；名称相同的行合为一个商品，这些行的类目、单位、生鲜和规格名称必须相同。",
        "2. 带 * 的列必填。类目和单位请从“类目与单位”表中照抄。售价、市场价、成本价以元为单位，最多两位小数。",
        `3. 图片：“主图网址”填一个以 http:// 或 https:// 开头的图片网址；“更多图片网址”可填多个，用空格、逗号或换行分隔；每个商品最多 ${MAX_GOODS_IMAGES} 张，写在该商品的第一行。服务器会下载每张图片（JPEG、PNG、GIF 或 WebP，不超过 3 MB，10 秒内），作为本店的图片保存；下载失败的图片会在检查报告中写明是第几张、原因是什么。`,
        "4. 生鲜商品的库存规则：生鲜商品的库存只来自批次。要导入生鲜库存，请在同一行填写“批次号”“生产日期”“到期日期”（格式 2026-12-31），“库存”列即该批次的数量；不填批次的生鲜规格库存为 0，导入后可在商品详情中添加批次。到期日期不能早于生产日期，也不能早于今天；过期批次不计入库存。非生鲜商品不能填写批次。",
        "5. 导入的商品保存为草稿；有图片、类目、单位和售价的草稿可在商品列表中勾选后批量上架。",
        "6. 先“检查”（不写入任何数据），按报告修改后再导入；有问题的商品整件不导入。",
      ]
    : [
        "How to fill in the goods import template",
        "1. Each row is one SKU; rows with the same name make one item and must share its category, unit, fresh and spec names.",
        '2. Columns marked * are required. Copy categories and units from the sheet "Categories and units". Prices are in yuan with at most two decimals.',
        `3. Images: "Main image URL" takes one picture's web address starting with http:// or https://; "More image URLs" takes several, separated by spaces, commas or new lines; at most ${MAX_GOODS_IMAGES} per item, on the item's first row. The server downloads each picture (JPEG, PNG, GIF or WebP, at most 3 MB, within 10 seconds) and keeps it as your shop's own image; the check report names any image that failed (which one and why).`,
        '4. Stock of fresh goods: the stock of fresh goods comes only from batches. To import stock of a fresh SKU, fill in "Batch number", "Production date" and "Expiry date" (as 2026-12-31) on its row: the Stock column is that batch\'s quantity. A fresh SKU without a batch is imported with no stock; add batches on the item\'s page later. The expiry date may not be before the production date or before today; expired batches hold no stock. Goods that are not fresh take no batch.',
        "5. Imported items are saved as drafts; drafts with images, a category, a unit and prices can be put on shelf together from the goods list.",
        "6. Check the file first (nothing is written), fix what the report says, then import; an item with a problem is left out whole.",
      ];

const pathText = (c: CatalogCategory, lang: Lang) => c.path.map((p) => (lang === "zh" ? p.name : p.nameEn)).join(" / ");

// ---------------------------------------------------------------------------------------------------
// Reading

type SheetRow = SheetRowOf<ImportColumnKey>;

/** The upload's rows by column (a name and a price column make the template), or the file's refusal. */
async function readSheet(stream: Readable): Promise<SheetRow[]> {
  const read = await readTemplateSheet(stream, importColumns, ["name", "price"], MAX_IMPORT_ROWS);
  if (read.ok) return read.rows;
  if (read.problem === "limit") throw badField("file", read.refusal, read.params);
  if (read.problem === "tooManyRows") throw badField("file", R.importTooManyRows, { max: read.max });
  throw badField("file", read.problem === "empty" ? R.importEmpty : R.importNotTemplate);
}

// ---------------------------------------------------------------------------------------------------
// Checking

interface Problem {
  row: number;
  field: ImportColumnKey | "";
  refusal: Refusal;
  params?: Params;
}

interface ParsedRow {
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

const text = (c: Cell) => (c === null ? "" : String(c).trim());
const norm = (s: string) =>
  s
    .replace(/\s*[/／>]\s*/g, "/")
    .trim()
    .toLowerCase();

/** Yuan (with at most 2 decimals) to cents. */
function money(c: Cell): number | "bad" | null {
  if (c === null) return null;
  const n = typeof c === "number" ? c : Number(String(c).replace(/[,¥￥\s]/g, ""));
  if (!Number.isFinite(n) || n < 0) return "bad";
  const cents = Math.round(n * 100);
  if (Math.abs(cents - n * 100) > 1e-6 || cents > MAX_PRICE) return "bad";
  return cents;
}

function whole(c: Cell, max: number): number | "bad" | null {
  if (c === null) return null;
  const n = typeof c === "number" ? c : Number(String(c).replace(/[,\s]/g, ""));
  return Number.isInteger(n) && n >= 0 && n <= max ? n : "bad";
}

function yesNo(c: Cell): boolean | "bad" {
  const t = text(c).toLowerCase();
  if (t === "" || ["no", "n", "false", "否", "0"].includes(t)) return false;
  if (["yes", "y", "true", "是", "1"].includes(t)) return true;
  return "bad";
}

/** A calendar day typed as 2026-12-31 (or 2026/12/31, 2026.12.31), or an Excel day number. */
function calendarDay(c: Cell): string | "bad" | null {
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
const urlsOf = (c: Cell) =>
  text(c)
    .split(/[\s,;，；、]+/)
    .filter(Boolean);

function lookups(categories: Map<string, CatalogCategory>, units: Map<string, UnitRef>) {
  const cat = new Map<string, string>();
  for (const c of categories.values()) {
    if (!c.leaf) continue;
    for (const key of [c.id, c.name, c.nameEn, pathText(c, "en"), pathText(c, "zh")]) cat.set(norm(key), c.id);
  }
  const unit = new Map<string, string>();
  for (const u of units.values()) for (const key of [u.id, u.name, u.nameEn]) unit.set(key.trim().toLowerCase(), u.id);
  return { cat, unit };
}

function parseRow(r: SheetRow, l: ReturnType<typeof lookups>, today: string, problems: Problem[]): ParsedRow {
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

interface Item {
  id: string;
  rows: ParsedRow[];
  input: ReturnType<typeof contract.goods.publishGoods.input.parse> | null;
  /** The stored files of its image URLs (commit). */
  images: string[];
}

/** Rows with the same name make one item: they must agree on category, unit, fresh and spec names. */
function groupItems(rows: ParsedRow[], problems: Problem[]): Item[] {
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

/** Every row checked; answers the items and each problem found. */
async function check(db: Executor, boId: string, today: string, sheet: SheetRow[]) {
  const [categories, units] = await readTogether(db, [() => categoryCatalog(db), () => unitCatalog(db)]);
  const l = lookups(categories, units);
  const problems: Problem[] = [];
  const rows = sheet.map((r) => parseRow(r, l, today, problems));
  // SKU codes: unique in the file and among the organisation's live SKUs.
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (!r.code) continue;
    const k = r.code.toLowerCase();
    if (seen.has(k)) problems.push({ row: r.row, field: "code", refusal: fieldRefusals.listedTwice });
    else seen.set(k, r.row);
  }
  const taken = await repo.codesTaken(db, boId, [...seen.keys()], null);
  for (const r of rows)
    if (r.code && taken.has(r.code.toLowerCase())) problems.push({ row: r.row, field: "code", refusal: R.skuCodeTaken });
  const items = groupItems(rows, problems);
  return { rows, items, problems };
}

/** An item is imported whole or not at all: the other rows of an item with a problem say so. */
function validItems(items: Item[], problems: Problem[]): Item[] {
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

// ---------------------------------------------------------------------------------------------------
// Images

/** How many items' images are fetched at once (each item's images one after another). */
const IMAGE_ITEMS_AT_ONCE = 4;

const imageRefusal: Record<RemoteImageProblem, Refusal> = {
  url: R.importImageUrl,
  private: R.importImagePrivate,
  unreachable: R.importImageUnreachable,
  timeout: R.importImageTimeout,
  status: R.importImageStatus,
  tooLarge: R.importImageTooLarge,
  notImage: R.importImageNotImage,
  unreadable: R.importImageUnreadable,
};

/**
 * Fetches and checks every item's images; each one that fails is a problem of the item's first row, naming the image
 * (1: the main image) and why. `keep` (a commit): an item whose rows have no other problem keeps its images as the
 * seller's own files, in order; the dry run keeps nothing. A URL is fetched once per import.
 */
async function fetchImages(ctx: Ctx, files: FileStore, items: Item[], problems: Problem[], keep: boolean) {
  const me = ctx.me();
  const opts = { allowPrivate: ctx.config.imageFetchAllowPrivate };
  const failed = new Map<string, RemoteImageError>();
  const kept = new Map<string, string>();
  const queue = items.filter((it) => (it.rows[0]?.imageUrls.length ?? 0) > 0);
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const first = item.rows[0] as ParsedRow;
      const rowsOfItem = new Set(item.rows.map((r) => r.row));
      const store = keep && !problems.some((p) => rowsOfItem.has(p.row));
      const fetched: (FetchedImage | string)[] = [];
      for (const [i, url] of first.imageUrls.entries()) {
        const known = failed.get(url);
        const fail = (err: RemoteImageError) =>
          problems.push({
            row: first.row,
            field: i === 0 && first.hasMainImage ? "mainImage" : "moreImages",
            refusal: imageRefusal[err.problem],
            params: { ...err.params, n: i + 1, url: url.slice(0, 200) },
          });
        if (known) {
          fail(known);
          continue;
        }
        const id = kept.get(url);
        if (id) {
          fetched.push(id);
          continue;
        }
        try {
          fetched.push(await fetchImage(url, opts));
        } catch (err) {
          if (!(err instanceof RemoteImageError)) throw err;
          failed.set(url, err);
          fail(err);
        }
      }
      if (!store || fetched.length < first.imageUrls.length) continue;
      for (const [i, f] of fetched.entries()) {
        const id = typeof f === "string" ? f : await keepFetchedImage(ctx.db, files, f, me, "goods");
        kept.set(first.imageUrls[i] as string, id);
        item.images.push(id);
      }
    }
  };
  await Promise.all(Array.from({ length: IMAGE_ITEMS_AT_ONCE }, worker));
}

// ---------------------------------------------------------------------------------------------------
// Writing

async function writeItems(ctx: Ctx, items: Item[]) {
  const v = viewOf(ctx);
  const goodsRows = items.map((it) => {
    const i = it.input as NonNullable<Item["input"]>;
    return {
      id: it.id,
      boId: v.boId,
      shopId: v.shopId,
      kind: "goods",
      name: i.name,
      subtitle: i.subtitle,
      categoryId: i.categoryId,
      unitId: i.unitId,
      specs: i.specs,
      logistics: i.logistics,
      fresh: i.fresh,
      images: it.images,
      status: "draft",
    };
  });
  await repo.insertGoodsMany(ctx.db, goodsRows);
  const skus = await repo.insertSkus(
    ctx.db,
    items.flatMap((it) =>
      (it.input as NonNullable<Item["input"]>).skus.map((s, sort) => ({
        boId: v.boId,
        goodsId: it.id,
        specValues: s.specValues,
        price: s.price,
        marketPrice: s.marketPrice,
        costPrice: s.costPrice,
        stock: s.stock,
        code: s.code,
        weightG: s.weightG,
        sort,
      })),
    ),
  );
  // Fresh rows' batches: the SKU's stock is what its unexpired batches hold.
  const skuOf = new Map(skus.map((s) => [`${s.goodsId}:${s.sort}`, s.id]));
  const batches = items.flatMap((it) =>
    (it.input as NonNullable<Item["input"]>).skus.flatMap((s, sort) =>
      s.batches.map((b) => ({
        boId: v.boId,
        goodsId: it.id,
        skuId: skuOf.get(`${it.id}:${sort}`) ?? "",
        batchNo: b.batchNo,
        quantity: b.quantity,
        left: b.quantity,
        productionDate: b.productionDate,
        expiresOn: b.expiresOn,
        traceId: null,
      })),
    ),
  );
  for (let i = 0; i < batches.length; i += 1000) await batchRepo.insertBatches(ctx.db, batches.slice(i, i + 1000));
  await batchRepo.refreshFreshStock(ctx.db, [...new Set(batches.map((b) => b.skuId))], v.today);
  await repo.refreshAggregatesMany(
    ctx.db,
    items.map((it) => it.id),
  );
}

/** The report as a sheet: each problem row with what the seller typed and the problem in their language. */
async function reportSheet(ctx: Ctx, files: FileStore, sheet: SheetRow[], problems: Problem[]) {
  const lang = ctx.lang;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === "zh" ? "导入检查" : "Import check");
  ws.columns = [
    { header: lang === "zh" ? "行号" : "Row", key: "row", width: 8 },
    { header: lang === "zh" ? "问题" : "Problem", key: "problem", width: 60 },
    ...importColumns.map((c) => ({ header: c[lang], key: c.key, width: 16 })),
  ];
  ws.getRow(1).font = { bold: true };
  const byRow = new Map(sheet.map((r) => [r.row, r]));
  for (const p of problems) {
    const label = p.field ? headerOf(p.field, lang).replace(/\*$/, "") : lang === "zh" ? "该行" : "This row";
    const problem = wordsOf(p.refusal.reason, lang, { ...p.params, field: label }) ?? p.refusal.en;
    // The seller's own cells go back as they typed them, escaped like every export's text (xlsx.ts).
    const typed = Object.entries(byRow.get(p.row)?.cells ?? {}).map(([k, v]) => [k, safeText(v)]);
    ws.addRow({ row: p.row, problem, ...Object.fromEntries(typed) });
  }
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  const me = ctx.me();
  const day = inZone(new Date(), me.timeZone).toISOString().slice(0, 10);
  return storeGeneratedFile(ctx.db, files, {
    boId: me.boId,
    memberId: me.memberId,
    name: `${lang === "zh" ? "商品导入检查" : "goods-import-check"}-${day}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    bytes,
    purpose: "goodsImportReport",
  });
}

export function createImportService(files: FileStore) {
  return {
    selGoodsTpl: (ctx: Ctx) => goodsTemplate(ctx),

    async importGoodsList(ctx: Ctx, input: In<"importGoodsList"> & Upload): Promise<Out<"importGoodsList">> {
      const sheet = await readSheet(input.file.file);
      const { rows, items, problems } = await check(ctx.db, ctx.me().boId, viewOf(ctx).today, sheet);
      await fetchImages(ctx, files, items, problems, input.mode === "commit");
      const valid = validItems(items, problems);
      if (input.mode === "commit" && valid.length) await writeItems(ctx, valid);
      const report: ImportReportLine[] = problems.slice(0, REPORT_LINES).map((p) => ({
        row: p.row,
        field: p.field,
        reason: p.refusal.reason,
        ...(p.params ? { params: p.params } : {}),
      }));
      const invalidRows = new Set(problems.map((p) => p.row)).size;
      return {
        mode: input.mode,
        rows: rows.length,
        goods: items.length,
        validRows: rows.length - invalidRows,
        invalidRows,
        created: input.mode === "commit" ? valid.length : 0,
        report,
        reportTruncated: problems.length > REPORT_LINES,
        reportFile: problems.length ? await reportSheet(ctx, files, sheet, problems) : null,
      };
    },
  };
}
