import { codes, contract, type InputOf } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, meOf } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/harness";
import { exportSheet, listAll } from "../../../test/sheet-kit";

/*
 * The freight template list's export (issue 27 §1): its own function, exactly the list's filtered rows, chosen columns
 * in order, Chinese headers and words, money in yuan, a formula-looking name as text, never another seller's templates.
 */

const F = contract.freight;
let t: TestApp;
let owner: string;
let boId: string;

const add = async (ticket: string, patch: Partial<InputOf<typeof F.add>>) => {
  const res = await t.call(
    F.add,
    {
      name: "Standard",
      chargeType: "piece",
      defaultRule: { firstUnit: 1, firstFee: 1000, additionalUnit: 1, additionalFee: 500 },
      notDelivered: ["650000"],
      regionRules: [{ areas: ["330000", "310000"], firstUnit: 1, firstFee: 600, additionalUnit: 2, additionalFee: 300 }],
      freeRules: [],
      ...patch,
    },
    { ticket },
  );
  expect(res.code, res.msg).toBe(codes.OK);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  boId = (await meOf(t, owner)).boId;
  await add(owner, { name: "=1+1 Xfr pieces" });
  await add(owner, {
    name: "Xfr weight",
    chargeType: "weight",
    defaultRule: { firstUnit: 1000, firstFee: 1250, additionalUnit: 500, additionalFee: 300 },
  });
  await add(owner, { name: "Xfr volume", chargeType: "volume" });
  await add(await t.login("demo2"), { name: "Xfr rival" });
}, 120_000);
afterAll(() => t.close());

const asCell = (s: string) => (/^[=+\-@]/.test(s) ? `'${s}` : s);

describe("freight template export", () => {
  it("when a member sees freight templates but lacks their export function, then 403 naming it", async () => {
    const seeing = await createStaff(t, boId, ["goods.freight"]);
    const res = await t.post(F.exportByParam.path, {}, { ticket: seeing });
    expect(res.status).toBe(403);
    expect(res.code).toBe(codes.FORBIDDEN);
    expect(res.params?.func).toBe("goods.freight.export");
  });

  it("when exported with the list's filters, then the file holds exactly the list's rows, and no other seller's", async () => {
    for (const filters of [{ name: "Xfr" }, { name: "Xfr", chargeType: "weight" }, { name: "xfr", chargeType: "piece" }]) {
      const listed = await listAll(t, F.selByParam, filters, owner);
      const file = await exportSheet(t, F.exportByParam, filters, owner);
      expect(file.column("Name").sort(), JSON.stringify(filters)).toEqual(listed.map((r) => asCell(r.name)).sort());
    }
    expect((await exportSheet(t, F.exportByParam, { name: "Xfr" }, owner)).column("Name").sort()).toEqual([
      "'=1+1 Xfr pieces",
      "Xfr volume",
      "Xfr weight",
    ]);
  });

  it("when columns are chosen, then only they come, in that order, fees in yuan", async () => {
    const file = await exportSheet(
      t,
      F.exportByParam,
      { name: "Xfr", chargeType: "weight", columns: ["firstFee", "name", "firstUnit", "regionRuleCount"] },
      owner,
    );
    expect(file.headers).toEqual(["First fee (¥)", "Name", "First units (pieces, g or cm³)", "Region rules"]);
    expect(file.rows).toEqual([[12.5, "Xfr weight", 1000, 1]]);
    expect(file.fileName).toMatch(/freight-templates-\d{4}-\d{2}-\d{2}\.xlsx/);
  });

  it("when a Chinese seller exports, then the headers and the ways of charging are Chinese; a formula-looking name is text", async () => {
    const file = await exportSheet(
      t,
      F.exportByParam,
      { name: "Xfr", chargeType: "piece", columns: ["name", "chargeType"] },
      owner,
      "zh-CN",
    );
    expect(file.name).toBe("运费模板");
    expect(file.headers).toEqual(["模板名称", "计费方式"]);
    expect(file.rows).toEqual([["'=1+1 Xfr pieces", "按件数"]]);
  });
});
