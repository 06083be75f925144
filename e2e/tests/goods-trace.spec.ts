import { expect, type Page, test } from "@playwright/test";
import { pngOf } from "../../apps/server/src/demo/png";
import { choose, expectNoSeriousViolations, pickArea, signIn, sql } from "./support";

test.use({ reducedMotion: "reduce" });

/** A scanned inspection report (the server decodes the bytes: a real image). */
const SCAN = pngOf(4, 4, () => [240, 240, 240]);

const words = {
  en: {
    trace: "Trace",
    batches: "Batches",
    heading: "Trace records",
    empty: "No trace records yet. Add where this item comes from and its inspection report.",
    add: "Add trace record",
    origin: "Origin",
    area: "Area",
    areaPath: ["Zhejiang", "Hangzhou", "Xihu District"],
    farm: "Farm",
    harvestDate: "Harvest date",
    report: "Inspection report",
    remark: "Remark",
    save: "Save",
    saved: "Trace record saved",
    edit: "Edit",
    delete: "Delete",
    confirmButton: "Delete",
    confirmDelete: (origin: string) => `Delete the trace record from “${origin}”?`,
    deleted: "Trace record deleted",
    editBatch: "Edit",
    batchTrace: "Trace record",
    batchSaved: (no: string) => `Batch ${no} saved`,
  },
  zh: {
    trace: "溯源",
    batches: "批次",
    heading: "溯源记录",
    empty: "暂无溯源记录。请添加该商品的来源和检测报告。",
    add: "添加溯源记录",
    origin: "产地",
    area: "所在地区",
    areaPath: ["浙江省", "杭州市", "西湖区"],
    farm: "农场",
    harvestDate: "采收日期",
    report: "检测报告",
    remark: "备注",
    // antd spaces a two-character Chinese button label ("保 存").
    save: /^保\s*存$/,
    saved: "溯源记录已保存",
    edit: "编辑",
    delete: "删除",
    confirmButton: /^删\s*除$/,
    confirmDelete: (origin: string) => `删除产地为“${origin}”的溯源记录？`,
    deleted: "溯源记录已删除",
    editBatch: "编辑",
    batchTrace: "溯源记录",
    batchSaved: (no: string) => `批次 ${no} 已保存`,
  },
} as const;

/** A fresh item of the demo seller with batches and no trace record yet (a retried story takes another one). */
async function untracedFreshItem(): Promise<{ id: string; name: string; batchNo: string }> {
  const rows = await sql(
    `select g.id, g.name, (select b.batch_no from goods_batch b where b.goods_id = g.id order by b.expires_on limit 1) as batch_no
       from goods g
       join employee e on e.bo_id = g.bo_id and e.is_owner
       join member m on m.id = e.member_id and m.login_name = 'demo'
      where g.kind = 'goods' and g.listing_type = 'goods' and g.fresh and g.deleted_at is null
        and not exists (select 1 from goods_trace t where t.goods_id = g.id)
        and exists (select 1 from goods_batch b where b.goods_id = g.id)
      order by g.id
      limit 1`,
  );
  const row = rows[0] as { id: string; name: string; batch_no: string } | undefined;
  if (!row) throw new Error("the demo seller has no fresh item without trace records");
  return { id: row.id, name: row.name, batchNo: row.batch_no };
}

/**
 * Pick a day in an antd date field by typing it (the field takes YYYY-MM-DD); Tab leaves the field with the day taken.
 */
async function typeDate(page: Page, label: string, day: string) {
  const input = page.getByRole("dialog").getByRole("textbox", { name: label });
  await input.click();
  await input.fill(day);
  await input.press("Tab");
  await expect(input).toHaveValue(day);
}

for (const lang of ["en", "zh"] as const) {
  const w = words[lang];
  test(`a trace record is added with its harvest date, seen, edited and deleted; a batch names it (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const item = await untracedFreshItem();
    const origin = lang === "en" ? `Longjing village ${Date.now() % 10_000}` : `龙井村 ${Date.now() % 10_000}`;
    await page.addInitScript((l) => localStorage.setItem("sbo:lang", l), lang);
    // English through the goods detail, Chinese through the goods form: both carry the tab.
    const screenUrl =
      lang === "en" ? `/transaction/goodsManage/detailGoods?id=${item.id}` : `/transaction/goodsManage/updateGoods?id=${item.id}`;
    await signIn(page, "demo", { open: screenUrl });
    await page.getByRole("tab", { name: w.trace, exact: true }).click();
    await expect(page).toHaveURL(/[?&]tab=trace/);
    const section = page.getByRole("region", { name: w.heading });
    await expect(section.getByText(w.empty)).toBeVisible({ timeout: 30_000 });

    // Add: origin, area, farm, harvest date, a scanned report.
    await section.getByRole("button", { name: w.add }).first().click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("textbox", { name: w.origin }).fill(origin);
    await drawer.getByRole("combobox", { name: w.area }).click();
    await pickArea(page, [...w.areaPath]);
    await drawer.getByRole("textbox", { name: w.farm }).fill(lang === "en" ? "Hill orchard" : "山坡果园");
    await typeDate(page, w.harvestDate, "2026-10-12");
    await drawer.locator("input[type=file]").setInputFiles({ name: "inspection-report.png", mimeType: "image/png", buffer: SCAN });
    // Uploaded (not only chosen): the file is a link to what the server kept.
    await expect(drawer.getByRole("link", { name: "inspection-report.png" })).toBeVisible();
    await drawer.getByRole("button", { name: w.save }).click();
    await expect(page.getByText(w.saved)).toBeVisible();
    await expect(drawer).toBeHidden();

    const row = section.getByRole("row").filter({ hasText: origin });
    await expect(row).toContainText("2026-10-12");
    await expect(row).toContainText(w.areaPath[2]);
    await expect(row.getByRole("link", { name: "inspection-report.png" })).toBeVisible();
    await expectNoSeriousViolations(page, `the goods Trace tab (${lang})`);

    // A reload opens the same tab and the record is still there (saved, not held by the screen).
    await page.reload();
    await expect(section.getByRole("row").filter({ hasText: origin })).toContainText("2026-10-12", { timeout: 30_000 });

    // Edit: the drawer holds what was saved; a later harvest date and a remark.
    await row.getByRole("button", { name: `${w.edit}: ${origin} · 2026-10-12` }).click();
    await expect(drawer.getByRole("textbox", { name: w.origin })).toHaveValue(origin);
    await expect(drawer.getByRole("textbox", { name: w.harvestDate })).toHaveValue("2026-10-12");
    await typeDate(page, w.harvestDate, "2026-10-14");
    await drawer.getByRole("textbox", { name: w.remark }).fill(lang === "en" ? "Picked by hand" : "人工采摘");
    await drawer.getByRole("button", { name: w.save }).click();
    await expect(drawer).toBeHidden();
    await expect(row).toContainText("2026-10-14");
    await expect(row).toContainText(lang === "en" ? "Picked by hand" : "人工采摘");

    // A batch names the record it came from (Batches tab, Edit, Trace record) and the Trace tab then lists the batch.
    await page.getByRole("tab", { name: w.batches, exact: true }).click();
    const batchRow = page.getByRole("row").filter({ hasText: item.batchNo });
    await batchRow.getByRole("button", { name: `${w.editBatch}: ${item.batchNo}` }).click();
    await choose(page, drawer.getByRole("combobox", { name: w.batchTrace }), `${origin} · 2026-10-14`);
    await drawer.getByRole("button", { name: w.save }).click();
    await expect(page.getByText(w.batchSaved(item.batchNo))).toBeVisible();
    await expect(batchRow).toContainText(`${origin} · 2026-10-14`);
    await page.getByRole("tab", { name: w.trace, exact: true }).click();
    await expect(section.getByRole("row").filter({ hasText: origin })).toContainText(item.batchNo);

    // Delete, after the confirmation naming it: the list is empty again and the batch keeps its stock, unlinked.
    await section
      .getByRole("row")
      .filter({ hasText: origin })
      .getByRole("button", { name: `${w.delete}: ${origin} · 2026-10-14` })
      .click();
    const confirm = page.getByRole("tooltip");
    await expect(confirm.getByText(w.confirmDelete(origin))).toBeVisible();
    await confirm.getByRole("button", { name: w.confirmButton }).click();
    await expect(page.getByText(w.deleted)).toBeVisible();
    await expect(section.getByText(w.empty)).toBeVisible();
    const [batch] = (await sql("select trace_id from goods_batch where goods_id = $1 and batch_no = $2", [item.id, item.batchNo])) as {
      trace_id: string | null;
    }[];
    expect(batch?.trace_id).toBeNull();
  });
}

test("at 360 px the Trace tab and its drawer fit the phone: records as cards, the drawer the screen's width", async ({ page }) => {
  test.setTimeout(120_000);
  const [traced] = (await sql(
    `select t.goods_id as id, t.origin
       from goods_trace t
       join employee e on e.bo_id = t.bo_id and e.is_owner
       join member m on m.id = e.member_id and m.login_name = 'demo'
      order by t.created_at desc
      limit 1`,
  )) as { id: string; origin: string }[];
  if (!traced) throw new Error("the demo seller has no trace record");
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, "demo", { open: `/transaction/goodsManage/detailGoods?id=${traced.id}&tab=trace` });
  const section = page.getByRole("region", { name: "Trace records" });
  await expect(section.locator(".list-card").filter({ hasText: traced.origin }).first()).toBeVisible({ timeout: 30_000 });
  const fits = async (what: string) => {
    const widest = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(widest, `${what} fits 360 px`).toBeLessThanOrEqual(360);
  };
  await fits("the Trace tab");
  await section.getByRole("button", { name: "Add trace record" }).first().click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("textbox", { name: "Origin" })).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box && Math.round(box.width) <= 360 && Math.round(box.x) >= 0, "the drawer stays on the screen").toBe(true);
  await fits("the trace drawer");
});
