import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { advertSheet } from "../../packages/contract/src/advert";
import { couponRecordSheet, couponRuleSheet } from "../../packages/contract/src/coupon";
import { freightSheet } from "../../packages/contract/src/freight";
import { videoSheet } from "../../packages/contract/src/media";
import { promotionSheet } from "../../packages/contract/src/promotion";
import type { Sheet } from "../../packages/contract/src/sheets";
import { shopCategorySheet } from "../../packages/contract/src/shop-category";
import { supplierSheet } from "../../packages/contract/src/supplier";
import { choose, signIn, sql } from "./support";

/*
 * Issue 27 §1, "Tabular data can be exported as an Excel download — on every list": the demo owner, in English and in
 * Chinese, exports the coupons, one coupon's received coupons, the promotions, the suppliers, the freight templates, the
 * shop categories, the adverts and the videos from their screens; each downloaded .xlsx is opened here and holds the
 * sheet's headers in the screen's language and a row the demo organisation really has. The promotions are also exported
 * through the Columns dialog: two columns chosen and saved as a set, a file of those two columns, the set offered again.
 */

/** One value of the demo organisation's rows (its owner is the member "demo"). */
async function demoValue(query: (bo: string) => string): Promise<string> {
  const [row] = await sql(
    `with demo as (select e.bo_id from employee e join member m on m.id = e.member_id where m.login_name = 'demo' and e.is_owner limit 1)
     ${query("(select bo_id from demo)")}`,
  );
  if (!row) throw new Error("the demo organisation has no such row");
  return String(Object.values(row)[0]);
}

interface ListCase {
  name: string;
  path: string;
  sheet: Sheet;
  /** The header of the column holding `known`. */
  column: string;
  known: () => Promise<string>;
}

const lists: ListCase[] = [
  {
    name: "coupons",
    path: "/transaction/shopTicket",
    sheet: couponRuleSheet,
    column: "regCode",
    known: async () => "DEMO-5OFF",
  },
  {
    name: "received coupons",
    path: "/transaction/shopTicket/detail?regCode=DEMO-5OFF",
    sheet: couponRecordSheet,
    column: "orderNo",
    known: () =>
      demoValue(
        (bo) => `select c.order_no from coupon c join coupon_rule r on r.id = c.rule_id
                 where r.bo_id = ${bo} and r.reg_code = 'DEMO-5OFF' and c.order_no is not null order by c.created_at desc limit 1`,
      ),
  },
  {
    name: "promotions",
    path: "/transaction/promotionManage",
    sheet: promotionSheet,
    column: "name",
    known: () => demoValue((bo) => `select name from promotion where bo_id = ${bo} order by created_at desc limit 1`),
  },
  {
    name: "suppliers",
    path: "/transaction/shopSupplier",
    sheet: supplierSheet,
    column: "name",
    known: () =>
      demoValue((bo) => `select name from shop_supplier where bo_id = ${bo} and kind = 'purchase' order by created_at desc limit 1`),
  },
  {
    name: "freight templates",
    path: "/transaction/freightTemplateList",
    sheet: freightSheet,
    column: "name",
    known: () => demoValue((bo) => `select name from freight_template where bo_id = ${bo} order by updated_at desc limit 1`),
  },
  {
    name: "shop categories",
    path: "/transaction/goodsTypeManage",
    sheet: shopCategorySheet,
    column: "name",
    known: () => demoValue((bo) => `select name from shop_classify where bo_id = ${bo} and parent_id is null order by sort limit 1`),
  },
  {
    name: "adverts",
    path: "/transaction/shopAdvertManage/0",
    sheet: advertSheet,
    column: "name",
    known: () => demoValue((bo) => `select name from shop_advert where bo_id = ${bo} order by sort limit 1`),
  },
  {
    name: "videos",
    path: "/transaction/video/index",
    sheet: videoSheet,
    column: "title",
    known: () => demoValue((bo) => `select title from media_video where bo_id = ${bo} order by created_at desc limit 1`),
  },
];

const LANGS = [
  { lang: "en", exportButton: /(^|\s)Export$/ },
  { lang: "zh", exportButton: /(^|\s)导\s?出$/ },
] as const;

/** Clicks `button`, waits for the download and opens the file: its sheet's name, headers and rows. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  const [headers = [], ...body] = rows;
  return { fileName: file.suggestedFilename(), name: sheet.name, headers: headers.map(String), rows: body };
}

for (const { lang, exportButton } of LANGS) {
  test.describe(`exports in ${lang === "en" ? "English" : "Chinese"}`, () => {
    for (const list of lists) {
      test(`the ${list.name} list exports its sheet with a known row`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.addInitScript((l) => localStorage.setItem("sbo:lang", l), lang);
        await signIn(page, "demo", { open: list.path });
        const known = await list.known();
        // The screen's code loads on first use: a loaded machine may take a while.
        const button = page.getByRole("button", { name: exportButton });
        await expect(button).toBeEnabled({ timeout: 60_000 });
        const file = await downloaded(page, () => button.click());
        const headers = Object.values(list.sheet.headers).map((w) => w[lang]);
        expect(file.name).toBe(list.sheet.name[lang]);
        expect(file.fileName).toMatch(/-\d{4}-\d{2}-\d{2}\.xlsx$/);
        expect(file.headers).toEqual(headers);
        const at = Object.keys(list.sheet.headers).indexOf(list.column);
        expect(file.rows.map((r) => r[at])).toContain(known);
      });
    }
  });
}

test("the promotions export through the Columns dialog: two columns chosen, saved as a set, offered again", async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem("sbo:lang", "en"));
  await signIn(page, "demo", { open: "/transaction/promotionManage" });
  const known = await demoValue((bo) => `select name from promotion where bo_id = ${bo} order by created_at desc limit 1`);
  await page.getByRole("button", { name: "Choose the file's columns" }).click();
  const dialog = page.getByRole("dialog", { name: "Export columns" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "None", exact: true }).click();
  await expect(dialog.getByText("Choose at least one column.")).toBeVisible();
  // Chosen state first, then name: the file keeps the sheet's order.
  await dialog.getByRole("checkbox", { name: "State" }).check();
  await dialog.getByRole("checkbox", { name: "Name" }).check();
  await expect(dialog.getByText("2 of 11 columns chosen")).toBeVisible();
  const setName = `Names and states ${Date.now().toString(36)}`;
  await dialog.getByRole("textbox", { name: "Save this choice as" }).fill(setName);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(`The columns were saved as “${setName}”.`)).toBeVisible();
  const file = await downloaded(page, () => dialog.getByRole("button", { name: /Export 2 columns$/ }).click());
  expect(file.headers).toEqual(["Name", "State"]);
  expect(file.rows.map((r) => r[0])).toContain(known);
  expect(file.rows.every((r) => r.length <= 2)).toBe(true);
  await expect(page.getByRole("button", { name: /Export \(2 columns\)$/ })).toBeVisible();

  // The saved set is the member's: on a fresh visit it is offered and chooses those two columns again.
  await page.reload();
  await page.getByRole("button", { name: "Choose the file's columns" }).click();
  const again = page.getByRole("dialog", { name: "Export columns" });
  await choose(page, again.getByRole("combobox", { name: "Saved column sets" }), setName);
  await expect(again.getByText("2 of 11 columns chosen")).toBeVisible();
  await expect(again.getByRole("checkbox", { name: "Name" })).toBeChecked();
  await expect(again.getByRole("checkbox", { name: "Kind" })).not.toBeChecked();
});
