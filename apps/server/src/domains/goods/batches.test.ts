import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../platform/days";
import { AppError } from "../../platform/http/errors";
import { createSeller, meOf } from "../../test/fixtures";
import { publish, simpleGoods, uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { retireExpiredBatches, takeStock } from "./batch/batch.service";
import { haversineM, inPolygon } from "./geo.rules";
import { goodsBatch, goodsSku } from "./goods.tables";

/* Fresh batches and FEFO, near expiry, trace records, attribute definitions, delivery ranges. */

const G = contract.goods;
const ZONE = "Asia/Shanghai";
let t: TestApp;
let owner: string;
let harborOwner: string;
let image: string;
const today = todayIn(ZONE);
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSeller(t);
  owner = await t.login(s.loginName, s.password);
  harborOwner = await t.login("demo2");
  image = await uploadImage(t, owner);
});
afterAll(() => t.close());

const issuePaths = (data: unknown) => (data as { issues: { path: string }[] }).issues.map((i) => i.path);
const batch = (batchNo: string, quantity: number, expiresIn: number) => ({
  batchNo,
  quantity,
  productionDate: day(-30),
  expiresOn: day(expiresIn),
});
const stockOf = async (skuId: string) => (await t.db.select({ s: goodsSku.stock }).from(goodsSku).where(eq(goodsSku.id, skuId)))[0]?.s;
const take = (skuId: string, n: number) => t.db.transaction((tx) => takeStock(tx as never, skuId, n, ZONE));

describe("fresh goods", () => {
  let item: string;
  let sku: string;
  beforeAll(async () => {
    item = await publish(
      t,
      owner,
      simpleGoods(image, "Strawberries", {
        fresh: true,
        skus: [{ specValues: [], price: 2500, batches: [batch("B-NEAR", 4, 1), batch("B-FAR", 10, 20), batch("B-OLD", 7, -1)] }],
      }),
      true,
    );
    sku = (await t.call(G.selGoodsById, { id: item }, { ticket: owner })).data.skus[0]?.id ?? "";
  });

  it("when published with batches, then stock is what the unexpired ones hold and the item is flagged near expiry", async () => {
    const detail = await t.call(G.selGoodsById, { id: item }, { ticket: owner });
    expect(detail.data).toMatchObject({ fresh: true, stock: 14, nearExpiry: true, earliestExpiry: day(1) });
    expect(detail.data.skus[0]).toMatchObject({ stock: 14, nearExpiry: true });
    const list = await t.call(G.selGoodsListByDefaultShop, { tab: "nearExpiry" }, { ticket: owner });
    expect(list.data.list.map((g) => g.id)).toEqual([item]);
    expect(list.data.counts.nearExpiry).toBe(1);
    const batches = await t.call(G.selGoodsBatchList, { goodsId: item }, { ticket: owner });
    expect(batches.data.map((b) => [b.batchNo, b.state, b.nearExpiry])).toEqual([
      ["B-NEAR", "sellable", true],
      ["B-FAR", "sellable", false],
      ["B-OLD", "expired", false],
    ]);
    const v2 = await t.call(G.selGoodsByIdV2, { id: item }, { ticket: owner });
    expect(v2.data.batches.map((b) => b.batchNo)).toEqual(["B-NEAR", "B-FAR"]);
  });

  it("when stock is taken, then the earliest-expiring batch gives first and the SKU's stock follows", async () => {
    const takes = await take(sku, 6);
    const ids = Object.fromEntries((await t.db.select().from(goodsBatch).where(eq(goodsBatch.skuId, sku))).map((b) => [b.batchNo, b]));
    expect(takes).toEqual([
      { batchId: ids["B-NEAR"]?.id, quantity: 4 },
      { batchId: ids["B-FAR"]?.id, quantity: 2 },
    ]);
    expect(ids["B-OLD"]?.left).toBe(7);
    expect(await stockOf(sku)).toBe(8);
  });

  it("when more is asked than the unexpired batches hold, then nothing is taken", async () => {
    await expect(take(sku, 9)).rejects.toMatchObject({ code: codes.CONFLICT, reason: "goods.stockShort", params: { left: 8, wanted: 9 } });
    expect(await stockOf(sku)).toBe(8);
  });

  it("when two orders take at once, then one gets the stock and the other is refused; stock never goes below zero", async () => {
    const results = await Promise.allSettled([take(sku, 5), take(sku, 5)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect(await stockOf(sku)).toBe(3);
  });

  it("when a batch is received, corrected and removed, then the SKU's stock follows each change", async () => {
    const added = await t.call(G.addGoodsBatch, { skuId: sku, ...batch("B-NEW", 12, 10) }, { ticket: owner });
    expect(added.data).toMatchObject({ batchNo: "B-NEW", left: 12, state: "sellable" });
    expect(await stockOf(sku)).toBe(15);
    const counted = await t.call(
      G.updGoodsBatch,
      { id: added.data.id, batchNo: "B-NEW", productionDate: day(-30), expiresOn: day(10), left: 9 },
      { ticket: owner },
    );
    expect(counted.data.left).toBe(9);
    expect(await stockOf(sku)).toBe(12);
    expect((await t.call(G.delGoodsBatch, { id: added.data.id }, { ticket: owner })).code).toBe(codes.OK);
    expect(await stockOf(sku)).toBe(3);
  });

  it.each([
    ["batchNo", () => batch("B-FAR", 1, 5)],
    ["expiresOn", () => ({ ...batch("B-X", 1, 5), productionDate: day(10) })],
    ["quantity", () => batch("B-Y", 0, 5)],
  ])("when %s is wrong, then HTTP 400 names it and stock stays", async (field, input) => {
    const res = await t.call(G.addGoodsBatch, { skuId: sku, ...input() }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toEqual([field]);
    expect(await stockOf(sku)).toBe(3);
  });

  it("when a batch is added to goods that are not fresh or to another seller's SKU, then it is refused", async () => {
    const plain = await publish(t, owner, simpleGoods(image, "Rice"));
    const plainSku = (await t.call(G.selGoodsById, { id: plain }, { ticket: owner })).data.skus[0]?.id ?? "";
    const res = await t.call(G.addGoodsBatch, { skuId: plainSku, ...batch("R1", 5, 30) }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toEqual(["skuId"]);
    expect((await t.call(G.addGoodsBatch, { skuId: sku, ...batch("H1", 5, 30) }, { ticket: harborOwner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(G.selGoodsBatchList, { goodsId: item }, { ticket: harborOwner })).code).toBe(codes.NOT_FOUND);
  });

  it("when a batch expires, then the hourly job takes it out of the stock", async () => {
    const [far] = await t.db.select().from(goodsBatch).where(eq(goodsBatch.batchNo, "B-FAR"));
    await t.db
      .update(goodsBatch)
      .set({ expiresOn: day(-1) })
      .where(eq(goodsBatch.id, far?.id ?? ""));
    expect(await retireExpiredBatches(t.db)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(sku)).toBe(0);
    expect((await t.call(G.selGoodsById, { id: item }, { ticket: owner })).data.stock).toBe(0);
  });

  it("when shops keep different time zones, then a batch leaves the stock at midnight of its own shop's zone", async () => {
    // Kiritimati (UTC+14) is always a day or two ahead of Pago Pago (UTC−11): a batch expiring the day before
    // Kiritimati's today has expired there but is still sellable in Pago Pago.
    const s = await createSeller(t);
    const seller = await t.login(s.loginName, s.password);
    const setZone = async (timeZone: string) => {
      const shopId = (await meOf(t, seller)).shop?.shopId ?? "";
      const {
        shopId: _,
        updatedAt: __,
        logo,
        ...rest
      } = (await t.call(contract.shop.selShopSettingByShopId, { shopId }, { ticket: seller })).data;
      const saved = await t.call(
        contract.shop.addOrUpdShopSettingByShopId,
        { shopId, ...rest, contactPhone: "13800138000", servicePhone: "400-800-8000", logoFileId: logo?.id ?? null, timeZone },
        { ticket: seller },
      );
      expect(saved.data?.timeZone, saved.msg).toBe(timeZone);
    };
    await setZone("Pacific/Pago_Pago");
    const expiresOn = addDays(todayIn("Pacific/Kiritimati"), -1);
    const kiwis = await publish(
      t,
      seller,
      simpleGoods(await uploadImage(t, seller), "Kiwis", {
        fresh: true,
        skus: [
          { specValues: [], price: 900, batches: [{ batchNo: "K1", quantity: 6, productionDate: addDays(expiresOn, -10), expiresOn }] },
        ],
      }),
    );
    const kiwiSku = (await t.call(G.selGoodsById, { id: kiwis }, { ticket: seller })).data.skus[0]?.id ?? "";
    expect(await stockOf(kiwiSku)).toBe(6);
    await retireExpiredBatches(t.db);
    expect(await stockOf(kiwiSku)).toBe(6);
    await setZone("Pacific/Kiritimati");
    await retireExpiredBatches(t.db);
    expect(await stockOf(kiwiSku)).toBe(0);
  });

  it("when a plain SKU's stock is taken, then it goes down only while enough is left", async () => {
    const plain = await publish(t, owner, simpleGoods(image, "Flour", { skus: [{ specValues: [], price: 300, stock: 4 }] }));
    const plainSku = (await t.call(G.selGoodsById, { id: plain }, { ticket: owner })).data.skus[0]?.id ?? "";
    expect(await take(plainSku, 3)).toEqual([]);
    await expect(take(plainSku, 2)).rejects.toMatchObject({ reason: "goods.stockShort" });
    expect(await stockOf(plainSku)).toBe(1);
    expect((await t.call(G.selGoodsById, { id: plain }, { ticket: owner })).data.stock).toBe(1);
  });
});

describe("trace records", () => {
  it("when a record is added with a base and a batch names it, then the list shows the item, base and batch", async () => {
    const item = await publish(
      t,
      owner,
      simpleGoods(image, "Traced cherries", { fresh: true, skus: [{ specValues: [], price: 3000, batches: [batch("T-1", 5, 10)] }] }),
    );
    const base = await t.call(
      contract.staff.addBase,
      { name: "Hill orchard", kind: "farm", areaCode: "330106", address: "1 Hill Road" },
      { ticket: owner },
    );
    expect(base.code, JSON.stringify(base.data)).toBe(codes.OK);
    const trace = await t.call(
      G.addOrUpdGoodsTrace,
      { goodsId: item, origin: "Yantai, Shandong", areaCode: "370600", farm: "Hill orchard", baseId: base.data.id, harvestDate: day(-2) },
      { ticket: owner },
    );
    expect(trace.code, JSON.stringify(trace.data)).toBe(codes.OK);
    expect(trace.data).toMatchObject({ goodsName: "Traced cherries", base: { name: "Hill orchard" }, area: { code: "370600" } });
    const [b] = (await t.call(G.selGoodsBatchList, { goodsId: item }, { ticket: owner })).data;
    await t.call(
      G.updGoodsBatch,
      { id: b?.id ?? "", batchNo: "T-1", productionDate: day(-30), expiresOn: day(10), left: 5, traceId: trace.data.id },
      { ticket: owner },
    );
    const list = await t.call(G.selGoodsTraceListByParam, { keyword: "cherries" }, { ticket: owner });
    expect(list.data.list.map((r) => [r.origin, r.batchNos])).toEqual([["Yantai, Shandong", ["T-1"]]]);
    expect((await t.call(G.selGoodsTraceListByParam, {}, { ticket: harborOwner })).data.list.map((r) => r.id)).not.toContain(trace.data.id);
    expect((await t.call(G.delGoodsTrace, { id: trace.data.id }, { ticket: harborOwner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(G.delGoodsTrace, { id: trace.data.id }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(G.selGoodsBatchList, { goodsId: item }, { ticket: owner })).data[0]?.traceId).toBeNull();
  });

  it("when the base or the file is not the organisation's, then HTTP 400 names it", async () => {
    const item = await publish(t, owner, simpleGoods(image, "Traced pears"));
    const harborImage = await uploadImage(t, harborOwner);
    const res = await t.call(
      G.addOrUpdGoodsTrace,
      { goodsId: item, origin: "Somewhere", baseId: "NOT-A-BASE", inspectionFileId: harborImage },
      { ticket: owner },
    );
    expect(res.status).toBe(400);
    expect(issuePaths(res.data).sort()).toEqual(["baseId", "inspectionFileId"]);
  });
});

describe("attribute definitions", () => {
  it("when a leaf category is asked, then its parent's attributes come first, then its own", async () => {
    const res = await t.call(G.selAttrDefByCategoryId, { categoryId: "C0101" }, { ticket: owner });
    expect(res.data.map((d) => d.id)).toEqual(["C01.grade", "C01.storage", "C01.variety", "C0101.brix"]);
    expect(res.data[0]).toMatchObject({ type: "select", required: true, options: [{ code: "premium", nameEn: "Premium" }, {}, {}] });
    const bad = await t.call(G.selAttrDefByCategoryId, { categoryId: "NOPE" }, { ticket: owner });
    expect(bad.status).toBe(400);
  });
});

describe("delivery ranges", () => {
  const square = [
    { lat: 30.2, lng: 120.1 },
    { lat: 30.2, lng: 120.3 },
    { lat: 30.4, lng: 120.3 },
    { lat: 30.4, lng: 120.1 },
  ];

  it("when the shop has a default polygon and an item its own circle, then each point is checked against the range in effect", async () => {
    expect((await t.call(G.saveShopRange, { shapes: [{ type: "polygon", points: square }] }, { ticket: owner })).code).toBe(codes.OK);
    const shop = await t.call(G.checkGoodsRangeCategory, { lat: 30.3, lng: 120.2 }, { ticket: owner });
    expect(shop.data).toEqual({ inside: true, source: "shop", shapeIndex: 0 });
    expect((await t.call(G.checkGoodsRangeCategory, { lat: 31, lng: 120.2 }, { ticket: owner })).data.inside).toBe(false);
    const plain = await publish(t, owner, simpleGoods(image, "Shop range item"));
    expect((await t.call(G.selGoodsRangeByParam, { goodsId: plain }, { ticket: owner })).data.source).toBe("shop");
    const circled = await publish(
      t,
      owner,
      simpleGoods(image, "Own range item", { deliveryRange: [{ type: "circle", center: { lat: 39.9, lng: 116.4 }, radiusM: 5000 }] }),
    );
    const own = await t.call(G.selGoodsRangeByParam, { goodsId: circled }, { ticket: owner });
    expect(own.data).toMatchObject({ source: "goods", shapes: [{ type: "circle", radiusM: 5000 }] });
    expect((await t.call(G.checkGoodsRangeCategory, { goodsId: circled, lat: 39.93, lng: 116.4 }, { ticket: owner })).data.inside).toBe(
      true,
    );
    expect((await t.call(G.checkGoodsRangeCategory, { goodsId: circled, lat: 39.96, lng: 116.4 }, { ticket: owner })).data.inside).toBe(
      false,
    );
    expect((await t.call(G.checkGoodsRangeCategory, { goodsId: circled, lat: 30.3, lng: 120.2 }, { ticket: harborOwner })).code).toBe(
      codes.NOT_FOUND,
    );
  });

  it("when a polygon has fewer than 3 points or a circle no radius, then HTTP 400 names it", async () => {
    const res = await t.call(G.saveShopRange, { shapes: [{ type: "polygon", points: square.slice(0, 2) }] }, { ticket: owner });
    expect(issuePaths(res.data)).toEqual(["shapes.0.points"]);
    const circle = await t.call(
      G.saveShopRange,
      { shapes: [{ type: "circle", center: square[0] as never, radiusM: 0 }] },
      { ticket: owner },
    );
    expect(issuePaths(circle.data)).toEqual(["shapes.0.radiusM"]);
  });

  it.each([
    ["inside", { lat: 30.3, lng: 120.2 }, true],
    ["on an edge", { lat: 30.2, lng: 120.2 }, true],
    ["on a corner", { lat: 30.4, lng: 120.3 }, true],
    ["outside", { lat: 30.5, lng: 120.2 }, false],
    ["beside, level with an edge", { lat: 30.2, lng: 120.5 }, false],
  ])("point in polygon: %s", (_, p, inside) => {
    expect(inPolygon(p, square)).toBe(inside);
  });

  it("haversine: one degree of latitude is about 111 km; Beijing to Shanghai about 1,067 km", () => {
    expect(haversineM({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -2);
    expect(haversineM({ lat: 39.9042, lng: 116.4074 }, { lat: 31.2304, lng: 121.4737 }) / 1000).toBeCloseTo(1067, -1);
  });
});
