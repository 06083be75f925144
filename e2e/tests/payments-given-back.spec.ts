import { expect, test } from "@playwright/test";
import { demoSkuOnSale, expectNoSeriousViolations, signedInBuyer, signIn, sql } from "./support";

/**
 * Issue 22, finding 2: a buyer charged twice for one order gets the second payment back. The buyer starts two online
 * payments of one order and both succeed at the sandbox provider; the order takes the first, and the second is given
 * back at once. The owner sees it on the order (English) and in finance's list of payments given back (Chinese), never
 * as income.
 */
test("a payment an order cannot take is given back to the buyer, on the order and in finance", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const sku = await demoSkuOnSale();
  const buyer = await signedInBuyer(baseURL ?? "", { prefix: "137", name: "Qian Li", detail: "2 Twice Lane" });
  const placed = await buyer.call<{ orders: { id: string; orderNo: string; payAmount: number }[] }>("/trading/order/submit", {
    addressId: buyer.addressId,
    items: [{ skuId: sku.id, quantity: 1 }],
  });
  const order = placed.orders[0];
  if (!order) throw new Error("no order placed");

  // Two payments started (two taps, two devices), and both paid.
  const first = await buyer.call<{ params: Record<string, unknown> }>("/trading/order/pay", { id: order.id });
  const second = await buyer.call<{ params: Record<string, unknown> }>("/trading/order/pay", { id: order.id });
  for (const pay of [first, second]) {
    expect((await buyer.api.post("/api/buyer/trading/pay/notify/sandbox", { data: pay.params })).ok()).toBe(true);
  }
  // The provider repeats its notification: still one refund.
  expect((await buyer.api.post("/api/buyer/trading/pay/notify/sandbox", { data: second.params })).ok()).toBe(true);
  const refunds = await sql("select status, amount from payment_refund where order_id = $1", [order.id]);
  expect(refunds).toEqual([{ status: "refunded", amount: String(order.payAmount) }]);

  // On the order: both payments, the second given back.
  await signIn(page, "demo", { open: `/transaction/orderManage/orderDetailSeller/${order.id}` });
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.orderNo}` })).toBeVisible();
  const payments = page.locator(".ant-card").filter({ has: page.getByText("Payments and refunds", { exact: true }) });
  await expect(payments).toBeVisible();
  await expect(payments.getByRole("row")).toHaveCount(3);
  await expect(payments).toContainText("Paid twice");
  await expect(payments).toContainText("Refunded");
  await expectNoSeriousViolations(page, "order detail with a payment given back");

  // In finance, in Chinese: the list of payments given back holds this order, refunded.
  await page.evaluate(() => localStorage.setItem("sbo:lang", "zh"));
  await page.goto("/transaction/finance/index");
  const givenBack = page.getByRole("region", { name: "退还买家的付款" });
  await expect(givenBack).toBeVisible({ timeout: 30_000 });
  const row = givenBack.getByRole("row").filter({ hasText: order.orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("重复付款");
  await expect(row).toContainText("已退款");
  await expectNoSeriousViolations(page, "finance home with payments given back");
  await buyer.api.dispose();
});
