import { codes, contract, type InputOf } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../../../test/fixtures";
import { freshGoodsInTwoBatches, publish, simpleGoods } from "../../../test/goods-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { buyerCaller, orderScene, placeOrder } from "../../../test/order-kit";
import { goodsSku } from "../../goods/goods.tables";
import { orderInfo, orderLine, orderTimeline } from "../orders.tables";
import { giveBack } from "./change.service";

/*
 * Order changes before shipping: quantities up and down and lines removed, stock taken FEFO and given back to the
 * same batches, amounts recomputed, the history; bad input, tenancy, functions and wrong states.
 */

const C = contract.orderChange;
const O = contract.orders;
const B = contract.buyer;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let image: string;
let buyer: string;
let addressId: string;

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

async function onShelf(name: string, stock: number, price: number): Promise<string> {
  const goodsId = await publish(t, owner, simpleGoods(image, name, { skus: [{ specValues: [], price, stock }] }), true);
  const [sku] = await t.db.select().from(goodsSku).where(eq(goodsSku.goodsId, goodsId));
  return sku?.id as string;
}
const stockOf = async (skuId: string) => (await t.db.select({ s: goodsSku.stock }).from(goodsSku).where(eq(goodsSku.id, skuId)))[0]?.s;

/** An order of these items, with its lines as stored. */
async function placeWithLines(items: { skuId: string; quantity: number }[]) {
  const { id } = await placeOrder(t, buyer, { addressId, items });
  const lines = await t.db.select().from(orderLine).where(eq(orderLine.orderId, id)).orderBy(orderLine.sort);
  return { id, lines };
}
const events = async (id: string) =>
  (await t.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, id)).orderBy(orderTimeline.at, orderTimeline.id)).map(
    (e) => e.event,
  );
const change = (input: InputOf<typeof C.changeOrderInfo>, ticket = owner) => t.call(C.changeOrderInfo, input, { ticket });

beforeAll(async () => {
  t = await createTestApp();
  ({ boId, owner, other, image, buyer, addressId } = await orderScene(t, "13900000201", "Han Mei"));
}, 60_000);
afterAll(() => t.close());

describe("giving stock back", () => {
  it("when pieces go back, then the latest-expiring batches (the last taken) give first", () => {
    const batches = [
      { batchId: "SOON", quantity: 3 },
      { batchId: "LATE", quantity: 2 },
    ];
    expect(giveBack(batches, 3)).toEqual({
      back: [
        { batchId: "LATE", quantity: 2 },
        { batchId: "SOON", quantity: 1 },
      ],
      kept: [{ batchId: "SOON", quantity: 2 }],
    });
    expect(giveBack([], 2)).toEqual({ back: [], kept: [] });
  });
});

describe("changing an order's lines", () => {
  it("when quantities go up and down and a line is removed, then stock follows, amounts are recomputed and the history says so", async () => {
    const a = await onShelf("Change apples", 20, 1000);
    const b = await onShelf("Change pears", 10, 300);
    const { id, lines } = await placeWithLines([
      { skuId: a, quantity: 2 },
      { skuId: b, quantity: 3 },
    ]);
    expect(await stockOf(a)).toBe(18);
    const [la, lb] = lines;
    const res = await change({
      id,
      lines: [
        { lineId: la?.id as string, quantity: 5 },
        { lineId: lb?.id as string, quantity: 0 },
      ],
      reason: "Pears are out of season; five apples instead",
    });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.lines.map((l) => [l.goodsName, l.quantity, l.amount])).toEqual([["Change apples", 5, 5000]]);
    expect(res.data).toMatchObject({ goodsAmount: 5000, payAmount: 5000, status: "pendingPayment" });
    expect(await stockOf(a)).toBe(15);
    expect(await stockOf(b)).toBe(10);
    expect((await events(id)).at(-1)).toBe("linesChanged");
    const history = await t.call(C.selChangeOrderInfo, { id }, { ticket: owner });
    expect(history.code).toBe(codes.OK);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({
      reason: "Pears are out of season; five apples instead",
      payBefore: 2900,
      payAfter: 5000,
      refundDue: 0,
      actorName: expect.any(String),
    });
    expect(history.data[0]?.lines.map((l) => [l.quantityBefore, l.quantityAfter, l.amountBefore, l.amountAfter])).toEqual([
      [2, 5, 2000, 5000],
      [3, 0, 900, 0],
    ]);
    // The buyer sees the change and its reason on the order's timeline.
    const seen = await bcall(B.selOrderDetail, { id });
    expect(seen.data.timeline.at(-1)).toMatchObject({
      event: "linesChanged",
      detail: { reason: "Pears are out of season; five apples instead" },
    });
  });

  it("when fresh goods change, then more come FEFO and fewer go back to the same batches; a cancel returns what is held", async () => {
    const { skuId, left } = await freshGoodsInTwoBatches(t, owner, image, "Change strawberries");
    const { id, lines } = await placeWithLines([{ skuId, quantity: 2 }]);
    const lineId = lines[0]?.id as string;
    expect(await left()).toEqual({ SOON: 1, LATE: 5 });
    expect((await change({ id, lines: [{ lineId, quantity: 6 }], reason: "more" })).code).toBe(codes.OK);
    expect(await left()).toEqual({ SOON: 0, LATE: 2 });
    expect((await change({ id, lines: [{ lineId, quantity: 4 }], reason: "fewer" })).code).toBe(codes.OK);
    expect(await left()).toEqual({ SOON: 0, LATE: 4 });
    expect((await bcall(B.cancelOrder, { id })).code).toBe(codes.OK);
    expect(await left()).toEqual({ SOON: 3, LATE: 5 });
  });

  it("when a paid order changes, then only reductions pass and what is due back is recorded", async () => {
    const a = await onShelf("Paid apples", 10, 1000);
    const { id, lines } = await placeWithLines([{ skuId: a, quantity: 3 }]);
    await t.db.update(orderInfo).set({ status: "paid" }).where(eq(orderInfo.id, id));
    const lineId = lines[0]?.id as string;
    const up = await change({ id, lines: [{ lineId, quantity: 4 }], reason: "more" });
    expect(up.status).toBe(400);
    expect(JSON.stringify(up)).toContain('"path":"lines.0.quantity"');
    const down = await change({ id, lines: [{ lineId, quantity: 1 }], reason: "Two were bruised" });
    expect(down.code, down.msg).toBe(codes.OK);
    expect(down.data).toMatchObject({ payAmount: 1000, status: "paid" });
    expect((await t.call(C.selChangeOrderInfo, { id }, { ticket: owner })).data[0]).toMatchObject({ refundDue: 2000 });
  });

  it("when a revised line changes, then its revision is dropped and the total follows", async () => {
    const a = await onShelf("Revised apples", 10, 1000);
    const { id, lines } = await placeWithLines([{ skuId: a, quantity: 2 }]);
    const lineId = lines[0]?.id as string;
    expect((await t.call(O.orderPriceRevision, { id, lineId, amount: 1500, reason: "loyal" }, { ticket: owner })).code).toBe(codes.OK);
    const res = await change({ id, lines: [{ lineId, quantity: 3 }], reason: "one more" });
    expect(res.data).toMatchObject({ goodsAmount: 3000, reviseAmount: 0, payAmount: 3000 });
    expect(res.data.lines[0]?.revisedAmount).toBeNull();
  });

  it("when the input is bad, then 400 names the field and nothing changes", async () => {
    const a = await onShelf("Bad apples", 3, 1000);
    const { id, lines } = await placeWithLines([{ skuId: a, quantity: 1 }]);
    const lineId = lines[0]?.id as string;
    for (const [input, field] of [
      [{ id, lines: [{ lineId, quantity: 1 }], reason: "same" }, "lines"],
      [{ id, lines: [{ lineId, quantity: 0 }], reason: "none left" }, "lines"],
      [{ id, lines: [{ lineId: "01NOSUCHLINE00000000000000", quantity: 2 }], reason: "x" }, "lines.0.lineId"],
      [{ id, lines: [{ lineId, quantity: 9 }], reason: "too many" }, "lines.0.quantity"],
      [{ id, lines: [{ lineId, quantity: 1000 }], reason: "x" }, "lines.0.quantity"],
      [{ id, lines: [{ lineId, quantity: 2 }], reason: "" }, "reason"],
      [{ id, lines: [], reason: "x" }, "lines"],
    ] as const) {
      const res = await change(input as never);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res), field).toContain(`"path":"${field}"`);
    }
    expect(await stockOf(a)).toBe(2);
    expect(await events(id)).toEqual(["created"]);
  });

  it("when the order has shipped or is cancelled, then the change is refused 000409", async () => {
    const a = await onShelf("Shipped apples", 10, 1000);
    const { id, lines } = await placeWithLines([{ skuId: a, quantity: 2 }]);
    const lineId = lines[0]?.id as string;
    await t.db.update(orderInfo).set({ status: "paid" }).where(eq(orderInfo.id, id));
    expect(
      (await t.call(O.orderDelivery, { id, expressCode: "SF", trackingNo: "SF1", lines: [{ lineId, quantity: 1 }] }, { ticket: owner }))
        .code,
    ).toBe(codes.OK);
    expect((await change({ id, lines: [{ lineId, quantity: 1 }], reason: "x" })).code).toBe(codes.STATE_FORBIDS);
    const second = await placeWithLines([{ skuId: a, quantity: 1 }]);
    expect((await bcall(B.cancelOrder, { id: second.id })).code).toBe(codes.OK);
    expect((await change({ id: second.id, lines: [{ lineId: second.lines[0]?.id as string, quantity: 2 }], reason: "x" })).code).toBe(
      codes.STATE_FORBIDS,
    );
  });

  it("when another seller or a staff member without the function calls, then not found / 403, nothing changed", async () => {
    const a = await onShelf("Guarded apples", 10, 1000);
    const { id, lines } = await placeWithLines([{ skuId: a, quantity: 2 }]);
    const input = { id, lines: [{ lineId: lines[0]?.id as string, quantity: 1 }], reason: "x" };
    expect((await change(input, other)).code).toBe(codes.NOT_FOUND);
    expect((await t.call(C.selChangeOrderInfo, { id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const viewer = await createStaff(t, boId, ["order.manage"]);
    expect((await t.call(C.selChangeOrderInfo, { id }, { ticket: viewer })).code).toBe(codes.OK);
    expect((await change(input, viewer)).status).toBe(403);
    const changer = await createStaff(t, boId, ["order.manage.change"]);
    expect((await change(input, changer)).code).toBe(codes.OK);
    expect(await stockOf(a)).toBe(9);
  });
});
