import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signIn, sql } from "./support";

/**
 * Issue 27 §2: calls that worked but no seller could reach have their place on the order detail — a shipment's
 * tracking (getExpressInfo) and reports to the platform (complaintInform/add, and the reports with their state) —
 * in English and in Chinese.
 */

const words = {
  en: {
    track: /^Track the parcel/,
    recorded: "What this system recorded",
    shipped: "Shipped",
    report: "Report to the platform",
    about: "The buyer",
    what: "What happened",
    category: "False address",
    details: "Details",
    send: "Send the report",
    state: "With the platform",
  },
  zh: {
    track: /^查看物流：/,
    recorded: "本系统记录的物流动态",
    shipped: "发货",
    report: "向平台投诉举报",
    about: "买家",
    what: "问题类型",
    category: "虚假地址",
    details: "详细说明",
    send: "提交举报",
    state: "平台处理中",
  },
} as const;

for (const lang of ["en", "zh"] as const) {
  test(`the order detail tracks a parcel and reports the buyer to the platform (${lang})`, async ({ page }) => {
    const w = words[lang];
    const [order] = await sql(
      `select o.id from order_info o join employee e on e.bo_id = o.bo_id and e.is_owner join member m on m.id = e.member_id
        where m.login_name = 'demo' and o.status = 'shipped'
          and exists (select 1 from order_timeline t where t.order_id = o.id and t.event = 'shipped')
          and not exists (select 1 from complaint_inform c where c.order_id = o.id)
        order by o.created_at desc offset ${lang === "en" ? 0 : 1} limit 1`,
    );
    expect(order?.id, "a shipped demo order").toBeTruthy();
    await signIn(page, "demo");
    await page.evaluate((l) => localStorage.setItem("sbo:lang", l), lang);
    await page.goto(`/transaction/orderManage/orderDetailSeller/${order.id}`);

    await page.getByRole("button", { name: w.track }).first().click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByText(w.recorded)).toBeVisible();
    await expect(drawer.getByRole("listitem").filter({ hasText: w.shipped }).first()).toBeVisible();
    await expectNoSeriousViolations(page, `${lang} tracking drawer`);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    await page.getByRole("button", { name: w.report }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(w.about, { exact: true }).check();
    await dialog.getByRole("combobox", { name: w.what }).click();
    await page.getByTitle(w.category, { exact: true }).click();
    const details = `e2e ${lang}: the address does not exist, ${Date.now()}`;
    await dialog.getByLabel(w.details).fill(details);
    await dialog.getByRole("button", { name: w.send }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(details)).toBeVisible();
    await expect(page.getByText(w.state)).toBeVisible();
    const [row] = await sql("select about, category, status from complaint_inform where order_id = $1", [order.id]);
    expect(row).toEqual({ about: "buyer", category: "fakeAddress", status: "submitted" });
  });
}
