import { type Browser, expect, type Page, test } from "@playwright/test";
import { choose, createSeller, expectNoSeriousViolations, pickArea, requiredTextbox, signIn } from "./support";

// No fades mid-check: axe would measure the contrast of half-transparent text.
test.use({ reducedMotion: "reduce" });

const STAFF_PASSWORD = "Desk#Pass-2026";

/** A second browser (its own cookies) for the staff member, while the owner keeps working. */
async function secondBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "en-US" });
  return context.newPage();
}

const topMenu = (page: Page) => page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem");
const leftMenu = (page: Page) => page.getByRole("navigation", { name: "Screens of this area" }).getByRole("menuitem");

test("the owner gives a new staff member one role; they see only its screens; losing it or being disabled ends their session", async ({
  page,
  browser,
}) => {
  // The longest story of the suite (two browsers, four logins, a role given and taken away, a disabling): it
  // needs more than the default 60 s on a busy 2-core machine.
  test.slow();
  const tag = Date.now().toString(36);
  const roleName = `Staff desk ${tag}`;
  const loginName = `desk-${tag}`;
  const phone = `137${String(Date.now() % 100_000_000).padStart(8, "0")}`;

  // The owner makes a role that holds only the staff screen.
  await signIn(page, "demo", { open: "/transaction/setup/member" });
  await expect(page.getByRole("heading", { level: 1, name: "Staff and roles" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Zhou Min", exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "the staff list");

  await page.getByRole("tab", { name: "Roles" }).click();
  await expect(page.getByRole("cell", { name: "Order clerk", exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "the roles tab");
  await page.getByRole("button", { name: "Add role" }).click();
  const drawer = page.getByRole("dialog", { name: "Add role" });
  await drawer.getByRole("textbox", { name: "Role name" }).fill(roleName);
  await drawer.getByText("Staff", { exact: true }).click();
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("cell", { name: roleName, exact: true })).toBeVisible();

  await page.getByRole("tab", { name: "Bases" }).click();
  await expect(page.getByRole("cell", { name: "Sunny Orchard", exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "the bases tab");
  // A base's area is picked province, then city.
  await page.getByRole("button", { name: "Add base" }).click();
  const baseDrawer = page.getByRole("dialog", { name: "Add base" });
  await baseDrawer.getByRole("textbox", { name: "Base name" }).fill(`Barn ${tag}`);
  await baseDrawer.getByRole("combobox", { name: "Area" }).click();
  await pickArea(page, ["Zhejiang", "Hangzhou", "Xihu District"]);
  await expectNoSeriousViolations(page, "the add-base drawer");
  await baseDrawer.getByRole("button", { name: "Save" }).click();
  await expect(baseDrawer).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: `Barn ${tag}` })).toContainText("Zhejiang, Hangzhou, Xihu District");

  // …and adds a staff member holding it.
  await page.getByRole("tab", { name: "Staff" }).click();
  await page.getByRole("button", { name: "Add staff" }).first().click();
  await expect(page).toHaveURL(/\/transaction\/setup\/member\/addMember$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add staff member" })).toBeVisible();
  await expectNoSeriousViolations(page, "the add-staff form");
  await requiredTextbox(page, "Name").fill(`Desk ${tag}`);
  await page.getByRole("textbox", { name: "Login name" }).fill(loginName);
  await page.getByRole("textbox", { name: "Phone" }).fill(phone);
  await page.getByLabel("Initial password").fill(STAFF_PASSWORD);
  await choose(page, page.getByRole("combobox", { name: "Roles" }), roleName);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/transaction\/setup\/member$/);
  await expect(page.getByRole("link", { name: `Desk ${tag}` })).toBeVisible();

  // The staff member sees Home and Settings, and under Settings only the staff screen.
  const staff = await secondBrowser(browser);
  await signIn(staff, loginName, { password: STAFF_PASSWORD });
  await expect(topMenu(staff)).toHaveText(["Home", "Settings"]);
  await staff.goto("/transaction/setup/member");
  await expect(staff.getByRole("heading", { level: 1, name: "Staff and roles" })).toBeVisible();
  await expect(leftMenu(staff)).toHaveText(["Staff"]);
  await expect(staff.getByRole("button", { name: "Add staff" })).toHaveCount(0);
  await staff.goto("/setup/index");
  await expect(staff).toHaveURL(/\/403$/);

  // The owner removes the role: the staff member's next navigation goes to the login page.
  await page.getByRole("link", { name: `Desk ${tag}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit staff member" })).toBeVisible();
  await expect(requiredTextbox(page, "Name")).toHaveValue(`Desk ${tag}`);
  await expect(page.getByText("Staff", { exact: true }).last()).toBeVisible();
  await expectNoSeriousViolations(page, "the edit-staff form");
  await page.getByRole("combobox", { name: "Roles" }).focus();
  await page.keyboard.press("Backspace");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Changes saved")).toBeVisible();
  await staff.goto("/transaction/setup/member");
  await expect(staff).toHaveURL(/\/login/);

  // Given the role back and logged in again, being disabled ends the session too.
  await choose(page, page.getByRole("combobox", { name: "Roles" }), roleName);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Changes saved").first()).toBeVisible();
  await signIn(staff, loginName, { password: STAFF_PASSWORD });

  await page.goto("/transaction/setup/member");
  const row = page.getByRole("row").filter({ hasText: loginName });
  await row.getByRole("button", { name: /^Disable: / }).click();
  const confirm = page.getByRole("tooltip").filter({ hasText: `Disable Desk ${tag}?` });
  await expect(confirm.getByText("They are logged out of this organisation at once")).toBeVisible();
  await confirm.getByRole("button", { name: "Disable" }).click();
  await expect(row.getByText("Disabled")).toBeVisible();
  await staff.goto("/transaction/setup/member");
  await expect(staff).toHaveURL(/\/login/);
});

test("the owner is shown read-only with an explanation", async ({ page }) => {
  await signIn(page, "demo", { open: "/transaction/setup/member" });
  await page.getByRole("link", { name: "Lin Qing" }).click();
  await expect(page.getByText("This is the organisation's owner.")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Enabled" })).toBeDisabled();
  await expect(page.getByText("The owner holds every function.")).toBeVisible();
});

test("the owner invites an existing account, which joins only when its holder accepts after logging in", async ({ page, browser }) => {
  // Two browsers and three accessibility checks.
  test.slow();
  const invitee = await createSeller("invitee");
  const masked = `${invitee.phone.slice(0, 3)}****${invitee.phone.slice(-4)}`;

  await signIn(page, "demo", { open: "/transaction/setup/member" });
  await expect(page.getByRole("heading", { level: 1, name: "Staff and roles" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Add an existing account" }).first().click();
  const drawer = page.getByRole("dialog", { name: "Add an existing account" });
  await drawer.getByRole("textbox", { name: "Login name or phone" }).fill(invitee.loginName);
  await drawer.getByRole("button", { name: "Find" }).click();
  // Only the name and a masked phone are shown.
  await expect(drawer.getByText(masked)).toBeVisible();
  await expect(drawer.getByText(invitee.name)).toBeVisible();
  await expect(drawer.getByText(invitee.phone)).toHaveCount(0);
  await choose(page, drawer.getByRole("combobox", { name: "Roles" }), "Order clerk");
  await page.keyboard.press("Escape");
  await expectNoSeriousViolations(page, "the invite drawer");
  await drawer.getByRole("button", { name: "Send invitation" }).click();
  await expect(drawer).toBeHidden();
  const invitation = page.getByRole("row").filter({ hasText: invitee.name });
  await expect(invitation).toContainText("Waiting for an answer");
  await expect(invitation).toContainText(masked);
  await expect(page.getByRole("link", { name: invitee.name })).toHaveCount(0);

  // Its holder is asked after logging in, and accepts.
  const holder = await secondBrowser(browser);
  await signIn(holder, invitee.loginName, { password: invitee.password });
  const notices = holder.getByRole("dialog", { name: "Waiting for your answer" });
  await expect(notices.getByText("Green Valley Fresh Co., Ltd.")).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(holder, "the notices after login");
  await notices.getByRole("button", { name: "Accept: Green Valley Fresh Co., Ltd." }).click();
  await expect(holder.getByText("You joined Green Valley Fresh Co., Ltd.")).toBeVisible();
  await expect(notices.getByText("Nothing is waiting for your answer.")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: invitee.name }).filter({ hasText: "Accepted" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("link", { name: invitee.name })).toBeVisible();
});

test("the store manager sees a staff member as a read-only detail, not a disabled form", async ({ page }) => {
  test.slow();
  await signIn(page, "demo-manager", { open: "/transaction/setup/member" });
  await page.getByRole("link", { name: "Zhou Min" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff member details" })).toBeVisible();
  await expect(page.getByText("138****0003")).toBeVisible();
  await expect(page.getByText("demo-clerk")).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("switch")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expectNoSeriousViolations(page, "the read-only staff detail");
});
