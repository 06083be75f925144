import { expect, test } from "@playwright/test";
import { buyerClient, dbNow, expectNoSeriousViolations, lastSmsCode, signIn, sql } from "./support";

/**
 * Coupons: the shop's owner adds a coupon rule (¥8 off, 30 days), finds it in the list as a draft and activates it; a
 * demo buyer receives one through the buyer API; the rule's details show it issued. The demo's ¥5 coupon shows its
 * usage (orders and discounts). Axe on the list, the form and the details.
 */

test("a coupon rule is added, activated, received by a buyer, and its issued coupons and usage show", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const name = `Welcome ¥8 off ${Date.now().toString(36)}`;
  await signIn(page, "demo");
  await page.goto("/transaction/shopTicket");
  await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "the coupon list");

  await page.getByRole("button", { name: "Add a coupon" }).first().click();
  await expect(page).toHaveURL(/\/transaction\/shopTicket\/add$/);
  await page.getByLabel("Name").fill(name);
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
