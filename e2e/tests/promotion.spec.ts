import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, requiredTextbox, signIn, sql } from "./support";

/**
 * Promotions: the owner of Green Valley adds a promotion starting now at 15% off two items chosen in the picker of
 * items in no promotion, sees it running in the list with both items, opens its detail with the promotion prices,
 * and ends it early. Axe on the list and the form.
 */

test("a promotion on two goods runs in the list, shows its prices and ends early", async ({ page }) => {
  test.setTimeout(240_000);
  const name = `Weekend deal ${Date.now().toString(36)}`;
  // Two on-shelf items of the demo seller in no live promotion (the picker lists only those).
  const items = await sql(
    `select g.name from goods g join employee e on e.bo_id = g.bo_id and e.is_owner join member m on m.id = e.member_id
      where m.login_name = 'demo' and g.status = 'on' and g.kind = 'goods' and g.listing_type = 'goods' and g.deleted_at is null
        and g.id not in (select s.goods_id from promotion_sku s join promotion p on p.id = s.promotion_id
                          where p.cancelled_at is null and p.ends_at > now())
      order by g.updated_at desc, g.id desc limit 2`,
  );
  if (items.length < 2) throw new Error("no two demo items in no promotion");
  const [first, second] = items.map((i) => String(i.name));

  await signIn(page, "demo", { open: "/transaction/promotionManage" });
  await expect(page.getByRole("heading", { name: "Promotions", level: 1 })).toBeVisible();
  await expect(page.getByText("Harvest week")).toBeVisible();
  await expectNoSeriousViolations(page, "the promotion list");

  await page.getByRole("button", { name: "Add promotion" }).click();
  await expect(page).toHaveURL(/\/transaction\/promotionManage\/addPromotion$/);
  await page.getByRole("button", { name: "Choose goods" }).click();
  const picker = page.getByRole("dialog");
  await picker.getByRole("checkbox", { name: first, exact: true }).check();
  await picker.getByRole("checkbox", { name: second, exact: true }).check();
  await picker.getByRole("button", { name: "Add chosen" }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole("cell", { name: first, exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "the promotion form");
  // Typed last: the screen has settled (a field typed in while the route is still mounting can be lost).
  await requiredTextbox(page, "Name").fill(name);
  await page.getByLabel("Discount (%)").fill("15");
  await expect(requiredTextbox(page, "Name")).toHaveValue(name);
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/transaction\/promotionManage\/detailPromotion\//);
  await expect(page.getByRole("heading", { name: `Promotion ${name}` })).toBeVisible();
  await expect(page.getByRole("cell", { name: first, exact: true }).first()).toBeVisible();
  await expect(page.getByText("15% off")).toBeVisible();

  await page.goto("/transaction/promotionManage?tab=running");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText("Running")).toBeVisible();
  await expect(row.getByText(/^2 items, /)).toBeVisible();

  await row.getByRole("button", { name: `End now: ${name}` }).click();
  await page.getByRole("tooltip").getByRole("button", { name: "End now" }).click();
  await expect(page.getByText("Promotion ended")).toBeVisible();
  await page.goto("/transaction/promotionManage?tab=ended");
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
});
