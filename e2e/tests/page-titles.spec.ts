import { expect, test } from "@playwright/test";
import { createSeller, loginWithPassword, logout, signIn } from "./support";

test("before login there is no shop brand: public pages are titled after the merchant platform", async ({ page }) => {
  await page.goto("/login/toLogin");
  await expect(page).toHaveTitle("Log in - Merchant Platform");
  await page.goto("/login/backPwd");
  await expect(page).toHaveTitle("Forgot password - Merchant Platform");
});

test("after login, titles carry the shop brand", async ({ page }) => {
  await signIn(page, "demo");
  await expect(page).toHaveTitle("Home - Green Valley Fresh");
  await page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveTitle("Settings home - Green Valley Fresh");
  await page.goto("/transaction/setup/setLoginPassword");
  await expect(page).toHaveTitle("Change password - Green Valley Fresh");
  await page.goto("/setup/index");
  await expect(page).toHaveTitle("Settings home - Green Valley Fresh");
});

test("after logout the title falls back to the merchant platform", async ({ page }) => {
  await loginWithPassword(page, "demo2");
  await expect(page).toHaveTitle("Home - Harbor Seafood");
  await logout(page, "Chen Hai");
  await expect(page).toHaveTitle("Log in - Merchant Platform");
});

test("an organisation without a shop has no brand: its titles name the merchant platform", async ({ page }) => {
  const seller = await createSeller("noshop", { shop: false });
  // Logging in sends a seller without a shop to the open-shop address the server names.
  await signIn(page, seller.loginName, { password: seller.password, landing: /\/transaction\/addccount\/oppenshop$/ });
  await expect(page).toHaveTitle(/ - Merchant Platform$/);

  await page.goto("/transaction/index");
  await expect(page.getByText("This organisation has no shop yet.")).toBeVisible();
  await expect(page).toHaveTitle("Home - Merchant Platform");
  await expect(page.getByRole("banner").getByRole("link").first()).toHaveAccessibleName("Seller Back Office");
});
