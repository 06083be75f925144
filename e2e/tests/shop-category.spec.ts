import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { createSeller, expectNoSeriousViolations, type Seller, signIn, sql } from "./support";

test.use({ reducedMotion: "reduce" });

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const newId = () => [...randomBytes(26)].map((b) => CROCKFORD[b % 32]).join("");

/** A throwaway seller with a few goods on shelf (written straight into its tables: the goods screens are tested elsewhere). */
async function sellerWithGoods(prefix: string, names: string[]): Promise<Seller> {
  const seller = await createSeller(prefix);
  const [org] = (await sql(
    `select e.bo_id, s.id as shop_id from employee e join member m on m.id = e.member_id join shop s on s.bo_id = e.bo_id
     where m.login_name = $1`,
    [seller.loginName],
  )) as { bo_id: string; shop_id: string }[];
  if (!org) throw new Error("the seller has no shop");
  for (const [i, name] of names.entries()) {
    const id = newId();
    await sql(
      `insert into goods (id, bo_id, shop_id, kind, name, status, price_min, price_max, stock_total, logistics)
       values ($1, $2, $3, 'goods', $4, 'on', $5, $5, 10, '["express"]'::jsonb)`,
      [id, org.bo_id, org.shop_id, name, 1000 + i * 100],
    );
    await sql("insert into goods_sku (id, bo_id, goods_id, price, stock) values ($1, $2, $3, $4, 10)", [
      newId(),
      org.bo_id,
      id,
      1000 + i * 100,
    ]);
  }
  return seller;
}

/** The seller's categories as "parent > name #sort" lines, top level first. */
async function treeOf(seller: Seller): Promise<string[]> {
  const rows = (await sql(
    `select coalesce(p.name || ' > ', '') || c.name || ' #' || c.sort as line
     from shop_classify c left join shop_classify p on p.id = c.parent_id
     where c.bo_id = (select e.bo_id from employee e join member m on m.id = e.member_id where m.login_name = $1)
     order by c.parent_id nulls first, p.sort, c.sort`,
    [seller.loginName],
  )) as { line: string }[];
  return rows.map((r) => r.line);
}

const node = (page: Page, name: string): Locator =>
  page.locator(".shop-category-tree .ant-tree-treenode").filter({ has: page.locator(`[data-category="${name}"]`) });

async function addCategory(page: Page, name: string) {
  await page.getByRole("button", { name: "Add category" }).first().click();
  const drawer = page.getByRole("dialog", { name: "Add category" });
  await drawer.getByRole("textbox", { name: "Name" }).fill(name);
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer).toBeHidden();
  await expect(node(page, name)).toBeVisible();
}

/**
 * Drags one category's row onto another's with the mouse: `dx` to the right of the target's left edge (antd's tree
 * nests a drop moved right by an indent), at `yFraction` of its height.
 */
async function drag(page: Page, from: string, to: string, dx: number, yFraction: number) {
  // Where the rows rest: a tree that just opened a category is still sliding its rows into place.
  const boxes = () => Promise.all([from, to].map((name) => node(page, name).locator(".ant-tree-node-content-wrapper").boundingBox()));
  let [a, b] = await boxes();
  await expect
    .poll(async () => {
      const [a2, b2] = await boxes();
      const still = a2?.y === a?.y && b2?.y === b?.y;
      [a, b] = [a2, b2];
      return still;
    })
    .toBe(true);
  if (!a || !b) throw new Error("a category has no box");
  await page.mouse.move(a.x + 10, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 20, a.y + a.height / 2, { steps: 5 });
  await page.mouse.move(b.x + 10 + dx, b.y + b.height * yFraction, { steps: 10 });
  await page.mouse.up();
  // The tree is redrawn from the server's answer before the next step measures it.
  await expect(page.getByText(`Moved ${from}`).last()).toBeVisible();
}

/** Chooses a category in the tree (what the buttons act on). */
async function chooseCategory(page: Page, name: string) {
  await node(page, name).locator(".ant-tree-node-content-wrapper").click();
  await expect(page.locator(".ant-card").filter({ hasText: "Chosen category" })).toContainText(name);
}

/** Presses a button from the keyboard: focus, then Enter. */
async function press(page: Page, name: string) {
  // The accessible name starts with the icon's ("arrow-up Move up").
  const button = page.getByRole("button", { name: new RegExp(`(^| )${name}$`) });
  await expect(button).toBeEnabled();
  await button.focus();
  await page.keyboard.press("Enter");
}

async function pickGoods(page: Page, names: string[]) {
  const modal = page.getByRole("dialog", { name: /Choose goods/ });
  await expect(modal).toBeVisible();
  for (const name of names) await modal.getByRole("checkbox", { name }).check();
  await expectNoSeriousViolations(page, "the goods picker");
  await modal.getByRole("button", { name: "Add chosen" }).click();
  await expect(modal).toBeHidden();
}

test("build a category tree by dragging and with the keyboard buttons, then put goods in a category", async ({ page }) => {
  test.slow();
  const seller = await sellerWithGoods("shopcat", ["Navel oranges", "Lemons", "Pak choi"]);
  await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/goodsTypeManage" });
  await expect(page.getByRole("heading", { level: 1, name: "Shop categories" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("No categories yet", { exact: false })).toBeVisible();

  for (const name of ["Fruit", "Vegetables", "Citrus"]) await addCategory(page, name);
  expect(await treeOf(seller)).toEqual(["Fruit #1", "Vegetables #2", "Citrus #3"]);
  await expectNoSeriousViolations(page, "the category tree");

  // Drag Citrus onto Fruit, moved right by an indent: it becomes Fruit's sub-category.
  await drag(page, "Citrus", "Fruit", 60, 0.85);
  await expect.poll(() => treeOf(seller)).toEqual(["Fruit #1", "Vegetables #2", "Fruit > Citrus #1"]);

  // Drag Vegetables above Fruit (the top edge of its row).
  await drag(page, "Vegetables", "Fruit", 0, 0.1);
  await expect.poll(() => treeOf(seller)).toEqual(["Vegetables #1", "Fruit #2", "Fruit > Citrus #1"]);

  // Without the mouse: the buttons act on the chosen category.
  await chooseCategory(page, "Citrus");
  await expect(page.getByText("Sub-category of Fruit")).toBeVisible();
  await press(page, "Out to the top level");
  await expect.poll(() => treeOf(seller)).toEqual(["Vegetables #1", "Fruit #2", "Citrus #3"]);
  await press(page, "Move up");
  await expect.poll(() => treeOf(seller)).toEqual(["Vegetables #1", "Citrus #2", "Fruit #3"]);
  await press(page, "Into the one above");
  await expect.poll(() => treeOf(seller)).toEqual(["Vegetables #1", "Fruit #2", "Vegetables > Citrus #1"]);
  await press(page, "Out to the top level");
  await press(page, "Move down");
  await expect.poll(() => treeOf(seller)).toEqual(["Vegetables #1", "Fruit #2", "Citrus #3"]);
  // A sub-category for Fruit again, from the keyboard: Into the one above.
  await press(page, "Into the one above");
  await expect.poll(() => treeOf(seller)).toEqual(["Vegetables #1", "Fruit #2", "Fruit > Citrus #1"]);
  await expectNoSeriousViolations(page, "the category tree with a chosen category");

  // Goods in Citrus, chosen with the picker.
  await page.getByRole("link", { name: "0 items" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Goods in Citrus" })).toBeVisible();
  await page.getByRole("button", { name: "Add goods" }).first().click();
  await pickGoods(page, ["Navel oranges", "Lemons"]);
  await expect(page.getByRole("row").filter({ hasText: "Navel oranges" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Lemons" })).toBeVisible();
  await expectNoSeriousViolations(page, "a category's goods");

  // Take one out again; the tree counts what is left.
  await page.getByRole("button", { name: "Remove: Lemons" }).click();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: "Lemons" })).toBeHidden();
  await page.goto("/transaction/goodsTypeManage");
  await expect(node(page, "Citrus")).toContainText("1 item");
  // Its parent counts it too, and says none sit in Fruit itself.
  await expect(node(page, "Fruit")).toContainText("1 item (0 directly)");
});

test("make a recommendation group and order its goods", async ({ page }) => {
  test.slow();
  const seller = await sellerWithGoods("shoprec", ["Strawberries", "Blueberries", "Cherries"]);
  await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/shopRecommendManage" });
  await expect(page.getByRole("heading", { level: 1, name: "Recommendations" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Add group" }).first().click();
  const drawer = page.getByRole("dialog", { name: "Add group" });
  await drawer.getByRole("textbox", { name: "Group name" }).fill("Summer picks");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Summer picks" })).toBeVisible();
  await expectNoSeriousViolations(page, "the recommendation groups");

  await page.getByRole("button", { name: "Goods: Summer picks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Goods in Summer picks" })).toBeVisible();
  await page.getByRole("button", { name: "Add goods" }).first().click();
  await pickGoods(page, ["Strawberries", "Blueberries", "Cherries"]);
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows).toHaveCount(3);
  // The last one to the top, then one down again.
  const names = ["Strawberries", "Blueberries", "Cherries"];
  const order = async () => {
    const texts = await rows.allInnerTexts();
    return texts.map((text) => names.find((n) => text.includes(n)));
  };
  const before = await order();
  const last = before[2] as string;
  await page.getByRole("button", { name: `To the top: ${last}` }).click();
  await expect.poll(order).toEqual([last, before[0], before[1]]);
  await page.getByRole("button", { name: `Move down: ${last}` }).click();
  await expect.poll(order).toEqual([before[0], last, before[1]]);
  await expectNoSeriousViolations(page, "a group's goods");

  await page.goto("/transaction/shopRecommendManage");
  await expect(page.getByRole("row").filter({ hasText: "Summer picks" })).toContainText("3");
});
