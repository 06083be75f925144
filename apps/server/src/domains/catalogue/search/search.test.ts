import { codes, contract } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, createStaff, meOf } from "../../../test/fixtures";
import { publish, simpleGoods, uploadImage } from "../../../test/goods-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { searchWords } from "./search.rules";

const S = contract.search;
let t: TestApp;
let seller: string;
let other: string;
let boId: string;

const names = async (input: Record<string, unknown>, ticket = seller) => {
  const res = await t.call(S.goodsListV3, input as never, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.list.map((g) => g.name);
};

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSeller(t);
  seller = await t.login(s.loginName, s.password);
  boId = (await meOf(t, seller)).boId;
  other = await t.login("demo");
  const image = await uploadImage(t, seller);
  const item = (name: string, price: number, patch: Parameters<typeof simpleGoods>[2] = {}) =>
    publish(t, seller, simpleGoods(image, name, { skus: [{ specValues: [], price, stock: 5 }], ...patch }), true);
  await item("Apple", 500);
  await item("Fuji apple crate", 3500);
  await item("Green apple juice", 1200);
  await item("Pineapple", 800, { categoryId: "C0104", attrs: { "C01.grade": "premium", "C01.storage": "chilled" } });
  await item("红富士苹果", 2500, { subtitle: "山东烟台" });
  await item("苹果醋", 1800);
  await item("富士山茶", 9000, { categoryId: "C0104", attrs: { "C01.grade": "premium", "C01.storage": "chilled" } });
  await item("Navel oranges", 1500);
});
afterAll(() => t.close());

describe("search words", () => {
  it("splits Chinese into overlapping character pairs and other text into lower-case words", () => {
    expect(searchWords("红富士苹果 Fuji-Apples 5kg")).toEqual({
      pairs: ["红富", "富士", "士苹", "苹果"],
      words: ["fuji", "apples", "5kg"],
    });
    expect(searchWords("梨")).toEqual({ pairs: ["梨"], words: [] });
    expect(searchWords(" !? ")).toEqual({ pairs: [], words: [] });
  });
});

describe("goods search", () => {
  it("when the keyword is a whole name, then that item comes first, then items with every word", async () => {
    const found = await t.call(S.goodsListV3, { keyword: "apple" }, { ticket: seller });
    expect(found.data.list[0]).toMatchObject({ name: "Apple", match: "exact" });
    expect(
      found.data.list
        .slice(1, 3)
        .map((g) => g.name)
        .sort(),
    ).toEqual(["Fuji apple crate", "Green apple juice"]);
    expect(found.data.list.slice(1, 3).every((g) => g.match === "words")).toBe(true);
  });

  it("when items hold every word, then the best sellers come first after the exact name, on every page", async () => {
    const setSales = (name: string, sales: number) =>
      t.db.execute(sql`update goods set sales = ${sales} where bo_id = ${boId} and name = ${name}`);
    await setSales("Apple", 1);
    await setSales("Fuji apple crate", 40);
    await setSales("Green apple juice", 90);
    expect(await names({ keyword: "apple" })).toEqual(["Apple", "Green apple juice", "Fuji apple crate"]);
    await setSales("Fuji apple crate", 200);
    expect(await names({ keyword: "apple" })).toEqual(["Apple", "Fuji apple crate", "Green apple juice"]);
    // Page by page, the same order: the exact name on page 1, the rest after it.
    expect(await names({ keyword: "apple", pageSize: 1, pageNum: 1 })).toEqual(["Apple"]);
    expect(await names({ keyword: "apple", pageSize: 1, pageNum: 2 })).toEqual(["Fuji apple crate"]);
    expect(await names({ keyword: "apple", pageSize: 2, pageNum: 2 })).toEqual(["Green apple juice"]);
    // Without a keyword, relevance is best sellers first too.
    expect((await names({ categoryId: "C01" })).slice(0, 2)).toEqual(["Fuji apple crate", "Green apple juice"]);
  });

  it("when a word is misspelt, then similar names still come, marked as similar", async () => {
    const found = await t.call(S.goodsListV3, { keyword: "navel orangs" }, { ticket: seller });
    expect(found.data.list[0]).toMatchObject({ name: "Navel oranges", match: "similar" });
  });

  it("when a word is misspelt, then it is corrected against the seller's own words, and a number stays as typed", async () => {
    const found = await t.call(S.goodsListV3, { keyword: "pinapple" }, { ticket: seller });
    expect(found.data.list.map((g) => [g.name, g.match])).toEqual([["Pineapple", "similar"]]);
    expect(found.data.total).toBe(1);
    // Chinese is not spell-corrected: no item holds every character pair, so nothing comes.
    expect(await names({ keyword: "苹菓" })).toEqual([]);
  });

  it("when the keyword is Chinese, then items holding its characters in order come, from the name or the subtitle", async () => {
    expect((await names({ keyword: "苹果" })).sort()).toEqual(["红富士苹果", "苹果醋"]);
    expect(await names({ keyword: "富士苹果" })).toEqual(["红富士苹果"]);
    expect(await names({ keyword: "烟台" })).toEqual(["红富士苹果"]);
    // 富士 is in both; 士苹 only in one: every pair must match.
    expect((await names({ keyword: "富士" })).sort()).toEqual(["富士山茶", "红富士苹果"]);
  });

  it("when filtered by category, price and sorted by price, then only those come in that order, with facet counts", async () => {
    const res = await t.call(S.goodsListV3, { priceMin: 1000, priceMax: 3000, sort: "priceAsc" }, { ticket: seller });
    expect(res.data.list.map((g) => g.name)).toEqual(["Green apple juice", "Navel oranges", "苹果醋", "红富士苹果"]);
    expect(res.data.total).toBe(4);
    expect(res.data.facets.prices).toEqual([{ from: 1000, to: 3000, count: 4 }]);
    const byCategory = await t.call(S.goodsListV3, { categoryId: "C01" }, { ticket: seller });
    expect(byCategory.data.facets.categories).toEqual([
      { id: "C0101", name: "柑橘", nameEn: "Citrus", count: 6 },
      { id: "C0104", name: "热带水果", nameEn: "Tropical fruit", count: 2 },
    ]);
    expect(byCategory.data.facets.statuses).toEqual([{ status: "on", count: 8 }]);
  });

  it("when goods are renamed, taken off the shelf or deleted, then search follows at once (its rows kept by the database)", async () => {
    const image = await uploadImage(t, seller);
    const id = await publish(t, seller, simpleGoods(image, "Quince jam"), true);
    expect(await names({ keyword: "quince" })).toEqual(["Quince jam"]);
    await t.db.execute(sql`update goods set name = 'Medlar jam' where id = ${id}`);
    expect(await names({ keyword: "quince" })).toEqual([]);
    expect(await names({ keyword: "medlar" })).toEqual(["Medlar jam"]);
    expect((await t.call(contract.goods.updStatusOut, { id }, { ticket: seller })).code).toBe(codes.OK);
    const off = await t.call(S.goodsListV3, { keyword: "medlar" }, { ticket: seller });
    expect(off.data.facets.statuses).toEqual([{ status: "off", count: 1 }]);
    expect((await t.call(contract.goods.delGoods, { id }, { ticket: seller })).code).toBe(codes.OK);
    expect(await names({ keyword: "medlar" })).toEqual([]);
    // A stock change is not a change search sees: its row is not written again.
    const before = await t.db.execute(sql`select xmin::text as v from goods_search where bo_id = ${boId} order by id limit 1`);
    await t.db.execute(sql`update goods set stock_total = stock_total + 1 where bo_id = ${boId}`);
    const after = await t.db.execute(sql`select xmin::text as v from goods_search where bo_id = ${boId} order by id limit 1`);
    expect((after as unknown as { rows: unknown[] }).rows).toEqual((before as unknown as { rows: unknown[] }).rows);
  });

  it("when goods are renamed or deleted, then the word dictionary follows (a word stays while any item holds it)", async () => {
    const words = async () => {
      const res = await t.db.execute(
        sql`select word from goods_search_word where bo_id = ${boId} and word in ('kumquat', 'marmalade', 'loquat') order by word`,
      );
      return (res as unknown as { rows: { word: string }[] }).rows.map((r) => r.word);
    };
    const image = await uploadImage(t, seller);
    const a = await publish(t, seller, simpleGoods(image, "Kumquat marmalade"), true);
    const b = await publish(t, seller, simpleGoods(image, "Kumquat"), true);
    expect(await words()).toEqual(["kumquat", "marmalade"]);
    expect(await names({ keyword: "kumqat marmalade" })).toEqual(["Kumquat marmalade"]);
    // Another seller's dictionary is their own: this seller's words correct nothing of theirs.
    expect(await names({ keyword: "kumqat marmalade" }, other)).toEqual([]);
    await t.db.execute(sql`update goods set name = 'Loquat marmalade' where id = ${a}`);
    expect(await words()).toEqual(["kumquat", "loquat", "marmalade"]);
    // A sales change does not touch the document: the words stay as they are.
    await t.db.execute(sql`update goods set sales = sales + 1 where id = ${a}`);
    expect(await words()).toEqual(["kumquat", "loquat", "marmalade"]);
    const remove = async (id: string) => {
      expect((await t.call(contract.goods.updStatusOut, { id }, { ticket: seller })).code).toBe(codes.OK);
      expect((await t.call(contract.goods.delGoods, { id }, { ticket: seller })).code).toBe(codes.OK);
    };
    await remove(b);
    expect(await words()).toEqual(["loquat", "marmalade"]);
    expect(await names({ keyword: "kumqat" })).toEqual([]);
    expect(await names({ keyword: "loqat" })).toEqual(["Loquat marmalade"]);
    await remove(a);
    expect(await words()).toEqual([]);
  });

  it("when another seller searches, then this seller's goods never come", async () => {
    expect(await names({ keyword: "红富士苹果" }, other)).not.toContain("红富士苹果");
    const res = await t.call(S.goodsListV3, { keyword: "Fuji apple crate" }, { ticket: other });
    expect(res.data.list.every((g) => g.name !== "Fuji apple crate")).toBe(true);
  });

  it("when the input is wrong, then HTTP 400 names the field", async () => {
    for (const [field, input] of [
      ["sort", { sort: "cheapest" }],
      ["keyword", { keyword: "x".repeat(61) }],
      ["priceMin", { priceMin: -1 }],
      ["status", { status: "sold" }],
    ] as const) {
      const res = await t.call(S.goodsListV3, input as never, { ticket: seller });
      expect(res.status).toBe(400);
      expect((res.data as unknown as { issues: { path: string }[] }).issues[0]?.path).toBe(field);
    }
  });

  it("when the caller lacks the goods screen, then the search is 403", async () => {
    const clerk = await createStaff(t, boId, ["shop.manage"]);
    expect((await t.call(S.goodsListV3, {}, { ticket: clerk })).status).toBe(403);
  });
});
