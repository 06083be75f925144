import { codes, contract, MAX_RECOMMEND_GOODS } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, meOf } from "../../../test/fixtures";
import { goodsTestApp, publish, simpleGoods } from "../../../test/goods-kit";
import type { TestApp } from "../../../test/harness";
import { goods } from "../../goods/goods.tables";
import { recommendClassify, recommendInfo } from "./recommend.tables";

const R = contract.recommend;
let t: TestApp;
let owner: string;
let harborOwner: string;
let green: string;
let image: string;

beforeAll(async () => {
  ({ t, owner, harborOwner, green, image } = await goodsTestApp());
});
afterAll(() => t.close());

const addGroup = async (name: string, ticket = owner) => {
  const res = await t.call(R.addRecommendClassify, { name }, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.id;
};
const items = async (classifyId: string) =>
  (await t.call(R.selExistRecommendByPage, { classifyId, pageSize: 100 }, { ticket: owner })).data.list;
const groupSorts = async () =>
  (await t.db.select().from(recommendClassify).where(eq(recommendClassify.boId, green))).map((g) => g.sort).sort((a, b) => a - b);
const infoSorts = async (classifyId: string) =>
  (await t.db.select().from(recommendInfo).where(eq(recommendInfo.classifyId, classifyId))).map((r) => r.sort).sort((a, b) => a - b);
const oneToN = (l: number[]) => l.every((s, i) => s === i + 1);

describe("demo data", () => {
  it("gives each demo seller two groups with goods in order", async () => {
    for (const ticket of [owner, harborOwner]) {
      const groups = (await t.call(R.selRecommendClassifyList, {}, { ticket })).data;
      expect(groups.map((g) => g.name)).toEqual(["New this week", "Staff picks"]);
      for (const g of groups) expect(g.goodsCount).toBeGreaterThan(0);
      const list = (await t.call(R.selExistRecommendByPage, { classifyId: groups[0]?.id ?? "" }, { ticket })).data.list;
      expect(list.map((r) => r.sort)).toEqual(list.map((_, i) => i + 1));
    }
  });
});

describe("recommendation groups", () => {
  it("when groups are added, renamed, hidden, moved and deleted, then the list stays 1..n", async () => {
    const a = await addGroup("Autumn");
    const b = await addGroup("Bundles");
    const dup = await t.call(R.addRecommendClassify, { name: "autumn" }, { ticket: owner });
    expect(dup.status).toBe(400);
    expect(dup.msg).toContain("name");
    const upd = await t.call(R.updRecommendClassifyById, { id: a, name: "Autumn harvest", visible: false }, { ticket: owner });
    expect(upd.data).toMatchObject({ name: "Autumn harvest", visible: false });
    const moved = await t.call(R.execRecommendClassifyList, { action: "move", id: b, index: 0 }, { ticket: owner });
    expect(moved.data[0]?.id).toBe(b);
    expect(moved.data.map((g) => g.sort)).toEqual(moved.data.map((_, i) => i + 1));
    const item = await publish(t, owner, simpleGoods(image, "In a doomed group"));
    await t.call(R.addRecommendInfoList, { classifyId: a, goodsIds: [item] }, { ticket: owner });
    const deleted = await t.call(R.execRecommendClassifyList, { action: "delete", ids: [a] }, { ticket: owner });
    expect(deleted.data.some((g) => g.id === a)).toBe(false);
    expect(await t.db.select().from(recommendInfo).where(eq(recommendInfo.goodsId, item))).toEqual([]);
    expect(oneToN(await groupSorts())).toBe(true);
  });

  it("when the input is bad, then the answer is 400 naming the field", async () => {
    for (const [path, body, field] of [
      [R.addRecommendClassify.path, { name: " " }, "name"],
      [R.updRecommendClassifyById.path, { id: "x", name: "ok" }, "visible"],
      [R.execRecommendClassifyList.path, { action: "shuffle" }, "action"],
      [R.execRecommendClassifyList.path, { action: "move", id: "x", index: 1.5 }, "index"],
      [R.addRecommendInfoList.path, { classifyId: "x", goodsIds: [] }, "goodsIds"],
      [R.delRecommendInfo.path, { ids: "x" }, "ids"],
      [R.updRecommendInfo.path, { id: "x", index: MAX_RECOMMEND_GOODS + 1 }, "index"],
      [R.selExistRecommendByPage.path, { classifyId: "x", pageSize: 101 }, "pageSize"],
    ] as const) {
      const res = await t.post(path, body, { ticket: owner });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.msg).toContain(field);
    }
  });
});

describe("goods in a group", () => {
  it("when goods are added, moved and removed, then the group keeps the seller's order 1..n", async () => {
    const g = await addGroup("Ordered");
    const ids = [];
    for (const n of ["One", "Two", "Three", "Four"]) ids.push(await publish(t, owner, simpleGoods(image, `Rec ${n}`)));
    const added = await t.call(R.addRecommendInfoList, { classifyId: g, goodsIds: ids }, { ticket: owner });
    expect(added.data).toEqual({ added: 4, goodsCount: 4 });
    const again = await t.call(R.addRecommendInfoList, { classifyId: g, goodsIds: [ids[0] as string] }, { ticket: owner });
    expect(again.data).toEqual({ added: 0, goodsCount: 4 });
    let list = await items(g);
    expect(list.map((r) => r.goods.id)).toEqual(ids);
    const last = list[3]?.id as string;
    const moved = await t.call(R.updRecommendInfo, { id: last, index: 0 }, { ticket: owner });
    expect(moved.data).toMatchObject({ sort: 1, goods: { id: ids[3] } });
    list = await items(g);
    expect(list.map((r) => r.goods.id)).toEqual([ids[3], ids[0], ids[1], ids[2]]);
    const removed = await t.call(R.delRecommendInfo, { ids: [list[1]?.id as string] }, { ticket: owner });
    expect(removed.data).toMatchObject({ done: [expect.any(String)], refused: [] });
    list = await items(g);
    expect(list.map((r) => [r.goods.id, r.sort])).toEqual([
      [ids[3], 1],
      [ids[1], 2],
      [ids[2], 3],
    ]);
    // A deleted item leaves the group; the next change renumbers what is left.
    await t.call(contract.goods.delGoods, { id: ids[1] as string }, { ticket: owner });
    expect((await items(g)).length).toBe(2);
    await t.call(R.updRecommendInfo, { id: list[2]?.id as string, index: 0 }, { ticket: owner });
    expect(await infoSorts(g)).toEqual([1, 2]);
  });

  it("when two moves in one group run at once, then positions stay 1..n with none repeated", async () => {
    const g = await addGroup("Raced");
    const ids = [];
    for (const n of ["A", "B", "C", "D", "E"]) ids.push(await publish(t, owner, simpleGoods(image, `Race ${n}`)));
    await t.call(R.addRecommendInfoList, { classifyId: g, goodsIds: ids }, { ticket: owner });
    const list = await items(g);
    const runs = await Promise.all([
      t.call(R.updRecommendInfo, { id: list[4]?.id as string, index: 0 }, { ticket: owner }),
      t.call(R.updRecommendInfo, { id: list[0]?.id as string, index: 4 }, { ticket: owner }),
      t.call(R.updRecommendInfo, { id: list[2]?.id as string, index: 1 }, { ticket: owner }),
      t.call(R.execRecommendClassifyList, { action: "move", id: g, index: 0 }, { ticket: owner }),
      t.call(R.addRecommendClassify, { name: "Raced too" }, { ticket: owner }),
    ]);
    for (const r of runs) expect(r.code, r.msg).toBe(codes.OK);
    expect(await infoSorts(g)).toEqual([1, 2, 3, 4, 5]);
    expect(oneToN(await groupSorts())).toBe(true);
  });

  it("when a group would pass its limit, then adding is refused with the counts and nothing is added", async () => {
    const g = await addGroup("Full");
    const shopId = (await meOf(t, owner)).shop?.shopId as string;
    const rows = await t.db
      .insert(goods)
      .values(Array.from({ length: MAX_RECOMMEND_GOODS + 1 }, (_, i) => ({ boId: green, shopId, name: `Filler ${i}`, status: "off" })))
      .returning({ id: goods.id });
    const ids = rows.map((r) => r.id);
    const full = await t.call(R.addRecommendInfoList, { classifyId: g, goodsIds: ids.slice(0, MAX_RECOMMEND_GOODS) }, { ticket: owner });
    expect(full.data).toEqual({ added: MAX_RECOMMEND_GOODS, goodsCount: MAX_RECOMMEND_GOODS });
    const over = await t.call(R.addRecommendInfoList, { classifyId: g, goodsIds: ids.slice(-2) }, { ticket: owner });
    expect(over.code).toBe(codes.STATE_FORBIDS);
    expect(over.reason).toBe("recommend.tooManyGoods");
    expect(over.params).toEqual({ max: MAX_RECOMMEND_GOODS, count: MAX_RECOMMEND_GOODS, adding: 1 });
    expect(await infoSorts(g)).toEqual(Array.from({ length: MAX_RECOMMEND_GOODS }, (_, i) => i + 1));
  });

  it("when another seller's ids are used, then every call answers not found and nothing changes", async () => {
    const g = await addGroup("Mine only");
    const item = await publish(t, owner, simpleGoods(image, "Mine only item"));
    await t.call(R.addRecommendInfoList, { classifyId: g, goodsIds: [item] }, { ticket: owner });
    const info = (await items(g))[0]?.id as string;
    const theirs = await addGroup("Harbor group", harborOwner);
    const h = { ticket: harborOwner };
    for (const res of await Promise.all([
      t.call(R.updRecommendClassifyById, { id: g, name: "Taken", visible: true }, h),
      t.call(R.execRecommendClassifyList, { action: "move", id: g, index: 0 }, h),
      t.call(R.execRecommendClassifyList, { action: "delete", ids: [g] }, h),
      t.call(R.selExistRecommendByPage, { classifyId: g }, h),
      t.call(R.addRecommendInfoList, { classifyId: g, goodsIds: [item] }, h),
      t.call(R.addRecommendInfoList, { classifyId: theirs, goodsIds: [item] }, h),
      t.call(R.delRecommendInfo, { ids: [info] }, h),
      t.call(R.updRecommendInfo, { id: info, index: 0 }, h),
    ]))
      expect(res.code, res.msg).toBe(codes.NOT_FOUND);
    expect((await items(g)).length).toBe(1);
    expect((await t.call(R.selRecommendClassifyList, {}, h)).data.some((x) => x.id === g)).toBe(false);
  });

  it("when the caller lacks the function, then reads and writes are 403", async () => {
    const reader = await createStaff(t, green, ["shop.recommend"]);
    const none = await createStaff(t, green, ["shop.classify"]);
    const g = await addGroup("Guarded group");
    expect((await t.call(R.selRecommendClassifyList, {}, { ticket: reader })).code).toBe(codes.OK);
    for (const res of [
      await t.call(R.addRecommendClassify, { name: "No" }, { ticket: reader }),
      await t.call(R.updRecommendClassifyById, { id: g, name: "No", visible: true }, { ticket: reader }),
      await t.call(R.execRecommendClassifyList, { action: "delete", ids: [g] }, { ticket: reader }),
      await t.call(R.addRecommendInfoList, { classifyId: g, goodsIds: [g] }, { ticket: reader }),
      await t.call(R.delRecommendInfo, { ids: [g] }, { ticket: reader }),
      await t.call(R.updRecommendInfo, { id: g, index: 0 }, { ticket: reader }),
      await t.call(R.selRecommendClassifyList, {}, { ticket: none }),
      await t.call(R.selExistRecommendByPage, { classifyId: g }, { ticket: none }),
    ])
      expect(res.status, res.msg).toBe(403);
  });
});
