import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn, sql } from "./support";

/**
 * Issue 27 §1, every list exports: the owner of the demo shop opens the after-sales, invoices, reviews, pushed sales
 * orders, payment vouchers, cash flows and staff lists, in English and in Chinese, and exports each; the downloaded
 * .xlsx is opened here and has the sheet's headers in that language and a row the list holds. On the after-sale list
 * the Columns dialog chooses two columns and saves them as a set, and the export then has those two columns.
 */

interface ListCase {
  name: string;
  path: string;
  /** The sheet's name, its first headers and the header of the column holding `known`, per language. */
  en: { sheet: string; first: string[]; column: string };
  zh: { sheet: string; first: string[]; column: string };
  /** A value the export holds (read from the database). */
  known: (boId: string) => Promise<string>;
}

const one = async (text: string, params: unknown[]) => {
  const [row] = await sql(text, params);
  const value = row ? Object.values(row)[0] : undefined;
  if (typeof value !== "string") throw new Error(`nothing for ${text}`);
  return value;
};

/** A push of the demo shop's newest order that has none, so the pushed list holds a row (the demo pushes nothing). */
async function plantPush(boId: string): Promise<string> {
  const [order] = await sql(
    `select id, order_no from order_info o where bo_id = $1 and not exists (select 1 from order_push p where p.order_id = o.id)
     order by created_at desc limit 1`,
    [boId],
  );
  if (!order) throw new Error("no order to push");
  await sql(
    `insert into order_push (id, bo_id, order_id, order_no, status, attempts, last_error_kind, last_status_code, last_error, url)
     values ($1, $2, $3, $4, 'failed', 8, 'http', 502, 'Bad gateway', 'https://erp.example/hook')`,
    [`01E2EPUSH${Date.now()}`.slice(0, 26).padEnd(26, "0"), boId, order.id, order.order_no],
  );
  return order.order_no as string;
}

const LISTS: ListCase[] = [
  {
    name: "after-sales",
    path: "/transaction/orderAfterManage",
    en: { sheet: "After-sales", first: ["After-sale no.", "Order no.", "Goods"], column: "After-sale no." },
    zh: { sheet: "售后", first: ["售后单号", "订单编号", "商品"], column: "售后单号" },
    known: (boId) => one("select after_sale_no from after_sale_apply where bo_id = $1 order by created_at desc, id desc limit 1", [boId]),
  },
  {
    name: "invoices",
    path: "/transaction/invoice/invoiceList",
    en: { sheet: "Invoices", first: ["Order no.", "Order status", "State"], column: "Order no." },
    zh: { sheet: "发票", first: ["订单编号", "订单状态", "开票状态"], column: "订单编号" },
    known: (boId) => one("select order_no from invoice_request where bo_id = $1 order by created_at desc, id desc limit 1", [boId]),
  },
  {
    name: "reviews",
    path: "/transaction/orderEvaluationManage",
    en: { sheet: "Reviews", first: ["Order no.", "Buyer", "Score"], column: "Order no." },
    zh: { sheet: "评价", first: ["订单编号", "买家", "评分"], column: "订单编号" },
    known: (boId) =>
      one(
        `select o.order_no from order_evaluation e join order_info o on o.id = e.order_id where e.bo_id = $1
         order by e.created_at desc, e.id desc limit 1`,
        [boId],
      ),
  },
  {
    name: "pushed sales orders",
    path: "/transaction/pushSaleOrderManage",
    en: { sheet: "Pushed sales orders", first: ["Order no.", "Status", "Attempts"], column: "Order no." },
    zh: { sheet: "推送销售单", first: ["订单编号", "推送状态", "尝试次数"], column: "订单编号" },
    known: async (boId) =>
      (await sql("select order_no from order_push where bo_id = $1 limit 1", [boId]))[0]?.order_no ?? (await plantPush(boId)),
  },
  {
    name: "payment vouchers",
    path: "/transaction/orderManage/payVouchers",
    en: { sheet: "Payment vouchers", first: ["Order no.", "Order status", "Order amount (¥)"], column: "Order no." },
    zh: { sheet: "付款凭证", first: ["订单编号", "订单状态", "订单金额（元）"], column: "订单编号" },
    known: (boId) =>
      one(
        `select o.order_no from order_payment p join order_info o on o.id = p.order_id
         where p.bo_id = $1 and p.method = 'offline' and p.status = 'reviewing' order by p.created_at limit 1`,
        [boId],
      ),
  },
  {
    name: "cash flows",
    path: "/transaction/finance/index",
    en: { sheet: "Cash flows", first: ["Time", "In or out", "Source"], column: "Order no." },
    zh: { sheet: "资金流水", first: ["时间", "收支", "来源"], column: "订单编号" },
    known: (boId) =>
      one(
        "select order_no from order_info where bo_id = $1 and paid_at is not null and status <> 'cancelled' order by paid_at desc, id desc limit 1",
        [boId],
      ),
  },
  {
    name: "staff",
    path: "/transaction/setup/member",
    en: { sheet: "Staff", first: ["Name", "Login name", "Phone"], column: "Login name" },
    zh: { sheet: "员工", first: ["姓名", "登录名", "手机号"], column: "登录名" },
    known: async () => "demo",
  },
];

const demoBoId = () =>
  one("select e.bo_id from employee e join member m on m.id = e.member_id where m.login_name = 'demo' and e.is_owner", []);

/** Clicks `button` and opens the file it downloads: its name, the sheet's name, headers and rows. */
async function downloadSheet(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent("download");
  await click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return { fileName: file.suggestedFilename(), name: sheet.name, headers, rows };
}

for (const lang of ["en", "zh"] as const) {
  test(`every order, finance and staff list exports its rows with ${lang === "en" ? "English" : "Chinese"} headers`, async ({ page }) => {
    test.setTimeout(300_000);
    const boId = await demoBoId();
    await page.addInitScript((l) => localStorage.setItem("sbo:lang", l), lang);
    await signIn(page, "demo");
    for (const list of LISTS) {
      const words = list[lang];
      const known = await list.known(boId);
      await page.goto(list.path);
      // The list's own Export (antd spaces a two-character Chinese label: "导 出"); enabled once the list has answered.
      const exportButton = page.getByRole("button", { name: lang === "en" ? /(^|\s)Export$/ : /(^|\s)导\s?出$/ }).first();
      await expect(exportButton, list.name).toBeEnabled({ timeout: 30_000 });
      const file = await downloadSheet(page, () => exportButton.click());
      expect(file.name, list.name).toBe(words.sheet);
      expect(file.fileName, list.name).toMatch(
        new RegExp(`^${words.sheet.toLowerCase().replaceAll(" ", "-")}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
      );
      expect(file.headers.slice(0, words.first.length), list.name).toEqual(words.first);
      const at = file.headers.indexOf(words.column);
      expect(at, list.name).toBeGreaterThanOrEqual(0);
      expect(
        file.rows.map((r) => r[at]),
        list.name,
      ).toContain(known);
    }
  });
}

test("on the after-sale list, two columns chosen and saved as a set export as those two columns", async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem("sbo:lang", "en"));
  await signIn(page, "demo", { open: "/transaction/orderAfterManage" });
  await expect(page.getByRole("button", { name: /(^|\s)Export$/ })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole("button", { name: "Choose the file's columns" }).click();
  const dialog = page.getByRole("dialog", { name: "Export columns" });
  await dialog.getByRole("button", { name: "None" }).click();
  await dialog.getByRole("checkbox", { name: "State" }).check();
  await dialog.getByRole("checkbox", { name: "After-sale no." }).check();
  await expect(dialog.getByText("2 of 13 columns chosen")).toBeVisible();
  const setName = `Two columns ${Date.now().toString(36)}`;
  await dialog.getByRole("textbox", { name: "Save this choice as" }).fill(setName);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(`The columns were saved as “${setName}”.`)).toBeVisible();
  const file = await downloadSheet(page, () => dialog.getByRole("button", { name: "Export 2 columns" }).click());
  // The sheet's order, not the order of the clicks.
  expect(file.headers).toEqual(["After-sale no.", "State"]);
  expect(file.rows.length).toBeGreaterThan(0);
  expect(file.rows.every((r) => r.length === 2)).toBe(true);
  const [saved] = await sql("select content from data_temp where type = 'afterSaleList.exportColumns' and name = $1", [setName]);
  expect(saved?.content).toEqual({ columns: ["afterSaleNo", "state"] });
});
