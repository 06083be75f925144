import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signIn, sql } from "./support";

/**
 * Statements and the data dashboard: the demo shop's owner opens the dashboard and sees the last 30 days' paid orders
 * (as many as the database holds), the trend chart and the top goods; then the statements of the last 30 days, whose
 * totals match the orders paid, opens one day's orders and exports the statement. Axe on both screens.
 */

test("the demo seller reads the dashboard and the statements with real figures", async ({ page }) => {
  test.setTimeout(180_000);
  const [paid] = await sql(
    `select count(*)::int as n from order_info o
       join employee e on e.bo_id = o.bo_id and e.is_owner join member m on m.id = e.member_id and m.login_name = 'demo'
      where o.paid_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai' - interval '29 days'
        and o.status <> 'cancelled'`,
  );
  const last30 = Number(paid?.n);
  expect(last30).toBeGreaterThan(0);

  await signIn(page, "demo", { open: "/transaction/dmpStatDataView" });
  await expect(page.getByRole("heading", { name: "Data dashboard", level: 1 })).toBeVisible();
  await page.getByText("Last 30 days", { exact: true }).click();
  const paidOrders = page.locator(".ant-statistic").filter({ hasText: "Paid orders" });
  await expect(paidOrders.locator(".ant-statistic-content-value")).toHaveText(String(last30));
  await expect(page.locator(".dashboard-trend canvas")).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).not.toHaveCount(1);
  await expectNoSeriousViolations(page, "the data dashboard");

  await page.goto("/transaction/checkBill_sell");
  await expect(page.getByRole("heading", { name: "Statements", level: 1 })).toBeVisible();
  const totals = page.getByRole("group", { name: /^Totals from/ });
  await expect(totals.locator('[data-figure="orders"]')).toHaveText(String(last30));
  const day = page.getByRole("button", { name: /^Orders: \d{4}-\d{2}-\d{2}$/ }).first();
  await expect(day).toBeVisible();
  await expectNoSeriousViolations(page, "the statements");
  await day.click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: /^\d+$/ }).first()).toBeVisible();
  await drawer.getByRole("button", { name: "Close" }).click();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: /Export/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
});
