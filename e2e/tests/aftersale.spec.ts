import { expect, type Page, test } from "@playwright/test";
import { buyerClient, dbNow, expectNoSeriousViolations, lastSmsCode, signIn, sql } from "./support";

/**
 * Issue 12, after-sales: a buyer pays two orders online (the sandbox's signed notification) and applies through the
 * buyer API for a return of one and an exchange of the other. The shop's owner finds the return in the after-sale
 * list, approves it; the buyer ships it back (buyer API); the owner confirms receipt and refunds, then sees every
 * step on the order's timeline. The exchange is rejected with a reason. Axe on the list, the handling screen, the
 * result screen, the reject dialog and the after-sale's order.
 */

/** Confirms the open Popconfirm with its button. */
async function confirm(page: Page, name: string) {
  await page.locator(".ant-popconfirm").getByRole("button", { name }).click();
}

/** A new buyer (SMS login, an address) who places and pays orders of a demo seller's goods through the buyer API. */
async function newBuyer(baseURL: string) {
  const [sku] = await sql(
    `select s.id, s.price, g.name from goods_sku s join goods g on g.id = s.goods_id
       join member m on m.login_name = 'demo' join employee e on e.member_id = m.id and e.is_owner and e.bo_id = g.bo_id
      where g.status = 'on' and g.kind = 'goods' and g.deleted_at is null and s.retired_at is null and s.stock >= 5
      order by g.name limit 1`,
  );
  if (!sku) throw new Error("no demo goods on sale");

  const buyer = await buyerClient(baseURL);
  const phone = `137${String(Date.now() % 100_000_000).padStart(8, "0")}`;
  const since = await dbNow();
  await buyer.call("/basic/member/login/sendLoginCode", { phone });
  await buyer.call("/basic/member/login/smsLogin", { phone, code: await lastSmsCode(phone, since) });
  const address = await buyer.call<{ id: string }>("/trading/address/add", {
    name: "Sun Li",
    phone,
    areaCode: "330106",
    detail: "8 Wensan Road",
    isDefault: true,
  });
  /** A paid order: placed, paid online, the sandbox's notification posted as the provider's server would. */
  const paidOrder = async () => {
    const placed = await buyer.call<{ orders: { id: string; orderNo: string }[] }>("/trading/order/submit", {
      addressId: address.id,
      items: [{ skuId: sku.id, quantity: 1 }],
    });
    const o = placed.orders[0];
    if (!o) throw new Error("no order placed");
    const pay = await buyer.call<{ params: Record<string, unknown> }>("/trading/order/pay", { id: o.id });
    const notified = await buyer.api.post("/api/buyer/trading/pay/notify/sandbox", { data: pay.params });
    expect(notified.ok()).toBe(true);
    const detail = await buyer.call<{ lines: { id: string; amount: number }[] }>("/trading/order/detail", { id: o.id });
    const line = detail.lines[0];
    if (!line) throw new Error("no line");
    return { ...o, lineId: line.id, lineAmount: line.amount };
  };
  return { buyer, paidOrder };
}

test("a return is approved, shipped back, received and refunded, on the order's timeline; an exchange is rejected with a reason", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { buyer, paidOrder } = await newBuyer(baseURL ?? "");
  const returned = await paidOrder();
  const exchanged = await paidOrder();
  const ret = await buyer.call<{ id: string; afterSaleNo: string }>("/trading/afterSale/apply", {
    orderId: returned.id,
    lineId: returned.lineId,
    type: "returnRefund",
    quantity: 1,
    amount: returned.lineAmount,
    reasonCode: "damaged",
    description: "The box arrived crushed",
  });
  const exc = await buyer.call<{ id: string; afterSaleNo: string }>("/trading/afterSale/apply", {
    orderId: exchanged.id,
    lineId: exchanged.lineId,
    type: "exchange",
    quantity: 1,
    amount: 0,
    reasonCode: "wrong",
  });

  // The owner finds the return in the list's "Awaiting decision" tab by its order number.
  await signIn(page, "demo", { open: "/transaction/orderAfterManage?tab=applied" });
  await expect(page.getByRole("heading", { level: 1, name: "After-sales" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("textbox", { name: "Order number" }).fill(returned.orderNo);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row").filter({ hasText: ret.afterSaleNo });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText("Awaiting decision");
  await expectNoSeriousViolations(page, "after-sale list");

  // Approve on the return's handling screen; the result screen follows.
  await row.getByRole("button", { name: `Handle: ${ret.afterSaleNo}` }).click();
  await expect(page).toHaveURL(/\/transaction\/orderAfterManage\/orderReturn\?id=/);
  await expect(page.getByRole("heading", { level: 1, name: `Return application ${ret.afterSaleNo}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("The box arrived crushed")).toBeVisible();
  await expectNoSeriousViolations(page, "after-sale handling screen");
  await page.getByRole("button", { name: "Approve" }).click();
  await confirm(page, "Approve");
  await expect(page).toHaveURL(/\/orderReturnResult\?id=.*&action=approve/);
  await expect(page.getByText(`After-sale ${ret.afterSaleNo} is approved`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Approved: waiting for the buyer to ship the goods back.")).toBeVisible();
  await expectNoSeriousViolations(page, "after-sale result screen");

  // The buyer ships it back; the owner confirms receipt, then refunds.
  await buyer.call("/trading/afterSale/shipBack", { id: ret.id, expressCode: "SF", trackingNo: "SF7788990011" });
  await page.getByRole("button", { name: "Open the application" }).click();
  await expect(page.getByRole("button", { name: "Confirm receipt" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("SF Express SF7788990011").first()).toBeVisible();
  await page.getByRole("button", { name: "Confirm receipt" }).click();
  await confirm(page, "Confirm receipt");
  await expect(page.getByText(`The return of ${ret.afterSaleNo} is received`)).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Open the application" }).click();
  await page.getByRole("button", { name: "Refund" }).click();
  await confirm(page, "Refund");
  await expect(page.getByText(`After-sale ${ret.afterSaleNo} is refunded`)).toBeVisible({ timeout: 30_000 });
  const [order] = await sql("select refunded_amount, pay_amount from order_info where id = $1", [returned.id]);
  expect(Number(order?.refunded_amount)).toBe(returned.lineAmount);

  // The order's timeline shows every step.
  await page.getByRole("button", { name: "View the order" }).click();
  await expect(page).toHaveURL(/\/transaction\/orderAfterManage\/orderDetailSeller\//);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${returned.orderNo} (after-sales)` })).toBeVisible({ timeout: 30_000 });
  for (const step of [
    "After-sale applied for",
    "After-sale approved",
    "After-sale goods shipped back",
    "After-sale return received",
    "After-sale refunded",
  ])
    await expect(page.getByText(new RegExp(`^${step} · `))).toBeVisible();
  await expectNoSeriousViolations(page, "after-sale order");

  // The exchange is rejected with a reason, which the buyer then reads.
  await page.goto(`/transaction/orderAfterManage/orderBarter?id=${exc.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Exchange application ${exc.afterSaleNo}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("dialog", { name: `Reject after-sale ${exc.afterSaleNo}` });
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByText("Reason is required")).toBeVisible();
  await expectNoSeriousViolations(page, "after-sale reject dialog");
  await dialog.getByRole("textbox", { name: "Reason" }).fill("The seal was opened");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(page).toHaveURL(/\/orderBarterResult\?id=.*&action=reject/);
  await expect(page.getByText(`After-sale ${exc.afterSaleNo} is rejected`)).toBeVisible({ timeout: 30_000 });
  const seen = await buyer.call<{ state: string; rejectReason: string }>("/trading/afterSale/selDetail", { id: exc.id });
  expect(seen).toMatchObject({ state: "rejected", rejectReason: "The seal was opened" });
  await buyer.api.dispose();
});

test("a buyer's new after-sale application reaches the open back office live: the After-sales menu is badged", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { buyer, paidOrder } = await newBuyer(baseURL ?? "");
  const order = await paidOrder();
  // The owner has the order list open; the stream is open before the buyer applies.
  await signIn(page, "demo", { open: "/transaction/orderManage" });
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible({ timeout: 30_000 });
  const leftMenu = page.getByRole("navigation", { name: "Screens of this area" });
  await expect(leftMenu.getByRole("menuitem", { name: /After-sales/ })).toBeVisible();
  await page.waitForTimeout(1500);
  const applied = await buyer.call<{ afterSaleNo: string }>("/trading/afterSale/apply", {
    orderId: order.id,
    lineId: order.lineId,
    type: "refundOnly",
    quantity: 1,
    amount: 1,
    reasonCode: "missing",
  });
  await expect(leftMenu.getByLabel("New after-sale applications: 1")).toBeVisible({ timeout: 45_000 });
  await expectNoSeriousViolations(page, "order list with a live after-sale");
  // Opening the after-sale list clears the badge and shows the application.
  await leftMenu.getByRole("menuitem", { name: /After-sales/ }).click();
  await expect(page).toHaveURL(/\/transaction\/orderAfterManage$/);
  await expect(leftMenu.getByLabel(/New after-sale applications/)).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: applied.afterSaleNo })).toHaveCount(1, { timeout: 30_000 });
  await buyer.api.dispose();
});
