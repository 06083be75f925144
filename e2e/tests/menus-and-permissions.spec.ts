import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support";

const topMenu = (page: Page) => page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem");
const areaCards = (page: Page) => page.getByRole("region", { name: "Your areas" }).getByRole("listitem");

test.describe("Menus follow the member's functions", () => {
  test("the owner sees every area: Home, Shop, Goods, Orders, Purchases, Marketing, Finance and Settings", async ({ page }) => {
    await signIn(page, "demo");
    await expect(topMenu(page)).toHaveText(["Home", "Shop", "Goods", "Orders", "Purchases", "Marketing", "Finance", "Settings"]);
    await expect(areaCards(page)).toHaveText(["Home", "Shop", "Goods", "Orders", "Purchases", "Marketing", "Finance", "Settings"]);

    await topMenu(page).filter({ hasText: "Settings" }).click();
    await expect(page).toHaveURL(/\/setup\/index$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Screens of this area" }).getByRole("menuitem")).toHaveText([
      "Settings home",
      "Staff",
      "Enterprise information",
      "Members and ranks",
    ]);
    await expect(page.getByRole("region", { name: "Settings screens" }).getByRole("link")).toHaveText([
      /Staff/,
      /Enterprise information/,
      /Members and ranks/,
      /Change password/,
    ]);
  });

  test("the order clerk sees Home and Orders (their daily work: seeing and shipping orders), not Settings", async ({ page }) => {
    await signIn(page, "demo-clerk");
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Zhou Min" })).toBeVisible();
    await expect(topMenu(page)).toHaveText(["Home", "Orders"]);
    await expect(areaCards(page)).toHaveText(["Home", "Orders"]);

    await topMenu(page).filter({ hasText: "Orders" }).click();
    await expect(page).toHaveURL(/\/transaction\/orderManage$/);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Screens of this area" }).getByRole("menuitem")).toHaveText(["Orders"]);
    // Seeing and shipping only: no price change or cancel on any row.
    await expect(page.getByRole("button", { name: /^Detail: / }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Change price: / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Cancel: / })).toHaveCount(0);
  });

  test("the order clerk gets the No permission page on a screen they do not hold, with a way home", async ({ page }) => {
    await signIn(page, "demo-clerk", { open: "/setup/index" });
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByRole("heading", { level: 1, name: "No permission" })).toBeVisible();
    // The 403 page keeps the app's header and menus (issue 8 item 11).
    await expect(topMenu(page)).toHaveText(["Home", "Orders"]);
    await expect(page.getByRole("button", { name: /Account menu for/ })).toBeVisible();
    await expect(page.getByText("Your account does not have access to this screen. Ask the shop owner to grant it.")).toBeVisible();

    await page.getByRole("button", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/transaction\/index$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Zhou Min" })).toBeVisible();
  });

  test("the store manager's Settings menu and home card lead to the first settings screen they may open", async ({ page }) => {
    await signIn(page, "demo-manager");
    await areaCards(page).filter({ hasText: "Settings" }).getByRole("link").click();
    await expect(page).toHaveURL(/\/transaction\/setup\/member$/);
    await expect(page.getByRole("heading", { level: 1, name: "No permission" })).toHaveCount(0);

    await page.goto("/transaction/index");
    await topMenu(page).filter({ hasText: "Settings" }).click();
    await expect(page).toHaveURL(/\/transaction\/setup\/member$/);
    await expect(page.getByRole("navigation", { name: "Screens of this area" }).getByRole("menuitem").first()).toHaveText("Staff");
  });

  test("every member may change their own password, the clerk included", async ({ page }) => {
    await signIn(page, "demo-clerk", { open: "/transaction/setup/setLoginPassword" });
    await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
    await expect(page).toHaveURL(/\/transaction\/setup\/setLoginPassword$/);
  });
});
