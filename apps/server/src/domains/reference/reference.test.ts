import { codes, contract } from "@sbo/contract";
import { SPEC_NAMES, specValuesDict } from "@sbo/contract/reference";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nationalAreas, seedReferenceData } from "../../demo/reference-data";
import { rowsOf } from "../../platform/db/rows";
import { createTestApp, type TestApp } from "../../test/harness";
import { areaRef, areaRefs } from "./reference.service";

const R = contract.reference;
let t: TestApp;
let green: string;

beforeAll(async () => {
  t = await createTestApp();
  green = await t.login("demo");
});
afterAll(() => t.close());

describe("areas: the national administrative divisions", () => {
  it("when the provinces are listed, then all 34 provincial divisions come, each with cities under it", async () => {
    const provinces = await t.call(R.selSpecAreaListByPid, {}, { ticket: green });
    expect(provinces.data).toHaveLength(34);
    expect(provinces.data.find((a) => a.code === "330000")).toEqual({
      code: "330000",
      name: "浙江省",
      nameEn: "Zhejiang",
      level: 1,
      isLeaf: false,
    });
  });

  it("when a province and then a city are opened, then its cities and then its districts come, the districts as leaves", async () => {
    const cities = await t.call(R.selSpecAreaListByPid, { pid: "330000" }, { ticket: green });
    expect(cities.data.map((a) => a.name)).toEqual(expect.arrayContaining(["杭州市", "宁波市", "舟山市"]));
    expect(cities.data.every((a) => a.level === 2 && !a.isLeaf)).toBe(true);
    const districts = await t.call(R.selSpecAreaListByPid, { pid: "330100" }, { ticket: green });
    expect(districts.data.map((a) => a.name)).toEqual(expect.arrayContaining(["西湖区", "余杭区", "临平区", "钱塘区"]));
    expect(districts.data.every((a) => a.level === 3 && a.isLeaf)).toBe(true);
  });

  it("when a municipality is opened, then it has one city level and its districts under that", async () => {
    const beijing = await t.call(R.selSpecAreaListByPid, { pid: "110000" }, { ticket: green });
    expect(beijing.data.map((a) => a.code)).toEqual(["110100"]);
    const districts = await t.call(R.selSpecAreaListByPid, { pid: "110100" }, { ticket: green });
    expect(districts.data.map((a) => a.name)).toContain("朝阳区");
  });

  it("when an area is named by code, then its path from the province down comes in one lookup", async () => {
    expect(await areaRef(t.db, "330106")).toEqual({
      code: "330106",
      codes: ["330000", "330100", "330106"],
      name: "浙江省 杭州市 西湖区",
      nameEn: "Zhejiang, Hangzhou, Xihu District",
    });
    const many = await areaRefs(t.db, ["350121", "110105", "999999", null]);
    expect([...many.keys()].sort()).toEqual(["110105", "350121"]);
    expect(many.get("110105")).toMatchObject({
      codes: ["110000", "110100", "110105"],
      name: "北京市 朝阳区",
      nameEn: "Beijing, Chaoyang District",
    });
  });

  it("when one area is asked for by code, then it comes with its path, level and whether areas lie under it", async () => {
    const west = await t.call(R.selAreaById, { code: "330106" }, { ticket: green });
    expect(west.data).toEqual({
      code: "330106",
      codes: ["330000", "330100", "330106"],
      name: "浙江省 杭州市 西湖区",
      nameEn: "Zhejiang, Hangzhou, Xihu District",
      level: 3,
      isLeaf: true,
    });
    expect((await t.call(R.selAreaById, { code: "330100" }, { ticket: green })).data).toMatchObject({ level: 2, isLeaf: false });
    expect((await t.call(R.selAreaById, { code: "999999" }, { ticket: green })).code).toBe(codes.NOT_FOUND);
    const bad = await t.call(R.selAreaById, { code: "33" }, { ticket: green });
    expect(bad.status).toBe(400);
  });

  it("when areas are searched by name, then provinces come first, and a level or a parent narrows them", async () => {
    const found = await t.call(R.selAreaListByParam, { keyword: "杭州" }, { ticket: green });
    expect(found.data[0]).toMatchObject({ code: "330100", name: "浙江省 杭州市", level: 2 });
    const west = await t.call(R.selAreaListByParam, { keyword: "西湖", level: 3 }, { ticket: green });
    expect(west.data.map((a) => a.code)).toContain("330106");
    expect(west.data.every((a) => a.level === 3)).toBe(true);
    const inZhejiang = await t.call(R.selAreaListByParam, { keyword: "区", underCode: "330100", limit: 50 }, { ticket: green });
    expect(inZhejiang.data.length).toBeGreaterThan(5);
    expect(inZhejiang.data.every((a) => a.code.startsWith("3301") && a.code !== "330100")).toBe(true);
    // English names are searched too (issue 25 §5: the English picker offers English names).
    const english = await t.call(R.selAreaListByParam, { keyword: "hangzhou", level: 2 }, { ticket: green });
    expect(english.data.find((a) => a.code === "330100")).toMatchObject({ name: "浙江省 杭州市", nameEn: "Zhejiang, Hangzhou" });
    expect((await t.call(R.selAreaListByParam, { keyword: "" }, { ticket: green })).status).toBe(400);
    expect((await t.call(R.selAreaListByParam, { keyword: "区", limit: 51 }, { ticket: green })).status).toBe(400);
  });

  it("when the reference data is seeded again, then the areas are counted and not written twice", async () => {
    const before = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from area`);
    expect(Number(before[0]?.n)).toBe(nationalAreas().length);
    await seedReferenceData(t.db);
    const after = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from area`);
    expect(after).toEqual(before);
  });

  it("when a database was seeded before the English names, then its next seed gives every area its English name", async () => {
    await t.db.execute(sql`update area set name_en = name where code in ('330000', '330100', '330106')`);
    await seedReferenceData(t.db);
    const [west] = await rowsOf<{ name_en: string }>(t.db, sql`select name_en from area where code = '330106'`);
    expect(west?.name_en).toBe("Xihu District");
  });

  it("when the national data is read, then every area has an English name of Latin letters", () => {
    const rows = nationalAreas();
    expect(rows.filter((r) => !/^[A-ZÜ][A-Za-zü' .-]*$/.test(r.nameEn)).map((r) => `${r.code} ${r.nameEn}`)).toEqual([]);
  });

  it("when the national data is read, then every city lies in a province and every district in a city", () => {
    const rows = nationalAreas();
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(rows.length).toBeGreaterThan(3000);
    for (const r of rows) {
      if (r.level === 1) expect(r.parentCode).toBeNull();
      else expect(byCode.get(r.parentCode ?? "")?.level, r.code).toBe(r.level - 1);
    }
  });
});

describe("categories, units and dictionaries", () => {
  it("lists top-level categories, then the ones under a parent", async () => {
    const top = await t.call(R.selSubCateListByPcateId, {}, { ticket: green });
    expect(top.data.map((c) => c.nameEn)).toContain("Vegetables");
    const under = await t.call(R.selSubCateListByPcateId, { pcateId: "C02" }, { ticket: green });
    expect(under.data.map((c) => c.nameEn)).toContain("Leafy greens");
  });

  it("lists the units, and those whose name holds what was typed", async () => {
    const all = await t.call(R.selSystemUnitByParam, {}, { ticket: green });
    expect(all.data.map((u) => u.id)).toEqual(expect.arrayContaining(["kg", "piece", "box"]));
    const some = await t.call(R.selSystemUnitByParam, { name: "Box" }, { ticket: green });
    expect(some.data).toEqual([{ id: "box", name: "箱", nameEn: "box" }]);
  });

  it("lists a dictionary's items in their order, and nothing for an unknown dictionary", async () => {
    const express = await t.call(R.selSpecItemListByDictId, { dictId: "express" }, { ticket: green });
    expect(express.data[0]).toEqual({ code: "SF", name: "顺丰速运", nameEn: "SF Express" });
    expect((await t.call(R.selSpecItemListByDictId, { dictId: "nope" }, { ticket: green })).data).toEqual([]);
  });

  it("when the spec dictionaries are read, then the spec names come in both languages and each name has its values", async () => {
    const names = await t.call(R.selSpecItemListByDictId, { dictId: SPEC_NAMES }, { ticket: green });
    expect(names.data.map((n) => n.code)).toEqual(["weight", "packaging", "size", "colour", "origin", "grade"]);
    expect(names.data[0]).toEqual({ code: "weight", name: "重量", nameEn: "Weight" });
    for (const name of names.data) {
      const values = await t.call(R.selSpecItemListByDictId, { dictId: specValuesDict(name.code) }, { ticket: green });
      expect(values.data.length, name.code).toBeGreaterThanOrEqual(3);
      expect(values.data.every((v) => v.name && v.nameEn)).toBe(true);
    }
    const weights = await t.call(R.selSpecItemListByDictId, { dictId: "specValue.weight" }, { ticket: green });
    expect(weights.data.map((v) => v.nameEn)).toEqual(["250 g", "500 g", "1 kg", "2.5 kg", "5 kg"]);
    const packaging = await t.call(R.selSpecItemListByDictId, { dictId: "specValue.packaging" }, { ticket: green });
    expect(packaging.data.map((v) => v.name)).toEqual(["袋装", "盒装", "礼盒装", "筐装"]);
    const grades = await t.call(R.selSpecItemListByDictId, { dictId: "specValue.grade" }, { ticket: green });
    expect(grades.data.map((v) => v.code)).toEqual(["premium", "first", "second"]);
  });

  it("when the whole category tree is asked for, then every category comes once with its parent, parents first", async () => {
    const tree = (await t.call(R.selCategoryTree, {}, { ticket: green })).data;
    const top = (await t.call(R.selSubCateListByPcateId, {}, { ticket: green })).data;
    expect(tree.filter((c) => c.parentId === null).map((c) => c.id)).toEqual(top.map((c) => c.id));
    const seen = new Set<string>();
    for (const c of tree) {
      if (c.parentId) expect(seen.has(c.parentId)).toBe(true);
      seen.add(c.id);
    }
    expect(tree.find((c) => c.id === "C0101")).toMatchObject({ parentId: "C01", nameEn: "Citrus", level: 2 });
  });

  it("when a category's path is asked for, then it runs from the top level down; an unknown id is not found", async () => {
    const path = await t.call(R.selCategoryPath, { id: "C0101" }, { ticket: green });
    expect(path.data.map((c) => c.id)).toEqual(["C01", "C0101"]);
    expect((await t.call(R.selCategoryPath, { id: "C01" }, { ticket: green })).data.map((c) => c.id)).toEqual(["C01"]);
    expect((await t.call(R.selCategoryPath, { id: "NOPE" }, { ticket: green })).code).toBe(codes.NOT_FOUND);
  });

  it("when a dictionary's items are searched or one is named by code, then those come; an unknown code is not found", async () => {
    const express = await t.call(R.selItemListByDictId, { dictId: "express", keyword: "顺丰" }, { ticket: green });
    expect(express.data).toEqual([{ code: "SF", name: "顺丰速运", nameEn: "SF Express" }]);
    expect((await t.call(R.selItemListByDictId, { dictId: "express", keyword: "jd" }, { ticket: green })).data.map((i) => i.code)).toEqual([
      "JD",
    ]);
    expect((await t.call(R.selItemListByDictId, { dictId: "express" }, { ticket: green })).data.length).toBeGreaterThan(3);
    expect((await t.call(R.selItemByCode, { dictId: "express", code: "SF" }, { ticket: green })).data.nameEn).toBe("SF Express");
    expect((await t.call(R.selItemByCode, { dictId: "express", code: "NOPE" }, { ticket: green })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(R.selItemByCode, { dictId: "express", code: "" }, { ticket: green })).status).toBe(400);
  });

  it("refuses unknown fields with 400 and callers without a ticket", async () => {
    const bad = await t.post(R.selSpecAreaListByPid.path, { parent: "1" }, { ticket: green });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("parent");
    expect((await t.call(R.selSubCateListByPcateId, {})).code).toBe(codes.NOT_LOGGED_IN);
  });
});

describe("related categories", () => {
  it("when a category's relations are asked for, then both directions come, each with its path", async () => {
    const fromFruit = await t.call(R.selRelatedCategoryList, { id: "C01" }, { ticket: green });
    expect(fromFruit.code).toBe(codes.OK);
    expect(fromFruit.data.map((c) => c.id)).toEqual(["C0701", "C0502"]);
    expect(fromFruit.data[0]).toMatchObject({
      name: "水果礼盒",
      nameEn: "Fruit gift boxes",
      level: 2,
      viaId: "C01",
      isLeaf: true,
      path: [
        { id: "C07", name: "礼盒", nameEn: "Gift boxes" },
        { id: "C0701", name: "水果礼盒", nameEn: "Fruit gift boxes" },
      ],
    });
    // The same relation read from its other side.
    const fromGiftBoxes = await t.call(R.selRelatedCategoryList, { id: "C0701" }, { ticket: green });
    expect(fromGiftBoxes.data.map((c) => [c.id, c.viaId, c.isLeaf])).toEqual([["C01", "C0701", false]]);
  });

  it("when a leaf is asked for, then its own relations come first, then its parent's", async () => {
    const citrus = await t.call(R.selRelatedCategoryList, { id: "C0101" }, { ticket: green });
    expect(citrus.data.map((c) => [c.id, c.viaId])).toEqual([
      ["C0104", "C0101"],
      ["C0701", "C01"],
      ["C0502", "C01"],
    ]);
    // Tropical fruit is related to citrus, and sits under fruit itself: it does not suggest its own parent.
    const tropical = await t.call(R.selRelatedCategoryList, { id: "C0104" }, { ticket: green });
    expect(tropical.data.map((c) => c.id)).toEqual(["C0101", "C0701", "C0502"]);
  });

  it("when a category has no relations, then none come; an unknown id is not found and a missing one is bad input", async () => {
    expect((await t.call(R.selRelatedCategoryList, { id: "C0202" }, { ticket: green })).data).toEqual([]);
    expect((await t.call(R.selRelatedCategoryList, { id: "NOPE" }, { ticket: green })).code).toBe(codes.NOT_FOUND);
    const bad = await t.post(R.selRelatedCategoryList.path, {}, { ticket: green });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("id");
    expect((await t.call(R.selRelatedCategoryList, { id: "C01" })).code).toBe(codes.NOT_LOGGED_IN);
  });

  it("stores each relation once, the smaller id first (the table refuses the other order)", async () => {
    const rows = await rowsOf<{ n: number; wrong: number }>(
      t.db,
      sql`select count(*)::int as n, count(*) filter (where category_id >= related_id)::int as wrong from category_relation`,
    );
    expect(rows[0]?.wrong).toBe(0);
    await expect(t.db.execute(sql`insert into category_relation (category_id, related_id) values ('C0701', 'C01')`)).rejects.toThrow();
  });
});

describe("basic data in one round trip (graphql must and all)", () => {
  it("when a screen names the datasets it must have, then exactly those come", async () => {
    const res = await t.call(
      R.graphqlMust,
      { must: ["units", "categoryTree", "provinces", "dict:express", "dict:specValue.weight"] },
      { ticket: green },
    );
    expect(res.code).toBe(codes.OK);
    expect(Object.keys(res.data).sort()).toEqual(["categoryTree", "dictionaries", "provinces", "units"]);
    expect(res.data.units?.map((u) => u.id)).toContain("kg");
    expect(res.data.categoryTree?.find((c) => c.id === "C0701")).toMatchObject({ parentId: "C07", level: 2 });
    expect(res.data.provinces).toHaveLength(34);
    expect(res.data.provinces?.[0]).toMatchObject({ level: 1, isLeaf: false });
    expect(Object.keys(res.data.dictionaries ?? {}).sort()).toEqual(["express", "specValue.weight"]);
    expect(res.data.dictionaries?.express?.[0]).toEqual({ code: "SF", name: "顺丰速运", nameEn: "SF Express" });
    expect(res.data.dictionaries?.["specValue.weight"]?.map((v) => v.code)).toEqual(["250g", "500g", "1kg", "2.5kg", "5kg"]);
    const relations = await t.call(R.graphqlMust, { must: ["categoryRelations"] }, { ticket: green });
    expect(relations.data.categoryRelations).toContainEqual({ categoryId: "C01", relatedId: "C0701" });
  });

  it("when a name is unknown, then the answer is 400 naming each wrong entry, and nothing else is answered", async () => {
    const res = await t.call(R.graphqlMust, { must: ["units", "weather", "dict:nope"] }, { ticket: green });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    const issues = (res.data as unknown as { issues: Array<{ path: string; reason: string; params: Record<string, string> }> }).issues;
    expect(issues.map((i) => [i.path, i.reason, i.params.name])).toEqual([
      ["must.1", "reference.unknownDataset", "weather"],
      ["must.2", "reference.unknownDictionary", "nope"],
    ]);
    expect(res.msg).toContain("must.1");
    expect((await t.call(R.graphqlMust, { must: [] }, { ticket: green })).status).toBe(400);
    expect((await t.call(R.graphqlMust, { must: Array(21).fill("units") }, { ticket: green })).status).toBe(400);
    expect((await t.call(R.graphqlMust, { must: ["units"] })).code).toBe(codes.NOT_LOGGED_IN);
  });

  it("when everything is asked for, then every dataset comes with a version; the same version again answers unchanged", async () => {
    const all = await t.call(R.graphqlAll, {}, { ticket: green });
    expect(all.code).toBe(codes.OK);
    expect(all.data.unchanged).toBe(false);
    expect(Object.keys(all.data.data ?? {}).sort()).toEqual(["categoryRelations", "categoryTree", "dictionaries", "provinces", "units"]);
    expect(Object.keys(all.data.data?.dictionaries ?? {})).toEqual(
      expect.arrayContaining(["express", "specName", "specValue.grade", "storage"]),
    );
    const again = await t.call(R.graphqlAll, { version: all.data.version }, { ticket: green });
    expect(again.data).toEqual({ version: all.data.version, unchanged: true, data: null });
    const stale = await t.call(R.graphqlAll, { version: "older" }, { ticket: green });
    expect(stale.data.unchanged).toBe(false);
    expect(stale.data.data).toEqual(all.data.data);
    expect((await t.call(R.graphqlAll, {})).code).toBe(codes.NOT_LOGGED_IN);
    expect((await t.post(R.graphqlAll.path, { since: "x" }, { ticket: green })).status).toBe(400);
  });

  it("when the reference data changes, then the version changes", async () => {
    const before = (await t.call(R.graphqlAll, {}, { ticket: green })).data.version;
    await t.db.execute(sql`insert into unit (id, name, name_en, sort) values ('crate', '筐', 'crate', 99)`);
    const after = await t.call(R.graphqlAll, { version: before }, { ticket: green });
    expect(after.data.unchanged).toBe(false);
    expect(after.data.version).not.toBe(before);
    expect(after.data.data?.units?.map((u) => u.id)).toContain("crate");
    await t.db.execute(sql`delete from unit where id = 'crate'`);
  });
});
