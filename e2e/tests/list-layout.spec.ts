import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, signIn } from "./support";

/**
 * Issue 8, item 13: at 1,440 px, in English and in Chinese, every list screen shows each row's actions whole
 * (in the fixed right column, inside the table's card and the window), and a table wider than its card says so
 * (the shadow of the fixed column). Breadcrumbs below an area's top, in both languages, link to the ancestors.
 * Issue 25 §2: on every list screen, at 1,440 × 900 in both languages, nothing sits under the fixed Actions column
 * with the table scrolled to its start, and the key columns' headers are whole in the window without scrolling; the
 * column picker hides a column and the choice outlives a reload.
 */

const WIDTH = 1440;
test.use({ viewport: { width: WIDTH, height: 900 }, reducedMotion: "reduce" });

interface ListScreen {
  path: string;
  what: string;
  /** The demo data gives this screen rows with actions for the owner. */
  rows: boolean;
  /** Reached from `path` by clicking these, in turn (a detail screen whose id the demo data chooses). */
  via?: readonly string[];
}

/** Every list screen of app/routes.ts (each user of components/list-page.tsx), by area. */
const AREAS: Record<string, ListScreen[]> = {
  "settings, staff, members and suppliers": [
    { path: "/transaction/setup/member", what: "staff (and invitations)", rows: true },
    { path: "/transaction/setup/member?tab=roles", what: "roles", rows: true },
    { path: "/transaction/setup/member?tab=bases", what: "bases", rows: true },
    { path: "/transaction/setup/rank/member", what: "members", rows: false },
    { path: "/transaction/setup/rank/member?tab=ranks", what: "ranks", rows: true },
    { path: "/transaction/setup/rank/member?tab=tags", what: "tags", rows: true },
    { path: "/transaction/setup/rank/member?tab=recharge", what: "recharge offers", rows: true },
    { path: "/transaction/shopSupplier", what: "suppliers", rows: true },
    { path: "/transaction/shopAuthSupplier", what: "authorised suppliers and requests", rows: true },
    { path: "/transaction/shopSetting?tab=addresses", what: "addresses", rows: true },
    { path: "/setup/index", what: "audit log", rows: false },
  ],
  "goods and catalogue": [
    { path: "/transaction/goodsManage", what: "goods", rows: true },
    { path: "/transaction/packageManage", what: "packages", rows: true },
    { path: "/transaction/members", what: "member prices", rows: true },
    { path: "/transaction/ladder", what: "ladder prices", rows: true },
    { path: "/transaction/freightTemplateList", what: "freight templates", rows: true },
    {
      path: "/transaction/goodsTypeManage",
      what: "a shop category's goods",
      rows: true,
      via: ["#main .ant-tree-node-content-wrapper", "#main a[href*='goodsTypeManage/children']"],
    },
    { path: "/transaction/shopRecommendManage", what: "recommendation groups", rows: true },
    {
      path: "/transaction/shopRecommendManage",
      what: "a recommendation group's goods",
      rows: true,
      via: ["#main .ant-table-tbody .row-actions button"],
    },
    { path: "/transaction/shopAdvertManage/0", what: "adverts", rows: true },
    { path: "/transaction/cmsManage", what: "content", rows: true },
    { path: "/transaction/video/index", what: "videos", rows: true },
  ],
  "orders, after-sales and finance": [
    { path: "/transaction/orderManage", what: "orders", rows: true },
    { path: "/transaction/orderManage/payVouchers", what: "payment vouchers", rows: true },
    { path: "/transaction/extractManage", what: "pickups", rows: false },
    { path: "/transaction/pushSaleOrderManage", what: "pushed orders", rows: false },
    { path: "/transaction/orderAfterManage", what: "after-sales", rows: true },
    { path: "/transaction/invoice/invoiceList", what: "invoices", rows: true },
    { path: "/transaction/orderEvaluationManage", what: "evaluations", rows: true },
    { path: "/transaction/checkBill_sell", what: "statements", rows: true },
    { path: "/transaction/finance/index", what: "finance lists", rows: true },
  ],
  marketing: [
    { path: "/transaction/shopTicket", what: "coupon rules", rows: true },
    { path: "/transaction/shopTicket", what: "a coupon's issued coupons", rows: false, via: ["#main .ant-table-tbody a"] },
    { path: "/transaction/electronicVoucher", what: "exchange vouchers", rows: true },
    { path: "/transaction/activity/entityCards", what: "entity cards", rows: true },
    { path: "/transaction/cardPool/entityCardsPool", what: "card pools", rows: true },
    { path: "/transaction/cardPool/entityCardsPool", what: "a card pool's cards", rows: true, via: ["#main .ant-table-tbody a"] },
    { path: "/transaction/promotionManage", what: "promotions", rows: true },
  ],
};

/** Every row's action links on the screen are visible and wholly inside their table's card and the window. */
async function expectActionsWhole(page: Page, screen: ListScreen, lang: string) {
  const main = page.locator("#main");
  await expect(main.locator(".ant-table").first()).toBeVisible();
  await expect(main.locator(".ant-spin-spinning")).toHaveCount(0);
  if (screen.rows) await expect(main.locator(".ant-table-tbody .row-actions button").first()).toBeVisible();

  const buttons = main.locator(".ant-table-tbody .row-actions button");
  const count = await buttons.count();
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    const label = `${lang} ${screen.what}: action ${i} (${await button.textContent()})`;
    await expect(button, label).toBeVisible();
    const box = await button.boundingBox();
    const card = await button.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' ant-table-container ')][1]").boundingBox();
    if (!box || !card) throw new Error(`${label}: no box`);
    expect(box.x, `${label} starts inside the card`).toBeGreaterThanOrEqual(card.x - 0.5);
    expect(box.x + box.width, `${label} ends inside the card`).toBeLessThanOrEqual(card.x + card.width + 0.5);
    expect(box.x + box.width, `${label} ends inside the window`).toBeLessThanOrEqual(WIDTH);
    // The link is not covered by anything (the text fits its button, nothing cut by an ellipsis or overflow).
    const cut = await button.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut, `${label} is not cut`).toBe(false);
  }
  // Every actions column stays at the right edge; a table wider than its card shows the shadow cue.
  for (const table of await main.locator(".ant-table").all()) {
    const actionsCells = table.locator("td.row-actions-cell");
    if ((await actionsCells.count()) > 0) await expect(actionsCells.first()).toHaveClass(/ant-table-cell-fix-end/);
    const scroller = table.locator(".ant-table-content, .ant-table-body").first();
    const wider = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    if (wider) await expect(table, `${lang} ${screen.what}: the cue that the table goes on`).toHaveClass(/ant-table-fix-end-shadow-show/);
  }
  // The page itself never scrolls sideways: wide tables scroll inside their card.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, `${lang} ${screen.what}: the page fits the window`).toBeLessThanOrEqual(WIDTH);
}

async function useChinese(page: Page) {
  await page.evaluate(() => localStorage.setItem("sbo:lang", "zh"));
}

/**
 * Issue 25 §2, with every table scrolled to its start: no cell of another column reaches under the fixed Actions
 * column, and each key column's header (identity, status, main date, amounts) is whole in the window and its card.
 */
async function expectNothingUnderActions(page: Page, screen: ListScreen, lang: string) {
  const label = `${lang} ${screen.what}`;
  const tables = page.locator("#main .ant-table");
  for (let t = 0; t < (await tables.count()); t++) {
    const found = await tables.nth(t).evaluate((table) => {
      const scroller = table.querySelector<HTMLElement>(".ant-table-content, .ant-table-body");
      if (scroller) scroller.scrollLeft = 0;
      const rows = Array.from(table.querySelectorAll<HTMLTableRowElement>("thead tr, tbody tr.ant-table-row"));
      const cells = rows.flatMap((row) => Array.from(row.cells));
      const fixed = cells.filter((cell) => cell.classList.contains("ant-table-cell-fix-end"));
      const left = Math.min(...fixed.map((cell) => cell.getBoundingClientRect().left));
      const name = (cell: Element) => `${cell.closest("thead") ? "header" : "cell"} “${(cell.textContent ?? "").trim().slice(0, 24)}”`;
      const under = Number.isFinite(left)
        ? cells
            .filter((cell) => !cell.classList.contains("ant-table-cell-fix-end") && cell.getBoundingClientRect().width > 0)
            .filter((cell) => cell.getBoundingClientRect().right > left + 0.5)
            .map(name)
        : [];
      const card = (scroller ?? table).getBoundingClientRect();
      const keyHeaders = Array.from(table.querySelectorAll<HTMLElement>("thead th.list-col-key")).map((th) => {
        const box = th.getBoundingClientRect();
        const whole = box.left >= card.left - 0.5 && box.right <= Math.min(card.right, window.innerWidth) + 0.5;
        const clear = !Number.isFinite(left) || box.right <= left + 0.5;
        return { text: (th.textContent ?? "").trim(), whole, clear };
      });
      return { under, keyHeaders, hasFixed: fixed.length > 0 };
    });
    expect(found.under, `${label}, table ${t + 1}: nothing under the fixed Actions column`).toEqual([]);
    for (const header of found.keyHeaders) {
      expect(header.whole && header.clear, `${label}: the key column “${header.text}” is whole in view without scrolling sideways`).toBe(
        true,
      );
    }
  }
}

async function openScreen(page: Page, screen: ListScreen, lang: string) {
  await page.goto(screen.path);
  if (screen.via) {
    const from = page.url();
    await expect(page.locator("#main h1")).toBeVisible({ timeout: 30_000 });
    const fromHeading = (await page.locator("#main h1").textContent()) ?? "";
    for (const step of screen.via) {
      await expect(page.locator("#main .ant-spin-spinning")).toHaveCount(0);
      await page.locator(step).first().click();
    }
    await expect(page).not.toHaveURL(from);
    // The URL changes before the next screen's chunk has drawn it: wait until the list it came from is gone.
    await expect(page.locator("#main h1")).not.toHaveText(fromHeading, { timeout: 30_000 });
  }
  await expect(page.locator("#main h1")).toBeVisible({ timeout: 30_000 });
  // The page's language, not its heading: a detail's heading is the record's own name, which a seller may write in English.
  if (lang === "zh") await expect(page.locator("html"), "the screen is in Chinese").toHaveAttribute("lang", "zh-CN");
}

for (const lang of ["en", "zh"] as const) {
  for (const [area, screens] of Object.entries(AREAS)) {
    test(`${area}: each list keeps its row actions whole and nothing under them at 1,440 px (${lang})`, async ({ page }) => {
      // Up to eleven screens, each waited for until its lists have loaded.
      test.setTimeout(240_000);
      await signIn(page, "demo");
      if (lang === "zh") await useChinese(page);
      for (const screen of screens) {
        await openScreen(page, screen, lang);
        await expectActionsWhole(page, screen, lang);
        await expectNothingUnderActions(page, screen, lang);
      }
    });
  }
}

/** The column picker of `list`, opened: its checklist. */
async function openPicker(page: Page, name: string) {
  await page.getByRole("button", { name }).click();
  const picker = page.getByRole("group", { name });
  await expect(picker).toBeVisible();
  return picker;
}

test("the column picker hides a column and shows a secondary one, kept across a reload and a language, until Reset", async ({ page }) => {
  await signIn(page, "demo", { open: "/transaction/goodsManage" });
  const main = page.locator("#main");
  const header = (text: string) => main.locator("thead th").filter({ hasText: new RegExp(`^${text}$`) });
  await expect(header("Category")).toBeVisible();
  await expect(header("Sales")).toHaveCount(0);

  const picker = await openPicker(page, "Columns: Goods");
  await expectNoSeriousViolations(page, "the goods list with its column picker open");
  // Key columns are there but cannot be hidden.
  await expect(picker.getByRole("checkbox", { name: /^Status/ })).toBeDisabled();
  await picker.getByRole("checkbox", { name: "Category" }).uncheck();
  await picker.getByRole("checkbox", { name: "Sales" }).check();
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(header("Category")).toHaveCount(0);
  await expect(header("Sales")).toBeVisible();

  await page.reload();
  await expect(header("Sales")).toBeVisible();
  await expect(header("Category")).toHaveCount(0);

  // The same member in Chinese: the same choice, worded in Chinese.
  await useChinese(page);
  await page.reload();
  await expect(main.locator("h1")).toHaveText("商品管理");
  await expect(header("销量")).toBeVisible();
  await expect(header("类目")).toHaveCount(0);
  const zh = await openPicker(page, "列设置：商品管理");
  await zh.getByRole("checkbox", { name: "销量" }).uncheck();
  await expect(header("销量")).toHaveCount(0);
  await page.reload();
  await expect(header("销量")).toHaveCount(0);
  await expect(header("类目")).toHaveCount(0);

  const again = await openPicker(page, "列设置：商品管理");
  await page.getByRole("button", { name: "恢复默认" }).click();
  await expect(header("类目")).toBeVisible();
  await expect(header("销量")).toHaveCount(0);
  await expect(again.getByRole("checkbox", { name: "类目" })).toBeChecked();
  await page.reload();
  await expect(header("类目")).toBeVisible();
});

test("a danger action asks in the one confirmation popover before it runs", async ({ page }) => {
  await signIn(page, "demo", { open: "/transaction/setup/member?tab=roles" });
  const roles = page.getByRole("region", { name: "Roles" });
  const remove = roles.getByRole("button", { name: /^Delete: / }).first();
  await remove.click();
  const ask = page.getByRole("tooltip");
  await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(ask.getByRole("button", { name: "Delete" })).toBeVisible();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(remove).toBeVisible();
});

test("the drawer's Save stays at its foot, in view, however long the form", async ({ page }) => {
  await signIn(page, "demo", { open: "/transaction/setup/member?tab=roles" });
  await page.getByRole("button", { name: "Add role" }).first().click();
  const drawer = page.getByRole("dialog", { name: "Add role" });
  const save = drawer.getByRole("button", { name: "Save" });
  await expect(save).toBeInViewport();
  const body = await drawer.locator(".ant-drawer-body").boundingBox();
  const box = await save.boundingBox();
  if (!body || !box) throw new Error("no box");
  expect(body.y + body.height - (box.y + box.height)).toBeLessThan(40);
});

test("breadcrumbs below an area's top, in both languages, lead back to the ancestors", async ({ page }) => {
  await signIn(page, "demo", { open: "/transaction/setup/member/addMember" });
  const trail = page.getByRole("navigation", { name: "Where you are" });
  await expect(trail).toHaveText(/Settings\s*\/\s*Staff\s*\/\s*Add staff member/);
  await trail.getByRole("link", { name: "Staff" }).click();
  await expect(page).toHaveURL(/\/transaction\/setup\/member$/);
  await expect(page.getByRole("navigation", { name: "Where you are" })).toHaveText(/Settings\s*\/\s*Staff/);
  await page.getByRole("navigation", { name: "Where you are" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/setup\/index$/);
  // The area's top has none.
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Where you are" })).toHaveCount(0);

  await useChinese(page);
  await page.goto("/transaction/setup/enterpriseInfoEdit");
  const zh = page.getByRole("navigation", { name: "当前位置" });
  await expect(zh).toHaveText(/设置\s*\/\s*企业信息\s*\/\s*编辑企业信息/);
  await zh.getByRole("link", { name: "企业信息" }).click();
  await expect(page).toHaveURL(/\/transaction\/setup\/enterpriseInfo$/);
});
