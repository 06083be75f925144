import { codes, contract, type InputOf, publicImageUrl } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../../test/fixtures";
import { goodsRows, goodsTestApp, publish, simpleGoods } from "../../test/goods-kit";
import type { TestApp } from "../../test/harness";

/* Listing types (services offered and wanted) and rebates: docs/domains/goods.md, "Listing types and rebates". */

const G = contract.goods;
const P = contract.goodsPublic;
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

type PublishInput = InputOf<typeof G.publishGoods>;
const issuePaths = (data: unknown) => (data as { issues: { path: string }[] }).issues.map((i) => i.path);

/** A service offered, ready for the shelf: priced per tonne, serving Hangzhou. */
const service = (name: string, patch: Partial<PublishInput> = {}): PublishInput => ({
  listingType: "serviceOffer",
  name,
  subtitle: "Refrigerated, door to door",
  categoryId: "C0801",
  unitId: "tonne",
  images: [image],
  specs: [],
  skus: [{ specValues: [], price: 30_000 }],
  serviceAreas: ["330100"],
  ...patch,
});

describe("service listings", () => {
  it("when a service offered is published on shelf, then it is on the supply board for another seller with its seller and areas, not on the demand board", async () => {
    const res = await t.call(G.publishGoodsAndStatusOn, service("Board run Hangzhou"), { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ listingType: "serviceOffer", status: "on", stock: 0, logistics: [], rebateBp: null });
    expect(res.data.serviceAreas).toEqual([{ code: "330100", name: "浙江省 杭州市", nameEn: expect.any(String) }]);
    const board = await t.call(P.selGoodsInfoFwgyByPage, { keyword: "board run" }, { ticket: harborOwner });
    expect(board.code, board.msg).toBe(codes.OK);
    expect(board.data.total).toBe(1);
    expect(board.data.list[0]).toMatchObject({
      id: res.data.id,
      listingType: "serviceOffer",
      priceMin: 30_000,
      unit: { id: "tonne" },
      category: { id: "C0801" },
      serviceAreas: [{ code: "330100" }],
      seller: { boId: green, shopName: expect.any(String), orgName: expect.any(String) },
      // Its main image, which anyone may load while it is on shelf (issue 23).
      image,
      imageUrl: `/files/public/${image}?size=list`,
    });
    expect((await t.call(P.selGoodsInfoFwxqByPage, { keyword: "board run" }, { ticket: harborOwner })).data.list).toEqual([]);
    // The goods list shows its type and filters by it.
    const services = await t.call(G.selGoodsListByDefaultShop, { listingType: "serviceOffer", pageSize: 100 }, { ticket: owner });
    expect(services.data.list.map((g) => g.id)).toContain(res.data.id);
    expect(services.data.list.every((g) => g.listingType === "serviceOffer")).toBe(true);
    const goodsOnly = await t.call(G.selGoodsListByDefaultShop, { listingType: "goods", pageSize: 100 }, { ticket: owner });
    expect(goodsOnly.data.list.some((g) => g.id === res.data.id)).toBe(false);
    expect(goodsOnly.data.counts.all).toBe(60);
  });

  it("when a service wanted is published, then its budget is on the demand board; off shelf it leaves the board, on shelf it comes back", async () => {
    const id = await publish(t, owner, service("Wanted packers Ningbo", { listingType: "serviceWant", serviceAreas: ["330200"] }), true);
    const demand = await t.call(P.selGoodsInfoFwxqByPage, { keyword: "Wanted packers" }, { ticket: harborOwner });
    expect(demand.data.list.map((s) => [s.id, s.listingType, s.priceMin])).toEqual([[id, "serviceWant", 30_000]]);
    expect((await t.call(G.updStatusOut, { id }, { ticket: owner })).data.status).toBe("off");
    expect((await t.call(P.selGoodsInfoFwxqByPage, { keyword: "Wanted packers" }, { ticket: harborOwner })).data.total).toBe(0);
    const back = await t.call(G.batchUpdateStatusOn, { ids: [id] }, { ticket: owner });
    expect(back.data.done).toEqual([id]);
    expect((await t.call(P.selGoodsInfoFwxqByPage, { keyword: "Wanted packers" }, { ticket: harborOwner })).data.total).toBe(1);
  });

  it("when the boards are filtered by area, then a province's listing matches its cities and a city's listing its province and districts", async () => {
    const province = await publish(t, owner, service("Areaprobe province", { serviceAreas: ["330000"] }), true);
    const city = await publish(t, owner, service("Areaprobe city", { serviceAreas: ["330100"] }), true);
    const shanghai = await publish(t, owner, service("Areaprobe shanghai", { serviceAreas: ["310000"] }), true);
    const found = async (areaCode: string) =>
      (await t.call(P.selGoodsInfoFwgyByPage, { keyword: "areaprobe", areaCode }, { ticket: harborOwner })).data.list
        .map((s) => s.id)
        .sort();
    expect(await found("330100")).toEqual([province, city].sort());
    expect(await found("330106")).toEqual([province, city].sort());
    expect(await found("330000")).toEqual([province, city].sort());
    expect(await found("330200")).toEqual([province]);
    expect(await found("310000")).toEqual([shanghai]);
    expect(await found("440000")).toEqual([]);
  });

  it("when the boards are filtered by category, then a top category takes its subcategories", async () => {
    const id = await publish(t, owner, service("Catprobe storage", { categoryId: "C0802" }), true);
    const under = async (categoryId: string) =>
      (await t.call(P.selGoodsInfoFwgyByPage, { keyword: "catprobe", categoryId }, { ticket: harborOwner })).data.list.map((s) => s.id);
    expect(await under("C08")).toEqual([id]);
    expect(await under("C0802")).toEqual([id]);
    expect(await under("C0801")).toEqual([]);
  });

  it("when a board is paged by cursor, then every listing comes once, newest on shelf first", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await publish(t, harborOwner, service(`Pageprobe ${i}`, { listingType: "serviceWant", images: [harborImage] }), true));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await t.call(
        P.selGoodsInfoFwxqByPage,
        { keyword: "pageprobe", pageSize: 2, ...(cursor ? { cursor } : {}) },
        { ticket: owner },
      );
      expect(res.data.total).toBe(5);
      seen.push(...res.data.list.map((s) => s.id));
      if (!res.data.nextCursor) break;
      cursor = res.data.nextCursor;
    }
    expect(seen).toEqual([...ids].reverse());
    const second = await t.call(P.selGoodsInfoFwxqByPage, { keyword: "pageprobe", pageSize: 2, pageNum: 2 }, { ticket: owner });
    expect(second.data.list.map((s) => s.id)).toEqual(seen.slice(2, 4));
  });

  it("when a board's input is wrong, then HTTP 400 names the field", async () => {
    for (const [input, field] of [
      [{ pageSize: 0 }, "pageSize"],
      [{ areaCode: "33" }, "areaCode"],
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ keyword: "x".repeat(61) }, "keyword"],
      [{ shelf: "on" }, ""],
    ] as const) {
      const res = await t.post(P.selGoodsInfoFwgyByPage.path, input, { ticket: owner });
      expect(res.status, JSON.stringify(input)).toBe(400);
      if (field) expect(issuePaths(res.data)).toContain(field);
    }
  });

  it("when the service rules are broken, then HTTP 400 names each field and nothing is written", async () => {
    const before = await goodsRows(t, green);
    const refused = async (input: PublishInput) => {
      const res = await t.call(G.publishGoods, input, { ticket: owner });
      expect(res.status, JSON.stringify(input)).toBe(400);
      return issuePaths(res.data);
    };
    expect(await refused(service("Stocked", { skus: [{ specValues: [], price: 100, stock: 5 }] }))).toEqual(["skus.0.stock"]);
    expect(await refused(service("Weighed", { skus: [{ specValues: [], price: 100, weightG: 500 }] }))).toEqual(["skus.0.weightG"]);
    expect(await refused(service("Shipped", { logistics: ["express"], freightTemplateId: "FT" }))).toEqual(
      expect.arrayContaining(["logistics", "freightTemplateId"]),
    );
    expect(await refused(service("Fresh", { fresh: true }))).toContain("fresh");
    expect(
      await refused(service("Ranged", { deliveryRange: [{ type: "circle", center: { lat: 30.2, lng: 120.1 }, radiusM: 1000 }] })),
    ).toEqual(["deliveryRange"]);
    expect(await refused(service("Rebated", { rebateBp: 500 }))).toEqual(["rebateBp"]);
    expect(await refused(service("Nowhere", { serviceAreas: [] }))).toEqual(["serviceAreas"]);
    expect(await refused(service("District", { serviceAreas: ["330106"] }))).toEqual(["serviceAreas.0"]);
    expect(await refused(service("Twice", { serviceAreas: ["330100", "330100"] }))).toEqual(["serviceAreas.1"]);
    expect(await refused(service("Unknown", { serviceAreas: ["990000"] }))).toEqual(["serviceAreas.0"]);
    expect(await refused(simpleGoods(image, "Goods with areas", { serviceAreas: ["330100"] }))).toEqual(["serviceAreas"]);
    expect(await refused(simpleGoods(image, "Too generous", { rebateBp: 5001 }))).toEqual(["rebateBp"]);
    expect(await goodsRows(t, green)).toBe(before);
    // A draft waits for its areas.
    const draft = await t.call(G.publishGoods, service("Draft service", { serviceAreas: [], draft: true }), { ticket: owner });
    expect(draft.data).toMatchObject({ status: "draft", listingType: "serviceOffer" });
    expect((await t.call(G.updStatusOn, { id: draft.data.id }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
  });

  it("when an item is edited, then its listing type stays: another type is refused naming listingType", async () => {
    const id = await publish(t, owner, service("Fixed type"));
    const asGoods = await t.call(G.modifyGoods, { ...simpleGoods(image, "Fixed type"), id }, { ticket: owner });
    expect(asGoods.status).toBe(400);
    expect(issuePaths(asGoods.data)).toEqual(["listingType"]);
    const edited = await t.call(G.modifyGoods, { ...service("Fixed type, renamed", { serviceAreas: ["330000"] }), id }, { ticket: owner });
    expect(edited.data).toMatchObject({ name: "Fixed type, renamed", listingType: "serviceOffer", serviceAreas: [{ code: "330000" }] });
    const goodsId = await publish(t, owner, simpleGoods(image, "Fixed goods"));
    const asService = await t.call(G.modifyGoods, { ...service("Fixed goods"), id: goodsId }, { ticket: owner });
    expect(issuePaths(asService.data)).toEqual(["listingType"]);
  });

  it("when goods are searched or picked, then no service shows up, and a service is refused where goods are sold", async () => {
    const id = await publish(t, owner, service("Zzservice probe"), true);
    const goodsId = await publish(t, owner, simpleGoods(image, "Zzservice probe apples"), true);
    const ids = (list: { id: string }[]) => list.map((g) => g.id);
    const search = await t.call(contract.search.goodsListV3, { keyword: "Zzservice probe" }, { ticket: owner });
    expect(ids(search.data.list)).toEqual([goodsId]);
    const all = await t.call(contract.search.goodsListV3, { categoryId: "C08", pageSize: 100 }, { ticket: owner });
    expect(all.data.total).toBe(0);
    const skuIds = async (call: typeof G.selAllowPackageByDefaultShop | typeof G.selGifGoodsList) =>
      (await t.call(call, { keyword: "Zzservice" }, { ticket: owner })).data.list.map((s) => s.goodsId);
    expect(await skuIds(G.selAllowPackageByDefaultShop)).toEqual([goodsId]);
    expect(await skuIds(G.selGifGoodsList)).toEqual([goodsId]);
    // The member and ladder price screens' picker, and the promotion pickers.
    expect(ids((await t.call(G.selGoodsInfoListByDefaultShop, { keyword: "Zzservice" }, { ticket: owner })).data.list)).toEqual([goodsId]);
    expect(ids((await t.call(G.selNotPromotionGoodsList, { keyword: "Zzservice" }, { ticket: owner })).data.list)).toEqual([goodsId]);
    expect(ids((await t.call(G.selGoodRecommendByShopId, { limit: 50 }, { ticket: owner })).data)).not.toContain(id);
    const skuId = (await t.call(G.selGoodsById, { id }, { ticket: owner })).data.skus[0]?.id ?? "";
    const goodsSkuId = (await t.call(G.selGoodsById, { id: goodsId }, { ticket: owner })).data.skus[0]?.id ?? "";
    const pkg = await t.call(
      G.publishGoodsPackage,
      {
        name: "Service box",
        price: 100,
        items: [
          { skuId, quantity: 1 },
          { skuId: goodsSkuId, quantity: 1 },
        ],
        draft: true,
      },
      { ticket: owner },
    );
    expect(pkg.status).toBe(400);
    expect(issuePaths(pkg.data)).toEqual(["items.0.skuId"]);
    const memberPrice = await t.call(
      G.saveGoodsMemberPrice,
      { goodsId: id, prices: [{ skuId, rankId: "R", price: 10 }] },
      { ticket: owner },
    );
    expect(memberPrice.code).toBe(codes.NOT_FOUND);
    const ladder = await t.call(
      G.saveGoodsLadderPrice,
      { goodsId: id, skus: [{ skuId, tiers: [{ minQuantity: 2, price: 10 }] }] },
      { ticket: owner },
    );
    expect(ladder.code).toBe(codes.NOT_FOUND);
    const category = await t.call(contract.shopCategory.addShopClassify, { parentId: null, name: "Service probe" }, { ticket: owner });
    const linked = await t.call(
      contract.shopCategory.addShopClassifyGoods,
      { classifyId: category.data.id, goodsIds: [id] },
      { ticket: owner },
    );
    expect(linked.code).toBe(codes.NOT_FOUND);
    // The sellers' directory counts goods on shelf, not services.
    expect((await t.call(P.selBoListByCategory, { categoryId: "C08" }, { ticket: harborOwner })).data).toEqual([]);
  });
});

describe("rebates", () => {
  it("when an item with a rebate goes on shelf, then the rebate list shows it to other sellers with the rebate on its lowest price", async () => {
    const res = await t.call(
      G.publishGoodsAndStatusOn,
      simpleGoods(image, "Rebateprobe plums", { rebateBp: 1250, skus: [{ specValues: [], price: 1990, stock: 5 }] }),
      { ticket: owner },
    );
    expect(res.data.rebateBp).toBe(1250);
    expect((await t.call(G.selGoodsById, { id: res.data.id }, { ticket: owner })).data.rebateBp).toBe(1250);
    const list = await t.call(P.selGoodsListByPageV2WithRebate, { keyword: "rebateprobe plums" }, { ticket: harborOwner });
    expect(list.code, list.msg).toBe(codes.OK);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        id: res.data.id,
        rebateBp: 1250,
        rebateCents: 248,
        priceMin: 1990,
        seller: expect.objectContaining({ boId: green }),
        image,
        imageUrl: publicImageUrl(image, "list"),
      }),
    ]);
    // The URL loads for anyone, logged in or not.
    const loaded = await t.app.inject({ method: "GET", url: publicImageUrl(image, "list") });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.headers["content-type"]).toBe("image/webp");
  });

  it("when sorted by rebate, then the largest amount comes first and the cursor walks every item once; newest sorts by shelf time", async () => {
    const make = (name: string, price: number, rebateBp: number | null, on = true) =>
      publish(t, owner, simpleGoods(image, name, { rebateBp, skus: [{ specValues: [], price, stock: 5 }] }), on);
    const small = await make("Rebsort small", 1000, 500); // 50
    const large = await make("Rebsort large", 10_000, 1000); // 1000
    const middle = await make("Rebsort middle", 4000, 2500); // 1000 too: the id breaks the tie
    await make("Rebsort none", 5000, null);
    await make("Rebsort zero", 5000, 0);
    await make("Rebsort off shelf", 5000, 3000, false);
    const walk = async (sort: "rebate" | "newest") => {
      const seen: { id: string; rebateCents: number }[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 5; i++) {
        const res = await t.call(
          P.selGoodsListByPageV2WithRebate,
          { keyword: "rebsort", sort, pageSize: 2, ...(cursor ? { cursor } : {}) },
          { ticket: harborOwner },
        );
        expect(res.data.total).toBe(3);
        seen.push(...res.data.list);
        if (!res.data.nextCursor) break;
        cursor = res.data.nextCursor;
      }
      return seen;
    };
    const byRebate = await walk("rebate");
    expect(byRebate.map((r) => r.rebateCents)).toEqual([1000, 1000, 50]);
    expect(byRebate.map((r) => r.id)).toEqual([[large, middle].sort().reverse(), small].flat());
    expect((await walk("newest")).map((r) => r.id)).toEqual([middle, large, small]);
    // A cursor of one sort is not a cursor of the other.
    const first = await t.call(P.selGoodsListByPageV2WithRebate, { keyword: "rebsort", pageSize: 1 }, { ticket: owner });
    const mixed = await t.call(
      P.selGoodsListByPageV2WithRebate,
      { keyword: "rebsort", sort: "newest", cursor: first.data.nextCursor ?? "" },
      { ticket: owner },
    );
    expect(mixed.status).toBe(400);
    expect(issuePaths(mixed.data)).toEqual(["cursor"]);
  });

  it("when the rebate list is filtered by category, then a top category takes its subcategories; services never pay a rebate", async () => {
    const plums = await t.call(P.selGoodsListByPageV2WithRebate, { categoryId: "C01", pageSize: 100 }, { ticket: harborOwner });
    expect(plums.data.list.length).toBeGreaterThan(0);
    expect(plums.data.list.every((g) => g.category?.id.startsWith("C01"))).toBe(true);
    expect((await t.call(P.selGoodsListByPageV2WithRebate, { categoryId: "C08" }, { ticket: harborOwner })).data.total).toBe(0);
  });

  it("when the rebate list's input is wrong, then HTTP 400 names the field", async () => {
    for (const [input, field] of [
      [{ sort: "cheapest" }, "sort"],
      [{ pageSize: 101 }, "pageSize"],
      [{ categoryId: "" }, "categoryId"],
    ] as const) {
      const res = await t.post(P.selGoodsListByPageV2WithRebate.path, input, { ticket: owner });
      expect(res.status).toBe(400);
      expect(issuePaths(res.data)).toContain(field);
    }
  });
});

describe("access", () => {
  it("when no ticket is sent, then the boards and the rebate list answer 001107; any logged-in seller may read them", async () => {
    for (const call of [P.selGoodsInfoFwgyByPage, P.selGoodsInfoFwxqByPage, P.selGoodsListByPageV2WithRebate]) {
      expect((await t.post(call.path, {}, { ticket: null })).code).toBe(codes.NOT_LOGGED_IN);
    }
    const clerk = await createStaff(t, green, ["shop.manage"]);
    for (const call of [P.selGoodsInfoFwgyByPage, P.selGoodsInfoFwxqByPage, P.selGoodsListByPageV2WithRebate]) {
      const res = await t.post(call.path, {}, { ticket: clerk });
      expect(res.code, call.path).toBe(codes.OK);
    }
  });

  it("when the demo sellers' services and rebates are listed, then each seller's show with its shop", async () => {
    const supply = await t.call(P.selGoodsInfoFwgyByPage, { pageSize: 100 }, { ticket: owner });
    const sellers = new Set(supply.data.list.map((s) => s.seller.shopName));
    expect(sellers.size).toBeGreaterThanOrEqual(2);
    const demand = await t.call(P.selGoodsInfoFwxqByPage, { keyword: "refrigerated truck" }, { ticket: owner });
    expect(demand.data.list[0]).toMatchObject({ unit: { id: "trip" }, serviceAreas: [{ code: "330900" }, { code: "330200" }] });
    const rebates = await t.call(P.selGoodsListByPageV2WithRebate, { pageSize: 100 }, { ticket: owner });
    expect(rebates.data.total).toBeGreaterThan(10);
    const amounts = rebates.data.list.map((g) => g.rebateCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });
});
