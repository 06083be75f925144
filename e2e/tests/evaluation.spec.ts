import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signIn, sql } from "./support";

/**
 * Issue 12, evaluations: the shop's owner opens the reviews (score card, tabs), finds an evaluation not yet replied
 * by its order number, replies once in the dialog, sees the reply in the list and on the order's evaluation, and the
 * order detail links to it. Axe on the list, the reply dialog and the evaluation.
 */
test("the owner replies to an evaluation and sees the reply on its detail", async ({ page }) => {
  test.setTimeout(180_000);
  const [target] = await sql(
    `select o.id, o.order_no from order_evaluation e join order_info o on o.id = e.order_id
       join member m on m.login_name = 'demo' join employee em on em.member_id = m.id and em.is_owner and em.bo_id = e.bo_id
      where e.replied_at is null order by e.created_at desc limit 1`,
  );
  if (!target) throw new Error("no demo evaluation to reply to");
  const orderNo = String(target.order_no);
  const reply = `Thank you, we have sent a new box (${Date.now() % 100_000})`;

  await signIn(page, "demo", { open: "/transaction/orderEvaluationManage" });
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("The shop's scores")).toBeVisible();
  await expect(page.getByRole("tab", { name: /To reply/ })).toBeVisible();
  await expectNoSeriousViolations(page, "reviews list");

  await page.getByRole("tab", { name: /To reply/ }).click();
  await page.getByRole("textbox", { name: "Order number" }).fill(orderNo);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Reply: ${orderNo}` }).click();
  const dialog = page.getByRole("dialog", { name: `Reply to the evaluation of order ${orderNo}` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, "reply dialog");
  await dialog.getByRole("textbox", { name: "Reply" }).fill(reply);
  await dialog.getByRole("button", { name: "Send the reply" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Replied to the evaluation of order ${orderNo}`)).toBeVisible();

  // Replied: it leaves the "to reply" tab; under All it shows its reply and offers no second one.
  await page.getByRole("tab", { name: /All/ }).click();
  await expect(page.getByRole("row").filter({ hasText: orderNo })).toContainText(reply);
  await expect(page.getByRole("button", { name: `Reply: ${orderNo}` })).toHaveCount(0);

  await page.getByRole("button", { name: `View: ${orderNo}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Evaluation of order ${orderNo}` })).toBeVisible();
  await expect(page.getByText(reply)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send the reply" })).toHaveCount(0);
  await expectNoSeriousViolations(page, "order evaluation");

  await page.goto(`/transaction/orderManage/orderDetailSeller/${target.id}`);
  await page.getByRole("button", { name: "View evaluation" }).click();
  await expect(page).toHaveURL(new RegExp(`/transaction/orderManage/viewOrderEvaluation/${target.id}$`));
});
