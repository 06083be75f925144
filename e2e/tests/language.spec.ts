import { expect, test } from "@playwright/test";
import { signIn } from "./support";

test("switching to Chinese in the account menu translates the shell and the page, and back", async ({ page }) => {
  await signIn(page, "demo");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.getByRole("button", { name: "Account menu for Lin Qing" }).click();
  await page.getByRole("menuitem", { name: "Language" }).hover();
  await page.getByRole("menuitem", { name: "中文" }).click();

  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("navigation", { name: "功能区" }).getByRole("menuitem")).toHaveText(["首页", "店铺", "设置"]);
  await expect(page.getByRole("heading", { level: 1, name: "您好，Lin Qing" })).toBeVisible();
  await expect(page).toHaveTitle("首页 - Green Valley Fresh");

  // The choice survives a reload.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { level: 1, name: "您好，Lin Qing" })).toBeVisible();

  await page.getByRole("button", { name: "Lin Qing 的账户菜单" }).click();
  await page.getByRole("menuitem", { name: "语言" }).hover();
  await page.getByRole("menuitem", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem")).toHaveText(["Home", "Shop", "Settings"]);
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
