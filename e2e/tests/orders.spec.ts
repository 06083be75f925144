import { expect, test } from "@playwright/test";
import { choose, demoSkuOnSale, expectNoSeriousViolations, signedInBuyer, signIn } from "./support";

/**
 * Issue 11, the seller's order desk: a buyer places an order through the buyer API (SMS login, an address, submit);
 * the shop's owner finds it in the order list, opens its detail, revises its price before payment; the buyer pays
 * through the sandbox provider's signed notification; the owner ships it with a logistics company and a tracking
 * number, and the detail's timeline shows every step. Axe on each screen.
 */

test("a buyer's order is found, re-priced before payment, paid and shipped with logistics on the order desk", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // An item of Green Valley's on sale with stock, sent by express.
  const sku = await demoSkuOnSale();

  // The buyer: SMS login (the code read from the log provider's outbox), an address, the order.
  const buyer = await signedInBuyer(baseURL ?? "", { prefix: "135", name: "Wang Fang", detail: "90 Wensan Road" });
  const placed = await buyer.call<{ orders: { id: string; orderNo: string; payAmount: number }[] }>("/trading/order/submit", {
    addressId: buyer.addressId,
    items: [{ skuId: sku.id, quantity: 2 }],
  });
  const order = placed.orders[0];
  if (!order) throw new Error("no order placed");

  // The owner finds it in the list (by its number), pending payment, with its actions.
  await signIn(page, "demo", { open: "/transaction/orderManage" });
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^To ship \d+$/ })).toBeVisible();
  await expectNoSeriousViolations(page, "order list");
  await page.getByRole("textbox", { name: "Order number, goods or buyer phone" }).fill(order.orderNo);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row").filter({ hasText: order.orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Pending payment");
  await expect(row.getByRole("button", { name: `Ship: ${order.orderNo}` })).toHaveCount(0);

  // Its detail: lines, amounts, address, the timeline.
  await row.getByRole("button", { name: `Detail: ${order.orderNo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/transaction/orderManage/orderDetailSeller/${order.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.orderNo}` })).toBeVisible();
  await expect(page.getByText(sku.name).first()).toBeVisible();
  await expect(page.getByText("90 Wensan Road")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Where you are" })).toHaveText(/^Orders\s*\/\s*Order detail$/);
  await expectNoSeriousViolations(page, "order detail");

  // The price, before payment: a new total with a reason.
  await page.getByRole("button", { name: "Change price" }).click();
  await expect(page).toHaveURL(new RegExp(`/transaction/orderManage/orderPriceChange/${order.id}$`));
  await expectNoSeriousViolations(page, "order price change");
  const newTotal = Math.max(1, order.payAmount - 100);
  await page.getByRole("textbox", { name: "New amount (yuan)" }).fill((newTotal / 100).toFixed(2));
  await page.getByRole("textbox", { name: "Reason" }).fill("Regular buyer");
  await page.getByRole("button", { name: "Save the new price" }).click();
  await expect(page).toHaveURL(new RegExp(`/orderDetailSeller/${order.id}$`));
  const timeline = page.locator(".ant-timeline");
  await expect(timeline).toContainText("Price revised · Seller");
  await expect(timeline).toContainText("Reason: Regular buyer");

  // The buyer pays what the order now costs, through the sandbox provider's signed notification.
  const pay = await buyer.call<{ amount: number; params: Record<string, unknown> }>("/trading/order/pay", { id: order.id });
  expect(pay.amount).toBe(newTotal);
  const notified = await buyer.api.post("/api/buyer/trading/pay/notify/sandbox", { data: pay.params });
  expect(notified.ok()).toBe(true);

  // Shipped with logistics.
  await page.reload();
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Ship", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/transaction/orderManage/send/${order.id}$`));
  await expect(page.getByRole("spinbutton", { name: `Pieces to ship of ${sku.name}` })).toHaveValue("2");
  await expectNoSeriousViolations(page, "ship order");
  await choose(page, page.getByRole("combobox", { name: "Logistics company" }), "SF Express");
  const tracking = `SF${Date.now()}`;
  await page.getByRole("textbox", { name: "Tracking number" }).fill(tracking);
  await page.getByRole("button", { name: "Ship", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orderDetailSeller/${order.id}$`));
  await expect(page.getByRole("cell", { name: tracking, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "SF Express", exact: true })).toBeVisible();
  await expect(timeline).toContainText(`Shipped · Seller`);
  await expect(timeline).toContainText(`SF Express ${tracking}`);
  await expect(timeline).toContainText("Pending payment → Paid");

  // Back in the list it is shipped, with nothing left to ship.
  await page.goto(`/transaction/orderManage?keyword=${order.orderNo}`);
  await expect(row).toContainText("Shipped");
  await expect(row.getByRole("button", { name: `Ship: ${order.orderNo}` })).toHaveCount(0);
  await buyer.api.dispose();
});
