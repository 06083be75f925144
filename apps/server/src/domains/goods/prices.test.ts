import { codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, createStaff, meOf } from "../../test/fixtures";
import { publish, simpleGoods, uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { unitPriceOf } from "./price/price.service";

/* Packages, member prices (and the rank they keep from deletion), ladder prices, and the pricing function on the database. */

const G = contract.goods;
let t: TestApp;
let owner: string;
let harborOwner: string;
let image: string;
let boId: string;

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSeller(t);
  owner = await t.login(s.loginName, s.password);
  boId = s.boId;
  harborOwner = await t.login("demo2");
  image = await uploadImage(t, owner);
});
afterAll(() => t.close());

const issuePaths = (data: unknown) => (data as { issues: { path: string }[] }).issues.map((i) => i.path);
const skusOf = async (id: string) => (await t.call(G.selGoodsById, { id }, { ticket: owner })).data.skus;

describe("packages", () => {
  let apples: string;
  let pears: string;
  let appleSku: string;
  let pearSku: string;
  beforeAll(async () => {
    apples = await publish(t, owner, simpleGoods(image, "Apples", { skus: [{ specValues: [], price: 500, stock: 10 }] }), true);
    pears = await publish(t, owner, simpleGoods(image, "Pears", { skus: [{ specValues: [], price: 700, stock: 9 }] }), true);
    appleSku = (await skusOf(apples))[0]?.id ?? "";
    pearSku = (await skusOf(pears))[0]?.id ?? "";
  });
  const pkg = (patch: Record<string, unknown> = {}) => ({
    name: "Fruit box",
    images: [image],
    logistics: ["express" as const],
    price: 1500,
    stockLimit: 5,
    items: [
      { skuId: appleSku, quantity: 2 },
      { skuId: pearSku, quantity: 3 },
    ],
    ...patch,
  });

  it("when a package is published on shelf, then its availability follows its parts and its limit", async () => {
    const res = await t.call(G.publishGoodsPackageAndStatusOn, pkg({ stockLimit: null }), { ticket: owner });
    expect(res.code, JSON.stringify(res.data)).toBe(codes.OK);
    expect(res.data).toMatchObject({ kind: "package", status: "on", priceMin: 1500, stock: 3 });
    expect(res.data.package).toMatchObject({ price: 1500, available: 3, sellable: true });
    expect(res.data.package?.items.map((i) => [i.goodsName, i.quantity])).toEqual([
      ["Apples", 2],
      ["Pears", 3],
    ]);
    const limited = await t.call(G.modifyGoodsPackage, { id: res.data.id, ...pkg({ stockLimit: 2 }) }, { ticket: owner });
    expect(limited.data.package?.available).toBe(2);
    const list = await t.call(G.selPackageGoodsListByDefaultShop, {}, { ticket: owner });
    expect(list.data.list.map((p) => [p.name, p.package.available])).toEqual([["Fruit box", 2]]);
    // A part taken off shelf leaves the package on shelf but unsellable.
    await t.call(G.updStatusOut, { id: pears }, { ticket: owner });
    const after = await t.call(G.selGoodsById, { id: res.data.id }, { ticket: owner });
    expect(after.data).toMatchObject({ status: "on", stock: 0, package: { sellable: false, available: 0 } });
    const again = await t.call(G.publishGoodsPackageAndStatusOn, pkg({ name: "Second box" }), { ticket: owner });
    expect(again).toMatchObject({ code: codes.STATE_FORBIDS, reason: "goods.packagePartOffShelf", params: { part: "Pears" } });
    await t.call(G.updStatusOn, { id: pears }, { ticket: owner });
  });

  it.each([
    ["items", () => ({ items: [{ skuId: appleSku, quantity: 1 }] })],
    [
      "items.1.skuId",
      () => ({
        items: [
          { skuId: appleSku, quantity: 1 },
          { skuId: appleSku, quantity: 2 },
        ],
      }),
    ],
    [
      "items.1.skuId",
      () => ({
        items: [
          { skuId: appleSku, quantity: 1 },
          { skuId: "NOT-A-SKU", quantity: 2 },
        ],
      }),
    ],
    ["price", () => ({ price: 0 })],
    ["images", () => ({ images: [] })],
  ])("when %s is wrong, then HTTP 400 names it", async (field, patch) => {
    const res = await t.call(G.publishGoodsPackage, pkg(patch()), { ticket: owner });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toContain(field);
  });

  it("when a part is another seller's SKU or a package, then that part is named", async () => {
    const harborImage = await uploadImage(t, harborOwner);
    const harborItem = await publish(t, harborOwner, simpleGoods(harborImage, "Harbor fish"));
    const harborSku = (await t.call(G.selGoodsById, { id: harborItem }, { ticket: harborOwner })).data.skus[0]?.id ?? "";
    const res = await t.call(
      G.publishGoodsPackage,
      pkg({
        items: [
          { skuId: appleSku, quantity: 1 },
          { skuId: harborSku, quantity: 1 },
        ],
      }),
      {
        ticket: owner,
      },
    );
    expect(issuePaths(res.data)).toEqual(["items.1.skuId"]);
    const box = (await t.call(G.selPackageGoodsListByDefaultShop, {}, { ticket: owner })).data.list[0]?.id ?? "";
    const boxSku = (await skusOf(box))[0]?.id ?? "";
    const nested = await t.call(
      G.publishGoodsPackage,
      pkg({
        items: [
          { skuId: appleSku, quantity: 1 },
          { skuId: boxSku, quantity: 1 },
        ],
      }),
      {
        ticket: owner,
      },
    );
    expect(nested.data).toMatchObject({ issues: [{ path: "items.1.skuId", reason: "goods.packagePartIsPackage" }] });
  });

  it("when a package is edited through the goods call or a goods item through the package call, then it is refused", async () => {
    const box = (await t.call(G.selPackageGoodsListByDefaultShop, {}, { ticket: owner })).data.list[0]?.id ?? "";
    expect((await t.call(G.modifyGoods, { id: box, ...simpleGoods(image, "x") }, { ticket: owner })).reason).toBe("goods.aPackage");
    expect((await t.call(G.modifyGoodsPackage, { id: apples, ...pkg() }, { ticket: owner })).reason).toBe("goods.notAPackage");
  });

  it("when the caller lacks the package function, then package calls are 403", async () => {
    const clerk = await createStaff(t, boId, ["goods.manage", "goods.manage.edit"]);
    expect((await t.call(G.publishGoodsPackage, pkg(), { ticket: clerk })).status).toBe(403);
    expect((await t.call(G.selAllowPackageByDefaultShop, {}, { ticket: clerk })).status).toBe(403);
  });
});

describe("member prices", () => {
  let item: string;
  let ranks: { id: string; name: string }[];
  beforeAll(async () => {
    item = await publish(t, owner, simpleGoods(image, "Member priced", { skus: [{ specValues: [], price: 1000, stock: 5 }] }));
    for (const [name, level] of [
      ["Silver", 1],
      ["Gold", 2],
    ] as const)
      await t.call(
        contract.member.addMemberRank,
        { name, level, thresholdType: "spend", thresholdValue: level * 1000, discount: 9000 },
        { ticket: owner },
      );
    ranks = (await t.call(contract.member.selMemberRankList, {}, { ticket: owner })).data;
  });

  it("when member prices are set, then the grid, the list and the pricing function show them", async () => {
    const sku = (await skusOf(item))[0]?.id ?? "";
    const [silver, gold] = ranks;
    const res = await t.call(
      G.saveGoodsMemberPrice,
      {
        goodsId: item,
        prices: [
          { skuId: sku, rankId: silver?.id ?? "", price: 950 },
          { skuId: sku, rankId: gold?.id ?? "", price: 900 },
        ],
      },
      { ticket: owner },
    );
    expect(res.code, JSON.stringify(res.data)).toBe(codes.OK);
    const grid = await t.call(G.selGoodsMemberPriceById, { goodsId: item }, { ticket: owner });
    expect(grid.data.ranks.map((r) => r.name)).toEqual(["Silver", "Gold"]);
    expect(grid.data.prices.map((p) => p.price)).toEqual([950, 900]);
    const list = await t.call(G.selGoodsListByMember, {}, { ticket: owner });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ memberPriceCount: 2, lowestMemberPrice: 900, ranks: [{ name: "Silver" }, { name: "Gold" }] });
    expect(await unitPriceOf(t.db, sku, 1, { id: gold?.id ?? "", discountBp: 9000 })).toEqual({ price: 900, source: "memberPrice" });
    expect(await unitPriceOf(t.db, sku, 1, null)).toEqual({ price: 1000, source: "price" });
  });

  it("when a rank is used by member prices, then it cannot be deleted until they are removed", async () => {
    const gold = ranks[1]?.id ?? "";
    const refused = await t.call(contract.member.delMemberRank, { id: gold }, { ticket: owner });
    expect(refused).toMatchObject({ code: codes.CONFLICT, reason: "goods.rankInOneMemberPrice", params: { name: "Gold" } });
    expect((await t.call(G.delGoodsMemberPrice, { goodsId: item }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(contract.member.delMemberRank, { id: gold }, { ticket: owner })).code).toBe(codes.OK);
  });

  it.each([
    ["prices.0.price", (sku: string, rank: string) => [{ skuId: sku, rankId: rank, price: 1000 }]],
    ["prices.0.rankId", (sku: string) => [{ skuId: sku, rankId: "NOT-A-RANK", price: 500 }]],
    ["prices.0.skuId", (_: string, rank: string) => [{ skuId: "NOT-A-SKU", rankId: rank, price: 500 }]],
    [
      "prices.1.rankId",
      (sku: string, rank: string) => [
        { skuId: sku, rankId: rank, price: 500 },
        { skuId: sku, rankId: rank, price: 400 },
      ],
    ],
  ])("when %s is wrong, then HTTP 400 names it and nothing is written", async (field, prices) => {
    const sku = (await skusOf(item))[0]?.id ?? "";
    const res = await t.call(G.saveGoodsMemberPrice, { goodsId: item, prices: prices(sku, ranks[0]?.id ?? "") }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toEqual([field]);
    expect((await t.call(G.selGoodsMemberPriceById, { goodsId: item }, { ticket: owner })).data.prices).toEqual([]);
  });

  it("when another seller or a member without the function asks, then it is not found or 403", async () => {
    expect((await t.call(G.selGoodsMemberPriceById, { goodsId: item }, { ticket: harborOwner })).code).toBe(codes.NOT_FOUND);
    const clerk = await createStaff(t, boId, ["goods.manage"]);
    expect((await t.call(G.selGoodsListByMember, {}, { ticket: clerk })).status).toBe(403);
  });
});

describe("ladder prices", () => {
  let item: string;
  let sku: string;
  beforeAll(async () => {
    item = await publish(t, owner, simpleGoods(image, "Laddered", { skus: [{ specValues: [], price: 1000, stock: 100 }] }));
    sku = (await skusOf(item))[0]?.id ?? "";
  });

  it("when 10,000 SKUs are sent, then the size is refused at once naming the list, before any work, and nothing changes", async () => {
    const before = (await t.call(G.selGoodsLadderById, { goodsId: item }, { ticket: owner })).data;
    const skus = Array.from({ length: 10_000 }, () => ({ skuId: sku, tiers: [{ minQuantity: 2, price: 900 }] }));
    const started = performance.now();
    const res = await t.call(G.saveGoodsLadderPrice, { goodsId: item, skus }, { ticket: owner });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(400);
    expect((res.data as unknown as { issues: { path: string; reason: string }[] }).issues[0]).toMatchObject({
      path: "skus",
      reason: "field.listMax",
    });
    expect((await t.call(G.selGoodsLadderById, { goodsId: item }, { ticket: owner })).data).toEqual(before);
  });

  it("when tiers are set, then the ladder, the list and the pricing function use them", async () => {
    const tiers = [
      { minQuantity: 10, price: 900 },
      { minQuantity: 50, price: 800 },
    ];
    const res = await t.call(G.saveGoodsLadderPrice, { goodsId: item, skus: [{ skuId: sku, tiers }] }, { ticket: owner });
    expect(res.data).toEqual([{ skuId: sku, tiers }]);
    expect((await t.call(G.selGoodsLadderById, { goodsId: item }, { ticket: owner })).data.skus[0]?.tiers).toEqual(tiers);
    const list = await t.call(G.selGoodsLadderList, {}, { ticket: owner });
    expect(list.data.list[0]).toMatchObject({ id: item, ladderSkuCount: 1, lowestLadderPrice: 800 });
    expect(await unitPriceOf(t.db, sku, 9, null)).toEqual({ price: 1000, source: "price" });
    expect(await unitPriceOf(t.db, sku, 10, null)).toEqual({ price: 900, source: "ladder" });
    expect(await unitPriceOf(t.db, sku, 60, null)).toEqual({ price: 800, source: "ladder" });
    const promo = await t.call(G.selGoodsPromotion, { goodsId: item }, { ticket: owner });
    expect(promo.data).toMatchObject({ skus: [{ skuId: sku, price: 1000, ladder: tiers }], promotions: [] });
  });

  it.each([
    [
      "skus.0.tiers.1.minQuantity",
      [
        { minQuantity: 10, price: 900 },
        { minQuantity: 10, price: 800 },
      ],
    ],
    [
      "skus.0.tiers.1.price",
      [
        { minQuantity: 10, price: 900 },
        { minQuantity: 20, price: 950 },
      ],
    ],
    ["skus.0.tiers.0.price", [{ minQuantity: 10, price: 1000 }]],
    ["skus.0.tiers.0.minQuantity", [{ minQuantity: 1, price: 900 }]],
    ["skus.0.tiers", [2, 3, 4, 5, 6, 7].map((q) => ({ minQuantity: q, price: 1000 - q * 10 }))],
  ])("when %s is wrong, then HTTP 400 names it and the ladder stays", async (field, tiers) => {
    const res = await t.call(G.saveGoodsLadderPrice, { goodsId: item, skus: [{ skuId: sku, tiers }] }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toEqual([field]);
    expect((await t.call(G.selGoodsLadderById, { goodsId: item }, { ticket: owner })).data.skus[0]?.tiers).toHaveLength(2);
  });

  it("when the ladder is removed, then the item leaves the ladder list", async () => {
    expect((await t.call(G.delGoodsLadderPrice, { goodsId: item }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(G.selGoodsLadderList, {}, { ticket: owner })).data.total).toBe(0);
    expect(
      (
        await t.call(
          G.saveGoodsLadderPrice,
          { goodsId: item, skus: [{ skuId: sku, tiers: [{ minQuantity: 2, price: 1 }] }] },
          { ticket: harborOwner },
        )
      ).code,
    ).toBe(codes.NOT_FOUND);
    const me = await meOf(t, owner);
    expect(me.boId).toBe(boId);
  });
});
