import { expect, test } from "@playwright/test";
import { clearSmsCodes, DEMO_PASSWORD, dbNow, lastSmsCode, loginWithPassword } from "./support";

test.describe("Logging in", () => {
  test("with login name and password lands on the home page, greeting the member", async ({ page }) => {
    await loginWithPassword(page, "demo");
    await expect(page).toHaveURL(/\/transaction\/index$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Lin Qing" })).toBeVisible();
    await expect(page.getByText("Organisation: Green Valley Fresh Co., Ltd.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu for Lin Qing" })).toBeVisible();
  });

  test("with a wrong password shows the server's message in the Notice dialog and stays on the login page", async ({ page }) => {
    await page.goto("/login/toLogin");
    await page.getByRole("textbox", { name: "Login name" }).fill("demo");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("Not-the-password-1");
    await page.getByRole("button", { name: "Log in" }).click();

    const notice = page.getByRole("dialog", { name: "Notice" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("The login name or password is wrong");
    await notice.getByRole("button", { name: "OK" }).click();
    await expect(notice).toBeHidden();
    await expect(page).toHaveURL(/\/login\/toLogin$/);

    // The failed attempt did not lock the account: the right password still works.
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/transaction\/index$/);
  });

  test("with an SMS code: the send button counts down and the code from the text message logs in", async ({ page }) => {
    const phone = "13800000001";
    await clearSmsCodes(phone);
    const since = await dbNow();

    await page.goto("/login/toLogin");
    await page.getByRole("tab", { name: "SMS code" }).click();
    const form = page.getByRole("tabpanel", { name: "SMS code" });
    await form.getByRole("textbox", { name: "Mobile number" }).fill(phone);
    await form.getByRole("button", { name: "Send code" }).click();

    await expect(page.getByText(/If an account uses this phone, a code has been sent\. It is valid for 5 minutes\./)).toBeVisible();
    // (Not anchored at the start: antd sometimes leaves its hidden "loading" icon, and its label, in the button.)
    const countdown = form.getByRole("button", { name: /Resend in \d+ s$/ });
    await expect(countdown).toBeDisabled();
    const first = Number((await countdown.innerText()).match(/\d+/)?.[0]);
    expect(first).toBeGreaterThan(50);
    await expect.poll(async () => Number((await countdown.innerText()).match(/\d+/)?.[0]), { timeout: 5_000 }).toBeLessThan(first);

    const code = await lastSmsCode(phone, since);
    await form.getByRole("textbox", { name: "SMS code" }).fill(code);
    await form.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/transaction\/index$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Lin Qing" })).toBeVisible();
  });

  test("returns to the screen asked for before logging in", async ({ page }) => {
    await page.goto("/setup/index");
    await expect(page).toHaveURL(/\/login\/toLogin\?redirect=%2Fsetup%2Findex$/);
    await page.getByRole("textbox", { name: "Login name" }).fill("demo");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/setup\/index$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });
});
