import { expect, test } from "@playwright/test";
import { loginWithPassword, switchIdentity } from "./support";

test("a member working for two organisations switches identity and the header brand follows", async ({ page }) => {
  await loginWithPassword(page, "demo2");
  const brand = page.getByRole("banner").getByRole("link").first();
  await expect(brand).toHaveAccessibleName("Harbor Seafood");
  await expect(page.getByText("Organisation: Harbor Seafood Trading Co., Ltd.")).toBeVisible();

  await switchIdentity(page, "Chen Hai", "Green Valley Fresh Co., Ltd.");

  await expect(page.getByText("Switched to Green Valley Fresh Co., Ltd.")).toBeVisible();
  await expect(brand).toHaveAccessibleName("Green Valley Fresh");
  await expect(page.getByText("Organisation: Green Valley Fresh Co., Ltd.")).toBeVisible();
  await expect(page).toHaveTitle("Home - Green Valley Fresh");
  // Staff without roles there: Home only.
  await expect(page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem")).toHaveText(["Home"]);

  // And back.
  await switchIdentity(page, "Chen Hai", "Harbor Seafood Trading Co., Ltd.");
  await expect(brand).toHaveAccessibleName("Harbor Seafood");
  await expect(page.getByRole("navigation", { name: "Areas" }).getByRole("menuitem")).toHaveText([
    "Home",
    "Shop",
    "Goods",
    "Orders",
    "Purchases",
    "Marketing",
    "Finance",
    "Settings",
  ]);
});
