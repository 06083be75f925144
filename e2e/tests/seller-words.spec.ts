import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { createSeller, expectNoSeriousViolations, pickArea, signIn, sql } from "./support";

/**
 * Issue 25 §5, "right words and right numbers", in English and in Chinese: a refusal names its field in the seller's
 * words (never the contract key "images"); the area picker and bank names are in the UI language; the card pool's
 * row changes after an export without a reload; and, as cheap checks of what was done before, an invoice follows
 * refunds, counts are plural only when they should be, the home has no weather card without a weather service, and the
 * dashboard's chart has its words. Screenshots go to SHOTS_DIR (default /work/notes/shots) as words-*.png.
 */

const SIGN_TOKEN = process.env.E2E_SIGN_TOKEN ?? "seller-web";
const SHOTS = process.env.SHOTS_DIR ?? "/work/notes/shots";

/** Opens a screen inside the running app (the router's own navigation), keeping what the app has cached. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/words-${name}.png` });
}

/** A seller call as the web makes it, with the page's cookies; expects success and answers the data. */
async function sellerCall<T>(page: Page, path: string, input: object): Promise<T> {
  const answer = await page.context().request.post(path, { headers: { "sign-token": SIGN_TOKEN }, data: { ...input, systemId: 71 } });
  const body = (await answer.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe("0");
  return body.data;
}

const words = {
  en: {
    putOn: "Put on shelf",
    notReady: (name: string) => `"${name}" cannot go on shelf yet: Images is missing or incomplete; edit and publish it first`,
    addresses: "Addresses",
    addShipping: "Add a shipping address",
    area: "Area",
    areaPath: ["Zhejiang", "Hangzhou", "Xihu District"],
    otherProvince: "浙江省",
    bank: "Bank",
    activeBank: "Industrial and Commercial Bank of China",
    otherBank: "中国工商银行",
    findBank: "招商",
    foundBank: "China Merchants Bank",
    exportCards: "Export cards",
    notExported: "Not yet",
    chart: /^Line chart/,
    refunded: /has been refunded: the invoice is for/,
    owner: "demo",
    approveRefund: "Approve and refund",
    paidLabel: "Paid",
  },
  zh: {
    putOn: "上架",
    notReady: (name: string) => `“${name}”还不能上架：商品图片缺失或不完整，请先编辑并发布`,
    addresses: "地址管理",
    addShipping: "新增发货地址",
    area: "所在地区",
    areaPath: ["浙江省", "杭州市", "西湖区"],
    otherProvince: "Zhejiang",
    bank: "开户银行",
    activeBank: "中国工商银行",
    otherBank: "Industrial and Commercial Bank of China",
    findBank: "merchants",
    foundBank: "招商银行",
    exportCards: "导出卡密",
    notExported: "未导出",
    chart: /折线图/,
    refunded: /开票金额为实付减退款/,
    owner: "demo2",
    approveRefund: "同意并退款",
    paidLabel: "实付金额",
  },
} as const;

for (const lang of ["en", "zh"] as const) {
  const w = words[lang];

  test.describe(`in ${lang === "en" ? "English" : "Chinese"}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem("sbo:lang", l), lang);
    });

    test("a draft refused the shelf names its images in seller words; the area picker names areas in the UI language", async ({ page }) => {
      test.setTimeout(180_000);
      const seller = await createSeller(`words-${lang}`);
      await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/goodsManage" });
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "zh" ? "zh-CN" : "en");

      // A draft with its category and unit but no image: putting it on shelf is refused for the images.
      const name = `Words draft ${lang} ${Date.now().toString(36)}`;
      await sellerCall(page, "/api/seller/trading/goods/manage/publishGoods/v2", {
        name,
        draft: true,
        categoryId: "C0101",
        unitId: "kg",
        skus: [{ specValues: [], price: 0 }],
      });
      await page.reload();
      const row = page.getByRole("row").filter({ hasText: name });
      await row.getByRole("button", { name: `${w.putOn}: ${name}` }).click();
      const notice = page.getByRole("dialog").filter({ hasText: w.notReady(name) });
      await expect(notice).toBeVisible();
      await expect(notice).not.toContainText("images");
      await shot(page, `refusal-${lang}`);
      await notice.getByRole("button").last().click();
      await expect(notice).toBeHidden();

      // The area picker of a shipping address: the UI language's names only, and a path picked by them.
      await page.goto("/transaction/shopSetting");
      await page.getByRole("tab", { name: w.addresses }).click();
      await page
        .getByRole("button", { name: new RegExp(w.addShipping) })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: w.addShipping });
      await dialog.getByRole("combobox", { name: w.area }).click();
      const menu = page.locator(".ant-cascader-dropdown:not(.ant-cascader-dropdown-hidden)");
      await expect(menu.locator(`.ant-cascader-menu-item[title="${w.areaPath[0]}"]`)).toBeVisible();
      await expect(menu.locator(`.ant-cascader-menu-item[title="${w.otherProvince}"]`)).toHaveCount(0);
      await pickArea(page, [...w.areaPath]);
      await expect(dialog.getByTitle(w.areaPath.join(" / "))).toBeVisible();
      await shot(page, `area-${lang}`);
      await expectNoSeriousViolations(page, `the address dialog (${lang})`);
    });

    test("bank names in the UI language; the card pool's row follows its export; the §5 checks done before", async ({ page }) => {
      test.setTimeout(240_000);
      // Bank names: the demo seller's card in use, and the card form's bank list, found by the other language's name.
      await signIn(page, "demo", { open: "/transaction/finance" });
      await expect(page.getByText(w.activeBank).first()).toBeVisible();
      await expect(page.getByText(w.otherBank)).toHaveCount(0);
      await page.goto("/transaction/finance/account/YeePay/replaceBankcard");
      await expect(page.getByText(new RegExp(w.activeBank)).first()).toBeVisible();
      const bank = page.getByLabel(w.bank, { exact: true });
      await bank.click();
      await bank.fill(w.findBank);
      const options = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content");
      await expect(options).toHaveText([w.foundBank]);
      await shot(page, `bank-${lang}`);
      await page.keyboard.press("Escape");

      // The card pool: a new pool of the demo's password-card coupon, exported from the list; the row stops offering
      // the export and shows when it was exported, without a reload.
      const [rule] = await sql(
        `select r.id from coupon_rule r join employee e on e.bo_id = r.bo_id join member m on m.id = e.member_id
         where m.login_name = 'demo' and r.reg_code = 'DEMO-CARD50'`,
      );
      const poolName = `Words pool ${lang} ${Date.now().toString(36)}`;
      await sellerCall(page, "/api/seller/trading/coupon/addCouponCardPoolRegular", {
        ruleId: String(rule?.id),
        name: poolName,
        quantity: 2,
      });
      await page.goto("/transaction/cardPool/entityCardsPool");
      const pool = page.getByRole("row").filter({ has: page.getByRole("link", { name: poolName, exact: true }) });
      await expect(pool.getByText(w.notExported)).toBeVisible();
      const downloading = page.waitForEvent("download");
      await pool.getByRole("button", { name: `${w.exportCards}: ${poolName}` }).click();
      await page.getByRole("button", { name: w.exportCards, exact: true }).click();
      expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);
      await expect(pool.getByRole("button", { name: new RegExp(`^${w.exportCards}: `) })).toHaveCount(0);
      await expect(pool.getByText(w.notExported)).toHaveCount(0);
      await shot(page, `card-pool-${lang}`);

      // Plurals: no "1 region rules" or "1 free-shipping conditions" on the freight list.
      await page.goto("/transaction/freightTemplateList");
      await expect(page.getByRole("row").nth(1)).toBeVisible();
      await expect(page.locator("body")).not.toContainText(/\b1 (region rules|free-shipping conditions|items|SKUs)\b/);

      // The home: no weather card when the server has no weather service.
      const weather = page.waitForResponse((r) => r.url().includes("/basic/weather/selWeatherList"));
      await page.goto("/transaction/index");
      await weather;
      await expect(page.locator(".weather-card")).toHaveCount(0);

      // The dashboard's chart has its words (ECharts' aria description).
      await page.goto("/transaction/dmpStatDataView");
      const chart = page.locator("[aria-label]").filter({ has: page.locator("canvas") });
      await expect(chart.first()).toHaveAttribute("aria-label", w.chart);
      await shot(page, `dashboard-${lang}`);

      // An invoice request on an order with a refund: the page says what was refunded and asks for paid less refunds.
      const [open] = await sql(
        `select r.id from invoice_request r join order_info o on o.id = r.order_id
         join employee e on e.bo_id = r.bo_id join member m on m.id = e.member_id
         where m.login_name = 'demo' and r.state = 'requested' and o.refunded_amount > 0 and o.refunded_amount < o.pay_amount
         limit 1`,
      );
      expect(open, "the demo has an invoice request on a partly refunded order").toBeTruthy();
      await page.goto(`/transaction/invoice/invoiceList/invoiceDetails?id=${encodeURIComponent(String(open?.id))}`);
      await expect(page.getByText(w.refunded).first()).toBeVisible();
      await shot(page, `invoice-${lang}`);
    });

    test("an invoice seen before an after-sale is refunded shows the refund when opened again, without a reload", async ({ page }) => {
      test.setTimeout(180_000);
      // The demo's refund-only after-sale awaiting a decision, on an order whose invoice is still requested.
      const [pair] = await sql(
        `select a.id as apply, r.id as invoice from after_sale_apply a
           join invoice_request r on r.order_id = a.order_id and r.state = 'requested'
           join employee e on e.bo_id = a.bo_id and e.is_owner join member m on m.id = e.member_id
          where m.login_name = $1 and a.type = 'refundOnly' and a.state = 'applied'
          order by a.created_at limit 1`,
        [w.owner],
      );
      expect(pair, `${w.owner} has a refund-only after-sale awaiting a decision on an invoiced order`).toBeTruthy();
      const invoicePath = `/transaction/invoice/invoiceList/invoiceDetails?id=${encodeURIComponent(String(pair?.invoice))}`;
      await signIn(page, w.owner, { open: invoicePath });
      // Loaded (its figures shown), with nothing refunded yet.
      await expect(page.getByText(w.paidLabel, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(w.refunded)).toHaveCount(0);

      // Another domain's screen, in the same app: the after-sale approved and refunded in one step.
      await goInApp(page, `/transaction/orderAfterManage/orderRefund?id=${encodeURIComponent(String(pair?.apply))}`);
      await page.getByRole("button", { name: w.approveRefund, exact: true }).click();
      await page.locator(".ant-popconfirm").getByRole("button", { name: w.approveRefund, exact: true }).click();
      await expect(page).toHaveURL(/\/transaction\/orderAfterManage\/orderRefundResult/);

      // Back to the invoice within its 30 s of freshness: it is asked again and says what was refunded.
      await goInApp(page, invoicePath);
      await expect(page.getByText(w.refunded).first()).toBeVisible();
      await shot(page, `invoice-after-refund-${lang}`);
    });
  });
}
