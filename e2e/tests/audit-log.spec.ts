import { expect, test } from "@playwright/test";
import { choose, createSeller, expectNoSeriousViolations, requiredTextbox, type Seller, signIn } from "./support";

let seller: Seller;
test.beforeAll(async () => {
  seller = await createSeller("audit");
});
test.use({ viewport: { width: 1440, height: 900 } });

test("the audit log shows the owner's password change as a seller reads it: who, what, which record, and its before → after", async ({
  page,
}) => {
  // Two axe runs and a download on a shared CI machine: more than the default minute.
  test.setTimeout(150_000);
  const newPassword = "Audited#Pass-2026";
  await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/setup/setLoginPassword" });
  await requiredTextbox(page, "Current password").fill(seller.password);
  await requiredTextbox(page, "New password").fill(newPassword);
  await requiredTextbox(page, "Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your password was changed. Your other sessions have ended.")).toBeVisible();

  await page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/setup\/index$/);
  const log = page.getByRole("region", { name: "Audit log" });
  await expect(log.getByRole("heading", { level: 2, name: "Audit log" })).toBeVisible();

  // One entry for the call, in words: who, what, the area and the record by its name.
  const row = log.getByRole("row").filter({ hasText: "Changed their password" });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole("cell");
  await expect(cells.nth(0)).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await expect(cells.nth(1)).toHaveText(seller.name);
  await expect(cells.nth(3)).toHaveText("Settings");
  await expect(cells.nth(4)).toHaveText(`Account ${seller.name}`);
  await expect(cells.nth(5)).toHaveText("Changed");
  await expect(log).not.toContainText("/api/");
  await expect(log).not.toContainText("password_hash");

  // At 1,440 px the whole table fits its card: nothing is off-screen to the right.
  const box = log.locator(".ant-table-content, .ant-table-body").first();
  const { scrollWidth, clientWidth } = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

  // Filters: by person keeps it, by another area empties the list.
  await choose(page, log.getByRole("combobox", { name: "Who" }), seller.name);
  await log.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/audit\.memberId=/);
  await expect(log.getByRole("row").filter({ hasText: "Changed their password" })).toHaveCount(1);
  await choose(page, log.getByRole("combobox", { name: "Area" }), "Shop");
  await log.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/audit\.area=shop/);
  await expect(log.getByText("Nothing matches these filters.")).toBeVisible();
  await log.getByRole("button", { name: "Clear filters" }).click();
  await expect(row).toHaveCount(1);

  // The entry's detail: the account's fields before → after, the password never shown.
  await row.getByRole("button", { name: /^Details of/ }).click();
  const drawer = page.getByRole("dialog", { name: "Changed their password" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("heading", { name: new RegExp(`Account ${seller.name}`) })).toBeVisible();
  await expect(drawer.getByRole("row", { name: /^Password\b(?! changed)/ })).toHaveText("Password(hidden)→(hidden)");
  await expect(drawer.getByRole("row", { name: /^Password changed at/ })).toHaveText(/^Password changed at—→\d{4}-\d\d-\d\d \d\d:\d\d$/);
  await expectNoSeriousViolations(page, "the audit log's entry drawer");
  await drawer.getByRole("button", { name: "Close" }).click();
  // axe on the settings home with the audit log: accessibility.spec.ts (once per screen).

  const download = page.waitForEvent("download");
  await log.getByRole("button", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText("The file was downloaded.")).toBeVisible();
});
