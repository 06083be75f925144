import { expect, test } from "@playwright/test";
import { pngOf } from "../../apps/server/src/demo/png";
import { expectNoSeriousViolations, signIn, sql } from "./support";

/**
 * Adverts and custom content: the demo seller opens its home banner (3 items), adds an item with a banner image that
 * links to one of its goods, moves it up from last place with the keyboard-reachable row action, and after a reload the
 * order is kept. Then it edits a custom content page's text in the rich-text editor and sees it saved. Axe on both.
 */

/** A solid 750×300 PNG (the home banner's size), made by the demo's own PNG writer. */
const bannerPng = () => pngOf(750, 300, () => [40, 120, 200]);

test("an advert item with an image and a goods link is added, moved up, and its place is kept", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "demo", { open: "/transaction/shopAdvertManage/0" });
  await expect(page.getByRole("heading", { name: "Adverts", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "the advert list");
  await page.getByRole("button", { name: "Items: Home banner" }).click();
  await expect(page).toHaveURL(/\/transaction\/shopAdvertManage\/[0-9A-Z]{26}$/);
  await expect(page.getByRole("heading", { name: "Items of Home banner" })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(4);

  await page.getByRole("button", { name: /Add item/ }).click();
  const drawer = page.getByRole("dialog");
  await drawer.locator("input[type=file]").setInputFiles({ name: "spring.png", mimeType: "image/png", buffer: bannerPng() });
  await expect(drawer.locator(".ant-upload-list-item-done, .ant-upload-list-item")).toHaveCount(1);
  const title = `Spring ${Date.now().toString(36)}`;
  await drawer.getByLabel("Title").fill(title);
  await drawer.getByLabel("Goods item").click();
  const option = page.locator(".ant-select-dropdown .ant-select-item-option").first();
  await expect(option).toBeVisible();
  const goodsName = (await option.textContent()) ?? "";
  await option.click();
  await drawer
    .getByRole("button", { name: /^(Save|Add)/ })
    .last()
    .click();
  await expect(page.getByText("Saved")).toBeVisible();

  const added = page.getByRole("row").filter({ hasText: title });
  await expect(added).toBeVisible();
  await expect(added.getByText(goodsName, { exact: true })).toBeVisible();
  await expect(added.getByRole("cell").first()).toHaveText("4");
  const up = added.getByRole("button", { name: `Move up: ${title}` });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${title} moved`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title }).getByRole("cell").first()).toHaveText("3");
  await expectNoSeriousViolations(page, "an advert's items");

  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: title }).getByRole("cell").first()).toHaveText("3");
  const [row] = await sql(`select sort, link_kind from shop_advert_item where title = $1`, [title]);
  expect(row).toMatchObject({ sort: 3, link_kind: "goods" });
});

test("a custom content page's text is edited and saved", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "demo", { open: "/cms" });
  await expect(page).toHaveURL(/\/cms\/cmsManage$/);
  await expect(page.getByRole("link", { name: "Delivery and returns" })).toBeVisible();
  await page.goto("/transaction/cmsManage");
  await expect(page.getByRole("heading", { name: "Custom content", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "the custom content list");
  await page.getByRole("button", { name: "Edit: About our shop" }).click();
  await expect(page).toHaveURL(/\/transaction\/cmsManage\/edit\?id=/);
  const text = page.getByRole("textbox", { name: "Text" });
  await expect(text).toContainText("Who we are");
  const line = `Open every day ${Date.now().toString(36)}`;
  await text.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type(line);
  await expectNoSeriousViolations(page, "the content editor");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("About our shop saved")).toBeVisible();
  await expect(page).toHaveURL(/\/transaction\/cmsManage$/);

  await page.getByRole("link", { name: "About our shop" }).click();
  await expect(page.getByRole("textbox", { name: "Text" })).toContainText(line);
  const [saved] = await sql(
    `select c.content from shop_content c join employee e on e.bo_id = c.bo_id and e.is_owner join member m on m.id = e.member_id
      where m.login_name = 'demo' and c.code = 'about'`,
  );
  expect(saved?.content).toContain(line);
});
