import { expect, test } from "@playwright/test";
import { loginWithPassword, logout } from "./support";

test("logging out returns to the login page and the back office then asks to log in again", async ({ page }) => {
  await loginWithPassword(page, "demo");
  await logout(page, "Lin Qing");
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();

  await page.goto("/transaction/index");
  await expect(page).toHaveURL(/\/login\/toLogin/);
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hello, Lin Qing" })).toHaveCount(0);
});

test("logging out right after a reload does not make the next login return to the old screen", async ({ page }) => {
  await loginWithPassword(page, "demo");
  await page.goto("/setup/index");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await logout(page, "Lin Qing");
  await expect(page).toHaveTitle("Log in - Merchant Platform");
  // Give a late session answer the chance to redirect (it must not).
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(/\/login\/toLogin$/);
});
