import { codes, contract } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../../test/fixtures";
import { goodsRows, goodsTestApp, publish, readyGoods, simpleGoods, uploadImage } from "../../test/goods-kit";
import type { TestApp } from "../../test/harness";
import { goods, goodsShelfBatch, goodsSku } from "./goods.tables";

const G = contract.goods;
let t: TestApp;
let owner: string;
let harborOwner: string;
let green: string;
let image: string;
let harborImage: string;

beforeAll(async () => {
  ({ t, owner, harborOwner, green, image, harborImage } = await goodsTestApp());
});
afterAll(() => t.close());

const issuePaths = (data: unknown) => (data as { issues: { path: string }[] }).issues.map((i) => i.path);
const statusOf = async (id: string) => (await t.db.select({ s: goods.status }).from(goods).where(eq(goods.id, id)))[0]?.s;

describe("demo data", () => {
  it("gives each demo seller 60 items with specs, fresh batches some near expiry, 4 packages, member and ladder prices, images, 3 services", async () => {
    for (const ticket of [owner, harborOwner]) {
      const list = await t.call(G.selGoodsListByDefaultShop, { pageSize: 100 }, { ticket });
      expect(list.data.counts.all).toBe(63);
      expect((await t.call(G.selGoodsListByDefaultShop, { listingType: "goods" }, { ticket })).data.counts.all).toBe(60);
      expect((await t.call(G.selGoodsListByDefaultShop, { listingType: "serviceOffer" }, { ticket })).data.counts.on).toBe(2);
      expect((await t.call(G.selGoodsListByDefaultShop, { listingType: "serviceWant" }, { ticket })).data.counts.on).toBe(1);
      expect(list.data.counts.nearExpiry).toBeGreaterThan(0);
      expect(list.data.list.some((g) => g.skuCount === 4)).toBe(true);
      expect((await t.call(G.selPackageGoodsListByDefaultShop, {}, { ticket })).data.total).toBe(4);
      expect((await t.call(G.selGoodsListByMember, {}, { ticket })).data.total).toBe(10);
      expect((await t.call(G.selGoodsLadderList, {}, { ticket })).data.total).toBe(8);
      const main = list.data.list[0]?.mainImage;
      const img = await t.app.inject({ method: "GET", url: main?.url ?? "", cookies: { ticket } });
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/png");
    }
  });
});

describe("publishing an item", () => {
  it("when an item with two specs and images is published, then it is off shelf with its 4 SKUs, price range and stock", async () => {
    const res = await t.call(G.publishGoods, readyGoods(image), { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({
      status: "off",
      kind: "goods",
      priceMin: 990,
      priceMax: 2190,
      stock: 23,
      skuCount: 4,
      category: { id: "C0101", nameEn: "Citrus" },
      unit: { id: "kg" },
      categoryPath: [{ id: "C01" }, { id: "C0101" }],
    });
    expect(res.data.images[0]).toMatchObject({ id: image, url: `/files/${image}` });
    expect(res.data.skus.map((s) => s.specValues)).toEqual([
      ["500 g", "bag"],
      ["500 g", "box"],
      ["1 kg", "bag"],
      ["1 kg", "box"],
    ]);
    const again = await t.call(G.selGoodsById, { id: res.data.id }, { ticket: owner });
    expect(again.data.skus).toEqual(res.data.skus);
  });

  it("when published and put on shelf in one call, then it is on shelf with its time", async () => {
    const res = await t.call(G.publishGoodsAndStatusOn, simpleGoods(image, "Fuji apples"), { ticket: owner });
    expect(res.data).toMatchObject({ status: "on", priceMin: 1000, stock: 20 });
    expect(res.data.onShelfAt).not.toBeNull();
  });

  it("when saved as a draft, then the shelf's needs wait; putting the draft on shelf is refused naming what is missing", async () => {
    const res = await t.call(G.publishGoods, { name: "Idea", draft: true, skus: [{ specValues: [], price: 0 }] }, { ticket: owner });
    expect(res.data.status).toBe("draft");
    const on = await t.call(G.updStatusOn, { id: res.data.id }, { ticket: owner });
    expect(on.code).toBe(codes.STATE_FORBIDS);
    expect(on.reason).toBe("goods.notReadyForShelf");
    expect(on.params).toMatchObject({ name: "Idea", field: "categoryId", form: "goods" });
    // The key travels for the web to word; the English text names the field in words, never by its key.
    expect(on.msg).toContain("Category is missing");
    expect(on.msg).not.toContain("categoryId");
    expect(await statusOf(res.data.id)).toBe("draft");
  });

  it("when a draft that is complete is put on shelf, then it goes on", async () => {
    const id = await publish(t, owner, { ...simpleGoods(image, "Ready draft"), draft: true });
    const on = await t.call(G.updStatusOn, { id }, { ticket: owner });
    expect(on.data.status).toBe("on");
  });

  it.each([
    ["name", { name: "" }],
    ["categoryId", { categoryId: "C01" }],
    ["categoryId", { categoryId: "NOPE" }],
    ["unitId", { unitId: "league" }],
    ["images.0", { images: [harborImage] }],
    ["images", { images: [] }],
    ["attrs.C01.grade", { attrs: { "C01.storage": "chilled" } }],
    ["attrs.C01.grade", { attrs: { "C01.grade": "legendary", "C01.storage": "chilled" } }],
    ["attrs.C05.shelfLife", { attrs: { "C01.grade": "first", "C01.storage": "chilled", "C05.shelfLife": 3 } }],
    ["skus", { skus: readyGoods("x").skus.slice(1) }],
    ["skus.0.price", { specs: [], skus: [{ specValues: [], price: 0 }] }],
    ["logistics.0", { logistics: ["teleport"] }],
  ])("when %s is wrong, then HTTP 400 names it and nothing is written", async (field, patch) => {
    const before = await goodsRows(t, green);
    const res = await t.call(G.publishGoods, readyGoods(image, patch as never), { ticket: owner });
    expect(res.status, JSON.stringify(res.data)).toBe(400);
    expect(issuePaths(res.data)).toContain(field);
    expect(await goodsRows(t, green)).toBe(before);
  });

  it("when a SKU code is already another item's, then HTTP 400 names that SKU's code", async () => {
    await publish(t, owner, simpleGoods(image, "Coded", { skus: [{ specValues: [], price: 100, code: "GV-ORANGE-1" }] }));
    const res = await t.call(G.publishGoods, simpleGoods(image, "Copy", { skus: [{ specValues: [], price: 100, code: "gv-orange-1" }] }), {
      ticket: owner,
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toEqual(["skus.0.code"]);
  });

  it("when the description carries scripts, handlers, frames and foreign images, then only the allowed markup is kept", async () => {
    const html = [
      '<p onclick="steal()">Fresh <strong>today</strong><script>alert(1)</script></p>',
      `<img src="/files/${image}" onerror="x()" alt="crate"><img src="https://evil.example/x.png"><img src="/files/${harborImage}">`,
      '<iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">bad</a><a href="https://example.com">ok</a>',
      "<svg><script>1</script></svg><style>p{}</style><p>a &lt; b</p>",
    ].join("");
    const res = await t.call(G.publishGoods, readyGoods(image, { name: "Described", descriptionHtml: html }), { ticket: owner });
    expect(res.data.descriptionHtml).toBe(
      `<p>Fresh <strong>today</strong></p><img src="/files/${image}" alt="crate">` +
        '<a>bad</a><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a><p>a &lt; b</p>',
    );
  });

  it("when the description is what the rich-text editor makes, then every element its toolbar makes is kept", async () => {
    // The web editor's (TipTap's) own output: headings 2–3, bold, italic, both lists (items hold paragraphs), a link
    // with its target and rel, an uploaded image, and the underline, strike, quote, rule and break its shortcuts make.
    const html = [
      "<h2>West Lake rice</h2><h3>Grown by the lake</h3>",
      "<p><strong>Fresh</strong> and <em>fragrant</em>, <u>new</u> <s>old</s><br>crop</p>",
      "<ul><li><p>500 g bag</p></li></ul><ol><li><p>Rinse</p></li><li><p>Cook</p></li></ol>",
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/rice">farm</a></p>',
      `<img src="/files/${image}" alt="rice.png"><blockquote><p>Tasty</p></blockquote><hr>`,
    ].join("");
    const res = await t.call(G.publishGoods, readyGoods(image, { name: "Edited richly", descriptionHtml: html }), { ticket: owner });
    expect(res.data.descriptionHtml).toBe(
      html.replace(
        '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/rice">',
        '<a href="https://example.com/rice" rel="noopener noreferrer nofollow" target="_blank">',
      ),
    );
  });

  it("when the caller lacks the edit function, then publishing is 403 and nothing is written", async () => {
    const viewer = await createStaff(t, green, ["goods.manage"]);
    const before = await goodsRows(t, green);
    const res = await t.call(G.publishGoods, readyGoods(image, { name: "Not mine to add" }), { ticket: viewer });
    expect(res.status).toBe(403);
    expect(await goodsRows(t, green)).toBe(before);
    expect((await t.call(G.selGoodsListByDefaultShop, {}, { ticket: viewer })).code).toBe(codes.OK);
  });
});

describe("editing an item", () => {
  it("when a spec value is replaced, then SKUs whose values remain keep their id and stock, new ones are added, the rest retired", async () => {
    const created = await t.call(G.publishGoods, readyGoods(image, { name: "Re-specced" }), { ticket: owner });
    const keep = created.data.skus.filter((s) => s.specValues[0] === "500 g");
    const input = readyGoods(image, {
      name: "Re-specced",
      specs: [
        { name: "Weight", values: ["500 g", "2 kg"] },
        { name: "Pack", values: ["bag", "box"] },
      ],
      skus: [
        { specValues: ["500 g", "bag"], price: 999, stock: 10 },
        { specValues: ["500 g", "box"], price: 1290, stock: 5 },
        { specValues: ["2 kg", "bag"], price: 3000, stock: 1 },
        { specValues: ["2 kg", "box"], price: 3500, stock: 2 },
      ],
    });
    const res = await t.call(G.modifyGoods, { id: created.data.id, ...input }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.skus.slice(0, 2).map((s) => s.id)).toEqual(keep.map((s) => s.id));
    expect(res.data.skus[0]?.price).toBe(999);
    expect(res.data).toMatchObject({ priceMin: 999, priceMax: 3500, stock: 18, status: "off" });
    const all = await t.db.select().from(goodsSku).where(eq(goodsSku.goodsId, created.data.id));
    expect(all.filter((s) => s.retiredAt !== null)).toHaveLength(2);
  });

  it("when edited and put on shelf, then both happen in one call; a published item cannot become a draft again", async () => {
    const id = await publish(t, owner, simpleGoods(image, "Edit then on"));
    const res = await t.call(G.modifyGoodsAndStatusOn, { id, ...simpleGoods(image, "Edited, on") }, { ticket: owner });
    expect(res.data).toMatchObject({ name: "Edited, on", status: "on" });
    const back = await t.call(G.modifyGoods, { id, ...simpleGoods(image, "Back to draft"), draft: true }, { ticket: owner });
    expect(back.code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(G.selGoodsById, { id }, { ticket: owner })).data.name).toBe("Edited, on");
  });

  it("when another seller names the item, then it is not found for every call and nothing changes", async () => {
    const id = await publish(t, owner, simpleGoods(image, "Green only"), true);
    for (const [call, input] of [
      [G.selGoodsById, { id }],
      [G.selGoodsByIdV2, { id }],
      [G.modifyGoods, { id, ...simpleGoods(harborImage, "Stolen") }],
      [G.updStatusOut, { id }],
      [G.delGoods, { id }],
    ] as const) {
      const res = await t.post(call.path, input, { ticket: harborOwner });
      expect(res.code, call.path).toBe(codes.NOT_FOUND);
    }
    const batch = await t.call(G.batchUpdateStatusOut, { ids: [id] }, { ticket: harborOwner });
    expect(batch.data).toMatchObject({ batchId: null, done: [], refused: [{ id, name: "", reason: "goods.bulkNotFound" }] });
    const row = (await t.db.select().from(goods).where(eq(goods.id, id)))[0];
    expect(row).toMatchObject({ name: "Green only", status: "on", deletedAt: null });
  });
});

describe("shelf status", () => {
  it("when an item is put on, taken off and deleted, then each forbidden move is refused naming the item", async () => {
    const id = await publish(t, owner, simpleGoods(image, "Lifecycle"));
    expect((await t.call(G.updStatusOut, { id }, { ticket: owner })).reason).toBe("goods.alreadyOff");
    expect((await t.call(G.updStatusOn, { id }, { ticket: owner })).data.status).toBe("on");
    const again = await t.call(G.updStatusOn, { id }, { ticket: owner });
    expect(again).toMatchObject({ code: codes.STATE_FORBIDS, reason: "goods.alreadyOn", params: { name: "Lifecycle" } });
    expect((await t.call(G.delGoods, { id }, { ticket: owner })).reason).toBe("goods.deleteOnShelf");
    expect((await t.call(G.updStatusOut, { id }, { ticket: owner })).data.status).toBe("off");
    expect((await t.call(G.delGoods, { id }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(G.selGoodsById, { id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
  });

  it("when the caller may edit but not shelve, then shelf calls are 403", async () => {
    const editor = await createStaff(t, green, ["goods.manage", "goods.manage.edit"]);
    const id = await publish(t, owner, simpleGoods(image, "No shelf for you"));
    expect((await t.call(G.updStatusOn, { id }, { ticket: editor })).status).toBe(403);
    expect((await t.call(G.batchUpdateStatusOn, { ids: [id] }, { ticket: editor })).status).toBe(403);
    expect(await statusOf(id)).toBe("off");
  });

  it("when two shelf changes of one item race, then one wins, the other is refused, and the item is in one state", async () => {
    const id = await publish(t, owner, simpleGoods(image, "Raced"), true);
    const [a, b] = await Promise.all([
      t.call(G.updStatusOut, { id }, { ticket: owner }),
      t.call(G.updStatusOut, { id }, { ticket: owner }),
    ]);
    expect([a.code, b.code].sort()).toEqual([codes.OK, codes.STATE_FORBIDS].sort());
    expect(await statusOf(id)).toBe("off");
    const ids = [id, await publish(t, owner, simpleGoods(image, "Raced 2"))];
    const [x, y] = await Promise.all([
      t.call(G.batchUpdateStatusOn, { ids }, { ticket: owner }),
      t.call(G.batchUpdateStatusOn, { ids }, { ticket: owner }),
    ]);
    expect([...(x.data.done ?? []), ...(y.data.done ?? [])].sort()).toEqual([...ids].sort());
    for (const i of ids) expect(await statusOf(i)).toBe("on");
  });
});

describe("batch shelf changes and their undo", () => {
  it("when items are taken off in a batch and undone, then only those it moved go back, once", async () => {
    const a = await publish(t, owner, simpleGoods(image, "Batch A"), true);
    const b = await publish(t, owner, simpleGoods(image, "Batch B"), true);
    const draft = await publish(t, owner, { ...simpleGoods(image, "Batch draft"), draft: true });
    const off = await t.call(G.batchUpdateStatusOut, { ids: [a, b, draft] }, { ticket: owner });
    expect(off.data.done.sort()).toEqual([a, b].sort());
    expect(off.data.refused).toEqual([{ id: draft, name: "Batch draft", reason: "goods.bulkDraftNotOff" }]);
    expect(off.data.undoUntil).not.toBeNull();
    const last = await t.call(G.selLastShelfBatch, {}, { ticket: owner });
    expect(last.data).toMatchObject({ batchId: off.data.batchId, direction: "off", count: 2, byName: "Lin Qing" });
    // Meanwhile b is put back on by hand: the undo leaves it as it is.
    await t.call(G.updStatusOn, { id: b }, { ticket: owner });
    const undo = await t.call(G.undoBatchUpdateStatus, { batchId: off.data.batchId ?? "" }, { ticket: owner });
    expect(undo.data).toEqual({ restored: [a], skipped: [b] });
    expect(await statusOf(a)).toBe("on");
    const twice = await t.call(G.undoBatchUpdateStatus, { batchId: off.data.batchId ?? "" }, { ticket: owner });
    expect(twice.reason).toBe("goods.undoAlreadyDone");
    expect((await t.call(G.selLastShelfBatch, {}, { ticket: owner })).data).toBeNull();
  });

  it("when 10 minutes have passed or a newer batch was made, then the undo is refused and nothing moves", async () => {
    const a = await publish(t, owner, simpleGoods(image, "Old batch"), true);
    const first = await t.call(G.batchUpdateStatusOut, { ids: [a] }, { ticket: owner });
    const b = await publish(t, owner, simpleGoods(image, "Newer batch"));
    const second = await t.call(G.batchUpdateStatusOn, { ids: [b] }, { ticket: owner });
    expect((await t.call(G.undoBatchUpdateStatus, { batchId: first.data.batchId ?? "" }, { ticket: owner })).reason).toBe(
      "goods.undoNotLatest",
    );
    await t.db
      .update(goodsShelfBatch)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(goodsShelfBatch.id, second.data.batchId ?? ""));
    const late = await t.call(G.undoBatchUpdateStatus, { batchId: second.data.batchId ?? "" }, { ticket: owner });
    expect(late).toMatchObject({ code: codes.STATE_FORBIDS, reason: "goods.undoExpired", params: { minutes: 10 } });
    expect(await statusOf(b)).toBe("on");
    expect((await t.call(G.undoBatchUpdateStatus, { batchId: second.data.batchId ?? "" }, { ticket: harborOwner })).code).toBe(
      codes.NOT_FOUND,
    );
  });

  it("when a batch names more than 200 items or none, then HTTP 400 names ids", async () => {
    for (const ids of [[], Array.from({ length: 201 }, (_, i) => `X${i}`)]) {
      const res = await t.call(G.batchUpdateStatusOn, { ids }, { ticket: owner });
      expect(res.status).toBe(400);
      expect(issuePaths(res.data)).toEqual(["ids"]);
    }
  });
});

describe("stock", () => {
  it("when a SKU's stock would go below zero, then the database refuses it", async () => {
    const id = await publish(t, owner, simpleGoods(image, "Never negative"));
    await expect(t.db.update(goodsSku).set({ stock: -1 }).where(eq(goodsSku.goodsId, id))).rejects.toThrow();
    await expect(t.db.update(goods).set({ stockTotal: -1 }).where(eq(goods.id, id))).rejects.toThrow();
  });
});

describe("the goods list", () => {
  let seller: string;
  let sellerImage: string;
  beforeAll(async () => {
    const { createSeller } = await import("../../test/fixtures");
    const s = await createSeller(t);
    seller = await t.login(s.loginName, s.password);
    sellerImage = await uploadImage(t, seller);
    for (let i = 1; i <= 7; i++)
      await publish(
        t,
        seller,
        simpleGoods(sellerImage, `Item ${i}`, { skus: [{ specValues: [], price: i * 100, stock: i, code: `SKU-${i}` }] }),
        i <= 3,
      );
    await publish(t, seller, { ...simpleGoods(sellerImage, "Sketch"), draft: true });
  });

  it("when the list is asked for, then every tab's count comes with it and the tab filters", async () => {
    const all = await t.call(G.selGoodsListByDefaultShop, {}, { ticket: seller });
    expect(all.data.counts).toEqual({ all: 8, on: 3, off: 4, draft: 1, nearExpiry: 0 });
    expect(all.data.total).toBe(8);
    expect(all.data.list[0]?.name).toBe("Sketch");
    const on = await t.call(G.selGoodsListByDefaultShop, { tab: "on" }, { ticket: seller });
    expect(on.data.list.map((g) => g.name).sort()).toEqual(["Item 1", "Item 2", "Item 3"]);
    expect(on.data.total).toBe(3);
  });

  it("when filtered by name, SKU code, price or stock, then only matches come, with the counts of the filter", async () => {
    const byCode = await t.call(G.selGoodsListByDefaultShop, { keyword: "SKU-5" }, { ticket: seller });
    expect(byCode.data.list.map((g) => g.name)).toEqual(["Item 5"]);
    expect(byCode.data.list[0]?.code).toBe("SKU-5");
    const byName = await t.call(G.selGoodsListByDefaultShop, { keyword: "item 7" }, { ticket: seller });
    expect(byName.data.list.map((g) => g.name)).toEqual(["Item 7"]);
    const price = await t.call(G.selGoodsListByDefaultShop, { priceMin: 200, priceMax: 400 }, { ticket: seller });
    expect(price.data.list.map((g) => g.name).sort()).toEqual(["Item 2", "Item 3", "Item 4"]);
    expect(price.data.counts).toMatchObject({ all: 3, on: 2, off: 1 });
    const low = await t.call(G.selGoodsListByDefaultShop, { stockBelow: 3 }, { ticket: seller });
    expect(low.data.list.map((g) => g.name).sort()).toEqual(["Item 1", "Item 2"]);
  });

  it("when paged by cursor, then every item comes once, newest change first", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await t.call(G.selGoodsListByDefaultShop, { pageSize: 3, ...(cursor ? { cursor } : {}) }, { ticket: seller });
      seen.push(...res.data.list.map((g) => g.id));
      if (!res.data.nextCursor) break;
      cursor = res.data.nextCursor;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const bad = await t.call(G.selGoodsListByDefaultShop, { cursor: "not-a-cursor" }, { ticket: seller });
    expect(bad.status).toBe(400);
    expect(issuePaths(bad.data)).toEqual(["cursor"]);
  });

  it("when another seller lists, then none of this seller's items appear", async () => {
    const res = await t.call(G.selGoodsListByDefaultShop, { keyword: "Item" }, { ticket: harborOwner });
    expect(res.data.list.filter((g) => g.name.startsWith("Item "))).toEqual([]);
    const byIds = await t.call(G.selGoodsByParam, { ids: all8 }, { ticket: harborOwner });
    expect(byIds.data).toEqual([]);
  });

  let all8: string[] = [];
  it("when items are looked up by ids, then the seller's come back", async () => {
    all8 = (await t.call(G.selGoodsListByDefaultShop, {}, { ticket: seller })).data.list.map((g) => g.id);
    const res = await t.call(G.selGoodsByParam, { ids: all8.slice(0, 3) }, { ticket: seller });
    expect(res.data.map((g) => g.id).sort()).toEqual(all8.slice(0, 3).sort());
  });

  it("when the pickers are asked, then on-shelf items, SKUs and best sellers come", async () => {
    const notPromo = await t.call(G.selNotPromotionGoodsList, {}, { ticket: seller });
    expect(notPromo.data.total).toBe(3);
    const gifts = await t.call(G.selGifGoodsList, {}, { ticket: seller });
    expect(gifts.data.list).toHaveLength(3);
    const allowed = await t.call(G.selAllowPackageByDefaultShop, {}, { ticket: seller });
    expect(allowed.data.total).toBe(7);
    const withSkus = await t.call(G.selGoodsInfoListByDefaultShop, { status: "on" }, { ticket: seller });
    expect(withSkus.data.list.every((g) => g.skus.length === 1)).toBe(true);
    const info = await t.call(G.selGoodsInfoByPage, { status: "draft" }, { ticket: seller });
    expect(info.data.list.map((g) => g.name)).toEqual(["Sketch"]);
    const best = await t.call(G.selGoodRecommendByShopId, { limit: 2 }, { ticket: seller });
    expect(best.data).toHaveLength(2);
    expect(best.data.every((g) => g.status === "on")).toBe(true);
  });

  it("when no filter applies, then the counts kept by the database agree with counting the items", async () => {
    for (const ticket of [seller, owner]) {
      const kept = await t.call(G.selGoodsListByDefaultShop, {}, { ticket });
      const counted = await t.call(G.selGoodsListByDefaultShop, { priceMin: 0 }, { ticket });
      expect(kept.data.counts).toEqual(counted.data.counts);
    }
  });

  it("when the logistics are asked, then self-pickup says what the shop lacks", async () => {
    const res = await t.call(G.selSupportLogistics, {}, { ticket: seller });
    expect(res.data.map((m) => m.mode)).toEqual(["express", "cityDelivery", "selfPickup"]);
    expect(res.data[2]).toMatchObject({ available: false });
    expect(res.data[2]?.reason).toMatch(/^goods\./);
  });
});
