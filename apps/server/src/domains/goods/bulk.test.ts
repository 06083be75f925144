import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, createStaff } from "../../test/fixtures";
import { publish, simpleGoods, uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { goods } from "./goods.tables";

/* Issue 25 §3: every bulk action on goods answers per item what happened and why, in words the seller can act on. */

const G = contract.goods;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let image: string;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const s = await createSeller(t);
  owner = await t.login(s.loginName, s.password);
  boId = s.boId;
  const o = await createSeller(t);
  other = await t.login(o.loginName, o.password);
  image = await uploadImage(t, owner);
});
afterAll(() => t.close());

const statusOf = async (id: string) => (await t.db.select({ s: goods.status }).from(goods).where(eq(goods.id, id)))[0]?.s;
const draft = (name: string, patch: Parameters<typeof simpleGoods>[2] = {}) =>
  publish(t, owner, { ...simpleGoods(image, name, patch), draft: true });

describe("bulk put on shelf", () => {
  it("when some chosen items cannot go on shelf, then the ready ones (drafts too) move and each other one is named with its own reason", async () => {
    const ready = await draft("Ready draft");
    const off = await publish(t, owner, simpleGoods(image, "Off item"));
    const noImage = await draft("No image", { images: [] });
    const noPrice = await draft("No price", { skus: [{ specValues: [], price: 0, stock: 3 }] });
    const noCategory = await draft("No category", { categoryId: null, attrs: {} });
    const noDelivery = await draft("No delivery", { logistics: [] });
    const on = await publish(t, owner, simpleGoods(image, "Already on"), true);
    const theirs = await publish(t, other, simpleGoods(await uploadImage(t, other), "Not yours"));
    const res = await t.call(
      G.batchUpdateStatusOn,
      { ids: [ready, off, noImage, noPrice, noCategory, noDelivery, on, theirs, ready] },
      { ticket: owner },
    );
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.done.sort()).toEqual([ready, off].sort());
    expect(res.data.refused).toEqual([
      { id: noImage, name: "No image", reason: "goods.shelfNeedsImage" },
      { id: noPrice, name: "No price", reason: "goods.shelfNeedsPrice" },
      { id: noCategory, name: "No category", reason: "goods.shelfNeedsCategory" },
      { id: noDelivery, name: "No delivery", reason: "goods.shelfNeedsDelivery" },
      { id: on, name: "Already on", reason: "goods.bulkAlreadyOn" },
      { id: theirs, name: "", reason: "goods.bulkNotFound" },
    ]);
    expect(await statusOf(ready)).toBe("on");
    expect(await statusOf(noImage)).toBe("draft");
    expect(await statusOf(theirs)).toBe("off");
    // The undo puts the draft back as a draft and the off item back off.
    const undo = await t.call(G.undoBatchUpdateStatus, { batchId: res.data.batchId ?? "" }, { ticket: owner });
    expect(undo.data.restored.sort()).toEqual([ready, off].sort());
    expect(await statusOf(ready)).toBe("draft");
    expect(await statusOf(off)).toBe("off");
  });

  it("when a package's part is off shelf, then the package is refused naming the part", async () => {
    const part = await publish(t, owner, simpleGoods(image, "Part on"), true);
    const second = await publish(t, owner, simpleGoods(image, "Second part"), true);
    const skuOf = async (id: string) => (await t.call(G.selGoodsById, { id }, { ticket: owner })).data.skus[0]?.id ?? "";
    const items = [
      { skuId: await skuOf(part), quantity: 2 },
      { skuId: await skuOf(second), quantity: 1 },
    ];
    const pkg = await t.call(
      G.publishGoodsPackage,
      { name: "Box", images: [image], logistics: ["express"], price: 900, items },
      { ticket: owner },
    );
    expect(pkg.code, pkg.msg).toBe(codes.OK);
    await t.call(G.updStatusOut, { id: part }, { ticket: owner });
    const res = await t.call(G.batchUpdateStatusOn, { ids: [pkg.data.id] }, { ticket: owner });
    expect(res.data).toMatchObject({
      done: [],
      batchId: null,
      refused: [{ id: pkg.data.id, name: "Box", reason: "goods.bulkPartOffShelf", params: { part: "Part on" } }],
    });
  });
});

describe("bulk take off shelf and delete", () => {
  it("when drafts and off items are among those taken off, then each says why it stayed", async () => {
    const on = await publish(t, owner, simpleGoods(image, "On A"), true);
    const off = await publish(t, owner, simpleGoods(image, "Off B"));
    const d = await draft("Draft C");
    const res = await t.call(G.batchUpdateStatusOut, { ids: [on, off, d] }, { ticket: owner });
    expect(res.data.done).toEqual([on]);
    expect(res.data.refused).toEqual([
      { id: off, name: "Off B", reason: "goods.bulkAlreadyOff" },
      { id: d, name: "Draft C", reason: "goods.bulkDraftNotOff" },
    ]);
  });

  it("when chosen items are deleted, then those off shelf and drafts go, on-shelf ones and others' stay with why", async () => {
    const on = await publish(t, owner, simpleGoods(image, "Keep me"), true);
    const off = await publish(t, owner, simpleGoods(image, "Delete me"));
    const d = await draft("Delete draft");
    const theirs = await publish(t, other, simpleGoods(await uploadImage(t, other), "Theirs"));
    const res = await t.call(G.delGoodsList, { ids: [on, off, d, theirs] }, { ticket: owner });
    expect(res.data).toEqual({
      done: [off, d],
      refused: [
        { id: on, name: "Keep me", reason: "goods.bulkOnShelfNoDelete" },
        { id: theirs, name: "", reason: "goods.bulkNotFound" },
      ],
    });
    expect((await t.call(G.selGoodsById, { id: off }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(G.selGoodsById, { id: theirs }, { ticket: other })).code).toBe(codes.OK);
  });

  it("when the caller may not edit goods, then the bulk delete is 403 and nothing goes; an empty list is 400 naming ids", async () => {
    const viewer = await createStaff(t, boId, ["goods.manage", "goods.manage.shelf"]);
    const off = await publish(t, owner, simpleGoods(image, "Guarded"));
    expect((await t.call(G.delGoodsList, { ids: [off] }, { ticket: viewer })).status).toBe(403);
    expect(await statusOf(off)).toBe("off");
    const empty = await t.post(G.delGoodsList.path, { ids: [] }, { ticket: owner });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain("ids");
  });
});
