import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { choose, expectNoSeriousViolations, signedInBuyer, signIn, sql } from "./support";

/**
 * Issue 25 §1, a phone is a real workplace: at 390 × 844, in English and in Chinese, the shop's day on a phone — the
 * navigation drawer (labelled, every area and screen), an order found by its number in the list's cards, its detail
 * with the address, shipping it, an after-sale approved from the after-sales list, a pickup code handed over — and
 * no page ever wider than the screen. At 360 px a handful of screens do not scroll sideways either. Screenshots of
 * each step go to SHOTS_DIR (default e2e/test-results/shots) as phone-*.png.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, reducedMotion: "reduce" });

/** Where the screenshots go: SHOTS_DIR, else beside the run's other results. */
const SHOTS = process.env.SHOTS_DIR ?? new URL("../test-results/shots/", import.meta.url).pathname;
const SIGN_TOKEN = process.env.E2E_SIGN_TOKEN ?? "seller-web";

const words = {
  en: {
    menu: "Menu",
    allMenus: "Every area and screen",
    ordersArea: "Orders",
    orders: "Orders",
    afterSales: "After-sales",
    pickup: "Self-pickup",
    keyword: "Order number, goods or buyer phone",
    search: "Search",
    detail: "Detail",
    orderTitle: (no: string) => `Order ${no}`,
    ship: "Ship",
    express: "Logistics company",
    sf: "SF Express",
    tracking: "Tracking number",
    shipped: "Shipped · Seller",
    afterSaleNo: "Order number",
    handle: "Handle",
    approve: "Approve",
    approved: (no: string) => `After-sale ${no} is approved`,
    code: "Pickup code",
    handOver: "Hand over",
    handedOver: (no: string) => `Order ${no} handed over`,
  },
  zh: {
    menu: "菜单",
    allMenus: "全部模块和页面",
    ordersArea: "订单",
    orders: "订单管理",
    afterSales: "售后管理",
    pickup: "自提管理",
    keyword: "订单号、商品或买家手机",
    search: "查询",
    detail: "详情",
    orderTitle: (no: string) => `订单 ${no}`,
    ship: "发货",
    express: "物流公司",
    sf: "顺丰速运",
    tracking: "运单号",
    shipped: "发货 · 卖家",
    afterSaleNo: "订单号",
    handle: "处理",
    approve: "同意",
    approved: (no: string) => `售后单 ${no} 已同意`,
    code: "提货码",
    handOver: "核销",
    handedOver: (no: string) => `订单 ${no} 已核销提货`,
  },
} as const;
type Lang = keyof typeof words;

/** A button's words: antd puts a space between two Chinese characters on a button ("发 货"). */
const named = (text: string) => new RegExp(`^${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s?")}$`);

/** The page is no wider than the window: nothing scrolls sideways (a table inside a card may; the page may not). */
async function expectFits(page: Page, what: string, width = PHONE.width) {
  await page.waitForLoadState("domcontentloaded");
  const wide = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    // Whatever sticks out of the window, to name it when it fails.
    out: Array.from(document.querySelectorAll("body *"))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > window.innerWidth + 1 && getComputedStyle(el).position !== "fixed";
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
  }));
  expect(Math.max(wide.doc, wide.body), `${what}: the page fits ${width} px (${wide.out.join(", ")})`).toBeLessThanOrEqual(width);
}

async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  // Not while a list is still loading (its rows faded under the spinner).
  await expect(page.locator("#main :is(.list-cards, .ant-table-wrapper) .ant-spin-spinning")).toHaveCount(0, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/phone-${name}.png`, fullPage });
}

/** Open the drawer with its button and go to `screen` under `area`; the drawer closes. */
async function go(page: Page, w: (typeof words)[Lang], area: string, screen: string, shotName?: string) {
  const button = page.getByRole("button", { name: w.menu, exact: true });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const nav = page.getByRole("navigation", { name: w.allMenus });
  await expect(nav).toBeVisible();
  const group = nav
    .locator("li.ant-menu-submenu")
    .filter({ has: page.locator(".ant-menu-submenu-title", { hasText: new RegExp(`^${area}`) }) });
  if (!(await group.evaluate((el) => el.classList.contains("ant-menu-submenu-open"))))
    await group.locator(".ant-menu-submenu-title").click();
  // By its words (the accessible name starts with the icon's).
  const item = group.locator(".ant-menu-sub .ant-menu-item").filter({ hasText: new RegExp(`^${screen}(\\s|$)`) });
  await expect(item).toBeVisible();
  if (shotName) {
    await shot(page, shotName);
    await expectNoSeriousViolations(page, `the navigation drawer (${shotName})`);
  }
  await item.click();
  await expect(nav).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
}

/** A seller call from the signed-in page (its cookies), as the web makes it. */
async function sellerCall<T>(page: Page, path: string, input: object): Promise<T> {
  const res = await page.request.post(`/api/seller${path}`, { headers: { "sign-token": SIGN_TOKEN }, data: { ...input, systemId: 71 } });
  const body = (await res.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe("0");
  return body.data;
}

/** An item of the demo owner's on sale with stock that goes by `mode`, and its organisation. */
async function demoGoods(mode: "express" | "selfPickup") {
  const [sku] = await sql(
    `select s.id, g.name, g.bo_id from goods_sku s join goods g on g.id = s.goods_id
       join member m on m.login_name = 'demo' join employee e on e.member_id = m.id and e.is_owner and e.bo_id = g.bo_id
      where g.status = 'on' and g.kind = 'goods' and g.deleted_at is null and s.retired_at is null and s.stock >= 10
        and g.logistics ? $1 order by g.name limit 1`,
    [mode],
  );
  if (!sku) throw new Error(`no demo goods on sale by ${mode}`);
  return sku as { id: string; name: string; bo_id: string };
}

/** What the clerk works on: an order to ship, a paid order with a return applied for, a pickup order and its code. */
async function dayOfWork(page: Page, baseURL: string, detail: string) {
  const express = await demoGoods("express");
  const pickupSku = await demoGoods("selfPickup");
  const point = await sellerCall<{ id: string }>(page, "/trading/extract/addPickupPoint", {
    contactName: "Chen",
    phone: "13812345678",
    provinceCode: "330000",
    cityCode: "330100",
    districtCode: "330106",
    detail: `Stall ${Date.now() % 100_000}, Fresh Market`,
    openTime: "08:00",
    closeTime: "20:00",
  });
  const buyer = await signedInBuyer(baseURL, { prefix: "134", name: "Sun Li", detail });
  const paid = async (skuId: string, delivery?: object) => {
    const placed = await buyer.call<{ orders: { id: string; orderNo: string }[] }>("/trading/order/submit", {
      addressId: buyer.addressId,
      items: [{ skuId, quantity: 1 }],
      ...(delivery ? { deliveries: delivery } : {}),
    });
    const o = placed.orders[0];
    if (!o) throw new Error("no order placed");
    const pay = await buyer.call<{ params: Record<string, unknown> }>("/trading/order/pay", { id: o.id });
    expect((await buyer.api.post("/api/buyer/trading/pay/notify/sandbox", { data: pay.params })).ok()).toBe(true);
    return o;
  };
  const toShip = await paid(express.id);
  const returned = await paid(express.id);
  const line = (await buyer.call<{ lines: { id: string; amount: number }[] }>("/trading/order/detail", { id: returned.id })).lines[0];
  if (!line) throw new Error("no line");
  const afterSale = await buyer.call<{ id: string; afterSaleNo: string }>("/trading/afterSale/apply", {
    orderId: returned.id,
    lineId: line.id,
    type: "returnRefund",
    quantity: 1,
    amount: line.amount,
    reasonCode: "damaged",
    description: "The box arrived crushed",
  });
  const pickup = await paid(pickupSku.id, { [pickupSku.bo_id]: { mode: "pickup", pickupPointId: point.id } });
  const code = (await buyer.call<{ delivery: { pickupCode: string | null } }>("/trading/order/detail", { id: pickup.id })).delivery
    .pickupCode;
  expect(code).toMatch(/^\d{8}$/);
  await buyer.api.dispose();
  return { toShip, returned, afterSale, pickup, code: code ?? "" };
}

for (const lang of ["en", "zh"] as const) {
  test(`a clerk's day on a 390 px phone: drawer, order found in cards, address, shipped, after-sale approved, pickup code (${lang})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const w = words[lang];
    await signIn(page, "demo");
    const address = `${lang === "zh" ? "文三路" : "Wensan Road"} ${Date.now() % 100_000}`;
    const work = await dayOfWork(page, baseURL ?? "", address);
    if (lang === "zh") {
      await page.evaluate(() => localStorage.setItem("sbo:lang", "zh"));
      await page.reload();
    }

    // Home: no top or left menu squeezed in, no unlabelled collapse tab; one labelled menu button.
    await expect(page.getByRole("button", { name: w.menu, exact: true })).toBeVisible();
    await expect(page.locator(".app-top-nav")).toBeHidden();
    await expect(page.locator(".ant-layout-sider-zero-width-trigger")).toHaveCount(0);
    await expectFits(page, `${lang} home`);

    // The drawer: every area, the screens under each; it takes us to the order list.
    await go(page, w, w.ordersArea, w.orders, `drawer-${lang}`);
    await expect(page).toHaveURL(/\/transaction\/orderManage$/);
    const cards = page.getByRole("list", { name: w.orders === "订单管理" ? "订单管理" : "Orders" });
    await expect(cards.getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("#main .ant-table")).toHaveCount(0);
    await expectFits(page, `${lang} order list`);
    await shot(page, `orders-${lang}`);
    await expectNoSeriousViolations(page, `${lang} order list as cards`);

    // The order found by its number: one card, the number whole, its actions as buttons.
    await page.getByRole("textbox", { name: w.keyword }).fill(work.toShip.orderNo);
    await page.getByRole("button", { name: named(w.search) }).click();
    const card = page.locator(".list-card").filter({ hasText: work.toShip.orderNo });
    await expect(card).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator(".list-card")).toHaveCount(1);
    const number = card.getByRole("link", { name: work.toShip.orderNo, exact: true });
    await expect(number).toBeVisible();
    const box = await number.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${lang}: the order number is inside the screen`).toBe(true);
    expect(await number.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${lang}: the order number is not cut`).toBe(true);
    await expectFits(page, `${lang} order found`);

    // Its detail: the address; then shipping it.
    await card.getByRole("button", { name: `${w.detail}: ${work.toShip.orderNo}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: w.orderTitle(work.toShip.orderNo) })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(address).first()).toBeVisible();
    await expectFits(page, `${lang} order detail`);
    await shot(page, `order-detail-${lang}`, true);
    await page.getByRole("button", { name: named(w.ship) }).click();
    await expect(page).toHaveURL(new RegExp(`/transaction/orderManage/send/${work.toShip.id}$`));
    await expect(page.getByRole("combobox", { name: w.express })).toBeVisible({ timeout: 30_000 });
    await expectFits(page, `${lang} ship page`);
    await shot(page, `ship-${lang}`, true);
    await choose(page, page.getByRole("combobox", { name: w.express }), w.sf);
    const tracking = `SF${Date.now()}`;
    await page.getByRole("textbox", { name: w.tracking }).fill(tracking);
    await expectFits(page, `${lang} ship page filled in`);
    await page.getByRole("button", { name: named(w.ship) }).click();
    await expect(page).toHaveURL(new RegExp(`/orderDetailSeller/${work.toShip.id}$`), { timeout: 30_000 });
    await expect(page.locator(".ant-timeline")).toContainText(w.shipped);
    await expectFits(page, `${lang} shipped order`);

    // An after-sale approved, found in the after-sales list's cards.
    await go(page, w, w.ordersArea, w.afterSales);
    await expect(page).toHaveURL(/\/transaction\/orderAfterManage/);
    await page.getByRole("textbox", { name: w.afterSaleNo, exact: true }).fill(work.returned.orderNo);
    await page.getByRole("button", { name: named(w.search) }).click();
    const afterSale = page.locator(".list-card").filter({ hasText: work.afterSale.afterSaleNo });
    await expect(afterSale).toHaveCount(1, { timeout: 30_000 });
    await expectFits(page, `${lang} after-sales list`);
    await shot(page, `after-sales-${lang}`);
    await afterSale.getByRole("button", { name: `${w.handle}: ${work.afterSale.afterSaleNo}` }).click();
    await page.getByRole("button", { name: named(w.approve) }).click();
    await expectFits(page, `${lang} after-sale handling`);
    await page
      .locator(".ant-popconfirm")
      .getByRole("button", { name: named(w.approve) })
      .click();
    await expect(page.getByText(w.approved(work.afterSale.afterSaleNo))).toBeVisible({ timeout: 30_000 });
    await expectFits(page, `${lang} after-sale approved`);

    // A pickup code handed over on the self-pickup screen.
    await go(page, w, w.ordersArea, w.pickup);
    await expect(page).toHaveURL(/\/transaction\/extractManage$/);
    await page.getByRole("textbox", { name: w.code }).fill(work.code);
    await expectFits(page, `${lang} self-pickup`);
    await shot(page, `pickup-${lang}`);
    await page.getByRole("button", { name: named(w.handOver) }).click();
    await expect(page.getByText(w.handedOver(work.pickup.orderNo))).toBeVisible({ timeout: 30_000 });
    await expectFits(page, `${lang} pickup handed over`);
  });
}

test("at 360 px no screen of the day scrolls sideways: home, orders, goods, after-sales, a form, a dialog", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, "demo");
  const screens = [
    ["/transaction/index", "home"],
    ["/transaction/orderManage", "orders"],
    ["/transaction/goodsManage", "goods"],
    ["/transaction/orderAfterManage", "after-sales"],
    ["/transaction/shopSetting", "shop settings (a form)"],
    ["/transaction/goodsManage/publishGoods", "new goods (a form)"],
  ] as const;
  for (const [path, what] of screens) {
    await page.goto(path);
    await expect(page.locator("#main h1").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("#main .ant-spin-spinning")).toHaveCount(0, { timeout: 30_000 });
    await expectFits(page, what, 360);
  }
  // The goods list is cards too.
  await page.goto("/transaction/goodsManage");
  await expect(page.locator(".list-card").first()).toBeVisible({ timeout: 30_000 });
  await shot(page, "goods-360");
  // A dialog takes the whole screen: an order's remark.
  await page.goto("/transaction/orderManage");
  await page
    .locator(".list-card")
    .first()
    .getByRole("button", { name: /^Remark: / })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const box = await dialog.locator("xpath=ancestor-or-self::*[contains(concat(' ', @class, ' '), ' ant-modal ')][1]").boundingBox();
  expect(box && Math.round(box.x) === 0 && Math.round(box.width) === 360, "the dialog takes the screen's width").toBe(true);
  await expectFits(page, "remark dialog", 360);
  await shot(page, "dialog-360");
  await page.keyboard.press("Escape");
  // So does a form drawer: a new pickup point.
  await page.goto("/transaction/extractManage?tab=points");
  await page.getByRole("button", { name: "Add a pickup point" }).first().click();
  const drawer = page.locator(".ant-drawer-content-wrapper");
  await expect(drawer).toBeVisible();
  const drawerBox = await drawer.boundingBox();
  expect(drawerBox && Math.round(drawerBox.x) === 0 && Math.round(drawerBox.width) === 360, "the drawer takes the screen's width").toBe(
    true,
  );
  await expectFits(page, "pickup point drawer", 360);
  await shot(page, "form-drawer-360");
});

test.describe("printing", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("Ctrl+P on a screen prints its content, not the header, menus, filters or buttons", async ({ page }) => {
    await signIn(page, "demo", { open: "/transaction/orderManage" });
    await expect(page.locator("#main .ant-table-tbody tr.ant-table-row").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(".app-header")).toBeVisible();
    await page.emulateMedia({ media: "print" });
    for (const chrome of [".app-header", ".app-sider", ".app-footer", ".list-query-form", ".list-toolbar", ".ant-pagination"])
      await expect(page.locator(chrome).first(), `${chrome} is left off paper`).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expect(page.locator("#main .ant-table-tbody tr.ant-table-row").first()).toBeVisible();
    await expect(page.locator("#main td.row-actions-cell").first()).toBeHidden();
    // The content starts at the paper's edge: no room kept for the left menu.
    const main = await page.locator("#main").boundingBox();
    expect(main?.x).toBe(0);
    await shot(page, "print-orders", true);
  });
});
