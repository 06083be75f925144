import { expect, test } from "@playwright/test";
import { createSeller, loginWithPassword, requiredTextbox, type Seller } from "./support";

let seller: Seller;
test.beforeAll(() => {
  seller = createSeller("audit");
});

test("the settings home lists the owner's own password change in the audit log and exports it to Excel", async ({ page }) => {
  const newPassword = "Audited#Pass-2026";
  await loginWithPassword(page, seller.loginName, seller.password);

  await page.goto("/transaction/setup/setLoginPassword");
  await requiredTextbox(page, "Current password").fill(seller.password);
  await requiredTextbox(page, "New password").fill(newPassword);
  await requiredTextbox(page, "Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your password was changed. Your other sessions have ended.")).toBeVisible();

  await page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/setup\/index$/);
  const log = page.getByRole("region", { name: "Audit log" });
  await expect(log.getByRole("heading", { level: 2, name: "Audit log" })).toBeVisible();

  // The change to the member table made by the password change, by this member; the hash is never shown.
  const passwordCall = "Change one's password (the old one is required); ends the member's other sessions";
  const row = log.getByRole("row").filter({ hasText: passwordCall });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole("cell");
  await expect(cells.nth(1)).toHaveText(seller.name);
  await expect(cells.nth(3)).toHaveText("member");
  await expect(cells.nth(5)).toHaveText("Updated");
  await expect(cells.nth(6)).toContainText("password_hash: [redacted] → [redacted]");

  // Filtering by table keeps it; an unknown table empties the list.
  await log.getByRole("textbox", { name: "Table" }).fill("member");
  await log.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/audit\.tableName=member/);
  await expect(log.getByRole("row").filter({ hasText: passwordCall })).toHaveCount(1);
  await log.getByRole("textbox", { name: "Table" }).fill("no_such_table");
  await log.getByRole("button", { name: "Search" }).click();
  await expect(log.getByText("Nothing matches these filters.")).toBeVisible();
  await log.getByRole("button", { name: "Clear filters" }).click();
  await expect(log.getByRole("row").filter({ hasText: passwordCall })).toHaveCount(1);

  const download = page.waitForEvent("download");
  await log.getByRole("button", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(page.getByText("The file was downloaded.")).toBeVisible();
});
