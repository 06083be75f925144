import { expect, test } from "@playwright/test";
import { pngOf } from "../../apps/server/src/demo/png";
import { buyerClient, choose, dbNow, expectNoSeriousViolations, lastSmsCode, signIn, sql } from "./support";

/**
 * Issue 11, offline payment: a buyer places two orders through the buyer API and pays each by bank transfer, uploading
 * the transfer's image and giving a voucher (amount, payer, bank reference). The shop's owner opens the review queue
 * from the order list: the first voucher is passed (its order becomes paid), the second rejected with a reason the
 * buyer reads. Axe on the queue and the review dialog.
 */

const SIGN_TOKEN = process.env.E2E_SIGN_TOKEN ?? "seller-web";
// A 1×1 PNG: the transfer's "photo" (a real image: the server decodes every image it keeps).
const PNG = pngOf(1, 1, () => [40, 160, 80]);

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

async function voucherBuyer(baseURL: string) {
  const { api, call } = await buyerClient(baseURL);
  /** The voucher's image through the buyer API's upload (multipart): its file id. */
  const uploadImage = async (): Promise<string> => {
    const res = await api.post("/api/buyer/basic/file/upload", {
      headers: { "sign-token": SIGN_TOKEN },
      multipart: { systemId: "71", file: { name: "transfer.png", mimeType: "image/png", buffer: PNG } },
    });
    const body = (await res.json()) as Envelope<{ id: string }>;
    expect(body.code, body.msg).toBe("0");
    return body.data.id;
  };
  return { api, call, uploadImage };
}

test("a buyer's offline payment voucher is passed in the review queue, another rejected with a reason", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const [sku] = await sql(
    `select s.id, g.name from goods_sku s join goods g on g.id = s.goods_id
       join member m on m.login_name = 'demo' join employee e on e.member_id = m.id and e.is_owner and e.bo_id = g.bo_id
      where g.status = 'on' and g.kind = 'goods' and g.deleted_at is null and s.retired_at is null and s.stock >= 5
      order by g.name limit 1`,
  );
  if (!sku) throw new Error("no demo goods on sale");

  const buyer = await voucherBuyer(baseURL ?? "");
  const phone = `136${String(Date.now() % 100_000_000).padStart(8, "0")}`;
  const since = await dbNow();
  await buyer.call("/basic/member/login/sendLoginCode", { phone });
  await buyer.call("/basic/member/login/smsLogin", { phone, code: await lastSmsCode(phone, since) });
  const address = await buyer.call<{ id: string }>("/trading/address/add", {
    name: "Zhao Lin",
    phone,
    areaCode: "330106",
    detail: "12 Tianmushan Road",
    isDefault: true,
  });
  const place = async () => {
    const placed = await buyer.call<{ orders: { id: string; orderNo: string; payAmount: number }[] }>("/trading/order/submit", {
      addressId: address.id,
      items: [{ skuId: sku.id, quantity: 1 }],
    });
    const o = placed.orders[0];
    if (!o) throw new Error("no order placed");
    return o;
  };
  const first = await place();
  const second = await place();
  for (const [o, ref] of [
    [first, `ICBC${Date.now()}A`],
    [second, `ICBC${Date.now()}B`],
  ] as const) {
    await buyer.call("/trading/order/uploadVoucher", {
      id: o.id,
      voucherFileId: await buyer.uploadImage(),
      amount: o.payAmount,
      payerName: "Zhao Lin",
      bankRef: ref,
    });
  }

  // The owner opens the queue from the order list.
  await signIn(page, "demo", { open: "/transaction/orderManage" });
  await page.getByRole("button", { name: "Payment vouchers" }).click();
  await expect(page).toHaveURL(/\/transaction\/orderManage\/payVouchers$/);
  // The screen loads lazily; on the loaded machine that may take a while.
  await expect(page.getByRole("heading", { level: 1, name: "Payment vouchers" })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, "voucher queue");

  // The first: found by its order number, reviewed with its image, passed.
  const orderNo = page.getByRole("textbox", { name: "Order number" });
  await orderNo.fill(first.orderNo);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`orderNo=${first.orderNo}`));
  const row = (no: string) => page.getByRole("row").filter({ hasText: no });
  await expect(row(second.orderNo)).toHaveCount(0, { timeout: 30_000 });
  await expect(row(first.orderNo)).toHaveCount(1);
  await expect(row(first.orderNo)).toContainText("In review");
  await expect(row(first.orderNo)).toContainText("Zhao Lin");
  await row(first.orderNo)
    .getByRole("button", { name: `Review: ${first.orderNo}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Payment voucher of order ${first.orderNo}` });
  await expect(dialog.getByRole("img", { name: `Payment voucher of order ${first.orderNo}` })).toBeVisible();
  await expect(dialog).toContainText("Bank reference");
  await expectNoSeriousViolations(page, "voucher review dialog");
  await dialog.getByRole("button", { name: "Pass" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Pass" }).click();
  await expect(page.getByText(`Passed the voucher: order ${first.orderNo} is paid`)).toBeVisible();
  await expect(row(first.orderNo)).toHaveCount(0);
  const [paid] = await sql(`select status, pay_method from order_info where id = '${first.id}'`);
  expect(paid).toMatchObject({ status: "paid", pay_method: "offline" });

  // The second: rejected with a reason; the buyer reads it and may upload again.
  await orderNo.fill(second.orderNo);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(row(first.orderNo)).toHaveCount(0, { timeout: 30_000 });
  await row(second.orderNo)
    .getByRole("button", { name: `Review: ${second.orderNo}` })
    .click();
  const dialog2 = page.getByRole("dialog", { name: `Payment voucher of order ${second.orderNo}` });
  await dialog2.getByRole("button", { name: "Reject" }).click();
  await dialog2.getByRole("textbox", { name: "Reason for rejecting" }).fill("No such transfer on our statement");
  await dialog2.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText(`Rejected the voucher of order ${second.orderNo}`)).toBeVisible();
  await choose(page, page.getByRole("combobox", { name: "Status" }), "Rejected");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(row(second.orderNo)).toContainText("No such transfer on our statement", { timeout: 30_000 });
  const seen = await buyer.call<{ status: string; payments: { status: string; rejectReason: string | null }[] }>("/trading/order/detail", {
    id: second.id,
  });
  expect(seen.status).toBe("pendingPayment");
  expect(seen.payments.at(-1)).toMatchObject({ status: "rejected", rejectReason: "No such transfer on our statement" });

  // The passed order's detail shows its voucher and the payment on the timeline.
  await page.goto(`/transaction/orderManage/orderDetailSeller/${first.id}`);
  await expect(page.getByText("Offline payment vouchers")).toBeVisible();
  await expect(page.locator(".ant-timeline")).toContainText("Pending payment → Paid");
  await buyer.api.dispose();
});
