import {
  fieldRefusals,
  type ImportColumnKey,
  type ImportReportLine,
  importColumns,
  type Lang,
  MAX_GOODS_IMAGES,
  goodsRefusals as R,
  wordsOf,
} from "@sbo/contract";
import ExcelJS from "exceljs";
import { type Executor, readTogether } from "../../../platform/db/client";
import { inZone } from "../../../platform/export/columns";
import { templateWorkbook, workbookFile } from "../../../platform/export/sheet";
import { safeText } from "../../../platform/export/xlsx";
import type { FileStore } from "../../../platform/files/file-store";
import type { FileResult, Upload } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { categoryCatalog, unitCatalog } from "../../reference/reference.service";
import { storeGeneratedFile } from "../../system/system.service";
import * as batchRepo from "../batch/batch.repository";
import * as repo from "../goods.repository";
import { type In, type Out, viewOf } from "../goods.service";
import { fetchImages } from "./import-images.service";
import {
  groupItems,
  type Item,
  lookups,
  type Problem,
  parseRow,
  pathText,
  readSheet,
  type SheetRow,
  validItems,
} from "./import-sheet.rules";

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
    selGoodsTpl: (_input: unknown, ctx: Ctx) => goodsTemplate(ctx),

    async importGoodsList(input: In<"importGoodsList"> & Upload, ctx: Ctx): Promise<Out<"importGoodsList">> {
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
