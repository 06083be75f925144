import { codes, contract, importColumns, type OutputOf } from "@sbo/contract";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, createStaff } from "../../test/fixtures";
import { goodsRows, PNG } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { withHugeSharedString } from "../../test/xlsx-kit";

/* The import template and the import with its dry run. */

const G = contract.goods;
type Result = OutputOf<typeof G.importGoodsList>;
let t: TestApp;
let owner: string;
let boId: string;

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSeller(t);
  owner = await t.login(s.loginName, s.password);
  boId = s.boId;
});
afterAll(() => t.close());

type Row = Partial<Record<(typeof importColumns)[number]["key"], string | number>>;

async function sheet(rows: Row[], lang: "en" | "zh" = "en"): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Goods");
  ws.columns = importColumns.map((c) => ({ header: c[lang], key: c.key }));
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const send = (file: Buffer, mode: "dryRun" | "commit", ticket = owner, lang = "en") =>
  t.upload<Result>(
    G.importGoodsList.path,
    [
      { name: "systemId", value: "71" },
      { name: "mode", value: mode },
      {
        name: "file",
        filename: "goods.xlsx",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        value: file,
      },
    ],
    { ticket, headers: { "accept-language": lang } },
  );

const good: Row[] = [
  {
    name: "Mandarins",
    category: "Fruit / Citrus",
    unit: "kg",
    spec1Name: "Weight",
    spec1Value: "1 kg",
    price: 12.5,
    stock: 30,
    code: "IMP-1",
  },
  {
    name: "Mandarins",
    category: "Fruit / Citrus",
    unit: "kg",
    spec1Name: "Weight",
    spec1Value: "2 kg",
    price: 23,
    stock: 10,
    code: "IMP-2",
  },
  { name: "Brown rice", category: "大米", unit: "袋", price: "8.80", stock: 100 },
];

describe("the template", () => {
  it("when downloaded in Chinese, then its headers are Chinese and a second sheet lists categories and units", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: G.selGoodsTpl.path,
      headers: { "content-type": "application/json", "sign-token": t.config.signToken, "accept-language": "zh-CN" },
      cookies: { ticket: owner },
      payload: JSON.stringify({ systemId: 71 }),
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.getRow(1).getCell(1).value).toBe("商品名称*");
    expect(wb.worksheets[1]?.getColumn(1).values).toContain("水果 / 柑橘");
    expect(wb.worksheets[1]?.getColumn(2).values).toContain("千克");
  });
});

describe("importing goods", () => {
  it("when a sheet with problems is checked, then the dry run reports each row and field, writes nothing, and gives a report sheet", async () => {
    const before = await goodsRows(t, boId);
    const file = await sheet([
      ...good,
      { name: "Ghost fruit", category: "Moon rocks", unit: "kg", price: 5 },
      { name: "Cheap", category: "Citrus", unit: "kg", price: "abc" },
      { name: "Copy code", category: "Citrus", unit: "kg", price: 3, code: "imp-1" },
      { name: "Fresh with stock", category: "Berries", unit: "kg", price: 3, stock: 5, fresh: "yes" },
    ]);
    const res = await send(file, "dryRun");
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ mode: "dryRun", rows: 7, goods: 6, validRows: 3, invalidRows: 4, created: 0 });
    expect(res.data.report.map((l) => [l.row, l.field, l.reason])).toEqual([
      [5, "category", "goods.importCategoryUnknown"],
      [6, "price", "goods.importNotNumber"],
      [7, "code", "field.listedTwice"],
      [8, "batchNo", "goods.importFreshBatch"],
    ]);
    expect(await goodsRows(t, boId)).toBe(before);
    const report = res.data.reportFile;
    expect(report?.url).toMatch(/^\/files\//);
    const dl = await t.app.inject({ method: "GET", url: report?.url ?? "", cookies: { ticket: owner } });
    expect(dl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).getCell(2).value).toBe("Problem");
    expect(String(ws?.getRow(2).getCell(2).value)).toBe("Category: no category of the lowest level has this name");
  });

  it("when the valid rows are committed, then they become drafts in one go, rows of one name making one item with its SKUs", async () => {
    const res = await send(await sheet([...good, { name: "Broken", category: "Nope", unit: "kg", price: 1 }]), "commit");
    expect(res.data).toMatchObject({ mode: "commit", created: 2, validRows: 3, invalidRows: 1 });
    const list = await t.call(G.selGoodsListByDefaultShop, { tab: "draft" }, { ticket: owner });
    const mandarins = list.data.list.find((g) => g.name === "Mandarins");
    expect(mandarins).toMatchObject({ skuCount: 2, priceMin: 1250, priceMax: 2300, stock: 40, category: { id: "C0101" } });
    const detail = await t.call(G.selGoodsById, { id: mandarins?.id ?? "" }, { ticket: owner });
    expect(detail.data.specs).toEqual([{ name: "Weight", values: ["1 kg", "2 kg"] }]);
    expect(list.data.list.find((g) => g.name === "Brown rice")).toMatchObject({ priceMin: 880, category: { id: "C0601" } });
    // The same codes again: now taken.
    const again = await send(await sheet(good.slice(0, 2)), "dryRun");
    expect(again.data.report.map((l) => l.reason)).toEqual(["goods.skuCodeTaken", "goods.skuCodeTaken"]);
  });

  it("when the rows of one name disagree, then the differing field is named and the item's other rows say why they wait", async () => {
    const res = await send(
      await sheet([
        { name: "Kiwi", category: "Tropical fruit", unit: "kg", spec1Name: "Size", spec1Value: "S", price: 4 },
        { name: "Kiwi", category: "Berries", unit: "kg", spec1Name: "Size", spec1Value: "L", price: 5 },
      ]),
      "dryRun",
    );
    expect(res.data.report.map((l) => [l.row, l.field, l.reason])).toEqual([
      [2, "", "goods.importGoodsInvalid"],
      [3, "category", "goods.importDifferentGoods"],
    ]);
  });

  it("when the file is not the template, is empty, or not a spreadsheet, then HTTP 400 names the file", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("x").addRow(["Something", "Else"]);
    for (const file of [Buffer.from(await wb.xlsx.writeBuffer()), await sheet([]), PNG]) {
      const res = await send(file, "dryRun");
      expect(res.status).toBe(400);
      expect((res.data as unknown as { issues: { path: string }[] }).issues[0]?.path).toBe("file");
    }
  });

  it("when a small sheet unpacks to far more than a spreadsheet should (a zip bomb), then it is refused at once naming the file and the limit, and nothing is written", async () => {
    const before = await goodsRows(t, boId);
    const bomb = await withHugeSharedString(await sheet(good), 120);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const res = await send(bomb, "commit");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(400);
    expect((res.data as unknown as { issues: { path: string; reason: string; params: object }[] }).issues[0]).toMatchObject({
      path: "file",
      reason: "field.sheetUnpackedTooLarge",
      params: { mb: 50 },
    });
    expect(await goodsRows(t, boId)).toBe(before);
  });

  it("when the caller may not edit goods, then the import and the template are 403", async () => {
    const viewer = await createStaff(t, boId, ["goods.manage"]);
    expect((await send(await sheet(good), "dryRun", viewer)).status).toBe(403);
    expect((await t.post(G.selGoodsTpl.path, {}, { ticket: viewer })).status).toBe(403);
  });

  it("when 10,000 rows are imported, then the dry run and the commit both finish, and more rows are refused", async () => {
    const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Bulk ${i}`,
      category: "Rice",
      unit: "kg",
      price: 1 + (i % 50),
      stock: i % 7,
      code: `BULK-${i}`,
    }));
    const file = await sheet(rows);
    const dry = await send(file, "dryRun");
    expect(dry.data).toMatchObject({ rows: 10_000, validRows: 10_000, report: [] });
    const commit = await send(file, "commit");
    expect(commit.data).toMatchObject({ created: 10_000 });
    expect(
      (await t.call(G.selGoodsListByDefaultShop, { tab: "draft", pageSize: 1 }, { ticket: owner })).data.counts.draft,
    ).toBeGreaterThanOrEqual(10_000);
    const tooMany = await send(await sheet([...rows, { name: "One more", category: "Rice", unit: "kg", price: 1 }]), "dryRun");
    expect(tooMany.status).toBe(400);
    // Its speed is measured by `npm run bench:embedded` (BENCH_IMPORT_ROWS), not asserted here: a time bound failed the
    // embedded run on a crowded 2-core machine (191 s) while the import was right (issue 23 §5).
  }, 900_000);
});
