import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support";

/**
 * Issue 8, item 13: at 1,440 px, in English and in Chinese, every list screen shows each row's actions whole
 * (in the fixed right column, inside the table's card and the window), and a table wider than its card says so
 * (the shadow of the fixed column). Breadcrumbs below an area's top, in both languages, link to the ancestors.
 */

const WIDTH = 1440;
test.use({ viewport: { width: WIDTH, height: 900 }, reducedMotion: "reduce" });

interface ListScreen {
  path: string;
  what: string;
  /** The demo data gives this screen rows with actions for the owner. */
  rows: boolean;
}

const SCREENS: ListScreen[] = [
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
  { path: "/transaction/orderManage", what: "orders", rows: true },
  { path: "/transaction/shopTicket", what: "coupon rules", rows: true },
  { path: "/transaction/cardPool/entityCardsPool", what: "card pools", rows: true },
];

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

for (const lang of ["en", "zh"] as const) {
  test(`every list screen keeps its row actions whole at 1,440 px (${lang})`, async ({ page }) => {
    // Fourteen screens, each waited for until its lists have loaded.
    test.setTimeout(240_000);
    await signIn(page, "demo");
    if (lang === "zh") await useChinese(page);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.locator("#main h1")).toBeVisible({ timeout: 30_000 });
      if (lang === "zh") await expect(page.locator("#main h1"), "the screen is in Chinese").toHaveText(/[\u4e00-\u9fff]/);
      await expectActionsWhole(page, screen, lang);
    }
  });
}

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
