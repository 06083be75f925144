import { codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { expectOwnExportFunction, exportSheet, listAll } from "../../test/sheet-kit";

/*
 * The purchase supplier list's export (issue 27 §1): its own function, exactly the list's filtered rows, chosen columns
 * in order, Chinese headers and words, a formula-looking name as text, never another seller's suppliers.
 */

const S = contract.supplier;
let t: TestApp;
let owner: string;
let boId: string;

const add = async (ticket: string, input: Record<string, unknown>) => {
  const res = await t.call(S.addShopSupplier, { kind: "purchase", ...input } as never, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  boId = (await meOf(t, owner)).boId;
  const other = await t.login("demo2");
  await add(owner, { name: "=1+1 Xsup Farm", contactName: "Li Wei", phone: "13800001111", settlement: "weekly" });
  await add(owner, { name: "Xsup Orchard", settlement: "monthly", status: "disabled" });
  await add(owner, { name: "Xsup Dairy", settlement: "cash" });
  await add(other, { name: "Xsup Rival", settlement: "cash" });
}, 120_000);
afterAll(() => t.close());

const asCell = (s: string) => (/^[=+\-@]/.test(s) ? `'${s}` : s);

describe("supplier export", () => {
  it("when a member sees suppliers but lacks their export function, then 403 naming it", async () => {
    await expectOwnExportFunction(t, boId, S.exportShopSupplierList, ["shop.supplier"]);
  });

  it("when exported with the list's filters, then the file holds exactly the list's rows, and no other seller's", async () => {
    for (const filters of [{ name: "xsup" }, { name: "Xsup", status: "enabled" }, { name: "Xsup", status: "disabled" }]) {
      const listed = await listAll(t, S.selShopSupplierPage, { ...filters, kind: "purchase" }, owner);
      const file = await exportSheet(t, S.exportShopSupplierList, filters, owner);
      expect(file.column("Name").sort(), JSON.stringify(filters)).toEqual(listed.map((s) => asCell(s.name)).sort());
    }
    expect((await exportSheet(t, S.exportShopSupplierList, { name: "Xsup" }, owner)).column("Name").sort()).toEqual([
      "'=1+1 Xsup Farm",
      "Xsup Dairy",
      "Xsup Orchard",
    ]);
  });

  it("when columns are chosen, then only they come, in that order; the name that looks like a formula is text", async () => {
    const file = await exportSheet(t, S.exportShopSupplierList, { name: "Xsup Farm", columns: ["phone", "name", "settlement"] }, owner);
    expect(file.headers).toEqual(["Phone", "Name", "Settlement"]);
    expect(file.rows).toEqual([["13800001111", "'=1+1 Xsup Farm", "Weekly"]]);
    expect(file.fileName).toMatch(/suppliers-\d{4}-\d{2}-\d{2}\.xlsx/);
  });

  it("when a Chinese seller exports, then the headers and the words are Chinese", async () => {
    const file = await exportSheet(
      t,
      S.exportShopSupplierList,
      { name: "Xsup Orchard", columns: ["name", "status", "settlement"] },
      owner,
      "zh-CN",
    );
    expect(file.name).toBe("供应商");
    expect(file.headers).toEqual(["供应商名称", "状态", "结算方式"]);
    expect(file.rows).toEqual([["Xsup Orchard", "停用", "月结"]]);
  });
});
