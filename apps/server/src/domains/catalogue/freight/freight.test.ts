import { codes, contract, type InputOf } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, createStaff } from "../../../test/fixtures";
import { publish, simpleGoods, uploadImage } from "../../../test/goods-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { freightOf } from "./freight.rules";
import { templateForFreight } from "./freight.view";

/* Freight templates and their rows: every call (success, bad input, another seller's ids, missing function), the goods that keep a template from deletion, and freightOf on a stored template. */

const F = contract.freight;
let t: TestApp;
let owner: string;
let boId: string;
let other: string;
let image: string;

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSeller(t);
  owner = await t.login(s.loginName, s.password);
  boId = s.boId;
  other = await t.login("demo2");
  image = await uploadImage(t, owner);
});
afterAll(() => t.close());

type AddInput = InputOf<typeof F.add>;
const template = (patch: Partial<AddInput> = {}): AddInput => ({
  name: "Standard",
  chargeType: "piece",
  defaultRule: { firstUnit: 1, firstFee: 1000, additionalUnit: 1, additionalFee: 500 },
  notDelivered: ["650000"],
  regionRules: [{ areas: ["330000", "310000"], firstUnit: 1, firstFee: 600, additionalUnit: 2, additionalFee: 300 }],
  freeRules: [{ areas: [], freeBy: "amount", threshold: 9900 }],
  ...patch,
});
const add = async (patch: Partial<AddInput> = {}) => {
  const res = await t.call(F.add, template(patch), { ticket: owner });
  expect(res.code, JSON.stringify(res.data)).toBe(codes.OK);
  return res.data;
};
const templateRows = async () => {
  const r = (await t.db.execute(sql`select count(*)::int as n from freight_template where bo_id = ${boId}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(r.rows[0]?.n ?? 0);
};
const issuePaths = (data: unknown) => (data as { issues: { path: string }[] }).issues.map((i) => i.path);

describe("freight templates", () => {
  it("when a template is added, then it comes back with its rules, named areas and no goods", async () => {
    const d = await add();
    expect(d).toMatchObject({
      name: "Standard",
      chargeType: "piece",
      defaultRule: { firstUnit: 1, firstFee: 1000, additionalUnit: 1, additionalFee: 500 },
      regionRuleCount: 1,
      freeRuleCount: 1,
      notDeliveredCount: 1,
      goodsCount: 0,
    });
    expect(d.notDelivered).toEqual([{ code: "650000", name: "新疆维吾尔自治区", nameEn: "Xinjiang" }]);
    expect(d.regionRules[0]?.areas.map((a) => a.name)).toEqual(["浙江省", "上海市"]);
    expect(d.freeRules[0]).toMatchObject({ kind: "free", areas: [], freeBy: "amount", threshold: 9900 });
    const again = await t.call(F.selById, { id: d.id }, { ticket: owner });
    expect(again.data).toEqual(d);
  });

  it.each<[string, Partial<AddInput>]>([
    ["name", { name: " " }],
    ["chargeType", { chargeType: "distance" as never }],
    ["defaultRule.firstUnit", { defaultRule: { firstUnit: 0, firstFee: 0, additionalUnit: 1, additionalFee: 0 } }],
    ["defaultRule.additionalUnit", { defaultRule: { firstUnit: 1, firstFee: 0, additionalUnit: 10_000, additionalFee: 0 } }],
    ["defaultRule.firstFee", { defaultRule: { firstUnit: 1, firstFee: -1, additionalUnit: 1, additionalFee: 0 } }],
    ["regionRules.0.areas", { regionRules: [{ areas: [], firstUnit: 1, firstFee: 0, additionalUnit: 1, additionalFee: 0 }] }],
    ["regionRules.0.areas.0", { regionRules: [{ areas: ["330106"], firstUnit: 1, firstFee: 0, additionalUnit: 1, additionalFee: 0 }] }],
    ["regionRules.0.areas.0", { regionRules: [{ areas: ["990000"], firstUnit: 1, firstFee: 0, additionalUnit: 1, additionalFee: 0 }] }],
    ["regionRules.0.areas.0", { regionRules: [{ areas: ["650100"], firstUnit: 1, firstFee: 0, additionalUnit: 1, additionalFee: 0 }] }],
    [
      "regionRules.1.areas.0",
      {
        regionRules: [
          { areas: ["330000"], firstUnit: 1, firstFee: 0, additionalUnit: 1, additionalFee: 0 },
          { areas: ["330000"], firstUnit: 1, firstFee: 0, additionalUnit: 1, additionalFee: 0 },
        ],
      },
    ],
    ["freeRules.0.threshold", { freeRules: [{ areas: [], freeBy: "amount", threshold: 0 }] }],
    [
      "freeRules.1.areas",
      {
        freeRules: [
          { areas: [], freeBy: "amount", threshold: 1 },
          { areas: [], freeBy: "quantity", threshold: 2 },
        ],
      },
    ],
    ["notDelivered.1", { notDelivered: ["650000", "650000"] }],
  ])("when %s is wrong, then the add is refused naming it and nothing is written", async (field, patch) => {
    const before = await templateRows();
    const res = await t.call(F.add, template({ name: `Bad ${field}`, ...patch }), { ticket: owner });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toContain(field);
    expect(await templateRows()).toBe(before);
  });

  it("when a weight template's unit is over 1,000 kg, then it is refused; a piece template's over 9,999 pieces too", async () => {
    const heavy = { firstUnit: 1_000_001, firstFee: 0, additionalUnit: 1, additionalFee: 0 };
    const res = await t.call(F.add, template({ name: "Heavy", chargeType: "weight", defaultRule: heavy }), { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("defaultRule.firstUnit");
    const ok = await t.call(F.add, template({ name: "Heavy", chargeType: "volume", defaultRule: heavy }), { ticket: owner });
    expect(ok.code).toBe(codes.OK);
  });

  it("when the name is taken (in any case), then it is refused naming the field", async () => {
    const res = await t.call(F.add, template({ name: "STANDARD" }), { ticket: owner });
    expect(res).toMatchObject({ status: 400 });
    expect((res.data as unknown as { issues: { path: string; reason: string }[] }).issues).toEqual([
      expect.objectContaining({ path: "name", reason: "freight.nameTaken" }),
    ]);
  });

  it("when a template is replaced, then rows given with their id are kept, new ones added and the rest removed", async () => {
    const d = await add({
      name: "Replace me",
      regionRules: [
        { areas: ["330000"], firstUnit: 1, firstFee: 600, additionalUnit: 1, additionalFee: 100 },
        { areas: ["440000"], firstUnit: 1, firstFee: 900, additionalUnit: 1, additionalFee: 100 },
      ],
    });
    const [zhejiang, guangdong] = d.regionRules;
    const res = await t.call(
      F.upd,
      {
        id: d.id,
        ...template({
          name: "Replaced",
          chargeType: "weight",
          defaultRule: { firstUnit: 1000, firstFee: 800, additionalUnit: 500, additionalFee: 200 },
          notDelivered: [],
          regionRules: [
            { id: guangdong?.id, areas: ["440000", "450000"], firstUnit: 1000, firstFee: 1000, additionalUnit: 500, additionalFee: 300 },
            { areas: ["330100"], firstUnit: 1000, firstFee: 500, additionalUnit: 1000, additionalFee: 100 },
          ],
          freeRules: [],
        }),
      },
      { ticket: owner },
    );
    expect(res.code, JSON.stringify(res.data)).toBe(codes.OK);
    expect(res.data).toMatchObject({ name: "Replaced", chargeType: "weight", notDelivered: [], freeRules: [] });
    expect(res.data.regionRules.map((r) => [r.id === guangdong?.id, r.areas.map((a) => a.code)])).toEqual([
      [true, ["440000", "450000"]],
      [false, ["330100"]],
    ]);
    expect(res.data.regionRules.some((r) => r.id === zhejiang?.id)).toBe(false);
    // A row id that is not this template's (or of the other kind) is refused naming it.
    const wrong = await t.call(
      F.upd,
      {
        id: d.id,
        ...template({ name: "Replaced", freeRules: [{ id: res.data.regionRules[0]?.id, areas: [], freeBy: "amount", threshold: 1 }] }),
      },
      { ticket: owner },
    );
    expect(wrong.status).toBe(400);
    expect(issuePaths(wrong.data)).toEqual(["freeRules.0.id"]);
  });

  it("lists the templates newest change first, by name and way of charging, and all of them for the goods form", async () => {
    const page = await t.call(F.selByParam, { pageNum: 1, pageSize: 2 }, { ticket: owner });
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    expect(page.data.list).toHaveLength(2);
    expect(page.data.list[0]?.name).toBe("Replaced");
    const weight = await t.call(F.selByParam, { chargeType: "weight" }, { ticket: owner });
    expect(weight.data.list.map((x) => x.name)).toEqual(["Replaced"]);
    const named = await t.call(F.selByParam, { name: "stand" }, { ticket: owner });
    expect(named.data.list.map((x) => x.name)).toEqual(["Standard"]);
    const all = await t.call(F.selListByShopId, {}, { ticket: owner });
    expect(all.data.map((x) => x.name)).toEqual(["Heavy", "Replaced", "Standard"]);
    const bad = await t.call(F.selByParam, { pageSize: 101 }, { ticket: owner });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("pageSize");
  });

  it("answers the starter template (free shipping, in the caller's language) once", async () => {
    const zh = await t.post(F.addInitFreightTemplate.path, {}, { ticket: owner, headers: { "accept-language": "zh-CN" } });
    expect(zh.code).toBe(codes.OK);
    expect(zh.data).toMatchObject({ name: "包邮", chargeType: "piece", defaultRule: { firstFee: 0, additionalFee: 0 } });
    const again = await t.post(F.addInitFreightTemplate.path, {}, { ticket: owner, headers: { "accept-language": "zh-CN" } });
    expect((again.data as { id: string }).id).toBe((zh.data as { id: string }).id);
    const bad = await t.call(F.addInitFreightTemplate, { chargeType: "x" as never }, { ticket: owner });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("chargeType");
    await t.call(F.del, { id: (zh.data as { id: string }).id }, { ticket: owner });
  });
});

describe("freight rules (freightTemplateInfo)", () => {
  let refId: string;
  beforeAll(async () => {
    refId = (await add({ name: "Rows", regionRules: [], freeRules: [], notDelivered: ["540000"] })).id;
  });

  it("when rows are added and changed one by one, then the lists show them in order", async () => {
    const fee = await t.call(
      F.addInfo,
      { refId, kind: "fee", areas: ["330000"], firstUnit: 1, firstFee: 500, additionalUnit: 1, additionalFee: 100 },
      { ticket: owner },
    );
    expect(fee.code, JSON.stringify(fee.data)).toBe(codes.OK);
    expect(fee.data).toMatchObject({ refId, kind: "fee", sort: 0, areas: [{ code: "330000", name: "浙江省" }] });
    const free = await t.call(F.addInfo, { refId, kind: "free", areas: ["330100"], freeBy: "quantity", threshold: 3 }, { ticket: owner });
    expect(free.data).toMatchObject({ kind: "free", freeBy: "quantity", threshold: 3 });
    const fee2 = await t.call(
      F.addInfo,
      { refId, kind: "fee", areas: ["320000"], firstUnit: 1, firstFee: 700, additionalUnit: 1, additionalFee: 100 },
      { ticket: owner },
    );
    expect(fee2.data).toMatchObject({ sort: 1 });
    const changed = await t.call(
      F.updInfoById,
      { id: fee.data.id, kind: "fee", areas: ["330000", "340000"], firstUnit: 2, firstFee: 800, additionalUnit: 1, additionalFee: 50 },
      { ticket: owner },
    );
    expect(changed.data).toMatchObject({ id: fee.data.id, firstUnit: 2, firstFee: 800, sort: 0 });
    expect(changed.data.areas.map((a) => a.code)).toEqual(["330000", "340000"]);
    const one = await t.call(F.selInfoById, { id: free.data.id }, { ticket: owner });
    expect(one.data).toEqual(free.data);
    const list = await t.call(F.selListByRefId, { refId }, { ticket: owner });
    expect(list.data.map((r) => [r.kind, r.sort])).toEqual([
      ["fee", 0],
      ["fee", 1],
      ["free", 0],
    ]);
    const frees = await t.call(F.selListByRefId, { refId, kind: "free" }, { ticket: owner });
    expect(frees.data.map((r) => r.id)).toEqual([free.data.id]);
    const page = await t.call(F.selPageByRefId, { refId, pageNum: 2, pageSize: 2 }, { ticket: owner });
    expect(page.data).toMatchObject({ total: 3, pageNum: 2 });
    expect(page.data.list.map((r) => r.id)).toEqual([free.data.id]);
    const simple = await t.call(F.selSimpleListByRefId, { refId }, { ticket: owner });
    expect(simple.data).toEqual([
      { id: fee.data.id, kind: "fee", areaCodes: ["330000", "340000"] },
      { id: fee2.data.id, kind: "fee", areaCodes: ["320000"] },
      { id: free.data.id, kind: "free", areaCodes: ["330100"] },
    ]);
    const detail = await t.call(F.selById, { id: refId }, { ticket: owner });
    expect(detail.data).toMatchObject({ regionRuleCount: 2, freeRuleCount: 1 });
  });

  it("when a row repeats another's area, names an area not delivered to or changes its kind, then it is refused naming the field", async () => {
    const fee = { firstUnit: 1, firstFee: 500, additionalUnit: 1, additionalFee: 100 };
    const twice = await t.call(F.addInfo, { refId, kind: "fee", areas: ["320000", "330000"], ...fee }, { ticket: owner });
    expect(twice.status).toBe(400);
    expect(issuePaths(twice.data)).toEqual(["areas.0", "areas.1"]);
    const barred = await t.call(F.addInfo, { refId, kind: "free", areas: ["540100"], freeBy: "amount", threshold: 1 }, { ticket: owner });
    expect(issuePaths(barred.data)).toEqual(["areas.0"]);
    const unknown = await t.call(F.addInfo, { refId, kind: "fee", areas: ["990000"], ...fee }, { ticket: owner });
    expect(issuePaths(unknown.data)).toEqual(["areas.0"]);
    const missing = await t.call(F.addInfo, { refId, kind: "fee", areas: ["310000"], ...fee, firstUnit: 0 }, { ticket: owner });
    expect(issuePaths(missing.data)).toEqual(["firstUnit"]);
    const rows = (await t.call(F.selListByRefId, { refId }, { ticket: owner })).data;
    const feeRow = rows.find((r) => r.kind === "fee");
    const kind = await t.call(
      F.updInfoById,
      { id: feeRow?.id ?? "", kind: "free", areas: [], freeBy: "amount", threshold: 1 },
      { ticket: owner },
    );
    expect(issuePaths(kind.data)).toEqual(["kind"]);
    const samePlace = await t.call(F.updInfoById, { id: feeRow?.id ?? "", kind: "fee", areas: ["320000"], ...fee }, { ticket: owner });
    expect(issuePaths(samePlace.data)).toEqual(["areas.0"]);
    expect((await t.call(F.selListByRefId, { refId }, { ticket: owner })).data).toEqual(rows);
  });
});

describe("tenancy and functions", () => {
  let mine: string;
  let mineRow: string;
  let theirs: string;
  let theirRow: string;
  beforeAll(async () => {
    const d = await add({ name: "Mine" });
    mine = d.id;
    mineRow = d.regionRules[0]?.id ?? "";
    const list = await t.call(F.selByParam, {}, { ticket: other });
    theirs = list.data.list.find((x) => x.regionRuleCount > 0)?.id ?? "";
    theirRow = (await t.call(F.selById, { id: theirs }, { ticket: other })).data.regionRules[0]?.id ?? "";
    expect(theirs).not.toBe("");
    expect(theirRow).not.toBe("");
  });

  it("when another seller's ids are used, then every call answers not found and nothing changes", async () => {
    const before = await t.call(F.selById, { id: theirs }, { ticket: other });
    const fee = { firstUnit: 1, firstFee: 1, additionalUnit: 1, additionalFee: 1 };
    const answers = [
      await t.call(F.selById, { id: theirs }, { ticket: owner }),
      await t.call(F.upd, { id: theirs, ...template({ name: "Stolen" }) }, { ticket: owner }),
      await t.call(F.del, { id: theirs }, { ticket: owner }),
      await t.call(F.selInfoById, { id: theirRow }, { ticket: owner }),
      await t.call(F.updInfoById, { id: theirRow, kind: "fee", areas: ["110000"], ...fee }, { ticket: owner }),
      await t.call(F.addInfo, { refId: theirs, kind: "fee", areas: ["120000"], ...fee }, { ticket: owner }),
      await t.call(F.selPageByRefId, { refId: theirs }, { ticket: owner }),
      await t.call(F.selListByRefId, { refId: theirs }, { ticket: owner }),
      await t.call(F.selSimpleListByRefId, { refId: theirs }, { ticket: owner }),
    ];
    for (const a of answers) expect(a.code, a.msg).toBe(codes.NOT_FOUND);
    expect((await t.call(F.selById, { id: theirs }, { ticket: other })).data).toEqual(before.data);
    const mineList = await t.call(F.selListByShopId, {}, { ticket: owner });
    expect(mineList.data.map((x) => x.id)).not.toContain(theirs);
    // A goods item cannot name another seller's template either.
    const res = await t.call(contract.goods.publishGoods, simpleGoods(image, "Sneaky", { freightTemplateId: theirs }), { ticket: owner });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toEqual(["freightTemplateId"]);
  });

  it("when the function is missing, then reads need Freight templates, writes its edit function and the goods form's list Goods", async () => {
    const none = await createStaff(t, boId, ["goods.manage"]);
    const viewer = await createStaff(t, boId, ["goods.freight"]);
    const fee = { firstUnit: 1, firstFee: 1, additionalUnit: 1, additionalFee: 1 };
    for (const [call, input] of [
      [F.selByParam, {}],
      [F.selById, { id: mine }],
      [F.selInfoById, { id: mineRow }],
      [F.selPageByRefId, { refId: mine }],
      [F.selListByRefId, { refId: mine }],
      [F.selSimpleListByRefId, { refId: mine }],
    ] as const) {
      const res = await t.post(call.path, input, { ticket: none });
      expect(res.status, call.path).toBe(403);
      expect((await t.post(call.path, input, { ticket: viewer })).code, call.path).toBe(codes.OK);
    }
    for (const [call, input] of [
      [F.add, template({ name: "Viewer's" })],
      [F.upd, { id: mine, ...template({ name: "Mine" }) }],
      [F.del, { id: mine }],
      [F.addInitFreightTemplate, {}],
      [F.addInfo, { refId: mine, kind: "fee", areas: ["120000"], ...fee }],
      [F.updInfoById, { id: mineRow, kind: "fee", areas: ["120000"], ...fee }],
    ] as const) {
      const res = await t.post(call.path, input as Record<string, unknown>, { ticket: viewer });
      expect(res.status, call.path).toBe(403);
      expect(res.params?.func).toBe("goods.freight.edit");
    }
    expect((await t.call(F.selListByShopId, {}, { ticket: viewer })).status).toBe(403);
    expect((await t.call(F.selListByShopId, {}, { ticket: none })).code).toBe(codes.OK);
    expect((await t.call(F.selById, { id: mine }, { ticket: owner })).data.name).toBe("Mine");
  });
});

describe("goods that use a template", () => {
  it("when goods use a template, then deleting it is refused naming how many; once they are gone it is deleted", async () => {
    const d = await add({ name: "Used" });
    const a = await publish(t, owner, simpleGoods(image, "Uses freight A", { freightTemplateId: d.id }));
    const b = await publish(t, owner, simpleGoods(image, "Uses freight B", { freightTemplateId: d.id }));
    expect((await t.call(contract.goods.selGoodsById, { id: a }, { ticket: owner })).data.freightTemplateId).toBe(d.id);
    expect((await t.call(F.selById, { id: d.id }, { ticket: owner })).data.goodsCount).toBe(2);
    const two = await t.call(F.del, { id: d.id }, { ticket: owner });
    expect(two).toMatchObject({ code: codes.CONFLICT, reason: "freight.inUseByMany", params: { name: "Used", n: 2 } });
    expect(two.msg).toContain("used by 2 goods items");
    await t.call(contract.goods.delGoods, { id: b }, { ticket: owner });
    const one = await t.call(F.del, { id: d.id }, { ticket: owner });
    expect(one).toMatchObject({ code: codes.CONFLICT, reason: "freight.inUseByOne", params: { name: "Used" } });
    await t.call(contract.goods.delGoods, { id: a }, { ticket: owner });
    expect((await t.call(F.del, { id: d.id }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(F.selById, { id: d.id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    // The deleted goods no longer name it (the foreign key clears the column), and the rows went with the template.
    const r = (await t.db.execute(
      sql`select (select count(*)::int from goods where freight_template_id = ${d.id}) as g, (select count(*)::int from freight_template_info where template_id = ${d.id}) as i`,
    )) as unknown as { rows: { g: number; i: number }[] };
    expect(r.rows[0]).toEqual({ g: 0, i: 0 });
  });

  it("computes a cart's freight from a stored template", async () => {
    const d = await add({ name: "Priced" });
    const stored = await templateForFreight(t.db, boId, d.id);
    if (!stored) throw new Error("template missing");
    const line = { skuId: "s", unitPriceCents: 1000, weightGrams: 500, volume: null };
    expect(freightOf(stored, [{ ...line, quantity: 3 }], "330106")).toEqual({ deliverable: true, freightCents: 900, free: false });
    expect(freightOf(stored, [{ ...line, quantity: 10 }], "120101")).toEqual({ deliverable: true, freightCents: 0, free: true });
    expect(freightOf(stored, [{ ...line, quantity: 1 }], "650102")).toMatchObject({ deliverable: false, area: "650000" });
    expect(await templateForFreight(t.db, boId, "missing")).toBeNull();
  });
});
