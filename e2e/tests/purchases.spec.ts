import { type Browser, expect, type Page, test } from "@playwright/test";
import { choose, expectNoSeriousViolations, signIn, sql } from "./support";

/**
 * The organisation's own purchases (issue 27 §2), in English and in Chinese: Green Valley's owner opens Purchases
 * and sees the purchases the demo placed FOR Green Valley at Harbor Seafood (purchases.demo.ts), never the store
 * manager's personal one; opens a paid one and reminds the seller; evaluates a received one; adds an invoice title and
 * requests an invoice for that purchase with it. Each run takes purchases the other has not acted on.
 */

const words = {
  en: {
    list: "Purchase orders",
    totals: /^Purchases paid from/,
    remind: "Remind seller",
    ok: "OK",
    reminded: /^once, at /,
    evaluate: "Evaluate",
    comment: (name: string) => `Comment on ${name}`,
    submitEvaluation: "Submit evaluation",
    evaluated: "The evaluation was submitted",
    titles: "Invoice titles",
    addTitle: "Add invoice title",
    title: "Title",
    taxNo: "Taxpayer number",
    save: "Save",
    requestInvoice: "Request invoice",
    titleField: "Invoice title",
    requested: "The invoice was requested from the seller",
  },
  zh: {
    list: "采购订单",
    totals: /支付的采购$/,
    remind: "提醒卖家发货",
    ok: "确 定",
    reminded: /^1 次/,
    evaluate: "评 价",
    comment: (name: string) => `${name} 的评价内容`,
    submitEvaluation: "提交评价",
    evaluated: "评价已提交",
    titles: "发票抬头",
    addTitle: "新增发票抬头",
    title: "抬头",
    taxNo: "纳税人识别号",
    save: "保 存",
    requestInvoice: "申请发票",
    titleField: "发票抬头",
    requested: "已向卖家申请开票",
  },
};

const GREEN = `(select e.bo_id from employee e join member m on m.id = e.member_id where m.login_name = 'demo' and e.is_owner)`;

/** One of Green Valley's purchases in `status` that nothing has been done to yet (`untouched`: SQL on `o`). */
async function purchaseIn(status: string, untouched: string): Promise<{ id: string; orderNo: string; goods: string }> {
  const [row] = await sql(
    `select o.id, o.order_no, (select l.goods_name from order_line l where l.order_id = o.id order by l.sort limit 1) as goods
       from order_info o where o.buyer_bo_id = ${GREEN} and o.status = $1 and ${untouched} order by o.id limit 1`,
    [status],
  );
  expect(row, `a ${status} purchase of Green Valley left to act on`).toBeTruthy();
  return { id: String(row?.id), orderNo: String(row?.order_no), goods: String(row?.goods) };
}

async function story(page: Page, lang: "en" | "zh") {
  const w = words[lang];
  const [personal] = await sql(
    `select o.order_no from order_info o join member m on m.id = o.buyer_member_id
      where m.login_name = 'demo-manager' and o.buyer_bo_id is null limit 1`,
  );
  expect(personal, "the store manager's personal purchase in the demo").toBeTruthy();
  const paid = await purchaseIn("paid", "o.remind_count = 0");
  const received = await purchaseIn(
    "received",
    "not exists (select 1 from order_evaluation v where v.order_id = o.id) and not exists (select 1 from invoice_request r where r.order_id = o.id)",
  );

  // The list: the organisation's purchases with their totals, never the manager's own.
  await signIn(page, "demo", { open: "/transaction/purchaseManage" });
  await expect(page.getByRole("heading", { name: w.list, level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: w.totals })).toBeVisible();
  await expect(page.getByRole("link", { name: paid.orderNo })).toBeVisible();
  await expect(page.getByRole("link", { name: received.orderNo })).toBeVisible();
  await expect(page.getByRole("link", { name: String(personal?.order_no) })).toHaveCount(0);
  await expectNoSeriousViolations(page, `the purchases list (${lang})`);

  // Remind the seller of a paid purchase.
  await page.getByRole("link", { name: paid.orderNo }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(paid.orderNo);
  await page.getByRole("button", { name: w.remind }).click();
  await page.getByRole("button", { name: w.ok }).click();
  await expect(page.getByTestId("reminded")).toHaveText(w.reminded);
  const [after] = await sql("select remind_count from order_info where id = $1", [paid.id]);
  expect(Number(after?.remind_count)).toBe(1);

  // Evaluate a received purchase.
  await page.goto(`/transaction/purchaseManage/detail/${received.id}`);
  await page.getByRole("button", { name: w.evaluate, exact: true }).click();
  const evaluate = page.getByRole("dialog");
  await evaluate.getByLabel(w.comment(received.goods)).fill(lang === "en" ? "Fresh and well packed" : "新鲜，包装好");
  await evaluate.getByRole("button", { name: w.submitEvaluation }).click();
  await expect(page.getByText(w.evaluated)).toBeVisible();
  const [evaluation] = await sql("select count(*)::int as n from order_evaluation where order_id = $1", [received.id]);
  expect(Number(evaluation?.n)).toBe(1);

  // Add an invoice title.
  const titleName = lang === "en" ? "Green Valley Fresh Co., Ltd. (purchasing)" : "绿谷生鲜有限公司（采购）";
  await page.goto("/transaction/purchaseManage");
  await page.getByRole("button", { name: w.titles }).click();
  await expect(page.getByRole("heading", { name: w.titles, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: w.addTitle }).first().click();
  const add = page.getByRole("dialog");
  await add.getByLabel(w.title, { exact: true }).fill(titleName);
  await add.getByLabel(w.taxNo).fill(lang === "en" ? "330106123456789" : "330106987654321");
  await add.getByRole("button", { name: w.save }).click();
  await expect(page.getByRole("cell", { name: titleName })).toBeVisible();
  await expectNoSeriousViolations(page, `the invoice titles (${lang})`);

  // Request an invoice for the received purchase with that title.
  await page.goto(`/transaction/purchaseManage/detail/${received.id}`);
  await page.getByRole("button", { name: w.requestInvoice }).click();
  const request = page.getByRole("dialog");
  const select = request.getByRole("combobox", { name: w.titleField });
  const [option] = await sql(`select name, tax_no, invoice_type from invoice_title where name = $1 limit 1`, [titleName]);
  expect(option).toBeTruthy();
  await choose(page, select, `${titleName} (${String(option?.tax_no)}) · ${lang === "en" ? "Ordinary VAT invoice" : "增值税普通发票"}`);
  await request.getByRole("button", { name: w.requestInvoice }).click();
  await expect(page.getByText(w.requested)).toBeVisible();
  const [invoice] = await sql("select count(*)::int as n from invoice_request where order_id = $1", [received.id]);
  expect(Number(invoice?.n)).toBe(1);
}

test("the owner reads Green Valley's purchases, reminds, evaluates, adds a title and requests an invoice (English)", async ({ page }) => {
  test.setTimeout(180_000);
  await story(page, "en");
});

test("the same in Chinese", async ({ browser }: { browser: Browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "zh-CN" });
  const page = await context.newPage();
  await story(page, "zh");
  await context.close();
});

test("at 360 px the Purchases screens do not scroll sideways: the list, a purchase, the invoice titles", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const [one] = await sql(`select o.id from order_info o where o.buyer_bo_id = ${GREEN} and o.status = 'received' limit 1`);
  await signIn(page, "demo");
  for (const path of [
    "/transaction/purchaseManage",
    `/transaction/purchaseManage/detail/${String(one?.id)}`,
    "/transaction/purchaseManage/invoiceTitles",
  ]) {
    await page.goto(path);
    await expect(page.locator("#main h1").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("#main .ant-spin-spinning")).toHaveCount(0, { timeout: 30_000 });
    const wide = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(wide, `${path} fits 360 px`).toBeLessThanOrEqual(360);
  }
});
