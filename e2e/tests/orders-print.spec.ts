import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { expectNoSeriousViolations, signedInBuyer, signIn, sql } from "./support";

/**
 * Issue 25 §4, orders the warehouse can work from: a buyer places two orders (fresh goods taken from their batches by
 * FEFO, and ordinary goods); the owner finds them on the order list, chooses both rows and prints the pick list (the
 * goods summed per SKU and batch, in storage-location order) and the packing slips (one per order, with the recipient,
 * phone, address and a QR code of the order number), on A4 and on 100 × 150 mm labels; on paper the shell's menus are
 * gone. Then the order list is exported one row per order line and the file is opened. In English and in Chinese; a
 * clerk without the phone right sees the phones masked on the slips. Screenshots, PDFs and the export's rendering go
 * to /work/notes/shots when that folder can be written (SHOTS_DIR).
 */

const SHOTS = process.env.SHOTS_DIR ?? "/work/notes/shots";
let shotsOk = true;
try {
  mkdirSync(SHOTS, { recursive: true });
} catch {
  shotsOk = false;
}
const shot = (name: string) => (shotsOk ? `${SHOTS}/${name}` : undefined);

interface Story {
  lang: "en" | "zh";
  list: string;
  pickList: string;
  slips: string;
  exportLines: string;
  pickHeading: (orders: number, pieces: number) => string;
  paperLabel: string;
  qr: (orderNo: string) => string;
  headers: string[];
  sheetName: string;
}

const stories: Story[] = [
  {
    lang: "en",
    list: "Orders",
    pickList: "Print pick list",
    slips: "Print packing slips",
    exportLines: "Export order lines",
    pickHeading: (o, p) => `Pick list: ${o} orders, ${p} pieces`,
    paperLabel: "Label 100 × 150 mm",
    qr: (no) => `QR code of order number ${no}`,
    headers: ["Order number", "Status", "Recipient", "Recipient phone", "Province", "Goods", "SKU code", "Spec", "Quantity", "Batches"],
    sheetName: "Order lines",
  },
  {
    lang: "zh",
    list: "订单",
    pickList: "打印拣货单",
    slips: "打印发货单",
    exportLines: "导出订单明细",
    pickHeading: (o, p) => `拣货单：${o} 个订单，共 ${p} 件`,
    paperLabel: "面单 100 × 150 毫米",
    qr: (no) => `订单编号 ${no} 的二维码`,
    headers: ["订单编号", "订单状态", "收货人", "收货人手机", "省份", "商品名称", "规格编码", "规格", "数量", "批次"],
    sheetName: "订单明细",
  },
];

/** Green Valley's (the demo owner's) goods on sale by express with stock: one fresh (sold by batches), one not. */
async function demoGoods() {
  const pick = async (fresh: boolean) => {
    const [row] = await sql(
      `select s.id, g.id as goods_id, g.name from goods_sku s join goods g on g.id = s.goods_id
         join member m on m.login_name = 'demo' join employee e on e.member_id = m.id and e.is_owner and e.bo_id = g.bo_id
        where g.status = 'on' and g.kind = 'goods' and g.deleted_at is null and s.retired_at is null and s.stock >= 10
          and g.logistics ? 'express' and g.fresh = $1 order by g.name, s.sort limit 1`,
      [fresh],
    );
    if (!row) throw new Error(`no ${fresh ? "fresh " : ""}demo goods on sale`);
    return { id: String(row.id), goodsId: String(row.goods_id), name: String(row.name) };
  };
  const fresh = await pick(true);
  const plain = await pick(false);
  // Where they sit in the warehouse (the goods form's Storage location): the ordinary goods are picked first.
  await sql("update goods set storage_location = $2 where id = $1", [plain.goodsId, "A-01"]);
  await sql("update goods set storage_location = $2 where id = $1", [fresh.goodsId, "B-02"]);
  return { fresh, plain };
}

/** A cell as a spreadsheet shows it: a date-time (its UTC fields are the shop's wall clock) as YYYY-MM-DD HH:mm:ss. */
const textOf = (v: ExcelJS.CellValue): string =>
  v instanceof Date ? v.toISOString().replace("T", " ").slice(0, 19) : v === null || v === undefined ? "" : String(v);

/** The shell's menus and the print page's own controls are gone on paper; the sheets stay. */
async function expectPrintable(page: Page) {
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".app-header")).toBeHidden();
  await expect(page.locator(".app-sider")).toBeHidden();
  await expect(page.locator(".print-toolbar")).toBeHidden();
  await expect(page.locator(".print-sheet").first()).toBeVisible();
}

/** A PDF as the browser prints the page (its own @page size), and, if pdftoppm is there, its first page as a PNG. */
async function savePdf(page: Page, name: string) {
  const path = shot(`${name}.pdf`);
  if (!path) return;
  await page.pdf({ path, preferCSSPageSize: true, printBackground: true });
  try {
    const { execFileSync } = await import("node:child_process");
    execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", path, path.replace(/\.pdf$/, "-page1")]);
  } catch {
    // No pdftoppm on this machine: the PDF alone.
  }
}

for (const story of stories) {
  test(`the chosen orders' pick list, packing slips and line export (${story.lang})`, async ({ page, baseURL }) => {
    test.setTimeout(300_000);
    const { fresh, plain } = await demoGoods();
    const buyer = await signedInBuyer(baseURL ?? "", {
      prefix: story.lang === "en" ? "137" : "135",
      name: "Han Mei",
      detail: "9 Warehouse Lane",
    });
    const place = async (items: { skuId: string; quantity: number }[]) =>
      (await buyer.call<{ orders: { id: string; orderNo: string }[] }>("/trading/order/submit", { addressId: buyer.addressId, items }))
        .orders[0] as { id: string; orderNo: string };
    const first = await place([
      { skuId: fresh.id, quantity: 2 },
      { skuId: plain.id, quantity: 1 },
    ]);
    const second = await place([
      { skuId: fresh.id, quantity: 1 },
      { skuId: plain.id, quantity: 2 },
    ]);
    // Which batches FEFO took for these orders, summed: what the pick list must show.
    const batches = await sql(
      `select gb.batch_no, sum((b->>'quantity')::int)::int as n from order_line ol cross join jsonb_array_elements(ol.batches) b
         join goods_batch gb on gb.id = b->>'batchId' where ol.order_id in ($1, $2) group by gb.batch_no, gb.expires_on
        order by gb.expires_on, gb.batch_no`,
      [first.id, second.id],
    );
    expect(batches.reduce((n, b) => n + Number(b.n), 0)).toBe(3);

    await page.addInitScript((lang) => localStorage.setItem("sbo:lang", lang), story.lang);
    await signIn(page, "demo", { open: `/transaction/orderManage?keyword=${buyer.phone}` });
    await expect(page.getByRole("heading", { level: 1, name: story.list })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(2, { timeout: 30_000 });
    const choose = async () => {
      for (const o of [first, second]) await page.getByRole("row").filter({ hasText: o.orderNo }).getByRole("checkbox").check();
    };

    // The pick list of both orders: the ordinary goods (A-01) first, then the fresh goods per batch (B-02).
    await choose();
    await page.getByRole("button", { name: story.pickList }).click();
    await expect(page).toHaveURL(/\/transaction\/orderManage\/print\/picklist\?ids=/);
    await expect(page.getByRole("heading", { name: story.pickHeading(2, 6) })).toBeVisible({ timeout: 30_000 });
    const rows = page.getByTestId("pick-row");
    await expect(rows).toHaveCount(1 + batches.length);
    await expect(rows.nth(0)).toContainText(plain.name);
    await expect(rows.nth(0).getByTestId("pick-quantity")).toHaveText("3");
    for (const [i, b] of batches.entries()) {
      await expect(rows.nth(i + 1)).toContainText(fresh.name);
      await expect(rows.nth(i + 1)).toContainText(String(b.batch_no));
      await expect(rows.nth(i + 1).getByTestId("pick-quantity")).toHaveText(String(b.n));
    }
    await expect(page.getByTestId("pick-total")).toHaveText("6");
    await expectNoSeriousViolations(page, "the pick list");
    await page.screenshot({ path: shot(`print-picklist-${story.lang}-screen.png`), fullPage: true });
    await expectPrintable(page);
    await page.screenshot({ path: shot(`print-picklist-${story.lang}.png`), fullPage: true });
    await savePdf(page, `print-picklist-${story.lang}-a4`);
    await page.emulateMedia({ media: "screen" });

    // The packing slips: one per order, the owner sees the full phone; then on 100 × 150 mm labels.
    await page.goBack();
    await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(2, { timeout: 30_000 });
    await choose();
    await page.getByRole("button", { name: story.slips }).click();
    await expect(page).toHaveURL(/\/transaction\/orderManage\/print\/slips\?ids=/);
    const slips = page.getByTestId("slip");
    await expect(slips).toHaveCount(2, { timeout: 30_000 });
    await expect(slips.nth(0)).toContainText(first.orderNo);
    await expect(slips.nth(0).getByTestId("slip-phone")).toHaveText(buyer.phone);
    await expect(slips.nth(0)).toContainText("9 Warehouse Lane");
    await expect(slips.nth(0)).toContainText(fresh.name);
    await expect(slips.nth(0).getByRole("img", { name: story.qr(first.orderNo) })).toBeVisible();
    // antd draws the radio as a button over its hidden input: the label is what a user clicks.
    await expectNoSeriousViolations(page, "the packing slips");
    await page.locator("label").filter({ hasText: story.paperLabel }).click();
    await expect(page.getByRole("radio", { name: story.paperLabel })).toBeChecked();
    await expect(page).toHaveURL(/size=label/);
    await expectPrintable(page);
    await page.screenshot({ path: shot(`print-slip-${story.lang}.png`), fullPage: true });
    await savePdf(page, `print-slip-${story.lang}-label`);
    await page.emulateMedia({ media: "screen" });

    // The line export of the filtered list: one row per order line.
    await page.goBack();
    await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(2, { timeout: 30_000 });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: story.exportLines }).click();
    const file = await download;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    expect(sheet.name).toBe(story.sheetName);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(expect.arrayContaining(story.headers));
    const table = [
      headers,
      ...Array.from({ length: sheet.rowCount - 1 }, (_, i) => headers.map((_h, c) => textOf(sheet.getRow(i + 2).getCell(c + 1).value))),
    ];
    expect(table).toHaveLength(5); // two orders of two lines each
    const col = (h: string) => headers.indexOf(h);
    const [orderNo, phone, quantity] = [col(story.headers[0] as string), col(story.headers[3] as string), col(story.headers[8] as string)];
    expect(new Set(table.slice(1).map((r) => r[orderNo]))).toEqual(new Set([first.orderNo, second.orderNo]));
    expect(table.slice(1).every((r) => r[phone] === buyer.phone)).toBe(true);
    expect(table.slice(1).reduce((n, r) => n + Number(r[quantity]), 0)).toBe(6);
    // The export as it opens in a spreadsheet: a text dump, and its rendering as a table.
    const dump = table.map((r) => r.join("\t")).join("\n");
    const dumpPath = shot(`warehouse-export-${story.lang}.txt`);
    if (dumpPath) writeFileSync(dumpPath, `${dump}\n`);
    const cell = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    await page.setContent(
      `<html lang="${story.lang}"><body style="font:12px sans-serif"><h1 style="font-size:14px">${cell(file.suggestedFilename())}</h1>
       <table border="1" cellspacing="0" cellpadding="3">${table
         .map((r, i) => `<tr>${r.map((v) => (i === 0 ? `<th>${cell(v)}</th>` : `<td>${cell(v)}</td>`)).join("")}</tr>`)
         .join("")}</table></body></html>`,
    );
    await page.screenshot({ path: shot(`warehouse-export-${story.lang}.png`), fullPage: true });
    await buyer.api.dispose();
  });
}

test("a clerk without the phone right prints packing slips with the phones masked", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { plain } = await demoGoods();
  const buyer = await signedInBuyer(baseURL ?? "", { prefix: "136", name: "Zhao Lei", detail: "3 Label Road" });
  const placed = await buyer.call<{ orders: { id: string; orderNo: string }[] }>("/trading/order/submit", {
    addressId: buyer.addressId,
    items: [{ skuId: plain.id, quantity: 1 }],
  });
  const order = placed.orders[0] as { id: string; orderNo: string };
  await page.addInitScript(() => localStorage.setItem("sbo:lang", "zh"));
  // Green Valley's order clerk sees and ships orders, without order.manage.phone.
  await signIn(page, "demo-clerk", { open: `/transaction/orderManage/print/slips?ids=${order.id}` });
  const slip = page.getByTestId("slip");
  await expect(slip).toHaveCount(1, { timeout: 30_000 });
  await expect(slip.getByTestId("slip-phone")).toHaveText(`${buyer.phone.slice(0, 3)}****${buyer.phone.slice(7)}`);
  await expect(page.getByText("手机号已隐藏：您没有查看完整手机号的权限。")).toBeVisible();
  await buyer.api.dispose();
});
