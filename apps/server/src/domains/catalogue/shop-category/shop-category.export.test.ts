import { codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, createStaff } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/harness";
import { exportSheet } from "../../../test/sheet-kit";

/*
 * The shop category tree's export (issue 27 §1): its own function, exactly the tree the screen shows in tree order,
 * chosen columns in order, Chinese headers and level words, a formula-looking name as text, never another seller's.
 */

const S = contract.shopCategory;
let t: TestApp;
let owner: string;
let boId: string;

const add = async (ticket: string, name: string, parentId: string | null = null) => {
  const res = await t.call(S.addShopClassify, { name, parentId }, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.id;
};

beforeAll(async () => {
  t = await createTestApp();
  // A seller of its own, so the tree is only what this test adds.
  const s = await createSeller(t);
  owner = await t.login(s.loginName, s.password);
  boId = s.boId;
  const fruit = await add(owner, "Fruit");
  await add(owner, "=1+1 Apples", fruit);
  await add(owner, "Pears", fruit);
  await add(owner, "Vegetables");
  await add(await t.login("demo"), "Xcat rival");
}, 120_000);
afterAll(() => t.close());

describe("shop category export", () => {
  it("when a member sees the categories but lacks their export function, then 403 naming it", async () => {
    const seeing = await createStaff(t, boId, ["shop.classify"]);
    const res = await t.post(S.exportShopClassifyList.path, {}, { ticket: seeing });
    expect(res.status).toBe(403);
    expect(res.code).toBe(codes.FORBIDDEN);
    expect(res.params?.func).toBe("shop.classify.export");
  });

  it("when exported, then the file is the tree the screen shows, in its order, and no other seller's", async () => {
    const tree = (await t.call(S.selShopClassifyListByBoId, {}, { ticket: owner })).data.tree;
    const screen = tree.flatMap((n) => [n.name, ...n.children.map((c) => c.name)]);
    const file = await exportSheet(t, S.exportShopClassifyList, {}, owner);
    expect(file.headers).toEqual([
      "Top-level category",
      "Name",
      "Level",
      "Order",
      "Goods",
      "Goods with sub-categories",
      "Sub-categories",
      "Created",
    ]);
    expect(file.column("Name")).toEqual(screen.map((n) => (n.startsWith("=") ? `'${n}` : n)));
    expect(file.column("Name")).toEqual(["Fruit", "'=1+1 Apples", "Pears", "Vegetables"]);
    expect(file.column("Top-level category")).toEqual([null, "Fruit", "Fruit", null]);
    expect(file.column("Sub-categories")).toEqual([2, 0, 0, 0]);
  });

  it("when columns are chosen in Chinese, then only they come, in that order, with Chinese headers and levels", async () => {
    const file = await exportSheet(t, S.exportShopClassifyList, { columns: ["level", "name", "sort"] }, owner, "zh-CN");
    expect(file.name).toBe("店铺分类");
    expect(file.headers).toEqual(["级别", "分类名称", "排序"]);
    expect(file.rows).toEqual([
      ["一级", "Fruit", 1],
      ["二级", "'=1+1 Apples", 1],
      ["二级", "Pears", 2],
      ["一级", "Vegetables", 2],
    ]);
    expect(file.fileName).toMatch(/店铺分类-\d{4}-\d{2}-\d{2}\.xlsx/);
  });
});
