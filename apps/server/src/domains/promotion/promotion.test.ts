import { codes, contract, type InputOf, type OutputOf } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../platform/db/rows";
import { buyerPost } from "../../test/buyer-kit";
import { createStaff } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { onShelfSku, orderScene } from "../../test/order-kit";
import { goodsSku } from "../goods/goods.tables";
import { promotion, promotionSku } from "./promotion.tables";

/*
 * Promotions: percent off chosen items and a price per SKU, the list by state, the detail; bad input, another seller's
 * ids, a member lacking the function, what a running or ended promotion refuses, overlapping SKUs (also two saves at
 * once), the goods pickers' "not in a promotion", and the price at checkout with the per-buyer limit.
 */

const P = contract.promotion;
const B = contract.buyer;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let image: string;
let buyer: string;
let addressId: string;

const minutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const days = (d: number) => minutes(d * 24 * 60);
let serial = 0;

/** An on-shelf item of the test seller with one SKU at `price`: its goods and SKU ids. */
async function item(price = 1000) {
  serial += 1;
  const skuId = await onShelfSku(t, owner, image, `Promo item ${serial}`, price, 50);
  const [sku] = await t.db.select({ goodsId: goodsSku.goodsId }).from(goodsSku).where(eq(goodsSku.id, skuId));
  return { goodsId: sku?.goodsId as string, skuId };
}

const percent = (goodsIds: string[], patch: Partial<InputOf<typeof P.addOrUpdatePromotionInfo>> = {}) =>
  ({ name: "Autumn sale", startsAt: minutes(0), endsAt: days(7), percentOff: 20, goodsIds, ...patch }) as InputOf<
    typeof P.addOrUpdatePromotionInfo
  >;

async function saved<C extends typeof P.addOrUpdatePromotionInfo | typeof P.addOrUpdatePromotionBySpec>(
  call: C,
  input: InputOf<C>,
  ticket = owner,
) {
  const res = await t.call(call, input, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data as OutputOf<C>;
}

const promotionCount = async (bo = boId) =>
  Number((await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from ${promotion} where bo_id = ${bo}`))[0]?.n);

beforeAll(async () => {
  t = await createTestApp();
  ({ boId, owner, other, image, buyer, addressId } = await orderScene(t, "13900000031"));
}, 120_000);
afterAll(() => t.close());

describe("the demo data", () => {
  it("when the demo is built, then each demo seller has a running, an ended and a coming promotion", async () => {
    for (const ticket of [await t.login("demo"), other]) {
      const states = async (state: "running" | "ended" | "notStarted") =>
        (await t.call(P.queryList, { state }, { ticket })).data.list.map((p) => p.name);
      expect(await states("running")).toContain("Harvest week");
      expect(await states("ended")).toContain("Mid-autumn specials");
      expect(await states("notStarted")).toContain("New year early bird");
    }
  });
});

describe("saving and listing", () => {
  it("when a percent promotion starting now is saved on two items, then it is running in the list with their SKUs at 20% off", async () => {
    const a = await item(1000);
    const b = await item(1999);
    const p = await saved(P.addOrUpdatePromotionInfo, percent([a.goodsId, b.goodsId], { perBuyerLimit: 3 }));
    expect(p).toMatchObject({ kind: "percent", percentOff: 20, state: "running", goodsCount: 2, skuCount: 2, perBuyerLimit: 3 });
    expect(p.skus.map((s) => [s.price, s.promotionPrice]).sort()).toEqual([
      [1000, 800],
      [1999, 1599],
    ]);
    const list = await t.call(P.queryList, { state: "running" }, { ticket: owner });
    expect(list.data.list.map((x) => x.id)).toContain(p.id);
    expect((await t.call(P.queryList, { state: "ended" }, { ticket: owner })).data.list.map((x) => x.id)).not.toContain(p.id);
    expect((await t.call(P.queryList, { keyword: "autumn" }, { ticket: owner })).data.total).toBeGreaterThan(0);
    // The goods pickers leave the promoted items out; the item's prices name the promotion.
    const free = await t.call(contract.goods.selNotPromotionGoodsList, { pageSize: 100 }, { ticket: owner });
    expect(free.code).toBe(codes.OK);
    expect(free.data.list.map((g) => g.id)).not.toContain(a.goodsId);
    const prices = await t.call(contract.goods.selGoodsPromotion, { goodsId: a.goodsId }, { ticket: owner });
    expect(prices.data.promotions).toEqual([{ id: p.id, name: "Autumn sale", kind: "percent" }]);
  });

  it("when a promotion prices SKUs, then each SKU keeps its price; a price not below the SKU's is refused naming it", async () => {
    const a = await item(1500);
    const before = await promotionCount();
    const bad = await t.call(
      P.addOrUpdatePromotionBySpec,
      { name: "Flash", startsAt: days(1), endsAt: days(2), skus: [{ skuId: a.skuId, price: 1500 }] },
      { ticket: owner },
    );
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("skus.0.price");
    expect(await promotionCount()).toBe(before);
    const p = await saved(P.addOrUpdatePromotionBySpec, {
      name: "Flash",
      startsAt: days(1),
      endsAt: days(2),
      skus: [{ skuId: a.skuId, price: 999 }],
    });
    expect(p).toMatchObject({ kind: "price", state: "notStarted", percentOff: null });
    expect(p.skus).toMatchObject([{ skuId: a.skuId, price: 1500, promotionPrice: 999 }]);
    const detail = await t.call(P.selPronmotionById, { id: p.id }, { ticket: owner });
    expect(detail.data.skus).toHaveLength(1);
  });

  it("when the input is wrong, then 400 names the field and nothing is written", async () => {
    const a = await item();
    const [theirs] = await rowsOf<{ goodsId: string }>(
      t.db,
      sql`select id as "goodsId" from goods where bo_id <> ${boId} and status = 'on' and kind = 'goods' limit 1`,
    );
    if (!theirs) throw new Error("no goods of another seller");
    const before = await promotionCount();
    const cases: [string, Record<string, unknown>][] = [
      ["endsAt", percent([a.goodsId], { startsAt: days(2), endsAt: days(1) })],
      ["endsAt", percent([a.goodsId], { startsAt: days(-3), endsAt: days(-1) })],
      ["startsAt", percent([a.goodsId], { startsAt: days(-1) })],
      ["percentOff", percent([a.goodsId], { percentOff: 100 })],
      ["goodsIds.0", percent([theirs.goodsId])],
      ["goodsIds.1", percent([a.goodsId, a.goodsId])],
      ["name", percent([a.goodsId], { name: "" })],
    ];
    for (const [field, body] of cases) {
      const res = await t.post(P.addOrUpdatePromotionInfo.path, body, { ticket: owner });
      expect(res.status, field).toBe(400);
      expect(res.msg, field).toContain(field);
    }
    expect(await promotionCount()).toBe(before);
  });
});

describe("another seller and functions", () => {
  it("when another seller's promotion id is used, then it is not found and nothing changes", async () => {
    const a = await item();
    const p = await saved(P.addOrUpdatePromotionInfo, percent([a.goodsId], { startsAt: days(1), endsAt: days(3) }));
    expect((await t.call(P.selPronmotionById, { id: p.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(P.delPromotionInfo, { id: p.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const upd = await t.call(P.addOrUpdatePromotionInfo, percent([a.goodsId], { id: p.id, name: "Theirs now" }), { ticket: other });
    expect(upd.code).not.toBe(codes.OK);
    expect((await t.call(P.queryList, { pageSize: 100 }, { ticket: other })).data.list.map((x) => x.id)).not.toContain(p.id);
    const [row] = await t.db.select().from(promotion).where(eq(promotion.id, p.id));
    expect(row).toMatchObject({ name: "Autumn sale", cancelledAt: null });
  });

  it("when a staff member lacks marketing.promotion, then 403 names it and nothing is written", async () => {
    const clerk = await createStaff(t, boId, ["goods.manage"]);
    const a = await item();
    const before = await promotionCount();
    const list = await t.call(P.queryList, {}, { ticket: clerk });
    expect(list.status).toBe(403);
    expect(list.msg).toContain("marketing.promotion");
    expect((await t.call(P.addOrUpdatePromotionInfo, percent([a.goodsId]), { ticket: clerk })).status).toBe(403);
    expect(await promotionCount()).toBe(before);
    const marketer = await createStaff(t, boId, ["marketing.promotion"]);
    expect((await t.call(P.queryList, {}, { ticket: marketer })).code).toBe(codes.OK);
  });
});

describe("states", () => {
  it("when a promotion is running, then its goods cannot change, its end can move, and deleting it ends it now", async () => {
    const a = await item();
    const b = await item();
    const p = await saved(P.addOrUpdatePromotionInfo, percent([a.goodsId]));
    const swap = await t.call(P.addOrUpdatePromotionInfo, percent([b.goodsId], { id: p.id, startsAt: p.startsAt }), { ticket: owner });
    expect(swap.code).toBe(codes.STATE_FORBIDS);
    expect(swap.reason).toBe("promotion.runningFixed");
    const deeper = await t.call(P.addOrUpdatePromotionInfo, percent([a.goodsId], { id: p.id, startsAt: p.startsAt, percentOff: 50 }), {
      ticket: owner,
    });
    expect(deeper.code).toBe(codes.STATE_FORBIDS);
    const moved = await saved(P.addOrUpdatePromotionInfo, percent([a.goodsId], { id: p.id, startsAt: p.startsAt, endsAt: days(14) }));
    expect(moved.state).toBe("running");
    expect(Date.parse(moved.endsAt)).toBeGreaterThan(Date.parse(p.endsAt));
    const ended = await t.call(P.delPromotionInfo, { id: p.id }, { ticket: owner });
    expect(ended.code, ended.msg).toBe(codes.OK);
    expect(ended.data.state).toBe("ended");
    // Ended: nothing more changes it.
    const again = await t.call(P.delPromotionInfo, { id: p.id }, { ticket: owner });
    expect(again.code).toBe(codes.STATE_FORBIDS);
    expect(again.reason).toBe("promotion.wrongState");
    const edit = await t.call(P.addOrUpdatePromotionInfo, percent([a.goodsId], { id: p.id, endsAt: days(20) }), { ticket: owner });
    expect(edit.code).toBe(codes.STATE_FORBIDS);
    // Its item is free for the pickers again.
    const free = await t.call(contract.goods.selNotPromotionGoodsList, { pageSize: 100 }, { ticket: owner });
    expect(free.data.list.map((g) => g.id)).toContain(a.goodsId);
  });

  it("when a promotion has not started, then it can be changed entirely, and deleting it cancels it", async () => {
    const a = await item();
    const b = await item();
    const p = await saved(P.addOrUpdatePromotionInfo, percent([a.goodsId], { startsAt: days(1), endsAt: days(2) }));
    const changed = await saved(
      P.addOrUpdatePromotionInfo,
      percent([b.goodsId], { id: p.id, startsAt: days(1), endsAt: days(2), percentOff: 30 }),
    );
    expect(changed.skus.map((s) => s.goodsId)).toEqual([b.goodsId]);
    const cancelled = await t.call(P.delPromotionInfo, { id: p.id }, { ticket: owner });
    expect(cancelled.data).toMatchObject({ state: "cancelled" });
    expect(cancelled.data.cancelledAt).not.toBeNull();
    expect((await t.call(P.queryList, { state: "cancelled" }, { ticket: owner })).data.list.map((x) => x.id)).toContain(p.id);
    // Its SKUs are free: a new promotion over the same days takes them.
    await saved(P.addOrUpdatePromotionInfo, percent([b.goodsId], { startsAt: days(1), endsAt: days(2) }));
  });
});

describe("one SKU, one promotion at a time", () => {
  it("when a SKU is already in a promotion over overlapping days, then saving another is refused naming it; after it, it is taken", async () => {
    const a = await item();
    await saved(P.addOrUpdatePromotionInfo, percent([a.goodsId], { name: "First", startsAt: days(3), endsAt: days(5) }));
    const clash = await t.call(
      P.addOrUpdatePromotionBySpec,
      { name: "Second", startsAt: days(4), endsAt: days(6), skus: [{ skuId: a.skuId, price: 500 }] },
      { ticket: owner },
    );
    expect(clash.status).toBe(400);
    expect(clash.msg).toContain("skus.0.skuId");
    expect(JSON.stringify(clash.data)).toContain("First");
    await saved(P.addOrUpdatePromotionBySpec, {
      name: "Later",
      startsAt: days(5),
      endsAt: days(6),
      skus: [{ skuId: a.skuId, price: 500 }],
    });
  });

  it("when two saves put one SKU in overlapping promotions at once, then exactly one succeeds", async () => {
    const a = await item();
    const before = await promotionCount();
    const answers = await Promise.all(
      ["Race A", "Race B"].map((name) =>
        t.call(P.addOrUpdatePromotionInfo, percent([a.goodsId], { name, startsAt: days(8), endsAt: days(9) }), { ticket: owner }),
      ),
    );
    expect(answers.map((x) => x.code).sort()).toEqual([codes.OK, codes.BAD_INPUT].sort());
    expect(await promotionCount()).toBe(before + 1);
    const rows = await t.db.select().from(promotionSku).where(eq(promotionSku.skuId, a.skuId));
    expect(rows).toHaveLength(1);
  });
});

describe("checkout", () => {
  it("when a buyer checks out a SKU in a running promotion, then the promotion's price applies up to the per-buyer limit", async () => {
    const a = await item(1000);
    const b = await item(2000);
    await saved(P.addOrUpdatePromotionInfo, percent([a.goodsId], { name: "Ten off", percentOff: 10, perBuyerLimit: 2 }));
    await saved(P.addOrUpdatePromotionBySpec, {
      name: "Half",
      startsAt: minutes(0),
      endsAt: days(1),
      skus: [{ skuId: b.skuId, price: 1000 }],
    });
    const items = [
      { skuId: a.skuId, quantity: 3 },
      { skuId: b.skuId, quantity: 1 },
    ];
    const preview = await buyerPost<OutputOf<typeof B.previewOrder>>(t, B.previewOrder.path, { addressId, items }, { ticket: buyer });
    expect(preview.code, preview.msg).toBe(codes.OK);
    const shop = preview.data.shops.find((s) => s.boId === boId);
    // Two of the three at 10% off (200), the other SKU at its promotion price (1,000 off).
    expect(shop?.adjustments.map((x) => [x.label, x.amount]).sort()).toEqual([
      ["Half", -1000],
      ["Ten off", -200],
    ]);
    expect(shop?.discountAmount).toBe(1200);
    const submit = await buyerPost<OutputOf<typeof B.submitOrder>>(t, B.submitOrder.path, { addressId, items }, { ticket: buyer });
    expect(submit.code, submit.msg).toBe(codes.OK);
    // The limit is used up: the next order pays the full price for that SKU.
    const next = await buyerPost<OutputOf<typeof B.previewOrder>>(
      t,
      B.previewOrder.path,
      { addressId, items: [{ skuId: a.skuId, quantity: 1 }] },
      { ticket: buyer },
    );
    expect(next.data.shops.find((s) => s.boId === boId)?.discountAmount).toBe(0);
  });

  it("when one buyer sends ten checkouts at once for a SKU limited to 1 per buyer, then exactly one unit gets the promotion price", async () => {
    const a = await item(1000);
    await saved(P.addOrUpdatePromotionInfo, percent([a.goodsId], { name: "One each", percentOff: 20, perBuyerLimit: 1 }));
    const items = [{ skuId: a.skuId, quantity: 1 }];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        buyerPost<OutputOf<typeof B.submitOrder>>(t, B.submitOrder.path, { addressId, items }, { ticket: buyer }),
      ),
    );
    // Every checkout is taken (as after the limit is used up one at a time): the others pay the full price.
    for (const x of answers) expect(x.code, x.msg).toBe(codes.OK);
    const paid = answers.map((x) => x.data.orders[0]?.payAmount).sort((m, n) => (m ?? 0) - (n ?? 0));
    expect(paid).toEqual([800, ...Array.from({ length: 9 }, () => 1000)]);
    const [sum] = await rowsOf<{ n: number }>(
      t.db,
      sql`select coalesce(sum(o.discount_amount), 0)::int as n from order_info o join order_line l on l.order_id = o.id
          where l.sku_id = ${a.skuId}`,
    );
    expect(sum?.n).toBe(200);
  });
});
