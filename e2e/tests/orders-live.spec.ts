import { expect, test } from "@playwright/test";
import { buyerClient, dbNow, expectNoSeriousViolations, lastSmsCode, signIn, sql } from "./support";

/**
 * Issue 11, live arrival: the shop's owner has the order list open; a buyer places an order through the buyer API; the
 * order appears in the open list without a reload and the Orders menu carries a badge; opening the list again clears
 * it. The pushed sales orders screen keeps its filters when left and revisited.
 */

test("a buyer's order appears live in the open order list, with a badge on the Orders menu", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const [sku] = await sql(
    `select s.id, g.name from goods_sku s join goods g on g.id = s.goods_id
       join member m on m.login_name = 'demo' join employee e on e.member_id = m.id and e.is_owner and e.bo_id = g.bo_id
      where g.status = 'on' and g.kind = 'goods' and g.deleted_at is null and s.retired_at is null and s.stock >= 5
        and g.logistics ? 'express' order by g.name limit 1`,
  );
  if (!sku) throw new Error("no demo goods on sale");
  const buyer = await buyerClient(baseURL ?? "");
  const phone = `136${String(Date.now() % 100_000_000).padStart(8, "0")}`;
  const since = await dbNow();
  await buyer.call("/basic/member/login/sendLoginCode", { phone });
  await buyer.call("/basic/member/login/smsLogin", { phone, code: await lastSmsCode(phone, since) });
  const address = await buyer.call<{ id: string }>("/trading/address/add", {
    name: "Zhou Min",
    phone,
    areaCode: "330106",
    detail: "200 Wensan Road",
    isDefault: true,
  });

  // The owner has the order list open.
  await signIn(page, "demo", { open: "/transaction/orderManage" });
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New order sound" })).toBeVisible();
  const leftMenu = page.getByRole("navigation", { name: "Screens of this area" });
  await expect(leftMenu.getByRole("menuitem", { name: /Orders/ }).first()).toBeVisible();
  // The stream is open before the buyer orders (a fresh stream tells what happens from then on).
  await page.waitForTimeout(1500);

  const placed = await buyer.call<{ orders: { id: string; orderNo: string }[] }>("/trading/order/submit", {
    addressId: address.id,
    items: [{ skuId: sku.id, quantity: 1 }],
  });
  const order = placed.orders[0];
  if (!order) throw new Error("no order placed");

  // Live: the row appears without a reload, and the menus carry the badge.
  await expect(page.getByRole("row").filter({ hasText: order.orderNo })).toHaveCount(1, { timeout: 45_000 });
  await expect(page.getByRole("row").filter({ hasText: order.orderNo })).toContainText("Pending payment");
  await expect(leftMenu.getByLabel("New orders: 1")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Areas" }).getByLabel("New orders: 1")).toBeVisible();
  await expectNoSeriousViolations(page, "order list with a live order");

  // Opening the list from the menu clears the badge.
  await leftMenu
    .getByRole("menuitem", { name: /Orders/ })
    .first()
    .click();
  await expect(leftMenu.getByLabel(/New orders/)).toHaveCount(0);
  await buyer.api.dispose();
});

test("the pushed sales orders screen keeps its filters when left and revisited", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "demo", { open: "/transaction/pushSaleOrderManage" });
  await expect(page.getByRole("heading", { level: 1, name: "Pushed sales orders" })).toBeVisible();
  await expect(page.getByText("No webhook is set: paid orders are not pushed.")).toBeVisible();
  await expectNoSeriousViolations(page, "pushed sales orders");
  await page.getByRole("textbox", { name: "Order number" }).fill("2026");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/orderNo=2026/);

  const leftMenu = page.getByRole("navigation", { name: "Screens of this area" });
  await leftMenu
    .getByRole("menuitem", { name: /Orders/ })
    .first()
    .click();
  // Exactly "Orders": the pushed sales orders' own heading contains the word, and matched at once, so the story went
  // on before it had left the screen.
  await expect(page).toHaveURL(/\/transaction\/orderManage$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orders", exact: true })).toBeVisible();
  await leftMenu.getByRole("menuitem", { name: /Pushed sales orders/ }).click();
  await expect(page).toHaveURL(/\/transaction\/pushSaleOrderManage\?.*orderNo=2026/);
  await expect(page.getByRole("textbox", { name: "Order number" })).toHaveValue("2026");
});
