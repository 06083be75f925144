import { expect, test } from "@playwright/test";
import { buyerClient, dbNow, expectNoSeriousViolations, lastSmsCode, signIn, sql } from "./support";

/**
 * Issue 12, invoices: a demo buyer saves a company title and requests an invoice for one of their paid orders through
 * the buyer API. The shop's owner finds the request in the invoice list (state tabs, order number filter), opens it,
 * issues it with a number and a small PDF, and sees it issued with its file; the buyer then sees it issued. Axe on the
 * list and the details.
 */

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

test("a buyer's invoice request is issued with a PDF and the buyer sees it issued", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const phone = "13500990103";
  const [order] = await sql(
    `select o.id, o.order_no from order_info o join member b on b.id = o.buyer_member_id
       join member m on m.login_name = 'demo' join employee e on e.member_id = m.id and e.is_owner and e.bo_id = o.bo_id
      where b.phone = $1 and o.status in ('paid', 'shipped', 'completed')
        and not exists (select 1 from invoice_request r where r.order_id = o.id)
      order by o.created_at desc limit 1`,
    [phone],
  );
  if (!order) throw new Error("no paid demo order without an invoice request");

  const buyer = await buyerClient(baseURL ?? "");
  const since = await dbNow();
  await buyer.call("/basic/member/login/sendLoginCode", { phone });
  await buyer.call("/basic/member/login/smsLogin", { phone, code: await lastSmsCode(phone, since) });
  const title = await buyer.call<{ id: string }>("/basic/billInvoice/addBillInvoiceInfo", {
    kind: "company",
    name: "Nanjing Zhongshan Catering Co., Ltd.",
    taxNo: "91320102MA1MXY6E2H",
    invoiceType: "ordinary",
    email: "finance@zhongshan.example.com",
  });
  const request = await buyer.call<{ id: string; state: string }>("/dmp/invoice/applyInvoice", { orderId: order.id, titleId: title.id });
  expect(request.state).toBe("requested");

  await signIn(page, "demo", { open: `/transaction/invoice/invoiceList?tab=requested&orderNo=${order.order_no}` });
  await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: order.order_no, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByText("Nanjing Zhongshan Catering Co., Ltd.")).toBeVisible();
  await expect(page.getByRole("tab", { name: /^To issue/ })).toBeVisible();
  await expectNoSeriousViolations(page, "the invoice list");

  await row.getByRole("button", { name: `Issue: ${order.order_no}` }).click();
  await expect(page).toHaveURL(/\/transaction\/invoice\/invoiceList\/invoiceDetails\?id=/);
  await expect(page.getByRole("heading", { name: `Invoice request of order ${order.order_no}` })).toBeVisible();
  await expect(page.getByText("91320102MA1MXY6E2H")).toBeVisible();
  await expectNoSeriousViolations(page, "the invoice details with the issue form");

  const invoiceNo = `26${String(Date.now()).slice(-10)}`;
  await page.getByLabel("Invoice number").fill(invoiceNo);
  await page.locator("input[type=file]").setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByText("invoice.pdf")).toBeVisible();
  await page.getByRole("button", { name: "Issue", exact: true }).click();
  await expect(page.getByText(`Invoice ${invoiceNo} issued`)).toBeVisible();
  const outcome = page.locator(".ant-card").filter({ hasText: "Outcome" });
  await expect(outcome.getByText(invoiceNo)).toBeVisible();
  await expect(outcome.getByRole("link", { name: "invoice.pdf" })).toHaveAttribute("href", /^\/files\//);
  await expect(page.getByLabel("Invoice number")).toHaveCount(0);
  await expectNoSeriousViolations(page, "an issued invoice's details");

  const seen = await buyer.call<{ state: string; invoiceNo: string }>("/dmp/invoice/selInvoiceDetail", { id: request.id });
  expect(seen).toMatchObject({ state: "issued", invoiceNo });
  await buyer.api.dispose();
});
