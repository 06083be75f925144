import { expect, test } from "@playwright/test";
import { signIn, sql } from "./support";

test("an unknown path shows the Page not found screen with ways forward", async ({ page }) => {
  await page.goto("/no/such/screen");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText("The page you asked for does not exist.")).toBeVisible();
  await expect(page).toHaveTitle("Page not found - Merchant Platform");
  await expect(page.getByRole("button", { name: "Back", exact: true })).toBeVisible();

  // Not logged in: going home leads to the login page.
  await page.getByRole("button", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/login\/toLogin/);
});

test("a logged-in member on an unknown path can go back home", async ({ page }) => {
  await signIn(page, "demo", { open: "/transaction/notBuiltYet" });
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("button", { name: "Back to home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Lin Qing" })).toBeVisible();
});

test.describe("when the shop is closed", () => {
  test.afterEach(async () => {
    await sql("update shop set status = 'open' where name = 'Green Valley Fresh'");
  });

  test("home shows it, and the Shop closed screen says so with a way forward", async ({ page }) => {
    await sql("update shop set status = 'closed' where name = 'Green Valley Fresh'");
    await signIn(page, "demo");
    await expect(page.getByRole("cell", { name: /^Status\s*:?\s*Closed$/ })).toBeVisible();

    await page.goto("/shopClose");
    await expect(page.getByRole("heading", { level: 1, name: "The shop is closed" })).toBeVisible();
    await expect(page.getByText(/While the shop is closed, its goods, orders and promotions cannot be managed\./)).toBeVisible();
    await expect(page).toHaveTitle(/^Shop closed - /);

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login\/toLogin$/);
    await expect(page).toHaveTitle("Log in - Merchant Platform");
    await page.goto("/transaction/index");
    await expect(page).toHaveURL(/\/login\/toLogin/);
  });

  test("a call refused with 003301 (shop closed) leads from the screen to the Shop closed page", async ({ page }) => {
    await sql("update shop set status = 'closed' where name = 'Green Valley Fresh'");
    await signIn(page, "demo");
    // The suppliers screen makes a shop-scoped call: the server refuses it with 003301.
    await page.goto("/transaction/shopSupplier");
    await expect(page).toHaveURL(/\/shopClose$/);
    await expect(page.getByRole("heading", { level: 1, name: "The shop is closed" })).toBeVisible();
    await expect(page.getByText(/You can reopen it now\./)).toBeVisible();
    await expect(page).toHaveTitle("Shop closed - Green Valley Fresh");

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login\/toLogin$/);
    await expect(page).toHaveTitle("Log in - Merchant Platform");
  });
});
