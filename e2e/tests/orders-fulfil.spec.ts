import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { dbNow, expectNoSeriousViolations, lastSmsCode, signIn, sql } from "./support";

/**
 * Issue 11, the other fulfilment paths: a buyer picks up at the shop's pickup point (no freight), pays, and the owner
 * hands the order over on /transaction/extractManage with the buyer's code; and the owner ships orders from a sheet on
 * the order list — a dry run that says what each row would do, then shipping the valid rows in one go. Axe on each.
 */

const SIGN_TOKEN = process.env.E2E_SIGN_TOKEN ?? "seller-web";

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

/** A buyer logged in by SMS with an address (its own cookie jar), calling the buyer API. */
async function newBuyer(baseURL: string) {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const call = async <T>(path: string, input: object): Promise<T> => {
    const res = await api.post(`/api/buyer${path}`, { headers: { "sign-token": SIGN_TOKEN }, data: { ...input, systemId: 71 } });
    const body = (await res.json()) as Envelope<T>;
    expect(body.code, `${path}: ${body.msg}`).toBe("0");
    return body.data;
  };
  const phone = `136${String(Date.now() % 100_000_000).padStart(8, "0")}`;
  const since = await dbNow();
  await call("/basic/member/login/sendLoginCode", { phone });
  await call("/basic/member/login/smsLogin", { phone, code: await lastSmsCode(phone, since) });
  const address = await call<{ id: string }>("/trading/address/add", {
    name: "Zhao Lei",
    phone,
    areaCode: "330106",
    detail: "12 Tianmushan Road",
    isDefault: true,
  });
  const pay = async (id: string) => {
    const started = await call<{ params: Record<string, unknown> }>("/trading/order/pay", { id });
    expect((await api.post("/api/buyer/trading/pay/notify/sandbox", { data: started.params })).ok()).toBe(true);
  };
  return { api, call, addressId: address.id, pay };
}

/** An item of the demo owner's shop on sale with stock, and the shop's organisation. */
async function demoGoods(mode: "express" | "selfPickup" = "express") {
  const [sku] = await sql(
    `select s.id, g.name, g.bo_id from goods_sku s join goods g on g.id = s.goods_id
       join member m on m.login_name = 'demo' join employee e on e.member_id = m.id and e.is_owner and e.bo_id = g.bo_id
      where g.status = 'on' and g.kind = 'goods' and g.deleted_at is null and s.retired_at is null and s.stock >= 10
        and g.logistics ? $1 order by g.name limit 1`,
    [mode],
  );
  if (!sku) throw new Error("no demo goods on sale");
  return sku as { id: string; name: string; bo_id: string };
}

/** A seller call from the signed-in page (its cookies), as the web makes it. */
async function sellerCall<T>(page: Page, path: string, input: object): Promise<T> {
  const res = await page.request.post(`/api/seller${path}`, { headers: { "sign-token": SIGN_TOKEN }, data: { ...input, systemId: 71 } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe("0");
  return body.data;
}

test("a pickup order is paid without freight and handed over with the buyer's code", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const sku = await demoGoods("selfPickup");
  await signIn(page, "demo");
  const detail = `Stall ${Date.now() % 100_000}, Fresh Market`;
  const point = await sellerCall<{ id: string }>(page, "/trading/extract/addPickupPoint", {
    contactName: "Chen",
    phone: "13812345678",
    provinceCode: "330000",
    cityCode: "330100",
    districtCode: "330106",
    detail,
    openTime: "08:00",
    closeTime: "20:00",
  });

  const buyer = await newBuyer(baseURL ?? "");
  const placed = await buyer.call<{ orders: { id: string; orderNo: string }[] }>("/trading/order/submit", {
    addressId: buyer.addressId,
    items: [{ skuId: sku.id, quantity: 1 }],
    deliveries: { [sku.bo_id]: { mode: "pickup", pickupPointId: point.id } },
  });
  const order = placed.orders[0];
  if (!order) throw new Error("no order placed");
  await buyer.pay(order.id);
  const mine = await buyer.call<{ freightAmount: number; delivery: { pickupCode: string | null } }>("/trading/order/detail", {
    id: order.id,
  });
  expect(mine.freightAmount).toBe(0);
  const code = mine.delivery.pickupCode;
  expect(code).toMatch(/^\d{8}$/);

  // Awaiting pickup on the self-pickup screen.
  await page.goto("/transaction/extractManage");
  await expect(page.getByRole("heading", { level: 1, name: "Self-pickup" })).toBeVisible();
  await page.getByRole("textbox", { name: "Order number or buyer phone" }).fill(order.orderNo);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row").filter({ hasText: order.orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(detail);
  await expectNoSeriousViolations(page, "self-pickup: awaiting");

  // The buyer's code hands it over; it leaves the list; the detail's timeline says so.
  await page.getByRole("textbox", { name: "Pickup code" }).fill(code ?? "");
  await page.getByRole("button", { name: "Hand over" }).click();
  await expect(page.getByText(`Order ${order.orderNo} handed over`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole("tab", { name: "Pickup points" }).click();
  await expect(page.getByRole("row").filter({ hasText: detail })).toHaveCount(1);
  await expectNoSeriousViolations(page, "self-pickup: points");

  await page.goto(`/transaction/orderManage/orderDetailSeller/${order.id}`);
  await expect(page.locator(".ant-timeline")).toContainText("Picked up · Seller");
  await expect(page.locator(".ant-timeline")).toContainText("Paid → Completed");
  await buyer.api.dispose();
});

test("orders are shipped from a sheet: checked row by row first, then the valid rows shipped in one go", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const sku = await demoGoods();
  const buyer = await newBuyer(baseURL ?? "");
  const orders: { id: string; orderNo: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const placed = await buyer.call<{ orders: { id: string; orderNo: string }[] }>("/trading/order/submit", {
      addressId: buyer.addressId,
      items: [{ skuId: sku.id, quantity: 1 }],
    });
    const o = placed.orders[0];
    if (!o) throw new Error("no order placed");
    await buyer.pay(o.id);
    orders.push(o);
  }
  const [a, b] = orders as [{ id: string; orderNo: string }, { id: string; orderNo: string }];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Ship");
  ws.addRow(["Order number*", "Logistics company*", "Tracking number*"]);
  ws.addRow([a.orderNo, "SF Express", `SF${Date.now()}`]);
  ws.addRow([b.orderNo, "SF", `SF${Date.now() + 1}`]);
  ws.addRow(["20990101000000999999", "SF", "SF1"]);
  const file = Buffer.from(await wb.xlsx.writeBuffer());

  await signIn(page, "demo", { open: "/transaction/orderManage" });
  await page.getByRole("button", { name: "Batch ship" }).click();
  const dialog = page.getByRole("dialog", { name: "Batch ship from a sheet" });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "ship.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: file,
  });
  await dialog.getByRole("button", { name: "Check the sheet" }).click();
  const report = dialog.getByRole("table", { name: "What each row does" });
  await expect(report.getByRole("row").filter({ hasText: a.orderNo })).toContainText("Will ship");
  await expect(report.getByRole("row").filter({ hasText: b.orderNo })).toContainText("Will ship");
  await expect(report.getByRole("row").filter({ hasText: "20990101000000999999" })).toContainText(
    "Order number: no order of this shop has this number",
  );
  await expectNoSeriousViolations(page, "batch ship report");
  // The dry run shipped nothing.
  const statuses = async () =>
    (await sql("select status from order_info where id = any($1) order by id", [[a.id, b.id]])).map(
      (r) => (r as { status: string }).status,
    );
  expect(await statuses()).toEqual(["paid", "paid"]);

  await dialog.getByRole("button", { name: "Ship 2 orders" }).click();
  await expect(page.getByText("Shipped 2 orders")).toBeVisible();
  await expect(report.getByRole("row").filter({ hasText: a.orderNo })).toContainText("Shipped");
  expect(await statuses()).toEqual(["shipped", "shipped"]);
  await dialog.getByRole("button", { name: "OK" }).click();
  await buyer.api.dispose();
});
