import { contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { expectOwnExportFunction, exportSheet, listAll } from "../../test/sheet-kit";
import { promotion } from "./promotion.tables";

/*
 * The promotion list's export (issue 27 §1): its own function, exactly the list's filtered rows, chosen columns in
 * order, Chinese headers and state words, a formula-looking name as text, never another seller's promotions.
 */

const P = contract.promotion;
let t: TestApp;
let owner: string;
let boId: string;
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  const me = await meOf(t, owner);
  boId = me.boId;
  const other = await meOf(t, await t.login("demo2"));
  const row = (bo: string, shopId: string, name: string, patch: Partial<typeof promotion.$inferInsert> = {}) => ({
    boId: bo,
    shopId,
    name,
    kind: "percent",
    percentOff: 15,
    startsAt: at(-24),
    endsAt: at(24),
    ...patch,
  });
  await t.db
    .insert(promotion)
    .values([
      row(boId, me.shop?.shopId ?? "", "=1+1 Xport sale"),
      row(boId, me.shop?.shopId ?? "", "Xport clearance", { kind: "price", percentOff: null, startsAt: at(24), endsAt: at(48) }),
      row(boId, me.shop?.shopId ?? "", "Xport called off", { cancelledAt: at(-1) }),
      row(other.boId, other.shop?.shopId ?? "", "Xport rival"),
    ]);
}, 120_000);
afterAll(() => t.close());

/** A name as a spreadsheet cell holds it: text that starts a formula behind a quote. */
const asCell = (name: string) => (/^[=+\-@]/.test(name) ? `'${name}` : name);

describe("promotion export", () => {
  it("when a member sees promotions but lacks their export function, then 403 naming it", async () => {
    await expectOwnExportFunction(t, boId, P.exportList, ["marketing.promotion"]);
  });

  it("when exported with the list's filters, then the file holds exactly the list's rows, and no other seller's", async () => {
    for (const filters of [{ keyword: "Xport" }, { keyword: "Xport", state: "running" }, { keyword: "Xport", state: "notStarted" }]) {
      const listed = await listAll(t, P.queryList, filters, owner);
      const file = await exportSheet(t, P.exportList, filters, owner);
      expect(file.column("Name").sort(), JSON.stringify(filters)).toEqual(listed.map((p) => asCell(p.name)).sort());
    }
    const all = await exportSheet(t, P.exportList, { keyword: "Xport" }, owner);
    expect(all.column("Name").sort()).toEqual(["'=1+1 Xport sale", "Xport called off", "Xport clearance"]);
    const running = await exportSheet(t, P.exportList, { keyword: "Xport", state: "running" }, owner);
    expect(running.column("Name")).toEqual(["'=1+1 Xport sale"]);
  });

  it("when a formula-looking name is exported, then it is text behind a quote", async () => {
    const file = await exportSheet(t, P.exportList, { keyword: "1+1" }, owner);
    expect(file.rows).toHaveLength(1);
    expect(file.column("Name")).toEqual(["'=1+1 Xport sale"]);
    expect(file.rows.flat()).not.toContain("=1+1 Xport sale");
  });

  it("when columns are chosen, then only they come, in the order asked, with words and numbers", async () => {
    const file = await exportSheet(
      t,
      P.exportList,
      { keyword: "Xport", state: "running", columns: ["state", "name", "percentOff"] },
      owner,
    );
    expect(file.headers).toEqual(["State", "Name", "Percent off"]);
    expect(file.rows).toEqual([["running", "'=1+1 Xport sale", 15]]);
    expect(file.fileName).toMatch(/promotions-\d{4}-\d{2}-\d{2}\.xlsx/);
  });

  it("when a Chinese seller exports, then the headers, the sheet and the states are Chinese", async () => {
    const file = await exportSheet(t, P.exportList, { keyword: "Xport", columns: ["name", "state", "kind"] }, owner, "zh-CN");
    expect(file.name).toBe("促销活动");
    expect(file.headers).toEqual(["活动名称", "状态", "促销方式"]);
    const byName = new Map(file.rows.map((r) => [r[0], r.slice(1)]));
    expect(byName.get("Xport clearance")).toEqual(["未开始", "按规格定价"]);
    expect(byName.get("Xport called off")).toEqual(["已取消", "折扣"]);
  });
});
