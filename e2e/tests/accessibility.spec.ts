import { expect, type Locator, test } from "@playwright/test";
import { createSeller, DEMO_PASSWORD, expectNoSeriousViolations, requiredTextbox, signIn } from "./support";

// No fades mid-check: axe would measure the contrast of half-transparent text.
test.use({ reducedMotion: "reduce" });

test.describe("No serious accessibility violations", () => {
  test("the check itself fails on a page with serious violations", async ({ page }) => {
    // An unlabelled field and grey-on-white text: the check must name both, or every "no violation" below means nothing.
    await page.goto("/login/toLogin");
    await page.setContent(`<html lang="en"><head><title>Broken</title></head><body><main><h1>Broken</h1>
      <input type="text"><p style="color:#ccc;background:#fff">Faint text</p></main></body></html>`);
    const failure = await expectNoSeriousViolations(page, "a broken page").then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failure).toContain("label: Form elements must have labels");
    expect(failure).toContain("color-contrast");
  });

  test("on the login page", async ({ page }) => {
    await page.goto("/login/toLogin");
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await expectNoSeriousViolations(page, "the login page");
    await page.getByRole("tab", { name: "SMS code" }).click();
    await expect(page.getByRole("textbox", { name: "Mobile number" })).toBeVisible();
    await expectNoSeriousViolations(page, "the login page, SMS tab");
  });

  test("on the forgot password page", async ({ page }) => {
    await page.goto("/login/backPwd");
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await expectNoSeriousViolations(page, "the forgot password page");
    await page.getByRole("textbox", { name: "Login name" }).fill("demo");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("textbox", { name: "Mobile number" })).toBeVisible();
    await expectNoSeriousViolations(page, "the forgot password page, second step");
  });

  test("on the home, change password and settings (with the audit log) screens", async ({ page }) => {
    const seller = await createSeller("a11y");
    const newPassword = "Axe#Checked-2026";
    const weather = page.waitForResponse((r) => r.url().includes("/basic/weather/selWeatherList"));
    await signIn(page, seller.loginName, { password: seller.password });
    await expect(page.getByRole("heading", { level: 1, name: `Hello, ${seller.name}` })).toBeVisible();
    // No weather service in the tests: once the server has said so, the home shows no weather card at all.
    await weather;
    await expect(page.locator(".weather-card")).toHaveCount(0);
    await expectNoSeriousViolations(page, "home");

    await page.goto("/transaction/setup/setLoginPassword");
    await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Current password is required")).toBeVisible();
    await expectNoSeriousViolations(page, "the change password screen, with field errors");

    // A password change, so that the audit log has a row to show.
    await requiredTextbox(page, "Current password").fill(seller.password);
    await requiredTextbox(page, "New password").fill(newPassword);
    await requiredTextbox(page, "Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your password was changed. Your other sessions have ended.")).toBeVisible();

    await page.goto("/setup/index");
    const log = page.getByRole("region", { name: "Audit log" });
    await expect(log.getByRole("cell", { name: "Changed their password", exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, "the settings home with the audit log");
    // A table's scroll box takes focus, so a table wider than the screen scrolls from the keyboard too.
    const scrollBox = log.getByRole("group", { name: "Audit log" });
    await scrollBox.focus();
    await expect(scrollBox).toBeFocused();
  });

  test("on the download page, whose QR code is named after the link it holds", async ({ page }) => {
    const link = "https://downloads.example.com/seller-app/1.0.0/seller.apk";
    await page.goto("/download");
    await expect(page.getByRole("heading", { level: 1, name: "Download the app" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download version 1.0.0" }).first()).toHaveAttribute("href", link);
    await expect(page.getByRole("img", { name: `QR code of the download link of version 1.0.0: ${link}` })).toBeVisible();
    await expect(page.getByRole("link", { name: link })).toBeVisible();
    await expectNoSeriousViolations(page, "the download page");
  });

  test("on the Page not found and No permission pages", async ({ page }) => {
    await page.goto("/no/such/screen");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expectNoSeriousViolations(page, "the 404 page");

    await signIn(page, "demo-clerk", { open: "/setup/index" });
    await expect(page.getByRole("heading", { level: 1, name: "No permission" })).toBeVisible();
    await expectNoSeriousViolations(page, "the 403 page");
  });
});

/**
 * Whether a focused element shows a focus indicator: an outline or a box shadow, on the element or, for
 * an input inside an antd wrapper (password, select), on the wrapper.
 */
const focusStyle = (locator: Locator) =>
  locator.evaluate((el) => {
    const ringed = el.closest(".ant-input-affix-wrapper, .ant-select, .ant-picker") ?? el;
    const shows = (node: Element) => {
      const s = getComputedStyle(node);
      return (s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0) || s.boxShadow !== "none";
    };
    return { visible: shows(el) || shows(ringed) };
  });

test("the login form works from the keyboard alone, with a visible focus at every stop", async ({ page }) => {
  await page.goto("/login/toLogin");
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  // Start from the top of the document (the login name field is focused on load).
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute("tabindex");
  });

  const targets = {
    loginName: page.getByRole("textbox", { name: "Login name" }),
    password: page.getByRole("textbox", { name: "Password", exact: true }),
    submit: page.getByRole("button", { name: "Log in" }),
  };
  const reached: string[] = [];
  const withoutFocusStyle: string[] = [];
  for (let i = 0; i < 20 && !reached.includes("submit"); i++) {
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    const style = await focusStyle(focused);
    if (!style.visible) withoutFocusStyle.push(await focused.evaluate((el) => el.outerHTML.slice(0, 120)));
    for (const [key, locator] of Object.entries(targets)) {
      if (await locator.evaluate((el) => el === document.activeElement)) {
        reached.push(key);
        if (key === "loginName") await page.keyboard.type("demo");
        if (key === "password") await page.keyboard.type(DEMO_PASSWORD);
      }
    }
  }
  expect(reached).toEqual(["loginName", "password", "submit"]);
  expect(withoutFocusStyle, "elements focused by Tab without a visible focus style").toEqual([]);

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/transaction\/index$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Lin Qing" })).toBeVisible();
});

test("the back office offers a skip link to the content as the first Tab stop", async ({ page }) => {
  await signIn(page, "demo");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Lin Qing" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  expect((await focusStyle(skip)).visible).toBe(true);
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
});
