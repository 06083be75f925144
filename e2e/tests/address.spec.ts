import { expect, type Page, test } from "@playwright/test";
import { createSeller, expectNoSeriousViolations, pickArea, signIn } from "./support";

// The address panel is a tab ("Addresses") of the shop settings screen.
test.use({ reducedMotion: "reduce" });

const shippingSection = (page: Page) => page.locator("section").filter({ has: page.getByRole("heading", { name: "Shipping addresses" }) });

async function addShipping(page: Page, contact: string, detail: string) {
  await shippingSection(page)
    .getByRole("button", { name: /Add a shipping address/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Add a shipping address" });
  await dialog.getByRole("textbox", { name: "Contact name" }).fill(contact);
  await dialog.getByRole("textbox", { name: "Phone" }).fill("13812345678");
  await dialog.getByRole("combobox", { name: "Area" }).click();
  await pickArea(page, ["Zhejiang", "Hangzhou", "Xihu District"]);
  await dialog.getByRole("textbox", { name: "Street address" }).fill(detail);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
}

test("addresses: the first is the default, the default can be switched, deleting it promotes the other", async ({ page }) => {
  const seller = await createSeller("address");
  await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/shopSetting" });
  await page.getByRole("tab", { name: "Addresses" }).click();
  const shipping = shippingSection(page);
  await expect(shipping.getByText("No shipping address yet.")).toBeVisible();
  await expectNoSeriousViolations(page, "the addresses tab (empty)");

  await addShipping(page, "First Fang", "1 Lake Road");
  const first = shipping.getByRole("row").filter({ hasText: "First Fang" });
  await expect(first).toContainText("Default");
  await expect(first).toContainText("Zhejiang / Hangzhou / Xihu District");

  await addShipping(page, "Second Song", "2 Hill Road");
  const second = shipping.getByRole("row").filter({ hasText: "Second Song" });
  await expect(second).not.toContainText("Default");

  await second.getByRole("button", { name: "Make default" }).click();
  await expect(second).toContainText("Default");
  await expect(first).not.toContainText("Default");
  await expectNoSeriousViolations(page, "the addresses tab");

  await second.getByRole("button", { name: "Delete: Second Song" }).click();
  await page.getByRole("tooltip").getByRole("button", { name: "Delete" }).click();
  await expect(second).toBeHidden();
  await expect(first).toContainText("Default");
});
