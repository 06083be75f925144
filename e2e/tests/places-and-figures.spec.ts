import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, signIn, sql } from "./support";

/**
 * Issue 27 §2 and §4, in both languages: the map's place search finds a district by name and one of the seller's own
 * places (on the shop's default delivery range, a tab of the shop settings), and the dashboard shows the orders placed
 * in a period with how many are paid, for how much, and how many were cancelled, as the database counts them.
 */
const SIGN_TOKEN = process.env.E2E_SIGN_TOKEN ?? "seller-web";

const words = {
  en: {
    settings: "Shop settings",
    tab: "Delivery range",
    find: "Find a place",
    district: "Zhejiang, Hangzhou, Xihu District",
    pickup: "Pickup point",
    areas: "Provinces, cities and districts",
    places: "Your places",
    dashboard: "Data dashboard",
    last7: "Last 7 days",
    card: "Orders placed in this period",
    paid: "Of them, paid",
    amount: "Paid for them",
    cancelled: "Of them, cancelled",
  },
  zh: {
    settings: "店铺设置",
    tab: "配送范围",
    find: "查找地点",
    district: "浙江省 杭州市 西湖区",
    pickup: "自提点",
    areas: "省、市、区县",
    places: "您的地点",
    dashboard: "数据看板",
    last7: "近 7 天",
    card: "本时段下单情况",
    paid: "其中已支付",
    amount: "支付金额",
    cancelled: "其中已取消",
  },
} as const;

const money = (cents: number) =>
  `¥${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${String(cents % 100).padStart(2, "0")}`;

async function sellerCall<T>(page: Page, path: string, input: object): Promise<T> {
  const res = await page.request.post(`/api/seller${path}`, { headers: { "sign-token": SIGN_TOKEN }, data: { ...input, systemId: 71 } });
  const body = (await res.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe("0");
  return body.data;
}

for (const lang of ["en", "zh"] as const) {
  const w = words[lang];

  test(`${lang}: the delivery range map finds a district by name and the seller's own pickup point`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((l) => localStorage.setItem("sbo:lang", l), lang);
    await signIn(page, "demo");
    const detail = `Map stall ${lang} ${Date.now() % 100_000}`;
    await sellerCall(page, "/trading/extract/addPickupPoint", {
      contactName: "Chen",
      phone: "13812345678",
      provinceCode: "330000",
      cityCode: "330100",
      districtCode: "330106",
      detail,
      openTime: "08:00",
      closeTime: "20:00",
    });
    await page.goto("/transaction/shopSetting?tab=range");
    await expect(page.getByRole("heading", { name: w.settings, level: 1 })).toBeVisible();
    await expect(page.getByRole("tab", { name: w.tab, selected: true })).toBeVisible();
    const find = page.getByRole("combobox", { name: w.find });
    await find.click();
    await find.fill(lang === "zh" ? "西湖" : "Xihu");
    // The areas come from the server as typed: a district, with its path (antd draws the options it shows as items of
    // a virtual list, named by their text).
    const option = (title: string | RegExp) =>
      page.locator(".ant-select-item-option").and(page.getByTitle(title, typeof title === "string" ? { exact: true } : undefined));
    await expect(page.locator(".ant-select-item-group").filter({ hasText: w.areas })).toBeVisible();
    await option(w.district).click();
    await expect(find).toHaveValue(w.district);

    await find.fill(detail);
    const own = option(new RegExp(`^${w.pickup} · Chen · .*${detail}$`));
    await expect(own).toHaveCount(1);
    await expect(page.locator(".ant-select-item-group").filter({ hasText: w.places })).toBeVisible();
    await own.click();
    await expect(find).toHaveValue(new RegExp(`^${w.pickup} · Chen · .*${detail}$`));
    await expectNoSeriousViolations(page, `the delivery range tab (${lang})`);
  });

  test(`${lang}: the dashboard counts the orders placed in the last 7 days as the database does`, async ({ page }) => {
    test.setTimeout(120_000);
    const [expected] = await sql(
      `select count(*) filter (where o.paid_at is not null)::int as paid,
              coalesce(sum(o.pay_amount) filter (where o.paid_at is not null), 0)::bigint as amount,
              count(*) filter (where o.status = 'cancelled')::int as cancelled
         from order_info o
         join employee e on e.bo_id = o.bo_id and e.is_owner join member m on m.id = e.member_id and m.login_name = 'demo'
        where o.seller_deleted_at is null
          and o.created_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai' - interval '6 days'`,
    );
    expect(Number(expected?.paid), "the demo has paid orders this week").toBeGreaterThan(0);
    await page.addInitScript((l) => localStorage.setItem("sbo:lang", l), lang);
    await signIn(page, "demo", { open: "/transaction/dmpStatDataView" });
    await expect(page.getByRole("heading", { name: w.dashboard, level: 1 })).toBeVisible();
    await page.getByText(w.last7, { exact: true }).click();
    const card = page.locator(".ant-card").filter({ hasText: w.card });
    const figure = (title: string) => card.locator(".ant-statistic").filter({ hasText: title }).locator(".ant-statistic-content");
    await expect(figure(w.paid)).toHaveText(String(expected?.paid));
    await expect(figure(w.amount)).toHaveText(money(Number(expected?.amount)));
    await expect(figure(w.cancelled)).toHaveText(String(expected?.cancelled));
    await expectNoSeriousViolations(page, `the data dashboard (${lang})`);
  });
}
