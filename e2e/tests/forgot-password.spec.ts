import { expect, test } from "@playwright/test";
import { clearSmsCodes, createSeller, dbNow, lastSmsCode, loginWithPassword, requiredTextbox, type Seller } from "./support";

let seller: Seller;
test.beforeAll(async () => {
  seller = await createSeller("forgot");
});

test("a member resets a forgotten password with an SMS code and logs in with the new one", async ({ page }) => {
  const newPassword = "Forgot#Reset-2026";
  await clearSmsCodes(seller.phone);

  await page.goto("/login/toLogin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/login\/backPwd$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();

  // Step 1: the account.
  await page.getByRole("textbox", { name: "Login name" }).fill(seller.loginName);
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: the phone on file is shown masked; the full number must be entered to get a code.
  const masked = `${seller.phone.slice(0, 3)}****${seller.phone.slice(-4)}`;
  await expect(page.getByText(`The mobile number on file is ${masked}. Enter it in full to receive a code.`)).toBeVisible();
  const phone = page.getByRole("textbox", { name: "Mobile number" });
  await phone.fill(`${seller.phone.slice(0, 10)}${(Number(seller.phone.at(-1)) + 1) % 10}`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Enter an 11-digit mobile number starting with 1")).toBeVisible();

  await phone.fill(seller.phone);
  const since = await dbNow();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("button", { name: /Resend in \d+ s$/ })).toBeDisabled();
  const code = await lastSmsCode(seller.phone, since);

  await page.getByRole("textbox", { name: "SMS code" }).fill(code);
  const confirm = requiredTextbox(page, "Confirm new password");
  await requiredTextbox(page, "New password").fill(newPassword);
  await expect(page.getByText("Password strength: good")).toBeVisible();
  await confirm.fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("The two passwords do not match")).toBeVisible();
  await confirm.fill(newPassword);
  await page.getByRole("button", { name: "Submit" }).click();

  // Step 3: done.
  await expect(page.getByText(/^Your password was changed\. Every session of this account has ended/)).toBeVisible();
  await page.getByRole("button", { name: "Go to login" }).click();
  await expect(page).toHaveURL(/\/login\/toLogin$/);

  await loginWithPassword(page, seller.loginName, newPassword);
  await expect(page.getByRole("heading", { level: 1, name: `Hello, ${seller.name}` })).toBeVisible();
});

test("an unknown login name is refused at the first step", async ({ page }) => {
  await page.goto("/login/backPwd");
  await page.getByRole("textbox", { name: "Login name" }).fill("nobody-has-this-login");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toContainText("The form could not be submitted");
  await expect(page.getByRole("textbox", { name: "Mobile number" })).toHaveCount(0);
});

test("a reload keeps the screen's state: the forgot-password step and the chosen login tab", async ({ page }) => {
  await page.goto("/login/backPwd");
  await page.getByRole("textbox", { name: "Login name" }).fill(seller.loginName);
  await page.getByRole("button", { name: "Next" }).click();
  const masked = `${seller.phone.slice(0, 3)}****${seller.phone.slice(-4)}`;
  const onFile = page.getByText(`The mobile number on file is ${masked}. Enter it in full to receive a code.`);
  await expect(onFile).toBeVisible();
  await page.reload();
  await expect(onFile).toBeVisible();
  // Restored once, then cleared: the next visit starts from the first step.
  await page.goto("/login/toLogin");
  await page.goto("/login/backPwd");
  await expect(page.getByRole("textbox", { name: "Login name" })).toBeVisible();

  await page.goto("/login/toLogin");
  await page.getByRole("tab", { name: "SMS code" }).click();
  await expect(page.getByRole("textbox", { name: "Mobile number" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("tab", { name: "SMS code" })).toHaveAttribute("aria-selected", "true");
});
