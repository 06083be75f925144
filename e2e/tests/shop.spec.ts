import { expect, type Page, test } from "@playwright/test";
import { choose, createSeller, expectNoSeriousViolations, pickArea, signIn, sql, switchIdentity } from "./support";

test.use({ reducedMotion: "reduce" });
// Long flows with uploads and axe checks: room for a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A 1×1 PNG, for the licence and ID images. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function upload(page: Page, label: string, name: string) {
  const item = page.locator(".ant-form-item").filter({ has: page.getByText(label, { exact: true }) });
  await item.locator('input[type="file"]').setInputFiles({ name, mimeType: "image/png", buffer: PNG });
  // Uploaded: the list item links to the stored file.
  await expect(item.locator('a.ant-upload-list-item-name[href^="/files/"]')).toBeAttached();
}

test("a fresh account opens its shop in two steps, sees the result and enters the back office", async ({ page }) => {
  const seller = await createSeller("shop", { shop: false });
  // Without a shop, logging in leads to the open-shop screen.
  await signIn(page, seller.loginName, { password: seller.password, landing: /\/transaction\/addccount\/oppenshop$/ });
  await expect(page.getByRole("heading", { level: 1, name: "Open your shop" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Open-shop progress" })).toBeVisible();
  await expectNoSeriousViolations(page, "the open-shop screen");

  await field(page, "Shop name").fill("Hilltop Orchard");
  await field(page, "Brand").fill("Hilltop");
  await choose(page, field(page, "Main category"), "Fruit");
  await field(page, "Contact person").fill("Zhao Lei");
  await field(page, "Contact mobile").fill("13912345678");
  await field(page, "Customer-service phone").fill("0571-12345678");
  await field(page, "Area").click();
  await pickArea(page, ["Zhejiang", "Hangzhou", "Xihu District"]);
  await field(page, "Address").fill("3 Orchard Lane");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.locator(".ant-form-item-explain-error, .form-error")).toHaveCount(0);

  await expect(page).toHaveURL(/\/transaction\/addccount\/idcardopen$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account-opening information" })).toBeVisible();
  // A reload of the open-shop screen resumes here.
  await page.goto("/transaction/addccount/oppenshop");
  await expect(page).toHaveURL(/\/transaction\/addccount\/idcardopen$/);
  await expectNoSeriousViolations(page, "the account-opening screen");

  await field(page, "Legal person").fill("Zhao Lei");
  await field(page, "Legal person's ID number").fill("110105199003071230");
  await field(page, "Business licence number (unified social credit code)").fill("91110000MA01AB12CX");
  await upload(page, "Business licence", "licence.png");
  await upload(page, "ID card, front", "front.png");
  await upload(page, "ID card, back", "back.png");
  await page.getByRole("button", { name: "Submit" }).click();
  // The ID number's check character is wrong: said on its field, nothing submitted.
  await expect(page.getByText(/not a valid ID card number/)).toBeVisible();
  await field(page, "Legal person's ID number").fill("110105199003071239");
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/transaction\/addccount\/result$/);
  await expect(page.getByRole("heading", { name: "Your shop is open" })).toBeVisible();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "the open-shop result screen");
  await page.getByRole("button", { name: "Enter the back office" }).click();
  await expect(page).toHaveURL(/\/transaction\/index$/);
  await expect(page.getByText("Hilltop Orchard")).toBeVisible();
});

test("staff of an organisation without a shop are told that the owner must open it", async ({ page }) => {
  const owner = await createSeller("shopowner", { shop: false });
  const staff = await createSeller("shopstaff");
  // Make the second seller's member staff of the first organisation, active there.
  await sql(
    `insert into employee (id, bo_id, member_id, is_owner)
     select 'E' || substr(md5(random()::text), 1, 25), o.bo_id, m.id, false
     from member m, (select e.bo_id from employee e join member m2 on m2.id = e.member_id where m2.login_name = $1) o
     where m.login_name = $2`,
    [owner.loginName, staff.loginName],
  );
  await signIn(page, staff.loginName, { password: staff.password });
  await switchIdentity(page, staff.name, owner.org);
  await page.goto("/transaction/addccount/oppenshop");
  await expect(page.getByRole("heading", { name: "The shop is not open yet" })).toBeVisible();
  await expect(page.getByText(`Only the owner of ${owner.org} can open its shop`)).toBeVisible();
});

test("the owner closes the shop (the app shows /shopClose) and reopens it there", async ({ page }) => {
  await signIn(page, "demo", { open: "/transaction/shopManage" });
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect(page.getByText("Open", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "the shop manage screen");

  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit the shop profile" });
  await dialog.getByLabel("Introduction").fill("Picked this morning, at your door tomorrow.");
  await expectNoSeriousViolations(page, "the shop profile dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("#main").getByText("Picked this morning, at your door tomorrow.")).toBeVisible();

  await page.getByRole("button", { name: "Close the shop" }).click();
  const confirm = page.getByRole("dialog", { name: "Close the shop?" });
  await confirm.getByLabel("Reason (optional)").fill("Stocktaking");
  await confirm.getByRole("button", { name: "Close the shop" }).click();
  await expect(page).toHaveURL(/\/shopClose$/);
  await expect(page.getByRole("heading", { level: 1, name: "The shop is closed" })).toBeVisible();
  await expectNoSeriousViolations(page, "the shop-closed page with Reopen");

  await page.getByRole("button", { name: "Reopen the shop" }).click();
  await page.getByRole("dialog", { name: "Reopen the shop?" }).getByRole("button", { name: "Reopen the shop" }).click();
  await expect(page).toHaveURL(/\/transaction\/index$/);
  await page.goto("/transaction/shopManage");
  await expect(page.getByText("Open", { exact: true })).toBeVisible();
});

test("shop settings are saved and shown again", async ({ page }) => {
  const seller = await createSeller("shopset");
  await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/shopSetting" });
  await expect(page.getByRole("heading", { level: 1, name: "Shop settings" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Settings" })).toBeVisible();
  await field(page, "Contact mobile").fill("13912340000");
  await field(page, "Customer-service phone").fill("400-800-1234");
  await page.getByLabel("Set hours per day").check();
  // Times are picked 24-hour in every language.
  await page.getByLabel("Sunday closes at").fill("21:30");
  await page.getByLabel("Sunday closes at").press("Enter");
  await page.getByLabel("Shop notice").fill("Closed on public holidays");
  await expectNoSeriousViolations(page, "the shop settings screen");
  await page.getByRole("button", { name: "Save" }).click();
  // Enter in the time field above only confirmed the time: the form is sent once, by Save.
  await expect(page.getByText("The settings were saved.")).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel("Shop notice")).toHaveValue("Closed on public holidays");
  await expect(page.getByLabel("Sunday closes at")).toHaveValue("21:30");
});

test("the owner edits the enterprise information and sees it saved; the ID number is masked even for the owner", async ({ page }) => {
  await signIn(page, "demo2", { open: "/transaction/setup/enterpriseInfo" });
  await expect(page.getByRole("heading", { level: 1, name: "Enterprise information" })).toBeVisible();
  await expect(page.getByText("350***********2347")).toBeVisible();
  await expect(page.getByText("350203198205152347")).toHaveCount(0);
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "the enterprise information screen");

  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/transaction\/setup\/enterpriseInfoEdit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit enterprise information" })).toBeVisible();
  await expectNoSeriousViolations(page, "the enterprise edit screen");
  await field(page, "Unified social credit code").fill("91350200MA31HARB05");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/not a valid unified social credit code/)).toBeVisible();
  await field(page, "Unified social credit code").fill("91350200MA31HARB04");
  await field(page, "Industry").fill("Seafood and frozen foods");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/transaction\/setup\/enterpriseInfo$/);
  await expect(page.getByText("Seafood and frozen foods")).toBeVisible();
});
