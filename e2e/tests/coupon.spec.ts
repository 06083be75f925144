import { expect, type Page, test } from "@playwright/test";
import { buyerClient, dbNow, expectNoSeriousViolations, lastSmsCode, signIn, sql } from "./support";

/**
 * Coupons: the shop's owner adds a coupon rule (¥8 off, 30 days), finds it in the list as a draft and activates it; a
 * demo buyer receives one through the buyer API; the rule's details show it issued. The demo's ¥5 coupon shows its
 * usage (orders and discounts). Axe on the list, the form and the details.
 */

/** The form's first field, typed once the screen has settled (the form may still be putting its initial values in). */
async function fillName(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  await expect(async () => {
    await page.getByLabel("Name", { exact: true }).fill(name);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name, { timeout: 1000 });
  }).toPass();
}

test("a coupon rule is added, activated, received by a buyer, and its issued coupons and usage show", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const name = `Welcome ¥8 off ${Date.now().toString(36)}`;
  await signIn(page, "demo", { open: "/transaction/shopTicket" });
  await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "the coupon list");

  await page.getByRole("button", { name: "Add a coupon" }).first().click();
  await expect(page).toHaveURL(/\/transaction\/shopTicket\/add$/);
  await fillName(page, name);
  await page.getByLabel("Amount off (¥)").fill("8");
  await page.getByLabel("Limit per buyer").fill("2");
  await expectNoSeriousViolations(page, "the coupon form");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${name} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/transaction\/shopTicket$/);

  await page.getByLabel("Name or code").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByText("Draft")).toBeVisible();
  await expect(row.getByText("¥8.00 off")).toBeVisible();
  await row.getByRole("button", { name: `Activate: ${name}` }).click();
  await expect(page.getByText(`${name} is active`)).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();

  const [rule] = await sql(`select id, reg_code from coupon_rule where name = $1`, [name]);
  if (!rule) throw new Error("the rule was not saved");
  const phone = "13500990104";
  const buyer = await buyerClient(baseURL ?? "");
  const since = await dbNow();
  await buyer.call("/basic/member/login/sendLoginCode", { phone });
  await buyer.call("/basic/member/login/smsLogin", { phone, code: await lastSmsCode(phone, since) });
  const got = await buyer.call<{ state: string; amount: number }>("/trading/coupon/receive", { ruleId: rule.id });
  expect(got).toMatchObject({ state: "unused", amount: 800 });
  await buyer.api.dispose();

  await row.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/transaction\/shopTicket\/detail\?regCode=/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unused: 1" })).toBeVisible();
  const issued = page.getByRole("row").filter({ hasText: "135****0104" });
  await expect(issued).toBeVisible();
  await expectNoSeriousViolations(page, "a coupon rule's details");

  // The demo's ¥5 coupon was used on demo orders: its usage lists them with their discounts.
  await page.goto("/transaction/shopTicket/detail?regCode=DEMO-5OFF");
  await expect(page.getByRole("heading", { name: "Usage" })).toBeVisible();
  // (The rule's own description table says "¥5.00 off" too: a usage row is the one with an order link.)
  const used = page
    .getByRole("row")
    .filter({ hasText: "¥5.00" })
    .filter({ has: page.getByRole("link") })
    .first();
  await expect(used).toBeVisible();
  await expect(used.getByRole("link")).toHaveAttribute("href", /\/transaction\/orderManage\/orderDetailSeller\//);
});

test("a card pool is generated for a password-card coupon, its cards exported once, and listed in its details", async ({ page }) => {
  test.setTimeout(240_000);
  const name = `Gift card ¥20 ${Date.now().toString(36)}`;
  await signIn(page, "demo", { open: "/transaction/activity/entityCards/add" });
  await fillName(page, name);
  await page.getByLabel("Amount off (¥)").fill("20");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${name} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/transaction\/activity\/entityCards$/);
  const rule = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await rule.getByRole("button", { name: `Activate: ${name}` }).click();
  await expect(page.getByText(`${name} is active`)).toBeVisible();

  await page.goto("/transaction/cardPool/entityCardsPool/add");
  await page.getByLabel("Coupon it gives").click();
  await page.locator(".ant-select-item-option").filter({ hasText: name }).click();
  await page.getByLabel("Name", { exact: true }).fill(`${name} pool`);
  await page.getByLabel("Number of cards").fill("3");
  await expectNoSeriousViolations(page, "the card pool form");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText(`${name} pool generated`)).toBeVisible();
  const pool = page.getByRole("row").filter({ has: page.getByRole("link", { name: `${name} pool`, exact: true }) });
  await expect(pool.getByText("Not yet")).toBeVisible();
  await expectNoSeriousViolations(page, "the card pool list");

  const downloading = page.waitForEvent("download");
  await pool.getByRole("button", { name: `Export cards: ${name} pool` }).click();
  await page.getByRole("button", { name: "Export cards", exact: true }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(pool.getByRole("button", { name: /^Export cards: / })).toHaveCount(0);

  await pool.getByRole("link", { name: `${name} pool`, exact: true }).click();
  await expect(page).toHaveURL(/\/transaction\/cardPool\/entityCardsPool\/detail\?id=/);
  await expect(page.getByRole("button", { name: /^Invalidate: / })).toHaveCount(3);
  await expectNoSeriousViolations(page, "a card pool's details");
});
