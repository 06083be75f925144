import { ADVERT_LIMITS, advertImageUpload, codes, contract, type InputOf } from "@sbo/contract";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bannerPng } from "../../demo/advert.demo";
import { createSeller, createStaff, expectBadFields, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { shopClassify } from "../catalogue/shop-category/shop-category.tables";
import { goods } from "../goods/goods.tables";
import { shopAdvert, shopAdvertItem } from "./advert.tables";

/*
 * Adverts and their items: the demo, add / edit / delete, the link targets (the seller's own goods and categories, a
 * shop it works with), the image's config, the reorder in one transaction — success, bad input, another seller's ids,
 * a member without the function, and two writes at once.
 */

const A = contract.advert;
const D = contract.advertDetail;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let otherBoId: string;
let banner: string;
let goodsId: string;
let otherGoodsId: string;

async function upload(ticket: string, bytes: Buffer, config: Record<string, string | number> = advertImageUpload("homeBanner")) {
  const res = await t.upload<{ id: string }>(
    contract.system.upload.path,
    [
      { name: "systemId", value: "71" },
      ...Object.entries(config).map(([name, value]) => ({ name, value: String(value) })),
      { name: "file", filename: "banner.png", contentType: "image/png", value: bytes },
    ],
    { ticket },
  );
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.id;
}

async function firstGoods(bo: string) {
  const [row] = await t.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.boId, bo), eq(goods.status, "on"), eq(goods.listingType, "goods"), isNull(goods.deletedAt)))
    .limit(1);
  if (!row) throw new Error("no goods");
  return row.id;
}

async function firstCategory(bo: string) {
  const [row] = await t.db.select({ id: shopClassify.id }).from(shopClassify).where(eq(shopClassify.boId, bo)).limit(1);
  if (!row) throw new Error("no shop category");
  return row.id;
}

async function newAdvert(name: string, position: InputOf<typeof A.addOrUpdAdvert>["position"] = "homeBanner", ticket = owner) {
  const res = await t.call(A.addOrUpdAdvert, { name, position }, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.id;
}

const item = (adId: string, patch: Partial<InputOf<typeof D.addAdvertDetail>> = {}): InputOf<typeof D.addAdvertDetail> => ({
  adId,
  title: "Summer sale",
  imageId: banner,
  link: { kind: "goods", goodsId },
  ...patch,
});

async function addItem(adId: string, patch: Partial<InputOf<typeof D.addAdvertDetail>> = {}) {
  const res = await t.call(D.addAdvertDetail, item(adId, patch), { ticket: owner });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  other = await t.login("demo2");
  boId = (await meOf(t, owner)).boId as string;
  otherBoId = (await meOf(t, other)).boId as string;
  banner = await upload(owner, bannerPng(750, 300, [200, 50, 50]));
  goodsId = await firstGoods(boId);
  otherGoodsId = await firstGoods(otherBoId);
}, 120_000);
afterAll(() => t.close());

describe("the demo data", () => {
  it("when the demo is built, then each demo seller has a home banner with 3 items showing, linking to its own goods", async () => {
    for (const ticket of [owner, other]) {
      const list = await t.call(A.selAdvertListByParam, { position: "homeBanner" }, { ticket });
      const home = list.data.find((a) => a.name === "Home banner");
      expect(home).toMatchObject({ position: "homeBanner", enabled: true, itemCount: 3, showingCount: 3 });
      const items = await t.call(D.selAdvertDetailAllListByParam, { adId: home?.id ?? "" }, { ticket });
      expect(items.data.map((i) => i.sort)).toEqual([1, 2, 3]);
      for (const i of items.data) {
        expect(i.link.kind).toBe("goods");
        expect(i.link.missing).toBe(false);
        expect(i.image.url).toBe(`/files/${i.image.id}`);
      }
    }
  });
});

describe("adverts", () => {
  it("when an advert is added, edited and listed, then it is at the end in the list and its page", async () => {
    const id = await newAdvert("Autumn popup", "popup");
    const one = await t.call(A.selAdvertById, { id }, { ticket: owner });
    expect(one.data).toMatchObject({ name: "Autumn popup", position: "popup", enabled: true, itemCount: 0 });
    const all = await t.call(A.selAdvertListByParam, {}, { ticket: owner });
    expect(all.data.at(-1)?.id).toBe(id);
    expect(all.data.map((a) => a.sort)).toEqual(all.data.map((_, i) => i + 1));
    const upd = await t.call(A.addOrUpdAdvert, { id, name: "Winter popup", position: "popup", enabled: false }, { ticket: owner });
    expect(upd.data).toMatchObject({ name: "Winter popup", enabled: false });
    const page = await t.call(A.selAdvertListByPage, { pageNum: 1, pageSize: 20, name: "winter" }, { ticket: owner });
    expect(page.data.list.map((a) => a.id)).toEqual([id]);
    expect(page.data.total).toBe(1);
  });

  it("when an advert's input is bad, then 400 names the field and nothing is written", async () => {
    const before = await t.db.select().from(shopAdvert).where(eq(shopAdvert.boId, boId));
    await expectBadFields(t, A.addOrUpdAdvert.path, owner, { systemId: 71, name: "X", position: "homeBanner" }, [
      ["name", { name: "" }],
      ["name", { name: "x".repeat(31) }],
      ["position", { position: "sidebar" }],
      ["boId", { boId }],
    ]);
    const dup = await t.call(A.addOrUpdAdvert, { name: "home BANNER", position: "popup" }, { ticket: owner });
    expect(dup.status).toBe(400);
    expect(dup.msg).toContain("name");
    const after = await t.db.select().from(shopAdvert).where(eq(shopAdvert.boId, boId));
    expect(after).toHaveLength(before.length);
  });

  it("when another seller's advert is read, edited, deleted or reordered, then it is not found and stays", async () => {
    const theirs = await newAdvert("Their advert", "popup", other);
    expect((await t.call(A.selAdvertById, { id: theirs }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(A.addOrUpdAdvert, { id: theirs, name: "Mine now", position: "popup" }, { ticket: owner })).code).toBe(
      codes.NOT_FOUND,
    );
    expect((await t.call(A.delAdvertById, { id: theirs }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(D.selAdvertDetailByAdId, { adId: theirs, pageNum: 1, pageSize: 20 }, { ticket: owner })).code).toBe(
      codes.NOT_FOUND,
    );
    const mine = (await t.call(A.selAdvertListByParam, {}, { ticket: owner })).data.map((a) => a.id);
    expect((await t.call(A.updListSort, { ids: [...mine.slice(1), theirs] }, { ticket: owner })).code).toBe(codes.CONFLICT);
    const [row] = await t.db.select().from(shopAdvert).where(eq(shopAdvert.id, theirs));
    expect(row?.name).toBe("Their advert");
  });

  it("when a member lacks the advert functions, then reading or writing is refused with 403", async () => {
    const clerk = await createStaff(t, boId, ["order.manage"]);
    expect((await t.call(A.selAdvertListByParam, {}, { ticket: clerk })).status).toBe(403);
    const viewer = await createStaff(t, boId, ["shop.advert"]);
    expect((await t.call(A.selAdvertListByParam, {}, { ticket: viewer })).code).toBe(codes.OK);
    expect((await t.call(A.addOrUpdAdvert, { name: "Nope", position: "popup" }, { ticket: viewer })).status).toBe(403);
    expect((await t.call(D.updListSort, { adId: "X", ids: ["Y"] }, { ticket: viewer })).status).toBe(403);
  });

  it("when the adverts are reordered, then the order is kept 1..n; a list missing one is refused", async () => {
    const ids = (await t.call(A.selAdvertListByParam, {}, { ticket: owner })).data.map((a) => a.id);
    const reversed = [...ids].reverse();
    const res = await t.call(A.updListSort, { ids: reversed }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.map((a) => a.id)).toEqual(reversed);
    expect(res.data.map((a) => a.sort)).toEqual(reversed.map((_, i) => i + 1));
    const again = await t.call(A.selAdvertListByPage, { pageNum: 1, pageSize: 100 }, { ticket: owner });
    expect(again.data.list.map((a) => a.id)).toEqual(reversed);
    expect((await t.call(A.updListSort, { ids: reversed.slice(1) }, { ticket: owner })).code).toBe(codes.CONFLICT);
    expect((await t.call(A.updListSort, { ids: [reversed[0] ?? "", ...reversed.slice(0, -1)] }, { ticket: owner })).code).toBe(
      codes.CONFLICT,
    );
  });

  it("when an advert with items is deleted, then its items go and the rest are renumbered", async () => {
    const id = await newAdvert("Short-lived", "categoryBanner");
    await addItem(id);
    const res = await t.call(A.delAdvertById, { id }, { ticket: owner });
    expect(res.data).toEqual({ id, removedItems: 1 });
    expect(await t.db.select().from(shopAdvertItem).where(eq(shopAdvertItem.adId, id))).toHaveLength(0);
    const left = (await t.call(A.selAdvertListByParam, {}, { ticket: owner })).data;
    expect(left.map((a) => a.sort)).toEqual(left.map((_, i) => i + 1));
  });
});

describe("advert items", () => {
  it("when an item with an image links to the seller's goods, then it shows with the goods' name, at the end", async () => {
    const adId = await newAdvert("Goods banner");
    const first = await addItem(adId);
    expect(first).toMatchObject({
      sort: 1,
      state: "showing",
      title: "Summer sale",
      link: { kind: "goods", target: goodsId, missing: false },
    });
    expect(first.link.name.length).toBeGreaterThan(0);
    const second = await addItem(adId, {
      link: { kind: "url", url: "https://example.com/sale" },
      startAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(second).toMatchObject({ sort: 2, state: "scheduled", link: { kind: "url", name: "https://example.com/sale" } });
    const categoryId = await firstCategory(boId);
    const third = await addItem(adId, { link: { kind: "category", categoryId }, enabled: false });
    expect(third).toMatchObject({ state: "disabled", link: { kind: "category", missing: false } });
    const shops = await t.call(D.queryAdvertShopByPage, { pageNum: 1, pageSize: 20 }, { ticket: owner });
    const own = shops.data.list.find((s) => s.own);
    const fourth = await addItem(adId, { link: { kind: "shop", shopId: own?.id ?? "" } });
    expect(fourth.link).toMatchObject({ kind: "shop", missing: false });
    const page = await t.call(D.selAdvertDetailByAdId, { adId, pageNum: 1, pageSize: 2 }, { ticket: owner });
    expect(page.data.total).toBe(4);
    expect(page.data.list.map((i) => i.id)).toEqual([first.id, second.id]);
    const showing = await t.call(D.selAdvertDetailAllListByParam, { adId, state: "showing" }, { ticket: owner });
    expect(showing.data.map((i) => i.id)).toEqual([first.id, fourth.id]);
    const ad = await t.call(A.selAdvertById, { id: adId }, { ticket: owner });
    expect(ad.data).toMatchObject({ itemCount: 4, showingCount: 2 });
  });

  it("when an item's input is bad, then 400 names the field and nothing is written", async () => {
    const adId = await newAdvert("Bad items");
    const base = { systemId: 71, ...item(adId) };
    await expectBadFields(t, D.addAdvertDetail.path, owner, base, [
      ["imageId", { imageId: "" }],
      ["link", { link: { kind: "page" } }],
      ["link.url", { link: { kind: "url", url: "javascript:alert(1)" } }],
      ["endAt", { startAt: "2026-05-02T00:00:00.000Z", endAt: "2026-05-01T00:00:00.000Z" }],
      ["title", { title: "x".repeat(41) }],
    ]);
    // Targets that are not the seller's, and images that are not an advert upload fitting the position.
    const small = await upload(owner, bannerPng(100, 100, [1, 2, 3]), { purpose: "advert", accept: "image" });
    const goodsImage = await upload(owner, bannerPng(750, 300, [9, 9, 9]), { purpose: "goods", accept: "image" });
    const theirImage = await upload(other, bannerPng(750, 300, [8, 8, 8]));
    const theirCategory = await firstCategory(otherBoId);
    // A shop the seller does not work with (the demo sellers are each other's accepted suppliers).
    const stranger = (await createSeller(t)).shopId ?? "";
    for (const [field, patch] of [
      ["link.goodsId", { link: { kind: "goods", goodsId: otherGoodsId } }],
      ["link.categoryId", { link: { kind: "category", categoryId: theirCategory } }],
      ["link.shopId", { link: { kind: "shop", shopId: stranger } }],
      ["imageId", { imageId: small }],
      ["imageId", { imageId: goodsImage }],
      ["imageId", { imageId: theirImage }],
    ] as const) {
      const res = await t.call(D.addAdvertDetail, item(adId, patch as never), { ticket: owner });
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res), field).toContain(`"path":"${field}"`);
    }
    expect(await t.db.select().from(shopAdvertItem).where(eq(shopAdvertItem.adId, adId))).toHaveLength(0);
  });

  it("when another seller's item is edited, deleted or added to, then it is not found and stays", async () => {
    const theirAd = (await t.call(A.selAdvertListByParam, { position: "homeBanner" }, { ticket: other })).data[0]?.id ?? "";
    const theirItem = (await t.call(D.selAdvertDetailAllListByParam, { adId: theirAd }, { ticket: other })).data[0];
    expect((await t.call(D.addAdvertDetail, item(theirAd), { ticket: owner })).code).toBe(codes.NOT_FOUND);
    const upd = await t.call(
      D.updAdvertDetailById,
      { id: theirItem?.id ?? "", imageId: banner, link: { kind: "none" } },
      { ticket: owner },
    );
    expect(upd.code).toBe(codes.NOT_FOUND);
    expect((await t.call(D.delAdvertDetailById, { id: theirItem?.id ?? "" }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    const [row] = await t.db
      .select()
      .from(shopAdvertItem)
      .where(eq(shopAdvertItem.id, theirItem?.id ?? ""));
    expect(row?.title).toBe(theirItem?.title);
  });

  it("when an item is edited, then its link, window and switch change; its unchanged image stays", async () => {
    const adId = await newAdvert("Edited items");
    const it1 = await addItem(adId);
    const res = await t.call(
      D.updAdvertDetailById,
      {
        id: it1.id,
        title: "Ended",
        imageId: banner,
        link: { kind: "none" },
        startAt: "2026-01-01T00:00:00.000Z",
        endAt: "2026-01-02T00:00:00.000Z",
      },
      { ticket: owner },
    );
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ title: "Ended", state: "ended", link: { kind: "none", target: "" } });
  });

  it("when items are reordered, then the new order is kept; a stale list is refused; a deleted item's place closes", async () => {
    const adId = await newAdvert("Sortable");
    const ids = [(await addItem(adId)).id, (await addItem(adId)).id, (await addItem(adId)).id];
    const order = [ids[2], ids[0], ids[1]] as string[];
    const res = await t.call(D.updListSort, { adId, ids: order }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.map((i) => i.id)).toEqual(order);
    const all = await t.call(D.selAdvertDetailAllListByParam, { adId }, { ticket: owner });
    expect(all.data.map((i) => [i.id, i.sort])).toEqual(order.map((id, i) => [id, i + 1]));
    expect((await t.call(D.updListSort, { adId, ids: order.slice(0, 2) }, { ticket: owner })).code).toBe(codes.CONFLICT);
    await t.call(D.delAdvertDetailById, { id: order[0] as string }, { ticket: owner });
    const left = await t.call(D.selAdvertDetailAllListByParam, { adId }, { ticket: owner });
    expect(left.data.map((i) => [i.id, i.sort])).toEqual([
      [order[1], 1],
      [order[2], 2],
    ]);
  });

  it("when two reorders of one advert run at once, then one after the other wins whole: positions stay 1..n", async () => {
    const adId = await newAdvert("Racing order");
    const ids = [(await addItem(adId)).id, (await addItem(adId)).id, (await addItem(adId)).id];
    const a = [ids[2], ids[1], ids[0]] as string[];
    const b = [ids[1], ids[0], ids[2]] as string[];
    const [ra, rb] = await Promise.all([
      t.call(D.updListSort, { adId, ids: a }, { ticket: owner }),
      t.call(D.updListSort, { adId, ids: b }, { ticket: owner }),
    ]);
    expect([ra?.code, rb?.code]).toEqual([codes.OK, codes.OK]);
    const rows = await t.db.select().from(shopAdvertItem).where(eq(shopAdvertItem.adId, adId));
    const order = rows.sort((x, y) => x.sort - y.sort).map((r) => r.id);
    expect(rows.map((r) => r.sort).sort()).toEqual([1, 2, 3]);
    expect([JSON.stringify(a), JSON.stringify(b)]).toContain(JSON.stringify(order));
  });

  it("when an advert is full, then another item is refused; a position too small for its items is refused", async () => {
    const adId = await newAdvert("Full popup", "popup");
    const popupImage = await upload(owner, bannerPng(600, 600, [5, 90, 5]), advertImageUpload("popup"));
    for (let i = 0; i < ADVERT_LIMITS.popup.maxItems; i++) await addItem(adId, { imageId: popupImage });
    const more = await t.call(D.addAdvertDetail, item(adId, { imageId: popupImage }), { ticket: owner });
    expect(more.code).toBe(codes.STATE_FORBIDS);
    const big = await newAdvert("Big banner", "homeBanner");
    for (let i = 0; i < ADVERT_LIMITS.popup.maxItems + 1; i++) await addItem(big);
    const shrink = await t.call(A.addOrUpdAdvert, { id: big, name: "Big banner", position: "popup" }, { ticket: owner });
    expect(shrink.status).toBe(400);
    expect(shrink.msg).toContain("position");
  });

  it("when two items are added at once to an advert with one place left, then exactly one is added", async () => {
    const adId = await newAdvert("Race popup", "popup");
    const popupImage = await upload(owner, bannerPng(400, 400, [50, 5, 90]), advertImageUpload("popup"));
    for (let i = 0; i < ADVERT_LIMITS.popup.maxItems - 1; i++) await addItem(adId, { imageId: popupImage });
    const [a, b] = await Promise.all([
      t.call(D.addAdvertDetail, item(adId, { imageId: popupImage }), { ticket: owner }),
      t.call(D.addAdvertDetail, item(adId, { imageId: popupImage }), { ticket: owner }),
    ]);
    expect([a?.code, b?.code].sort()).toEqual([codes.OK, codes.STATE_FORBIDS].sort());
    const rows = await t.db.select().from(shopAdvertItem).where(eq(shopAdvertItem.adId, adId));
    expect(rows.map((r) => r.sort).sort()).toEqual([1, 2, 3]);
  });

  it("when the pickers are asked, then goods are the seller's own and shops its own first", async () => {
    const g = await t.call(D.queryAdvertGoodsByPage, { pageNum: 1, pageSize: 100 }, { ticket: owner });
    expect(g.data.list.length).toBeGreaterThan(0);
    expect(g.data.list.map((x) => x.id)).not.toContain(otherGoodsId);
    expect(g.data.list.every((x) => x.status !== "draft")).toBe(true);
    const c = await t.call(D.queryAdvertCategoryList, {}, { ticket: owner });
    expect(c.data.map((x) => x.id)).toContain(await firstCategory(boId));
    expect(c.data.map((x) => x.id)).not.toContain(await firstCategory(otherBoId));
    const s = await t.call(D.queryAdvertShopByPage, { pageNum: 1, pageSize: 100 }, { ticket: owner });
    expect(s.data.list[0]?.own).toBe(true);
    // Harbor Seafood is Green Valley's accepted authorised supplier (the supplier demo); a stranger's shop is not offered.
    expect(s.data.list.slice(1).map((x) => x.id)).toContain((await meOf(t, other)).shop?.shopId);
    const stranger = (await createSeller(t)).shopId;
    expect(s.data.list.map((x) => x.id)).not.toContain(stranger);
  });
});
