import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { choose, createSeller, expectNoSeriousViolations, type Seller, signIn, sql } from "./support";

test.use({ reducedMotion: "reduce" });

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const newId = () => [...randomBytes(26)].map((b) => CROCKFORD[b % 32]).join("");

/** A draft goods item with one SKU, straight into the seller's database rows; answers its id. */
async function draftGoods(seller: Seller, name: string): Promise<string> {
  const [org] = await sql("select id from organization where name = $1", [seller.org]);
  const [shop] = await sql("select id from shop where bo_id = $1", [(org as { id: string }).id]);
  const bo = (org as { id: string }).id;
  const id = newId();
  await sql(
    `insert into goods (id, bo_id, shop_id, kind, name, status, logistics, price_min, price_max, stock_total)
     values ($1, $2, $3, 'goods', $4, 'draft', '["express"]'::jsonb, 1000, 1000, 5)`,
    [id, bo, (shop as { id: string }).id, name],
  );
  await sql("insert into goods_sku (id, bo_id, goods_id, price, stock) values ($1, $2, $3, 1000, 5)", [newId(), bo, id]);
  return id;
}

test("create a freight template with a region rule and free shipping above an amount; a goods item uses it, so deleting it is refused", async ({
  page,
}) => {
  test.slow();
  const seller = await createSeller("freight");
  const goodsId = await draftGoods(seller, "Freight rice");
  await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/freightTemplateList" });
  await expect(page.getByRole("heading", { level: 1, name: "Freight templates" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("No freight templates yet", { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page, "the empty freight template list");

  await page.getByRole("button", { name: "Add template" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Add freight template" })).toBeVisible();
  await page.getByRole("textbox", { name: /Template name/ }).fill("Express by piece");
  // The default rule: ¥8 the first piece, ¥2 each more.
  await page.getByRole("spinbutton", { name: "First fee (¥)" }).first().fill("8");
  await page.getByRole("spinbutton", { name: "Further fee (¥)" }).first().fill("2");

  // A region rule for Zhejiang: ¥5 the first piece.
  await page.getByRole("button", { name: /Add region rule/ }).click();
  const rule = page.getByRole("region", { name: "Region rule 1" });
  await rule.getByRole("combobox", { name: "Areas" }).click();
  const tree = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  const zhejiang = tree.locator(".ant-select-tree-treenode", { hasText: "Zhejiang" }).locator(".ant-select-tree-checkbox");
  await zhejiang.click();
  // The pick took (the box is ticked and the area shows in the field) before the tree closes.
  await expect(zhejiang).toHaveClass(/ant-select-tree-checkbox-checked/);
  await expect(rule.locator(".ant-select-selection-item", { hasText: "Zhejiang" })).toBeVisible();
  await page.keyboard.press("Escape");
  await rule.getByRole("spinbutton", { name: "First fee (¥)" }).fill("5");

  // Free shipping everywhere above ¥99.
  await page.getByRole("button", { name: /Add free-shipping condition/ }).click();
  const free = page.getByRole("region", { name: "Free-shipping condition 1" });
  await expect(free.getByRole("combobox", { name: "Free when" })).toBeVisible();
  await free.getByRole("spinbutton", { name: "Amount (¥)" }).fill("99");
  await expectNoSeriousViolations(page, "the freight template form");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/transaction\/freightTemplateList$/);
  await expect(row(page, "Express by piece")).toContainText("By piece");
  await expect(row(page, "Express by piece")).toContainText("1 region rule, 1 free-shipping condition");
  await expectNoSeriousViolations(page, "the freight template list");

  // The saved template opens with its rule and condition.
  await page.getByRole("link", { name: "Express by piece" }).click();
  await expect(
    page.getByRole("region", { name: "Region rule 1" }).locator(".ant-select-selection-item", { hasText: "Zhejiang" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Free-shipping condition 1" }).getByRole("spinbutton", { name: "Amount (¥)" })).toHaveValue(
    "99.00",
  );

  // The goods form chooses it.
  await page.goto(`/transaction/goodsManage/updateGoods?id=${goodsId}`);
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Freight rice", { timeout: 30_000 });
  await choose(page, page.getByRole("combobox", { name: "Freight template" }), "Express by piece");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page).toHaveURL(/\/transaction\/goodsManage$/);
  const [used] = await sql("select freight_template_id is not null as used from goods where id = $1", [goodsId]);
  expect((used as { used: boolean }).used).toBe(true);

  // Deleting the template is refused, naming how many goods use it.
  await page.goto("/transaction/freightTemplateList");
  await expect(row(page, "Express by piece").getByRole("cell", { name: "1", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete: Express by piece" }).click();
  await page
    .getByRole("button", { name: /^(OK|Delete)$/ })
    .last()
    .click();
  await expect(
    page.getByText(
      'The freight template "Express by piece" is used by 1 goods item; choose another template for it first, then delete this one',
    ),
  ).toBeVisible();
  await expect(row(page, "Express by piece")).toBeVisible();
});
