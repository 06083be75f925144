import { codes, contract, importColumns, type OutputOf } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { type ImageServer, startImageServer } from "../../test/image-server";
import { storedFile } from "../system/system.tables";
import { goodsBatch, goodsSku } from "./goods.tables";

/* Issue 25 §3: from an import to a shelf — image URLs fetched and kept, fresh batches with their stock, the rule in the template. */

const G = contract.goods;
type Result = OutputOf<typeof G.importGoodsList>;
let t: TestApp;
let img: ImageServer;
let owner: string;
let boId: string;

beforeAll(async () => {
  img = await startImageServer();
  t = await createTestApp({ env: { IMAGE_FETCH_ALLOW_PRIVATE: "1" } });
  const s = await createSeller(t);
  owner = await t.login(s.loginName, s.password);
  boId = s.boId;
});
afterAll(async () => {
  await t.close();
  await img.close();
});

type Row = Partial<Record<(typeof importColumns)[number]["key"], string | number>>;

async function sheet(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Goods");
  ws.columns = importColumns.map((c) => ({ header: c.en, key: c.key }));
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const send = async (rows: Row[], mode: "dryRun" | "commit") =>
  t.upload<Result>(
    G.importGoodsList.path,
    [
      { name: "systemId", value: "71" },
      { name: "mode", value: mode },
      {
        name: "file",
        filename: "goods.xlsx",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        value: await sheet(rows),
      },
    ],
    { ticket: owner },
  );

const goodsFiles = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storedFile)
      .where(and(eq(storedFile.boId, boId), eq(storedFile.purpose, "goods")))
  )[0]?.n ?? 0;

const lines = (r: Result) => r.report.map((l) => [l.row, l.field, l.reason, l.params?.n ?? null]);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const base = { category: "Fruit / Citrus", unit: "kg", price: 10 };

describe("the template", () => {
  it("when downloaded, then it has the image and batch columns and an instructions sheet stating the fresh-goods stock rule, in its language", async () => {
    for (const [lang, rule, header] of [
      ["en", "Stock of fresh goods: the stock of fresh goods comes only from batches", "Main image URL"],
      ["zh", "生鲜商品的库存规则：生鲜商品的库存只来自批次", "主图网址"],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: G.selGoodsTpl.path,
        headers: { "content-type": "application/json", "sign-token": t.config.signToken, "accept-language": lang },
        cookies: { ticket: owner },
        payload: JSON.stringify({ systemId: 71 }),
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]?.getRow(1).values).toContain(header);
      const help = (wb.worksheets[2]?.getColumn(1).values ?? []).map(String).join("\n");
      expect(help).toContain(rule);
    }
  });
});

describe("image URLs", () => {
  it("when checked, then each image that fails is named (which one, and why) and nothing is kept", async () => {
    const before = await goodsFiles();
    const res = await send(
      [
        {
          ...base,
          name: "Pictured",
          mainImage: img.url("/img/red.png"),
          moreImages: `${img.url("/img/moved.png")}, ${img.url("/img/gone.png")}\n${img.url("/img/page.html")}`,
        },
        { ...base, name: "Fake", mainImage: img.url("/img/fake.png"), moreImages: img.url("/img/broken.png") },
        { ...base, name: "Big", moreImages: `${img.url("/img/huge.png")} ftp://example.com/a.png` },
        { ...base, name: "Fine", mainImage: img.url("/img/green.png") },
      ],
      "dryRun",
    );
    expect(res.code, res.msg).toBe(codes.OK);
    expect(lines(res.data)).toEqual([
      [2, "moreImages", "goods.importImageStatus", 3],
      [2, "moreImages", "goods.importImageNotImage", 4],
      [3, "mainImage", "goods.importImageNotImage", 1],
      [3, "moreImages", "goods.importImageUnreadable", 2],
      [4, "moreImages", "goods.importImageTooLarge", 1],
      [4, "moreImages", "goods.importImageUrl", 2],
    ]);
    expect(res.data.report[0]?.params).toMatchObject({ status: 404, url: img.url("/img/gone.png") });
    expect(res.data).toMatchObject({ validRows: 1, invalidRows: 3 });
    expect(await goodsFiles()).toBe(before);
  });

  it("when committed, then the pictures are the seller's own files on the draft, which can go on shelf with the rest", async () => {
    const before = await goodsFiles();
    const res = await send(
      [
        { ...base, name: "Red apples", mainImage: img.url("/img/red.png"), moreImages: img.url("/img/green.png") },
        { ...base, name: "No picture" },
        { ...base, name: "Broken picture", mainImage: img.url("/img/gone.png") },
      ],
      "commit",
    );
    expect(res.data).toMatchObject({ created: 2, invalidRows: 1 });
    expect(await goodsFiles()).toBe(before + 2);
    const drafts = (await t.call(G.selGoodsListByDefaultShop, { tab: "draft" }, { ticket: owner })).data.list;
    const apples = drafts.find((g) => g.name === "Red apples");
    const bare = drafts.find((g) => g.name === "No picture");
    const detail = await t.call(G.selGoodsById, { id: apples?.id ?? "" }, { ticket: owner });
    expect(detail.data.images).toHaveLength(2);
    const first = detail.data.images[0]?.id ?? "";
    const file = await t.app.inject({ method: "GET", url: `/files/${first}`, cookies: { ticket: owner } });
    const [row] = await t.db.select().from(storedFile).where(eq(storedFile.id, first));
    expect(row).toMatchObject({ boId, purpose: "goods", contentType: "image/png", name: "red.png" });
    expect(row?.listSha256).not.toBeNull();
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("image/png");
    const shelf = await t.call(G.batchUpdateStatusOn, { ids: [apples?.id ?? "", bare?.id ?? ""] }, { ticket: owner });
    expect(shelf.data.done).toEqual([apples?.id]);
    expect(shelf.data.refused).toEqual([{ id: bare?.id, name: "No picture", reason: "goods.shelfNeedsImage" }]);
  });
});

describe("fresh batches", () => {
  it("when a fresh row has a batch, then the batch is written with its dates and the SKU's stock is its quantity", async () => {
    const res = await send(
      [
        {
          ...base,
          name: "Fresh plums",
          fresh: "yes",
          stock: 40,
          batchNo: "PL-001",
          productionDate: future(-2),
          expiresOn: future(10),
          mainImage: img.url("/img/red.png"),
        },
        { ...base, name: "Fresh figs", fresh: "是", code: "FIG-1" },
      ],
      "commit",
    );
    expect(res.data, JSON.stringify(res.data.report)).toMatchObject({ created: 2, invalidRows: 0 });
    const drafts = (await t.call(G.selGoodsListByDefaultShop, { tab: "draft", fresh: true }, { ticket: owner })).data.list;
    const plums = drafts.find((g) => g.name === "Fresh plums");
    expect(plums?.stock).toBe(40);
    expect(drafts.find((g) => g.name === "Fresh figs")?.stock).toBe(0);
    const batches = await t.db
      .select()
      .from(goodsBatch)
      .where(eq(goodsBatch.goodsId, plums?.id ?? ""));
    expect(batches).toMatchObject([{ batchNo: "PL-001", quantity: 40, left: 40, productionDate: future(-2), expiresOn: future(10) }]);
    const [sku] = await t.db
      .select()
      .from(goodsSku)
      .where(eq(goodsSku.goodsId, plums?.id ?? ""));
    expect(sku?.stock).toBe(40);
  });

  it("when the stock rule of fresh goods is broken, then each row names the column and nothing is written", async () => {
    const res = await send(
      [
        { ...base, name: "Stock no batch", fresh: "yes", stock: 5 },
        { ...base, name: "Batch no dates", fresh: "yes", stock: 5, batchNo: "B1", productionDate: future(-1) },
        { ...base, name: "Batch no stock", fresh: "yes", batchNo: "B2", productionDate: future(-1), expiresOn: future(5) },
        { ...base, name: "Not fresh", stock: 5, batchNo: "B3", productionDate: future(-1), expiresOn: future(5) },
        { ...base, name: "Expired", fresh: "yes", stock: 5, batchNo: "B4", productionDate: future(-9), expiresOn: future(-1) },
        { ...base, name: "Backwards", fresh: "yes", stock: 5, batchNo: "B5", productionDate: future(3), expiresOn: future(2) },
        { ...base, name: "Bad date", fresh: "yes", stock: 5, batchNo: "B6", productionDate: "yesterday", expiresOn: "2026-02-30" },
      ],
      "commit",
    );
    expect(lines(res.data)).toEqual([
      [2, "batchNo", "goods.importFreshBatch", null],
      [3, "expiresOn", "goods.importFreshBatch", null],
      [4, "stock", "goods.importBatchNoStock", null],
      [5, "batchNo", "goods.notFresh", null],
      [6, "expiresOn", "goods.importBatchExpired", null],
      [7, "expiresOn", "goods.expiryBeforeProduction", null],
      [8, "productionDate", "goods.importNotDate", null],
      [8, "expiresOn", "goods.importNotDate", null],
    ]);
    expect(res.data.created).toBe(0);
  });
});
