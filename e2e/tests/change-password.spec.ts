import { expect, test } from "@playwright/test";
import { createSeller, dbNow, lastSmsCode, loginWithPassword, logout, requiredTextbox, type Seller, signIn } from "./support";

let seller: Seller;
test.beforeAll(async () => {
  seller = await createSeller("chpwd");
});

test("a member changes their password; afterwards only the new one logs in", async ({ page }) => {
  const newPassword = "Changed#Pass-2026";
  await signIn(page, seller.loginName, { password: seller.password });

  await page.getByRole("button", { name: `Account menu for ${seller.name}` }).click();
  await page.getByRole("menuitem", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/transaction\/setup\/setLoginPassword$/);
  await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();

  const current = requiredTextbox(page, "Current password");
  const next = requiredTextbox(page, "New password");
  const confirm = requiredTextbox(page, "Confirm new password");

  // A wrong current password is refused, and the form says so.
  await current.fill("Wrong#Current-1");
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The form could not be submitted" })).toContainText(
    "The current password is wrong",
  );

  // A weak new password is reported while typing.
  await next.fill("password");
  await expect(page.getByText(/^Password strength: weak/)).toBeVisible();

  await current.fill(seller.password);
  await next.fill(newPassword);
  await expect(page.getByText("Password strength: good")).toBeVisible();
  await confirm.fill(newPassword);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your password was changed. Your other sessions have ended.")).toBeVisible();
  await expect(current).toHaveValue("");

  // This session stays: the member is still logged in.
  await page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem", { name: "Home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Hello, ${seller.name}` })).toBeVisible();

  await logout(page, seller.name);

  // The old password no longer works.
  await page.getByRole("textbox", { name: "Login name" }).fill(seller.loginName);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(seller.password);
  await page.getByRole("button", { name: "Log in" }).click();
  const notice = page.getByRole("dialog", { name: "Notice" });
  await expect(notice).toContainText("The login name or password is wrong");
  await notice.getByRole("button", { name: "OK" }).click();

  await loginWithPassword(page, seller.loginName, newPassword);
  await expect(page.getByRole("heading", { level: 1, name: `Hello, ${seller.name}` })).toBeVisible();
});

test("a member changes their password with a code sent to their own phone", async ({ page }) => {
  const smsSeller = await createSeller("chpwdsms");
  const newPassword = "BySms#Pass-2026";
  await signIn(page, smsSeller.loginName, { password: smsSeller.password, open: "/transaction/setup/setLoginPassword" });
  await page.getByRole("tab", { name: "With an SMS code" }).click();
  const masked = `${smsSeller.phone.slice(0, 3)}****${smsSeller.phone.slice(-4)}`;
  await expect(page.getByText(`We send the code to your phone ${masked}.`)).toBeVisible();

  const since = await dbNow();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("button", { name: /Resend in/ })).toBeVisible();
  const code = await lastSmsCode(smsSeller.phone, since);

  const panel = page.getByRole("tabpanel", { name: "With an SMS code" });
  await panel.getByRole("textbox", { name: "SMS code" }).fill(code);
  await requiredTextbox(panel, "New password").fill(newPassword);
  await requiredTextbox(panel, "Confirm new password").fill(newPassword);
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your password was changed. Your other sessions have ended.")).toBeVisible();

  await logout(page, smsSeller.name);
  await loginWithPassword(page, smsSeller.loginName, newPassword);
  await expect(page.getByRole("heading", { level: 1, name: `Hello, ${smsSeller.name}` })).toBeVisible();
});
