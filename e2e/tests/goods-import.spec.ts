import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { type ImageServer, startImageServer } from "../../apps/server/src/test/image-server";
import { importColumns } from "../../packages/contract/src/goods";
import { createSeller, expectNoSeriousViolations, signIn, sql } from "./support";

/*
 * Issue 25 §3, "From an import to a shelf", in English and in Chinese: a sheet with image URLs (served by a small
 * server this story starts on E2E_PORT + 5; the e2e server may fetch from 127.0.0.1 through IMAGE_FETCH_ALLOW_PRIVATE)
 * and a fresh item's batch is checked and imported; the drafts are put on shelf together, and the report names the
 * one that could not go, why, and links to it.
 */

test.use({ reducedMotion: "reduce" });

const IMAGE_PORT = Number(process.env.E2E_PORT ?? 18181) + 5;
let images: ImageServer;
test.beforeAll(async () => {
  images = await startImageServer(IMAGE_PORT);
});
test.afterAll(() => images.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const words = {
  en: {
    goods: "Goods",
    import: "Import",
    dialog: "Import goods",
    check: "Check the file",
    badImage: "Main image URL: image 1 could not be fetched: the site answered 404",
    commit: "Import 3 valid rows",
    committed: "3 items imported from 3 rows, as drafts",
    drafts: /Drafts/,
    onShelf: "Put on shelf",
    done: "2 items put on shelf",
    why: "No image: add at least one image",
    fruit: "Fruit / Citrus",
    yes: "yes",
  },
  zh: {
    goods: "商品",
    import: "导入",
    dialog: "导入商品",
    check: "检查文件",
    badImage: "主图网址：第 1 张图片无法下载：网站返回 404",
    commit: "导入 3 个有效行",
    committed: "已从 3 行导入 3 件商品（均为草稿）",
    drafts: /草稿/,
    onShelf: "批量上架",
    done: "已上架 2 件商品",
    why: "没有图片：请至少添加一张图片",
    fruit: "水果 / 柑橘",
    yes: "是",
  },
} as const;

async function sheetFor(lang: "en" | "zh", tag: string): Promise<Buffer> {
  const w = words[lang];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === "zh" ? "商品" : "Goods");
  ws.columns = importColumns.map((c) => ({ header: c[lang], key: c.key }));
  const item = { category: w.fruit, unit: "kg", price: 12.5 };
  ws.addRow({
    ...item,
    name: `Pears ${tag}`,
    stock: 30,
    mainImage: images.url(`/${lang}/red.png`),
    moreImages: images.url(`/${lang}/green.png`),
  });
  ws.addRow({
    ...item,
    name: `Plums ${tag}`,
    fresh: w.yes,
    stock: 40,
    batchNo: `PL-${lang}`,
    productionDate: day(-1),
    expiresOn: day(20),
    mainImage: images.url(`/${lang}/red.png`),
  });
  ws.addRow({ ...item, name: `Figs ${tag}`, mainImage: images.url(`/${lang}/gone.png`) });
  ws.addRow({ ...item, name: `Dates ${tag}`, stock: 5 });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

for (const lang of ["en", "zh"] as const) {
  test(`(${lang}) import a sheet with image URLs and a fresh batch, then put the drafts on shelf and read who was refused`, async ({
    page,
  }) => {
    test.slow();
    const w = words[lang];
    const tag = `${lang}${Date.now().toString(36)}`;
    const seller = await createSeller(`goodsimg${lang}`);
    await page.addInitScript((l) => localStorage.setItem("sbo:lang", l), lang);
    await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/goodsManage" });
    await expect(page.getByRole("heading", { level: 1, name: w.goods })).toBeVisible({ timeout: 30_000 });

    // The button's name starts with its icon's ("import").
    await page.getByRole("button", { name: new RegExp(`${w.import}$`) }).click();
    const dialog = page.getByRole("dialog", { name: w.dialog });
    await dialog.locator("input[type=file]").setInputFiles({
      name: "goods.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await sheetFor(lang, tag),
    });
    await dialog.getByRole("button", { name: w.check }).click();
    // The dry run fetched every picture: the one that failed is named, which image and why.
    await expect(dialog.getByText(w.badImage)).toBeVisible({ timeout: 30_000 });
    expect(images.hits.get(`/${lang}/red.png`)).toBeGreaterThan(0);
    await expectNoSeriousViolations(page, "the import report with a failed image");
    await page.screenshot({ path: `/work/notes/shots/import-dry-run-${lang}.png` });

    await dialog.getByRole("button", { name: w.commit }).click();
    await expect(page.getByText(w.committed)).toBeVisible({ timeout: 30_000 });
    const [org] = await sql("select id from organization where name = $1", [seller.org]);
    const bo = (org as { id: string }).id;
    const stored = await sql(
      `select g.name, jsonb_array_length(g.images) as images, g.stock_total as stock,
              (select count(*)::int from stored_file f where f.bo_id = g.bo_id and g.images ? f.id) as own
         from goods g where g.bo_id = $1 order by g.name`,
      [bo],
    );
    expect(stored).toEqual([
      { name: `Dates ${tag}`, images: 0, stock: 5, own: 0 },
      { name: `Pears ${tag}`, images: 2, stock: 30, own: 2 },
      { name: `Plums ${tag}`, images: 1, stock: 40, own: 1 },
    ]);
    const [batch] = await sql("select batch_no, quantity, expires_on::text as expires from goods_batch where bo_id = $1", [bo]);
    expect(batch).toEqual({ batch_no: `PL-${lang}`, quantity: 40, expires: day(20) });

    // The drafts on shelf together: two go, the one without a picture is named with why and a link to it.
    await page.getByRole("tab", { name: w.drafts }).click();
    await expect(row(page, `Dates ${tag}`)).toBeVisible();
    await page.locator(".ant-table-thead").getByRole("checkbox").check();
    await page.getByRole("button", { name: w.onShelf, exact: true }).click();
    const report = page.getByRole("dialog").filter({ hasText: w.done });
    await expect(report).toBeVisible({ timeout: 30_000 });
    await expect(report.getByRole("row", { name: new RegExp(`Dates ${tag}`) })).toContainText(w.why);
    await expectNoSeriousViolations(page, "the bulk report");
    await page.screenshot({ path: `/work/notes/shots/import-shelf-report-${lang}.png` });
    const onShelf = await sql("select name from goods where bo_id = $1 and status = 'on' order by name", [bo]);
    expect(onShelf).toEqual([{ name: `Pears ${tag}` }, { name: `Plums ${tag}` }]);

    await report.getByRole("link", { name: `Dates ${tag}` }).click();
    await expect(page).toHaveURL(/\/transaction\/goodsManage\/detailGoods\?id=/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(`Dates ${tag}`).first()).toBeVisible();
  });
}
