import { expect, test } from "@playwright/test";
import { loginWithPassword } from "./support";

test("a member working for two organisations switches identity and the header brand follows", async ({ page }) => {
  await loginWithPassword(page, "demo2");
  const brand = page.getByRole("banner").getByRole("link").first();
  await expect(brand).toHaveAccessibleName("Harbor Seafood");
  await expect(page.getByText("Organisation: Harbor Seafood Trading Co., Ltd.")).toBeVisible();

  await page.getByRole("button", { name: "Account menu for Chen Hai" }).click();
  await page.getByRole("menuitem", { name: "Switch identity" }).hover();
  await page.getByRole("menuitem", { name: "Green Valley Fresh Co., Ltd." }).click();

  await expect(page.getByText("Switched to Green Valley Fresh Co., Ltd.")).toBeVisible();
  await expect(brand).toHaveAccessibleName("Green Valley Fresh");
  await expect(page.getByText("Organisation: Green Valley Fresh Co., Ltd.")).toBeVisible();
  await expect(page).toHaveTitle("Home - Green Valley Fresh");
  // Staff without roles there: Home only.
  await expect(page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem")).toHaveText(["Home"]);

  // And back.
  await page.getByRole("button", { name: "Account menu for Chen Hai" }).click();
  await page.getByRole("menuitem", { name: "Switch identity" }).hover();
  await page.getByRole("menuitem", { name: "Harbor Seafood Trading Co., Ltd." }).click();
  await expect(brand).toHaveAccessibleName("Harbor Seafood");
  await expect(page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem")).toHaveText(["Home", "Shop", "Settings"]);
});
