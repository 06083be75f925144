import { expect, test } from "@playwright/test";
import { demoSkuOnSale, expectNoSeriousViolations, signedInBuyer, signIn } from "./support";

/**
 * Issue 11, live arrival: the shop's owner has the order list open; a buyer places an order through the buyer API; the
 * order appears in the open list without a reload and the Orders menu carries a badge; opening the list again clears
 * it. The pushed sales orders screen keeps its filters when left and revisited.
 */

test("a buyer's order appears live in the open order list, with a badge on the Orders menu", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const sku = await demoSkuOnSale();
  const buyer = await signedInBuyer(baseURL ?? "", { prefix: "136", name: "Zhou Min", detail: "200 Wensan Road" });

  // The owner has the order list open.
  await signIn(page, "demo", { open: "/transaction/orderManage" });
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New order sound" })).toBeVisible();
  const leftMenu = page.getByRole("navigation", { name: "Screens of this area" });
  await expect(leftMenu.getByRole("menuitem", { name: /Orders/ }).first()).toBeVisible();
  // The stream is open before the buyer orders (a fresh stream tells what happens from then on).
  await page.waitForTimeout(1500);

  const placed = await buyer.call<{ orders: { id: string; orderNo: string }[] }>("/trading/order/submit", {
    addressId: buyer.addressId,
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
