import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../../../test/fixtures";
import { goodsTestApp, publish, simpleGoods } from "../../../test/goods-kit";
import type { TestApp } from "../../../test/harness";
import { shopClassify, shopClassifyGoods } from "./shop-category.tables";

const S = contract.shopCategory;
let t: TestApp;
let owner: string;
let harborOwner: string;
let green: string;
let image: string;

beforeAll(async () => {
  ({ t, owner, harborOwner, green, image } = await goodsTestApp());
});
afterAll(() => t.close());

const add = async (name: string, parentId: string | null = null, ticket = owner) => {
  const res = await t.call(S.addShopClassify, { name, parentId }, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.id;
};
const tree = async (ticket = owner) => (await t.call(S.selShopClassifyListByBoId, {}, { ticket })).data.tree;
/** Every sibling list's positions, which must read 1..n. */
const positions = async (boId: string) => {
  const rows = await t.db.select().from(shopClassify).where(eq(shopClassify.boId, boId));
  const lists = new Map<string, number[]>();
  for (const r of rows) lists.set(r.parentId ?? "", [...(lists.get(r.parentId ?? "") ?? []), r.sort]);
  return [...lists.values()].map((l) => l.sort((a, b) => a - b));
};
const gapless = (lists: number[][]) => lists.every((l) => l.every((s, i) => s === i + 1));

describe("demo data", () => {
  it("gives each demo seller a two-level tree whose categories hold goods", async () => {
    for (const ticket of [owner, harborOwner]) {
      const nodes = await tree(ticket);
      expect(nodes.length).toBeGreaterThan(1);
      const withChildren = nodes.filter((n) => n.children.length > 0);
      expect(withChildren.length).toBeGreaterThan(0);
      expect(withChildren.flatMap((n) => n.children).some((c) => c.goodsCount > 0)).toBe(true);
      expect(nodes.map((n) => n.sort)).toEqual(nodes.map((_, i) => i + 1));
    }
  });
});

describe("the category tree", () => {
  it("when categories are added, then they go to the end of their level with 1..n positions", async () => {
    const root = await add("Gifts");
    const a = await add("Hampers", root);
    const b = await add("Cards", root);
    const res = await t.call(S.selShopClassifyByParentId, { parentId: root }, { ticket: owner });
    expect(res.data.map((c) => [c.id, c.sort, c.parentId])).toEqual([
      [a, 1, root],
      [b, 2, root],
    ]);
    const one = await t.call(S.selShopClassifyById, { id: a }, { ticket: owner });
    expect(one.data).toMatchObject({ name: "Hampers", parentName: "Gifts", goodsCount: 0 });
    const top = await t.call(S.selShopClassifyByParentId, {}, { ticket: owner });
    expect(top.data.find((c) => c.id === root)?.childCount).toBe(2);
  });

  it("when a name repeats at the same level (any case), then it is refused naming the field; at another level it is fine", async () => {
    const root = await add("Seasonal");
    const dup = await t.call(S.addShopClassify, { name: "seasonal", parentId: null }, { ticket: owner });
    expect(dup.status).toBe(400);
    expect(dup.msg).toContain("name");
    expect(await add("Seasonal", root)).toBeTruthy();
    const other = await add("Other seasonal");
    const rename = await t.call(S.updShopClassifyById, { id: other, name: "SEASONAL" }, { ticket: owner });
    expect(rename.status).toBe(400);
    const ok = await t.call(S.updShopClassifyById, { id: other, name: "Winter" }, { ticket: owner });
    expect(ok.data.name).toBe("Winter");
  });

  it("when the input is bad, then the answer is 400 naming the field and nothing is written", async () => {
    const before = (await t.db.select().from(shopClassify).where(eq(shopClassify.boId, green))).length;
    for (const [body, field] of [
      [{ name: "" }, "name"],
      [{ name: "x".repeat(21) }, "name"],
      [{ name: "ok", extra: 1 }, "extra"],
    ] as const) {
      const res = await t.post(S.addShopClassify.path, body, { ticket: owner });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg).toContain(field);
    }
    const move = await t.post(S.updShopClassifyList.path, { id: "x", parentId: null, index: -1 }, { ticket: owner });
    expect(move.status).toBe(400);
    expect(move.msg).toContain("index");
    const del = await t.post(S.delClassifyByIdList.path, { ids: [] }, { ticket: owner });
    expect(del.status).toBe(400);
    expect(del.msg).toContain("ids");
    expect((await t.db.select().from(shopClassify).where(eq(shopClassify.boId, green))).length).toBe(before);
  });

  it("when a category moves, then both levels stay 1..n; nesting deeper than two levels is refused", async () => {
    const p = await add("Move parent");
    const q = await add("Move other");
    const child = await add("Move child", p);
    const moved = await t.call(S.updShopClassifyList, { id: q, parentId: p, index: 0 }, { ticket: owner });
    expect(moved.code, moved.msg).toBe(codes.OK);
    const parent = moved.data.find((n) => n.id === p);
    expect(parent?.children.map((c) => [c.id, c.sort])).toEqual([
      [q, 1],
      [child, 2],
    ]);
    expect(moved.data.map((n) => n.sort)).toEqual(moved.data.map((_, i) => i + 1));

    const deeper = await t.call(S.updShopClassifyList, { id: p, parentId: q, index: 0 }, { ticket: owner });
    expect(deeper.status).toBe(400);
    expect(deeper.msg).toContain("parentId");
    const self = await t.call(S.updShopClassifyList, { id: p, parentId: p, index: 0 }, { ticket: owner });
    expect(self.status).toBe(400);
    const withChildren = await add("Has kids");
    await add("Kid", withChildren);
    const nest = await t.call(S.updShopClassifyList, { id: withChildren, parentId: p, index: 0 }, { ticket: owner });
    expect(nest.status).toBe(400);
    expect((nest.data as unknown as { issues: { reason: string }[] }).issues[0]?.reason).toBe("shopCategory.parentHasChildren");
    // Back to the top level, at the front.
    const back = await t.call(S.updShopClassifyList, { id: q, parentId: null, index: 0 }, { ticket: owner });
    expect(back.data[0]?.id).toBe(q);
    expect(gapless(await positions(green))).toBe(true);
  });

  it("when two reorders run at once, then the tree has no repeated or missing positions", async () => {
    const ids = [];
    for (const n of ["R1", "R2", "R3", "R4", "R5"]) ids.push(await add(`Race ${n}`));
    const parent = await add("Race parent");
    const runs = await Promise.all([
      t.call(S.updShopClassifyList, { id: ids[4] as string, parentId: null, index: 0 }, { ticket: owner }),
      t.call(S.updShopClassifyList, { id: ids[0] as string, parentId: parent, index: 0 }, { ticket: owner }),
      t.call(S.updShopClassifyList, { id: ids[2] as string, parentId: null, index: 1 }, { ticket: owner }),
      t.call(S.addShopClassify, { name: "Race added", parentId: null }, { ticket: owner }),
      t.call(S.updShopClassifyList, { id: ids[1] as string, parentId: parent, index: 0 }, { ticket: owner }),
    ]);
    for (const r of runs) expect(r.code, r.msg).toBe(codes.OK);
    expect(gapless(await positions(green))).toBe(true);
    const nodes = await tree();
    expect(
      nodes
        .find((n) => n.id === parent)
        ?.children.map((c) => c.id)
        .sort(),
    ).toEqual([ids[0], ids[1]].sort());
  });

  it("when a category with sub-categories is deleted alone, then it is refused with the count; with them, both go and links only", async () => {
    const root = await add("Doomed");
    const kid = await add("Doomed kid", root);
    const item = await publish(t, owner, simpleGoods(image, "Stays after delete"));
    await t.call(S.addShopClassifyGoods, { classifyId: kid, goodsIds: [item] }, { ticket: owner });
    const refused = await t.call(S.delClassifyByIdList, { ids: [root] }, { ticket: owner });
    expect(refused.code).toBe(codes.STATE_FORBIDS);
    expect(refused.params).toMatchObject({ name: "Doomed", count: 1 });
    const done = await t.call(S.delClassifyByIdList, { ids: [root, kid] }, { ticket: owner });
    expect(done.data).toEqual({ deleted: 2, unlinkedGoods: 1 });
    expect(await t.db.select().from(shopClassifyGoods).where(eq(shopClassifyGoods.goodsId, item))).toEqual([]);
    expect((await t.call(contract.goods.selGoodsById, { id: item }, { ticket: owner })).code).toBe(codes.OK);
    expect(gapless(await positions(green))).toBe(true);
  });
});

describe("goods in categories", () => {
  it("when goods are added, listed, removed and set from the goods form, then the counts follow", async () => {
    const cat = await add("Linked");
    const other = await add("Linked too");
    const a = await publish(t, owner, simpleGoods(image, "Linked apple"));
    const b = await publish(t, owner, simpleGoods(image, "Linked pear"));
    const added = await t.call(S.addShopClassifyGoods, { classifyId: cat, goodsIds: [a, b, a] }, { ticket: owner });
    expect(added.data).toEqual({ added: 2, goodsCount: 2 });
    const again = await t.call(S.addShopClassifyGoods, { classifyId: cat, goodsIds: [a] }, { ticket: owner });
    expect(again.data).toEqual({ added: 0, goodsCount: 2 });
    const page = await t.call(S.selShopClassifyGoodsByPage, { classifyId: cat, keyword: "pear" }, { ticket: owner });
    expect(page.data.list.map((g) => g.id)).toEqual([b]);
    expect(page.data.total).toBe(1);
    const removed = await t.call(S.delShopClassifyGoods, { classifyId: cat, goodsIds: [b] }, { ticket: owner });
    expect(removed.data).toEqual({ done: [b], refused: [], goodsCount: 1 });
    // Issue 25 §3: a bulk removal reports each item it left, by name and why (an item no longer in it, an unknown id).
    const unknown = "01ZZZZZZZZZZZZZZZZZZZZZZZZ";
    const again2 = await t.call(S.delShopClassifyGoods, { classifyId: cat, goodsIds: [b, unknown] }, { ticket: owner });
    expect(again2.data).toEqual({
      done: [],
      refused: [
        { id: b, name: "Linked pear", reason: "shopCategory.goodsNotInCategory", params: { name: "Linked pear" } },
        { id: unknown, name: "", reason: "goods.notFound" },
      ],
      goodsCount: 1,
    });

    expect((await t.call(S.updList, { goodsId: a, classifyIds: [other] }, { ticket: owner })).code).toBe(codes.OK);
    const form = await t.call(S.selShopClassifyListByBoId, { goodsId: a }, { ticket: owner });
    expect(form.data.goodsCategoryIds).toEqual([other]);
    expect(form.data.tree.find((n) => n.id === cat)?.goodsCount).toBe(0);
    expect(form.data.tree.find((n) => n.id === other)?.goodsCount).toBe(1);

    // A deleted item leaves the counts and the page.
    await t.call(contract.goods.delGoods, { id: a }, { ticket: owner });
    expect((await tree()).find((n) => n.id === other)?.goodsCount).toBe(0);
  });

  it("when goods sit in sub-categories, then their top-level category counts each of them once with its own", async () => {
    const top = await add("Fruit baskets");
    const small = await add("Small baskets", top);
    const large = await add("Large baskets", top);
    const a = await publish(t, owner, simpleGoods(image, "Basket of plums"));
    const b = await publish(t, owner, simpleGoods(image, "Basket of figs"));
    await t.call(S.addShopClassifyGoods, { classifyId: small, goodsIds: [a, b] }, { ticket: owner });
    await t.call(S.addShopClassifyGoods, { classifyId: large, goodsIds: [a] }, { ticket: owner });
    await t.call(S.addShopClassifyGoods, { classifyId: top, goodsIds: [b] }, { ticket: owner });
    const node = (await tree()).find((n) => n.id === top);
    expect(node).toMatchObject({ goodsCount: 1, goodsCountWithSub: 2 });
    expect(node?.children.find((c) => c.id === small)).toMatchObject({ goodsCount: 2, goodsCountWithSub: 2 });
    expect((await t.call(S.selShopClassifyById, { id: top }, { ticket: owner })).data).toMatchObject({ goodsCountWithSub: 2 });
    const tops = (await t.call(S.selShopClassifyByParentId, { parentId: null }, { ticket: owner })).data;
    expect(tops.find((c) => c.id === top)).toMatchObject({ goodsCount: 1, goodsCountWithSub: 2 });
    await t.call(contract.goods.delGoods, { id: a }, { ticket: owner });
    expect((await tree()).find((n) => n.id === top)).toMatchObject({ goodsCountWithSub: 1 });
  });

  it("when another seller's ids are used, then every call answers not found and nothing changes", async () => {
    const mine = await add("Private");
    const item = await publish(t, owner, simpleGoods(image, "Private item"));
    const theirs = await add("Theirs", null, harborOwner);
    const h = { ticket: harborOwner };
    const calls = [
      t.call(S.selShopClassifyById, { id: mine }, h),
      t.call(S.selShopClassifyByParentId, { parentId: mine }, h),
      t.call(S.updShopClassifyById, { id: mine, name: "Hijacked" }, h),
      t.call(S.delClassifyByIdList, { ids: [mine] }, h),
      t.call(S.updShopClassifyList, { id: mine, parentId: null, index: 0 }, h),
      t.call(S.updShopClassifyList, { id: theirs, parentId: mine, index: 0 }, h),
      t.call(S.addShopClassify, { name: "Under yours", parentId: mine }, h),
      t.call(S.selShopClassifyGoodsByPage, { classifyId: mine }, h),
      t.call(S.addShopClassifyGoods, { classifyId: mine, goodsIds: [item] }, h),
      t.call(S.addShopClassifyGoods, { classifyId: theirs, goodsIds: [item] }, h),
      t.call(S.delShopClassifyGoods, { classifyId: mine, goodsIds: [item] }, h),
      t.call(S.updList, { goodsId: item, classifyIds: [] }, h),
      t.call(S.selShopClassifyListByBoId, { goodsId: item }, h),
    ];
    for (const res of await Promise.all(calls)) expect(res.code, res.msg).toBe(codes.NOT_FOUND);
    const mineNow = await t.call(S.selShopClassifyById, { id: mine }, { ticket: owner });
    expect(mineNow.data.name).toBe("Private");
    expect(await t.db.select().from(shopClassifyGoods).where(eq(shopClassifyGoods.goodsId, item))).toEqual([]);
  });

  it("when the caller lacks the function, then reads and writes are 403", async () => {
    const reader = await createStaff(t, green, ["shop.classify"]);
    const none = await createStaff(t, green, ["goods.manage"]);
    const cat = await add("Guarded");
    expect((await t.call(S.selShopClassifyByParentId, {}, { ticket: reader })).code).toBe(codes.OK);
    for (const res of [
      await t.call(S.addShopClassify, { name: "Nope", parentId: null }, { ticket: reader }),
      await t.call(S.updShopClassifyById, { id: cat, name: "Nope" }, { ticket: reader }),
      await t.call(S.delClassifyByIdList, { ids: [cat] }, { ticket: reader }),
      await t.call(S.updShopClassifyList, { id: cat, parentId: null, index: 0 }, { ticket: reader }),
      await t.call(S.addShopClassifyGoods, { classifyId: cat, goodsIds: [cat] }, { ticket: reader }),
      await t.call(S.delShopClassifyGoods, { classifyId: cat, goodsIds: [cat] }, { ticket: reader }),
      await t.call(S.updList, { goodsId: cat, classifyIds: [] }, { ticket: reader }),
      await t.call(S.selShopClassifyByParentId, {}, { ticket: none }),
      await t.call(S.selShopClassifyById, { id: cat }, { ticket: none }),
      await t.call(S.selShopClassifyGoodsByPage, { classifyId: cat }, { ticket: none }),
    ])
      expect(res.status, res.msg).toBe(403);
    // The goods form's own needs: the tree is readable by any member, an item's categories are a goods edit.
    expect((await t.call(S.selShopClassifyListByBoId, {}, { ticket: none })).code).toBe(codes.OK);
  });
});
