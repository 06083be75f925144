import { contract } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, meOf } from "../../test/fixtures";
import { publish, readyGoods, uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { goods } from "./goods.tables";

const G = contract.goods;
let t: TestApp;
let owner: string;
let harborOwner: string;
let boId: string;
let orangeId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  harborOwner = await t.login("demo2");
  boId = (await meOf(t, owner)).boId;
  const image = await uploadImage(t, owner);
  orangeId = await publish(
    t,
    owner,
    readyGoods(image, { name: "Exported oranges", logistics: ["express", "selfPickup"] }), // category C0101 (Citrus, under Fruit C01)
  );
  // 16:30 UTC on 1 March is 00:30 on 2 March in Shanghai.
  await t.db
    .update(goods)
    .set({ createdAt: new Date("2026-03-01T16:30:00Z") })
    .where(eq(goods.id, orangeId));
});
afterAll(() => t.close());

async function exportSheet(input: Record<string, unknown>, lang: string, ticket = owner) {
  const res = await t.post(G.exportGoodsList.path, input, { ticket, headers: { "accept-language": lang } });
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows = sheet.getRows(2, Math.max(sheet.rowCount - 1, 0)) ?? [];
  return { res, sheet, headers, rows };
}

describe("the goods list's export", () => {
  it("when a Chinese seller exports a filtered list, then one row per matching item comes in Chinese with money in yuan and real dates in the shop's zone", async () => {
    const { res, sheet, headers, rows } = await exportSheet({ keyword: "Exported oranges" }, "zh-CN,zh;q=0.9");
    expect(decodeURIComponent(String(res.headers["content-disposition"]))).toMatch(/商品-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(sheet.name).toBe("商品");
    expect(headers.slice(0, 7)).toEqual(["商品名称", "商品编码", "类目", "状态", "最低价（元）", "最高价（元）", "库存"]);
    expect(rows).toHaveLength(1);
    const cell = (header: string) => rows[0]?.getCell(headers.indexOf(header) + 1);
    expect(cell("商品名称")?.value).toBe("Exported oranges");
    expect(cell("状态")?.value).toBe("已下架");
    expect(cell("最低价（元）")?.value).toBe(9.9);
    expect(cell("最高价（元）")?.value).toBe(21.9);
    expect(cell("最低价（元）")?.numFmt).toBe("0.00");
    expect(cell("库存")?.value).toBe(23);
    expect(cell("配送方式")?.value).toBe("快递、到店自提");
    expect(cell("生鲜")?.value).toBe("否");
    const created = cell("创建时间")?.value;
    expect(created).toBeInstanceOf(Date);
    expect((created as Date).toISOString()).toBe("2026-03-02T00:30:00.000Z");
  });

  it("when the reader's language is English, then headers and values are English", async () => {
    const { headers, rows } = await exportSheet({ keyword: "Exported oranges" }, "en");
    expect(headers.slice(0, 4)).toEqual(["Name", "Code", "Category", "Status"]);
    const cell = (header: string) => rows[0]?.getCell(headers.indexOf(header) + 1);
    expect(cell("Status")?.value).toBe("Off shelf");
    expect(cell("Delivery")?.value).toBe("Express, Self-pickup");
  });

  it("when columns are chosen (a saved column set), then only they come, in the order asked, in the reader's language", async () => {
    const en = await exportSheet({ keyword: "Exported oranges", columns: ["status", "name", "logistics"] }, "en");
    expect(en.headers).toEqual(["Status", "Name", "Delivery"]);
    expect(en.rows.map((r) => (r.values as unknown[]).slice(1))).toEqual([["Off shelf", "Exported oranges", "Express, Self-pickup"]]);
    const zh = await exportSheet({ keyword: "Exported oranges", columns: ["name", "status"] }, "zh-CN");
    expect(zh.headers).toEqual(["商品名称", "状态"]);
    expect((await t.post(G.exportGoodsList.path, { columns: ["no such column"] }, { ticket: owner })).status).toBe(400);
  });

  it("when the tab or a filter excludes the item, then it is not in the file", async () => {
    expect((await exportSheet({ keyword: "Exported oranges", tab: "on" }, "en")).rows).toHaveLength(0);
    expect((await exportSheet({ keyword: "Exported oranges", categoryId: "C02" }, "en")).rows).toHaveLength(0);
    expect((await exportSheet({ keyword: "Exported oranges", categoryId: "C01" }, "en")).rows).toHaveLength(1);
  });

  it("when another seller exports, then this seller's items are not in the file", async () => {
    const { rows, headers } = await exportSheet({}, "en", harborOwner);
    expect(rows.length).toBe(63);
    // The list's listing type filter holds for the file too, and each row says its type.
    const services = await exportSheet({ listingType: "serviceOffer" }, "en", harborOwner);
    expect(services.rows.map((r) => r.getCell(services.headers.indexOf("Type") + 1).value)).toEqual(["Service offered", "Service offered"]);
    expect(rows.map((r) => r.getCell(headers.indexOf("Name") + 1).value)).not.toContain("Exported oranges");
  });

  it("when more items than one batch share one change time (written in one transaction), then each comes exactly once", async () => {
    // 1,100 copies of the item, all with the same updated_at to the microsecond: the keyset must not skip any.
    await t.db.execute(sql`
      insert into goods (id, bo_id, shop_id, kind, name, category_id, unit_id, status, price_min, price_max, stock_total, created_at, updated_at)
      select 'BULK' || lpad(n::text, 22, '0'), bo_id, shop_id, kind, 'Bulk ' || n, category_id, unit_id, 'off', price_min, price_max, 0, now(), '2026-05-05 10:00:00.123456+00'
      from goods cross join generate_series(1, 1100) n where id = ${orangeId}`);
    const { rows, headers } = await exportSheet({ keyword: "Bulk " }, "en");
    const names = rows.map((r) => String(r.getCell(headers.indexOf("Name") + 1).value));
    expect(names).toHaveLength(1100);
    expect(new Set(names).size).toBe(1100);
    await t.db.delete(goods).where(and(eq(goods.boId, boId), sql`${goods.name} like 'Bulk %'`));
  });

  it("when the caller lacks the goods screen, then the export is 403", async () => {
    const clerk = await createStaff(t, boId, ["shop.manage"]);
    const res = await t.post(G.exportGoodsList.path, {}, { ticket: clerk });
    expect(res.status).toBe(403);
  });
});

describe("the category filter", () => {
  it("when the list is filtered by a parent category, then items of its subcategories come too", async () => {
    const byParent = await t.call(G.selGoodsListByDefaultShop, { keyword: "Exported oranges", categoryId: "C01" }, { ticket: owner });
    expect(byParent.data.list.map((g) => g.id)).toEqual([orangeId]);
    const byLeaf = await t.call(G.selGoodsListByDefaultShop, { keyword: "Exported oranges", categoryId: "C0101" }, { ticket: owner });
    expect(byLeaf.data.list.map((g) => g.id)).toEqual([orangeId]);
    const other = await t.call(G.selGoodsListByDefaultShop, { keyword: "Exported oranges", categoryId: "C02" }, { ticket: owner });
    expect(other.data.list).toEqual([]);
  });
});
