import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { pngOf } from "../../apps/server/src/demo/png";
import { choose, createSeller, expectNoSeriousViolations, type Seller, signIn, sql } from "./support";

test.use({ reducedMotion: "reduce" });

/** A 1×1 PNG: the goods' images (the server decodes a file's bytes, whatever its name: a real image). */
const PNG = pngOf(1, 1, () => [40, 160, 80]);

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const newId = () => [...randomBytes(26)].map((b) => CROCKFORD[b % 32]).join("");

/** Type values into a tags select, each followed by Enter. */
async function tags(page: Page, label: string, values: string[]) {
  const input = page.getByRole("combobox", { name: label });
  for (const v of values) {
    await input.fill(v);
    await input.press("Enter");
  }
}

/**
 * Publish "West Lake rice" (Grain, oil and seasoning / Rice, kg) with two specs (weight × packaging → 4 SKUs),
 * two images, express delivery; `onShelf` presses "Save and put on shelf", else "Save".
 */
async function publish(page: Page, name: string, opts: { onShelf?: boolean; range?: boolean } = {}) {
  await page.goto("/transaction/goodsManage/publishGoods");
  await expect(page.getByRole("heading", { level: 1, name: "Publish goods" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.locator(".ant-cascader-menu-item", { hasText: "Grain, oil and seasoning" }).click();
  await page.locator(".ant-cascader-menu-item", { hasText: /^Rice$/ }).click();
  // The platform's related categories are suggested under the picker: rice's own, then its parent's.
  await expect(page.getByRole("group", { name: "Related categories:" }).getByRole("button")).toHaveText([
    "Grain, oil and seasoning / Cooking oil",
    "Gift boxes / Grain and oil gift boxes",
  ]);
  await choose(page, page.getByRole("combobox", { name: "Unit" }), "kg");

  await page.getByRole("button", { name: "Add spec" }).click();
  // Spec names and values are suggested from the platform's dictionaries; typing still works. The name field is
  // a combobox named "* Spec 1" (the required mark), and "Values of spec 1" must not match it.
  await page.getByRole("combobox", { name: /^\W*Spec 1$/ }).fill("Weight");
  await tags(page, "Values of spec 1", ["500 g", "1 kg"]);
  await page.getByRole("button", { name: "Add spec" }).click();
  await page.getByRole("combobox", { name: /^\W*Spec 2$/ }).fill("Packaging");
  await tags(page, "Values of spec 2", ["Bag", "Box"]);
  for (const sku of ["500 g / Bag", "500 g / Box", "1 kg / Bag", "1 kg / Box"]) {
    await expect(page.getByRole("spinbutton", { name: `Price (yuan): ${sku}`, exact: true })).toBeVisible();
  }
  await page.getByRole("spinbutton", { name: "Price for every row", exact: true }).fill("18.8");
  await page.getByRole("spinbutton", { name: "Stock for every row", exact: true }).fill("20");
  await page.getByRole("button", { name: "Fill", exact: true }).click();
  await page.getByRole("spinbutton", { name: "Price (yuan): 1 kg / Box", exact: true }).fill("32");
  await expect(page.getByRole("spinbutton", { name: "Stock: 1 kg / Box", exact: true })).toHaveValue("20");

  await page.locator(".goods-images input[type=file]").setInputFiles([
    { name: "rice-front.png", mimeType: "image/png", buffer: PNG },
    { name: "rice-back.png", mimeType: "image/png", buffer: PNG },
  ]);
  // Both uploaded (in the order they finish); the first is the main image, any other can become it.
  await expect(page.getByRole("button", { name: /^Main image: rice-(front|back)\.png$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Make main image: rice-(front|back)\.png$/ })).toBeVisible();
  await page.getByRole("button", { name: /^Make main image: / }).click();
  // The description in the rich-text editor: typed, then made bold from its toolbar.
  await page.getByRole("textbox", { name: "Description text" }).click();
  await page.keyboard.type(`${name} from the lake`);
  await page.keyboard.press("ControlOrMeta+A");
  const bold = page.getByRole("toolbar", { name: "Formatting: Description text" }).getByRole("button", { name: "Bold" });
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("checkbox", { name: "Express delivery" }).check();

  if (opts.range) {
    await page.getByRole("switch", { name: "Own delivery range" }).click();
    const map = page.getByRole("region", { name: "Map: Delivery range" });
    await expect(map).toBeVisible();
    // In the middle of the window: the form's sticky buttons cover its foot.
    await map.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await expect(page.getByText("No map tiles are configured", { exact: false })).toBeVisible();
    // An area drawn with the mouse: three corners, then the first again to close it.
    await page.getByRole("button", { name: "Draw area" }).click();
    const box = await map.boundingBox();
    if (!box) throw new Error("the map has no box");
    const at = (x: number, y: number) => page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await at(0.3, 0.3);
    await at(0.7, 0.3);
    await at(0.5, 0.7);
    await at(0.3, 0.3);
    await expect(page.getByText("Area 1: 3 corners")).toBeVisible();
    // A circle from the keyboard: added at the map's centre, its radius typed.
    await page.getByRole("button", { name: "Draw circle" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("spinbutton", { name: "Radius of circle 1 (m)", exact: true }).fill("5000");
    await page.getByRole("spinbutton", { name: "Radius of circle 1 (m)", exact: true }).press("Tab");
    await expectNoSeriousViolations(page, "the goods form with its map");
  } else {
    await expectNoSeriousViolations(page, "the goods form");
  }
  await page.getByRole("button", { name: opts.onShelf ? "Save and put on shelf" : "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/transaction\/goodsManage$/);
  await expect(row(page, name)).toBeVisible();
}

async function orgId(seller: Seller): Promise<string> {
  const [org] = await sql("select id from organization where name = $1", [seller.org]);
  return (org as { id: string }).id;
}

test("publish an item with two specs and images and put it on shelf; then take it off shelf with the others and undo", async ({ page }) => {
  test.slow();
  const seller = await createSeller("goods");
  await signIn(page, seller.loginName, { password: seller.password });
  await publish(page, "West Lake rice", { onShelf: true });
  await expect(row(page, "West Lake rice")).toContainText("On shelf");
  await expect(row(page, "West Lake rice")).toContainText("¥18.80 – ¥32.00");
  await expect(row(page, "West Lake rice")).toContainText("80");
  await publish(page, "Jasmine rice", { onShelf: true });
  await expect(page.getByRole("tab", { name: "On shelf 2" })).toBeVisible();
  await expectNoSeriousViolations(page, "the goods list");

  // Both off shelf at once, then Undo puts them back.
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await page.getByRole("button", { name: "Take off shelf", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("2 items taken off shelf")).toBeVisible();
  await expect(row(page, "West Lake rice")).toContainText("Off shelf");
  await expect(page.getByRole("tab", { name: "Off shelf 2" })).toBeVisible();
  const undoBar = page.getByRole("status").filter({ hasText: "were taken off shelf by" });
  await expect(undoBar).toContainText("2 items were taken off shelf by");
  // Still undoable after a reload: the server remembers the change.
  await page.reload();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Undone: 2 items changed back")).toBeVisible();
  await expect(row(page, "West Lake rice")).toContainText("On shelf");
  await expect(row(page, "Jasmine rice")).toContainText("On shelf");
  await expect(page.getByRole("button", { name: "Undo" })).toBeHidden();

  // The read-only detail shows the SKUs and images.
  await page.getByRole("link", { name: "West Lake rice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "West Lake rice" })).toBeVisible();
  await expect(row(page, "1 kg / Box")).toContainText("¥32.00");
  await expect(page.getByRole("img", { name: /^Main image: rice-(front|back)\.png$/ })).toBeVisible();
  // The description as the server kept it: the bold made in the editor.
  await expect(page.locator(".goods-description strong")).toHaveText("West Lake rice from the lake");
  await expectNoSeriousViolations(page, "the goods detail");
});

test("import a sheet with errors: read the dry-run report, then commit the valid rows", async ({ page }) => {
  test.slow();
  const seller = await createSeller("goodsimp");
  await signIn(page, seller.loginName, { password: seller.password });
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Goods");
  const header = ["Name*", "Subtitle", "Category*", "Unit*", "Spec 1", "Spec 1 value", "Spec 2", "Spec 2 value", "Spec 3", "Spec 3 value"];
  ws.addRow([...header, "SKU code", "Price*", "Market price", "Cost price", "Stock", "Weight (g)", "Fresh (yes/no)"]);
  ws.addRow(["Imported mandarins", "", "Fruit / Citrus", "kg", "Weight", "1 kg", "", "", "", "", "IMP-A", 12.5, "", "", 30, "", "no"]);
  ws.addRow(["Imported mandarins", "", "Fruit / Citrus", "kg", "Weight", "2 kg", "", "", "", "", "IMP-B", 23, "", "", 10, "", "no"]);
  ws.addRow(["Brown rice", "", "Rice", "kg", "", "", "", "", "", "", "", "8.80", "", "", 100, "", "no"]);
  ws.addRow(["Moon cheese", "", "Moon rocks", "kg", "", "", "", "", "", "", "", 5, "", "", 1, "", "no"]);
  ws.addRow(["Cheap beans", "", "Beans", "kg", "", "", "", "", "", "", "", "abc", "", "", 1, "", "no"]);
  const file = Buffer.from(await wb.xlsx.writeBuffer());

  await page.goto("/transaction/goodsManage");
  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import goods" });
  await dialog.locator("input[type=file]").setInputFiles({
    name: "goods.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: file,
  });
  await dialog.getByRole("button", { name: "Check the file" }).click();
  await expect(dialog.getByText("Price must be a number")).toBeVisible({ timeout: 30_000 });
  await expect(row(page, "Category: no category of the lowest level has this name")).toContainText("5");
  await expect(row(page, "Price must be a number")).toContainText("6");
  await expect(dialog.getByRole("link", { name: "Download the report as a sheet" })).toBeVisible();
  await expectNoSeriousViolations(page, "the import report");
  // Nothing was written by the dry run.
  const bo = await orgId(seller);
  const [before] = await sql("select count(*)::int as n from goods where bo_id = $1", [bo]);
  expect((before as { n: number }).n).toBe(0);

  await dialog.getByRole("button", { name: "Import 3 valid rows" }).click();
  await expect(page.getByText("2 items imported from 3 rows, as drafts")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tab", { name: /Drafts/ }).click();
  await expect(row(page, "Imported mandarins")).toBeVisible();
  await expect(row(page, "Brown rice")).toBeVisible();
  await expect(row(page, "Moon cheese")).toBeHidden();
});

test("draw a delivery range; set a member price and a ladder", async ({ page }) => {
  test.slow();
  const seller = await createSeller("goodsprice");
  const bo = await orgId(seller);
  await sql(
    `insert into member_rank (id, bo_id, name, level, threshold_type, threshold_value, discount)
     values ($1, $2, 'Gold', 1, 'spend', 100000, 9500)`,
    [newId(), bo],
  );
  await signIn(page, seller.loginName, { password: seller.password });
  await publish(page, "Range rice", { onShelf: false, range: true });

  // The detail shows the item's own range.
  await page.getByRole("link", { name: "Range rice" }).click();
  await expect(page.getByRole("region", { name: "Map: Delivery range" })).toBeVisible();
  await expect(page.getByText("Area 1: 3 corners")).toBeVisible();
  await expect(page.getByText("Circle 1")).toBeVisible();

  // A member price for the Gold rank on one SKU.
  await page.goto("/transaction/members");
  await expect(page.getByRole("heading", { level: 1, name: "Member prices" })).toBeVisible();
  await page.getByRole("button", { name: "Set member prices" }).first().click();
  await page.getByRole("combobox", { name: "Goods" }).fill("Range");
  await page.locator(".ant-select-item-option", { hasText: "Range rice" }).click();
  await page.getByRole("spinbutton", { name: "Gold price for 500 g / Bag", exact: true }).fill("50");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").getByText("Gold price for 500 g / Bag must be below the SKU's price")).toBeVisible();
  await page.getByRole("spinbutton", { name: "Gold price for 500 g / Bag", exact: true }).fill("16.5");
  await expectNoSeriousViolations(page, "the member price grid");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/transaction\/members$/);
  await expect(row(page, "Range rice")).toContainText("Gold");
  await expect(row(page, "Range rice")).toContainText("¥16.50");

  // A ladder of two tiers on one SKU.
  await page.goto("/transaction/ladder/addladder");
  await page.getByRole("combobox", { name: "Goods" }).fill("Range");
  await page.locator(".ant-select-item-option", { hasText: "Range rice" }).click();
  await page.getByRole("button", { name: "500 g / Bag: Add tier" }).click();
  await page.getByRole("spinbutton", { name: "500 g / Bag #1: Unit price (yuan)", exact: true }).fill("17");
  await page.getByRole("button", { name: "500 g / Bag: Add tier" }).click();
  await page.getByRole("spinbutton", { name: "500 g / Bag #2: From quantity", exact: true }).fill("10");
  await page.getByRole("spinbutton", { name: "500 g / Bag #2: Unit price (yuan)", exact: true }).fill("15.5");
  await expectNoSeriousViolations(page, "the ladder form");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/transaction\/ladder$/);
  await expect(row(page, "Range rice")).toContainText("¥15.50");
});

test("publish a service offered: the form drops stock and delivery for a service area; the list shows its type and filters by it", async ({
  page,
}) => {
  test.slow();
  const seller = await createSeller("service");
  await signIn(page, seller.loginName, { password: seller.password, open: "/transaction/goodsManage/publishGoods" });
  await expect(page.getByRole("heading", { level: 1, name: "Publish goods" })).toBeVisible({ timeout: 30_000 });
  await page.getByText("Service offered", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Service offered" })).toBeChecked();
  // What only goods have leaves the form; the price is per unit and the service area comes.
  await expect(page.getByRole("spinbutton", { name: "Price per unit (yuan): The item", exact: true })).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Stock: The item", exact: true })).toBeHidden();
  await expect(page.getByRole("checkbox", { name: "Express delivery" })).toBeHidden();
  await expect(page.getByRole("switch", { name: "Fresh goods" })).toBeHidden();

  await page.getByRole("textbox", { name: "Name" }).fill("Cold-chain run to Shanghai");
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.locator(".ant-cascader-menu-item", { hasText: "Farm services" }).click();
  await page.locator(".ant-cascader-menu-item", { hasText: /^Cold-chain transport$/ }).click();
  // The units' list scrolls (only the first ones are drawn): typing finds the one wanted.
  await page.getByRole("combobox", { name: "Unit" }).fill("tonne");
  await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option", { hasText: /^tonne$/ }).click();
  await page.getByRole("spinbutton", { name: "Price per unit (yuan): The item", exact: true }).fill("350");
  await page.locator(".goods-images input[type=file]").setInputFiles([{ name: "truck.png", mimeType: "image/png", buffer: PNG }]);
  await expect(page.getByRole("button", { name: "Main image: truck.png" })).toBeVisible();
  const areas = page.getByRole("combobox", { name: "Provinces and cities" });
  await areas.click();
  const tree = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  const zhejiang = tree.locator(".ant-select-tree-treenode", { hasText: "Zhejiang" }).locator(".ant-select-tree-checkbox");
  await zhejiang.click();
  await expect(zhejiang).toHaveClass(/ant-select-tree-checkbox-checked/);
  await page.keyboard.press("Escape");
  await expectNoSeriousViolations(page, "the goods form for a service");
  await page.getByRole("button", { name: "Save and put on shelf", exact: true }).click();

  await expect(page).toHaveURL(/\/transaction\/goodsManage$/);
  await expect(row(page, "Cold-chain run to Shanghai")).toContainText("Service offered");
  await expect(row(page, "Cold-chain run to Shanghai")).toContainText("On shelf");
  // Filtered by type: among goods it is not, among services offered it is.
  await choose(page, page.getByRole("combobox", { name: "Type" }), "Goods");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(row(page, "Cold-chain run to Shanghai")).toBeHidden();
  await choose(page, page.getByRole("combobox", { name: "Type" }), "Service offered");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(row(page, "Cold-chain run to Shanghai")).toBeVisible();
  // The detail names the type and the area.
  await page.getByRole("link", { name: "Cold-chain run to Shanghai" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cold-chain run to Shanghai" })).toBeVisible();
  await expect(page.getByText("Zhejiang", { exact: true })).toBeVisible();
});
