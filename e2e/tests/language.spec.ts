import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support";

/**
 * Hovers a submenu's title until its item shows: a hover that lands while the dropdown is still opening (it grows
 * from its corner), or that crosses the item above it (a submenu opening its own list), is lost.
 */
async function openSubmenu(page: Page, title: string, item: string) {
  await expect(async () => {
    await page.getByRole("menuitem", { name: title }).hover();
    await expect(page.getByRole("menuitem", { name: item })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test("switching to Chinese in the account menu translates the shell and the page, and back", async ({ page }) => {
  await signIn(page, "demo");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.getByRole("button", { name: "Account menu for Lin Qing" }).click();
  await openSubmenu(page, "Language", "中文");
  await page.getByRole("menuitem", { name: "中文" }).click();

  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("navigation", { name: "功能区" }).getByRole("menuitem")).toHaveText([
    "首页",
    "店铺",
    "商品",
    "订单",
    "采购",
    "营销",
    "财务",
    "设置",
  ]);
  await expect(page.getByRole("heading", { level: 1, name: "您好，Lin Qing" })).toBeVisible();
  await expect(page).toHaveTitle("首页 - Green Valley Fresh");

  // The choice survives a reload.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { level: 1, name: "您好，Lin Qing" })).toBeVisible();

  await page.getByRole("button", { name: "Lin Qing 的账户菜单" }).click();
  await openSubmenu(page, "语言", "English");
  await page.getByRole("menuitem", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem")).toHaveText([
    "Home",
    "Shop",
    "Goods",
    "Orders",
    "Purchases",
    "Marketing",
    "Finance",
    "Settings",
  ]);
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Lin Qing" })).toBeVisible();
  await expect(page).toHaveTitle("Home - Green Valley Fresh");
});

test("the login page has its own language switch", async ({ page }) => {
  await page.goto("/login/toLogin");
  // A native select: its options are the browser's own.
  await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "中文" });
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { level: 1, name: "登录" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "登录名" })).toBeVisible();
  await expect(page).toHaveTitle("登录 - 商家平台");

  await page.getByRole("combobox", { name: "语言" }).selectOption({ label: "English" });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
});
