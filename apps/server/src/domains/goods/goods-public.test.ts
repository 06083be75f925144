import { codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, meOf } from "../../test/fixtures";
import { goodsTestApp, readyGoods } from "../../test/goods-kit";
import type { TestApp } from "../../test/harness";

/* The goods calls under /api/trading/goods/ (issue 10). */

const P = contract.goodsPublic;
let t: TestApp;
let owner: string;
let harborOwner: string;
let boId: string;
let image: string;

beforeAll(async () => {
  ({ t, owner, harborOwner, green: boId, image } = await goodsTestApp());
});
afterAll(() => t.close());

describe("the seller calls under a second path", () => {
  it("when an item is published, read, edited and listed through /api/trading/goods/, then it is the same item as the seller calls see", async () => {
    const published = await t.call(P.publishGoods, readyGoods(image, { name: "Second-path oranges" }), { ticket: owner });
    expect(published.code, published.msg).toBe(codes.OK);
    const id = published.data.id;
    const detail = await t.call(P.detail, { id }, { ticket: owner });
    expect(detail.data).toEqual((await t.call(contract.goods.selGoodsById, { id }, { ticket: owner })).data);
    const edited = await t.call(P.modifyGoods, { ...readyGoods(image, { name: "Second-path navels" }), id }, { ticket: owner });
    expect(edited.data.name).toBe("Second-path navels");
    const mine = await t.call(P.myGoodsList, { keyword: "Second-path" }, { ticket: owner });
    expect(mine.data.list.map((g) => g.id)).toEqual([id]);
    const page = await t.call(P.selGoodsInfoByPage, { keyword: "Second-path" }, { ticket: owner });
    expect(page.data.total).toBe(1);
    expect((await t.call(P.detail, { id }, { ticket: harborOwner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(P.myGoodsList, { keyword: "Second-path" }, { ticket: harborOwner })).data.list).toEqual([]);
  });

  it("when a second-path write has bad input, then HTTP 400 names the field and nothing is written", async () => {
    const res = await t.call(P.publishGoods, readyGoods(image, { name: "" }), { ticket: owner });
    expect(res.status).toBe(400);
    expect((res.data as unknown as { issues: { path: string }[] }).issues[0]?.path).toBe("name");
  });
});

describe("counts", () => {
  it("when the status counts are asked for, then they are the goods list's tab counts", async () => {
    const counts = await t.call(P.selBaseGoodsStatus, {}, { ticket: owner });
    const list = await t.call(contract.goods.selGoodsListByDefaultShop, {}, { ticket: owner });
    expect(counts.data).toEqual(list.data.counts);
  });

  it("when counts by kind and category are asked for, then items and packages and each top category are counted", async () => {
    const res = await t.call(P.selGoodsNumByTypeAndCate, {}, { ticket: harborOwner });
    expect(res.data.byKind).toEqual([
      // Service listings are goods rows too (docs/domains/goods.md, "Listing types and rebates").
      { kind: "goods", count: 63 },
      { kind: "package", count: 4 },
    ]);
    expect(res.data.byCategory.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(0);
    expect(res.data.byCategory.every((c) => /^C\d\d$/.test(c.id))).toBe(true);
    const on = await t.call(P.selGoodsNumByTypeAndCate, { status: "on" }, { ticket: harborOwner });
    expect((on.data.byKind[0]?.count ?? 0) <= 63).toBe(true);
  });
});

describe("the sellers with goods on shelf", () => {
  it("when sellers are looked up by category, then those with on-shelf goods under it come with their shop's name", async () => {
    const fruit = await t.call(P.selBoListByCategory, { categoryId: "C01" }, { ticket: harborOwner });
    const green = fruit.data.find((s) => s.boId === boId);
    expect(green).toMatchObject({ shopName: expect.any(String), orgName: expect.any(String) });
    expect(green?.onShelf).toBeGreaterThan(0);
    expect((await t.call(P.selBoListByCategory, { categoryId: "NOPE" }, { ticket: owner })).data).toEqual([]);
  });

  it("when sellers are looked up by name, then a page of those whose organisation or shop name holds it comes", async () => {
    const me = await meOf(t, owner);
    const name = me.shop?.name ?? "";
    const found = await t.call(P.selBoListByParam, { keyword: name.slice(0, 4) }, { ticket: harborOwner });
    expect(found.data.list.map((s) => s.boId)).toContain(boId);
    expect(found.data.total).toBeGreaterThanOrEqual(1);
    expect((await t.call(P.selBoListByParam, { keyword: "" }, { ticket: owner })).status).toBe(400);
  });
});

describe("access", () => {
  it("when the caller lacks the goods screen, then the goods calls are 403; the sellers' directory needs a login only", async () => {
    const clerk = await createStaff(t, boId, ["shop.manage"]);
    expect((await t.call(P.myGoodsList, {}, { ticket: clerk })).status).toBe(403);
    expect((await t.call(P.selBaseGoodsStatus, {}, { ticket: clerk })).status).toBe(403);
    expect((await t.call(P.publishGoods, readyGoods(image), { ticket: clerk })).status).toBe(403);
    expect((await t.call(P.selBoListByCategory, { categoryId: "C01" }, { ticket: clerk })).code).toBe(codes.OK);
  });
});
