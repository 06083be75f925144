import { expect, type Page, test } from "@playwright/test";
import { choose, createSeller, expectNoSeriousViolations, signIn } from "./support";

test.use({ reducedMotion: "reduce" });

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test("purchase suppliers: add, edit, disable and delete", async ({ page }) => {
  const seller = await createSeller("supplier");
  await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/shopSupplier" });
  await expect(page.getByRole("heading", { level: 1, name: "Suppliers" })).toBeVisible();
  await expect(page.getByText("No suppliers yet. Add the suppliers you buy from.")).toBeVisible();
  await expectNoSeriousViolations(page, "the suppliers screen (empty)");

  await page.getByRole("button", { name: "Add supplier" }).first().click();
  const drawer = page.getByRole("dialog", { name: "Add a supplier" });
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText("Supplier name is required")).toBeVisible();
  await drawer.getByRole("textbox", { name: "Supplier name" }).fill("Riverside Mushrooms");
  await drawer.getByRole("textbox", { name: "Phone" }).fill("12345");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText(/must be a mobile number/)).toBeVisible();
  await drawer.getByRole("textbox", { name: "Phone" }).fill("0571-88112233");
  await expectNoSeriousViolations(page, "the add supplier drawer");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer).toBeHidden();
  await expect(row(page, "Riverside Mushrooms")).toContainText("0571-88112233");

  await page.getByRole("button", { name: "Edit: Riverside Mushrooms" }).click();
  const edit = page.getByRole("dialog", { name: "Edit supplier" });
  await edit.getByRole("textbox", { name: "Supplier name" }).fill("Riverside Mushroom Farm");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, "Riverside Mushroom Farm")).toContainText("Enabled");

  await row(page, "Riverside Mushroom Farm").getByRole("button", { name: "Disable" }).click();
  await expect(row(page, "Riverside Mushroom Farm")).toContainText("Disabled");

  await page.getByRole("button", { name: "Delete: Riverside Mushroom Farm" }).click();
  await page.getByRole("tooltip").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No suppliers yet. Add the suppliers you buy from.")).toBeVisible();
});

test("authorised suppliers: ask the other demo organisation, which accepts; then add its member accounts", async ({ page, browser }) => {
  // Two browsers and four accessibility checks.
  test.slow();
  const seller = await createSeller("authsup");
  await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/shopAuthSupplier" });
  await expect(page.getByRole("heading", { level: 1, name: "Authorised suppliers" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("No authorised suppliers yet.", { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page, "the authorised suppliers screen (empty)");

  await page.getByRole("button", { name: "Authorise a supplier" }).first().click();
  const modal = page.getByRole("dialog", { name: "Authorise a supplier" });
  await modal.getByRole("combobox", { name: "Organisation" }).fill("Harbor Sea");
  await page.locator(".ant-select-item-option", { hasText: "Harbor Seafood Trading Co., Ltd." }).click();
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
  await expectNoSeriousViolations(page, "the authorise dialog");
  await modal.getByRole("button", { name: "Authorise a supplier" }).click();
  await expect(modal).toBeHidden();
  // An authorisation is a request: nothing of Harbor's staff is visible until Harbor accepts it.
  await expect(row(page, "Harbor Seafood Trading Co., Ltd.")).toContainText("Waiting for acceptance");
  await page.getByRole("button", { name: "Accounts: Harbor Seafood Trading Co., Ltd." }).click();
  const waiting = page.getByRole("dialog", { name: "Member accounts of Harbor Seafood Trading Co., Ltd." });
  await expect(waiting.getByText("has not accepted this authorisation yet")).toBeVisible();
  await expect(waiting.getByRole("combobox", { name: "Staff of the supplier" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Harbor's owner accepts it on its own supplier screen.
  const harbor = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "en-US" });
  const other = await harbor.newPage();
  await signIn(other, "demo2", { open: "/transaction/shopAuthSupplier" });
  await expect(other.getByRole("heading", { level: 1, name: "Authorised suppliers" })).toBeVisible({ timeout: 30_000 });
  const request = other.getByRole("row").filter({ hasText: seller.org });
  await expect(request).toContainText("Waiting for acceptance");
  await expectNoSeriousViolations(other, "the requests received");
  await request.getByRole("button", { name: `Accept: ${seller.org}` }).click();
  await other.getByRole("tooltip").getByRole("button", { name: "Accept" }).click();
  await expect(request).toContainText("Accepted");
  await harbor.close();

  await page.reload();
  await expect(row(page, "Harbor Seafood Trading Co., Ltd.")).toContainText("Accepted");
  await page.getByRole("button", { name: "Accounts: Harbor Seafood Trading Co., Ltd." }).click();
  const drawer = page.getByRole("dialog", { name: "Member accounts of Harbor Seafood Trading Co., Ltd." });
  await expect(drawer.getByText("No member accounts yet.")).toBeVisible();
  await choose(page, drawer.getByRole("combobox", { name: "Staff of the supplier" }), "Chen Hai (demo2)");
  await page.keyboard.press("Escape");
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
  await drawer.getByRole("button", { name: "Add accounts" }).click();
  await expect(drawer.getByRole("row").filter({ hasText: "demo2" })).toBeVisible();
  await expectNoSeriousViolations(page, "the member accounts drawer");
  const enabled = drawer.getByRole("switch", { name: "Enabled: Chen Hai" });
  await expect(enabled).toBeChecked();
  await enabled.click();
  await expect(enabled).not.toBeChecked();
});
