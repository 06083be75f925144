import { batchShipColumns, codes, contract, type InputOf, type OutputOf } from "@sbo/contract";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, expectBadFields } from "../../../test/fixtures";
import { type PublishInput, publish, simpleGoods } from "../../../test/goods-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { buyerCaller, orderScene } from "../../../test/order-kit";
import { goodsSku } from "../../goods/goods.tables";
import { orderInfo, orderShipment, orderTimeline } from "../orders.tables";
import { complaintInform, orderDeliveryRound, orderFulfil } from "./fulfil.tables";

/*
 * The other fulfilment paths: repeated delivery (plan, ship, deliver, complete), self-pickup (points, checkout without
 * freight, the code, handing over), batch ship from a sheet (dry run, commit), warehouses, tracking and complaints —
 * success, bad input naming fields, another seller's ids (000004), missing functions (403), wrong states (000409).
 */

const O = contract.orders;
const FF = contract.orderFulfil;
const X = contract.extract;
const S = contract.fulfilSupport;
const B = contract.buyer;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let otherBoId: string;
let image: string;
let buyer: string;
let addressId: string;
let clerk: string;

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

async function onShelf(name: string, stock = 50, price = 1000, logistics: PublishInput["logistics"] = ["express"]): Promise<string> {
  const goodsId = await publish(t, owner, simpleGoods(image, name, { skus: [{ specValues: [], price, stock }], logistics }), true);
  const [sku] = await t.db.select().from(goodsSku).where(eq(goodsSku.goodsId, goodsId));
  if (!sku) throw new Error("no sku");
  return sku.id;
}

async function place(skuId: string, quantity: number, delivery?: InputOf<typeof B.submitOrder>["deliveries"]) {
  const res = await bcall(B.submitOrder, { addressId, items: [{ skuId, quantity }], ...(delivery ? { deliveries: delivery } : {}) });
  expect(res.code, res.msg).toBe(codes.OK);
  const order = res.data.orders[0];
  if (!order) throw new Error("no order");
  return order;
}

/** Paid through the sandbox provider's signed notification, as a real payment arrives. */
async function pay(id: string) {
  const started = await bcall(B.payOrder, { id });
  expect(started.code, started.msg).toBe(codes.OK);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/buyer/trading/pay/notify/sandbox",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(started.data.params),
  });
  expect(res.statusCode).toBe(200);
}

const statusOf = async (id: string) => (await t.db.select({ s: orderInfo.status }).from(orderInfo).where(eq(orderInfo.id, id)))[0]?.s;
const events = async (id: string) =>
  (await t.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, id)).orderBy(orderTimeline.at, orderTimeline.id)).map(
    (e) => e.event,
  );
const lineIdOf = async (id: string) => {
  const d = await t.call(O.selSellerOrderDetailById, { id }, { ticket: owner });
  return d.data.lines[0]?.id as string;
};

const point = {
  contactName: "Wang",
  phone: "13812345678",
  provinceCode: "330000",
  cityCode: "330100",
  districtCode: "330106",
  detail: "8 Market Street",
  openTime: "08:00",
  closeTime: "20:00",
};

beforeAll(async () => {
  t = await createTestApp();
  ({ boId, owner, other, image, buyer, addressId } = await orderScene(t, "13900000077"));
  otherBoId = (await t.call(contract.session.getMemberByToken, {}, { ticket: other })).data.boId as string;
  clerk = await createStaff(t, boId, ["order.manage"]);
}, 60_000);
afterAll(() => t.close());

describe("repeated delivery", () => {
  it("when a weekly box is planned, shipped and delivered round by round, then the last delivery completes the order", async () => {
    const sku = await onShelf("Vegetable box");
    const { id } = await place(sku, 3, { [boId]: { mode: "repeated", times: 3, everyDays: 7 } });
    const detail = await t.call(O.selSellerOrderDetailById, { id }, { ticket: owner });
    expect(detail.data.delivery).toMatchObject({ mode: "repeated", repeatTimes: 3, repeatEveryDays: 7, pickupCode: null });
    const lineId = await lineIdOf(id);

    // Before payment the machine refuses planning.
    const early = await t.call(
      FF.orderRepeatedlyDelivery,
      { orderId: id, plannedOn: "2026-12-01", lines: [{ lineId, quantity: 1 }] },
      { ticket: owner },
    );
    expect(early.code).toBe(codes.STATE_FORBIDS);
    expect(early.reason).toBe("orders.wrongState");
    await pay(id);

    const plan = (plannedOn: string, quantity = 1) =>
      t.call(FF.orderRepeatedlyDelivery, { orderId: id, plannedOn, lines: [{ lineId, quantity }] }, { ticket: owner });
    await expectBadFields(
      t,
      FF.orderRepeatedlyDelivery.path,
      owner,
      { orderId: id, plannedOn: "2026-12-01", lines: [{ lineId, quantity: 1 }] },
      [
        ["plannedOn", { plannedOn: "01/12/2026" }],
        ["lines", { lines: [] }],
        ["trackingNo", { expressCode: "SF" }],
        ["expressCode", { expressCode: "NOPE", trackingNo: "X1" }],
        ["lines.0.quantity", { lines: [{ lineId, quantity: 4 }] }],
        ["lines.0.lineId", { lines: [{ lineId: "nope", quantity: 1 }] }],
      ],
    );
    expect((await t.db.select().from(orderDeliveryRound).where(eq(orderDeliveryRound.orderId, id))).length).toBe(0);

    expect((await plan("2026-12-01")).code).toBe(codes.OK);
    expect((await plan("2026-12-08")).code).toBe(codes.OK);
    const third = await plan("2026-12-15");
    expect(third.code, third.msg).toBe(codes.OK);
    expect(third.data.unplanned).toEqual([]);
    expect(third.data.rounds.map((r) => [r.seq, r.status])).toEqual([
      [1, "planned"],
      [2, "planned"],
      [3, "planned"],
    ]);
    const full = await plan("2026-12-22");
    expect(full.code).toBe(codes.CONFLICT);
    expect(full.reason).toBe("fulfil.roundsFull");

    const [r1, r2, r3] = third.data.rounds.map((r) => r.id) as [string, string, string];
    const upd = (roundId: string, more: Record<string, unknown>) =>
      t.call(FF.updOrderRepeatedlyDeliveryV2, { orderId: id, roundId, ...more } as InputOf<typeof FF.updOrderRepeatedlyDeliveryV2>, {
        ticket: owner,
      });

    // Shipping needs logistics; skipping a step or going back is a wrong state.
    const noLogistics = await upd(r1, { status: "shipped" });
    expect(noLogistics.status).toBe(400);
    expect(noLogistics.msg).toContain("expressCode");
    const skip = await upd(r1, { status: "delivered" });
    expect(skip.code).toBe(codes.STATE_FORBIDS);
    expect(skip.reason).toBe("fulfil.roundWrongState");
    // The normal ship does not apply to a repeated-delivery order.
    const plain = await t.call(O.orderDelivery, { id, expressCode: "SF", trackingNo: "SF1" }, { ticket: owner });
    expect(plain.code).toBe(codes.STATE_FORBIDS);
    expect(plain.reason).toBe("fulfil.notExpress");

    expect((await upd(r1, { status: "shipped", expressCode: "SF", trackingNo: "SF001" })).code).toBe(codes.OK);
    expect(await statusOf(id)).toBe("partlyShipped");
    const back = await upd(r1, { status: "planned" });
    expect(back.code).toBe(codes.STATE_FORBIDS);
    const dateFixed = await upd(r1, { plannedOn: "2026-12-02" });
    expect(dateFixed.status).toBe(400);
    expect(dateFixed.msg).toContain("plannedOn");
    expect((await upd(r1, { status: "delivered" })).code).toBe(codes.OK);
    expect(await statusOf(id)).toBe("partlyShipped");

    expect((await upd(r2, { plannedOn: "2026-12-09", remark: "Tuesday" })).code).toBe(codes.OK);
    expect((await upd(r2, { status: "shipped", expressCode: "ZTO", trackingNo: "ZT2" })).code).toBe(codes.OK);
    expect((await upd(r3, { status: "shipped", expressCode: "ZTO", trackingNo: "ZT3" })).code).toBe(codes.OK);
    expect(await statusOf(id)).toBe("shipped");
    expect((await upd(r3, { trackingNo: "ZT3B" })).code).toBe(codes.OK);
    expect((await upd(r2, { status: "delivered" })).code).toBe(codes.OK);
    expect(await statusOf(id)).toBe("shipped");
    const last = await upd(r3, { status: "delivered" });
    expect(last.code, last.msg).toBe(codes.OK);
    expect(last.data.status).toBe("completed");
    expect(await statusOf(id)).toBe("completed");
    const shipments = await t.db.select().from(orderShipment).where(eq(orderShipment.orderId, id));
    expect(shipments.map((s) => s.trackingNo).sort()).toEqual(["SF001", "ZT2", "ZT3B"]);
    expect(await events(id)).toEqual([
      "created",
      "paid",
      "roundPlanned",
      "roundPlanned",
      "roundPlanned",
      "roundShipped",
      "roundDelivered",
      "roundUpdated",
      "roundShipped",
      "roundShipped",
      "roundUpdated",
      "roundDelivered",
      "roundDelivered",
    ]);
    // Completed: nothing more can change its deliveries.
    expect((await upd(r3, { remark: "late" })).code).toBe(codes.STATE_FORBIDS);

    // Tracking without a provider: the events the system recorded for that shipment.
    const shipment = shipments.find((s) => s.trackingNo === "ZT3B");
    const track = await t.call(S.getExpressInfo, { orderId: id, shipmentId: shipment?.id as string }, { ticket: owner });
    expect(track.code, track.msg).toBe(codes.OK);
    expect(track.data.provider).toBeNull();
    expect(track.data.events.map((e) => e.event)).toEqual(["roundShipped", "roundUpdated", "roundDelivered"]);
    expect((await t.call(S.getExpressInfo, { orderId: id, shipmentId: shipment?.id as string }, { ticket: other })).code).toBe(
      codes.NOT_FOUND,
    );
    expect((await t.call(S.getExpressInfo, { orderId: id, shipmentId: "nope" }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
  });

  it("when another seller or a clerk without shipping touches the deliveries, then nothing changes", async () => {
    const { id } = await place(await onShelf("Fruit box"), 2, { [boId]: { mode: "repeated", times: 2, everyDays: 14 } });
    await pay(id);
    const lineId = await lineIdOf(id);
    const input = { orderId: id, plannedOn: "2026-12-01", lines: [{ lineId, quantity: 1 }] };
    expect((await t.call(FF.orderRepeatedlyDelivery, input, { ticket: other })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(FF.selRepeatedlyDeliveryListByOrderId, { orderId: id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const denied = await t.call(FF.orderRepeatedlyDelivery, input, { ticket: clerk });
    expect(denied.status).toBe(403);
    const planned = await t.call(FF.orderRepeatedlyDelivery, input, { ticket: owner });
    const roundId = planned.data.rounds[0]?.id as string;
    const ship = { orderId: id, roundId, status: "shipped" as const, expressCode: "SF", trackingNo: "SF9" };
    expect((await t.call(FF.updOrderRepeatedlyDeliveryV2, ship, { ticket: other })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(FF.updOrderRepeatedlyDeliveryV2, ship, { ticket: clerk })).status).toBe(403);
    // The clerk reads them (order.manage).
    const read = await t.call(FF.selRepeatedlyDeliveryListByOrderId, { orderId: id }, { ticket: clerk });
    expect(read.data.rounds.map((r) => r.status)).toEqual(["planned"]);
    expect(read.data.unplanned.map((u) => u.quantity)).toEqual([1]);
    // An express order has no deliveries to plan.
    const plain = await place(await onShelf("Plain goods"), 1);
    await pay(plain.id);
    const refused = await t.call(FF.selRepeatedlyDeliveryListByOrderId, { orderId: plain.id }, { ticket: owner });
    expect(refused.reason).toBe("fulfil.notRepeated");
  });
});

describe("self-pickup", () => {
  it("when a buyer picks up at the shop's point, then no freight, a code once paid, and the code hands the order over once", async () => {
    await expectBadFields(t, X.addPickupPoint.path, owner, point, [
      ["closeTime", { closeTime: "07:00" }],
      ["phone", { phone: "12" }],
      ["openTime", { openTime: undefined }],
      ["detail", { detail: "" }],
    ]);
    const added = await t.call(X.addPickupPoint, point, { ticket: owner });
    expect(added.code, added.msg).toBe(codes.OK);
    expect(added.data).toMatchObject({ detail: "8 Market Street", openTime: "08:00", isDefault: true });
    const pointId = added.data.id;
    const theirs = await t.call(X.addPickupPoint, { ...point, detail: "Their point" }, { ticket: other });
    expect(theirs.code).toBe(codes.OK);
    const list = await t.call(X.selPickupPointList, {}, { ticket: owner });
    expect(list.data.list.map((p) => p.id)).toEqual([pointId]);
    expect((await t.call(X.updPickupPoint, { id: theirs.data.id, ...point }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(X.delPickupPoint, { id: theirs.data.id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(X.updPickupPoint, { id: pointId, ...point, closeTime: "21:30" }, { ticket: owner })).data.closeTime).toBe("21:30");

    const sku = await onShelf("Rice", 50, 1000, ["express", "selfPickup"]);
    // Goods the seller does not offer for self-pickup cannot be picked up: refused naming the line.
    const expressOnly = await onShelf("Sea salt");
    const notOffered = await bcall(B.submitOrder, {
      addressId,
      items: [
        { skuId: sku, quantity: 1 },
        { skuId: expressOnly, quantity: 1 },
      ],
      deliveries: { [boId]: { mode: "pickup", pickupPointId: pointId } },
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.msg).toContain("items.1.skuId");
    expect(notOffered.msg).toContain("Sea salt");
    // Another shop's point is refused naming the field; nothing is placed.
    const wrong = await bcall(B.submitOrder, {
      addressId,
      items: [{ skuId: sku, quantity: 1 }],
      deliveries: { [boId]: { mode: "pickup", pickupPointId: theirs.data.id } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toContain(`deliveries.${boId}.pickupPointId`);
    const strayShop = await bcall(B.previewOrder, {
      addressId,
      items: [{ skuId: sku, quantity: 1 }],
      deliveries: { [otherBoId]: { mode: "express" } },
    });
    expect(strayShop.status).toBe(400);

    const preview = await bcall(B.previewOrder, {
      addressId,
      items: [{ skuId: sku, quantity: 2 }],
      deliveries: { [boId]: { mode: "pickup", pickupPointId: pointId } },
    });
    expect(preview.data.shops[0]?.freightAmount).toBe(0);
    const { id } = await place(sku, 2, { [boId]: { mode: "pickup", pickupPointId: pointId } });
    const unpaid = await bcall(B.selOrderDetail, { id });
    expect(unpaid.data.delivery).toMatchObject({ mode: "pickup", pickupCode: null, pickupPoint: { detail: "8 Market Street" } });
    await pay(id);
    const paid = await bcall(B.selOrderDetail, { id });
    const code = paid.data.delivery?.pickupCode as string;
    expect(code).toMatch(/^\d{8}$/);
    // The seller's detail never shows the code.
    expect((await t.call(O.selSellerOrderDetailById, { id }, { ticket: owner })).data.delivery?.pickupCode).toBeNull();

    const waiting = await t.call(X.selAwaitingPickupByPage, {}, { ticket: owner });
    expect(waiting.data.list.map((w) => w.orderId)).toContain(id);
    expect(waiting.data.list.find((w) => w.orderId === id)).toMatchObject({ pieces: 2, pickupPointName: "8 Market Street" });
    expect((await t.call(X.selAwaitingPickupByPage, { pickupPointId: "other" }, { ticket: owner })).data.total).toBe(0);
    expect((await t.call(X.selAwaitingPickupByPage, {}, { ticket: other })).data.list.map((w) => w.orderId)).not.toContain(id);

    const shipIt = await t.call(O.orderDelivery, { id, expressCode: "SF", trackingNo: "SF1" }, { ticket: owner });
    expect(shipIt.code).toBe(codes.STATE_FORBIDS);
    const badCode = await t.post(X.verifyPickupCode.path, { code: "12ab" }, { ticket: owner });
    expect(badCode.status).toBe(400);
    expect(badCode.msg).toContain("code");
    const unknown = code === "00000000" ? "00000001" : "00000000";
    expect((await t.call(X.verifyPickupCode, { code: unknown }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(X.verifyPickupCode, { code }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(X.verifyPickupCode, { code }, { ticket: clerk })).status).toBe(403);
    expect(await statusOf(id)).toBe("paid");

    // The counter clerk hands it over and sees the order as any member without order.manage.phone: phones masked.
    const counter = await createStaff(t, boId, ["order.extract"]);
    const done = await t.call(X.verifyPickupCode, { code }, { ticket: counter });
    expect(done.code, done.msg).toBe(codes.OK);
    expect(done.data.buyerPhone).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
    expect(done.data.address.phone).toMatch(/^(1[3-9]\d\*{4}\d{4})?$/);
    expect(done.data.status).toBe("completed");
    expect(done.data.delivery?.pickedUpAt).not.toBeNull();
    expect(done.data.lines.every((l) => l.shippedQuantity === l.quantity)).toBe(true);
    const again = await t.call(X.verifyPickupCode, { code }, { ticket: owner });
    expect(again.code).toBe(codes.STATE_FORBIDS);
    expect(again.reason).toBe("orders.wrongState");
    expect(await events(id)).toEqual(["created", "paid", "pickedUp"]);
    expect((await t.call(X.selAwaitingPickupByPage, {}, { ticket: owner })).data.list.map((w) => w.orderId)).not.toContain(id);

    // An unpaid pickup order cannot be handed over.
    const unpaidOrder = await place(sku, 1, { [boId]: { mode: "pickup", pickupPointId: pointId } });
    const [row] = await t.db.select().from(orderFulfil).where(eq(orderFulfil.orderId, unpaidOrder.id));
    expect((await t.call(X.verifyPickupCode, { code: row?.pickupCode as string }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(X.delPickupPoint, { id: pointId }, { ticket: owner })).code).toBe(codes.OK);
  });
});

describe("batch ship from a sheet", () => {
  type Row = Partial<Record<(typeof batchShipColumns)[number]["key"], string>>;
  async function sheet(rows: Row[], lang: "en" | "zh" = "en"): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Ship");
    ws.columns = batchShipColumns.map((c) => ({ header: c[lang], key: c.key }));
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const send = (file: Buffer, mode: "dryRun" | "commit", ticket = owner, lang = "en") =>
    t.upload<OutputOf<typeof FF.batchDeliveryByExcel>>(
      FF.batchDeliveryByExcel.path,
      [
        { name: "systemId", value: "71" },
        { name: "mode", value: mode },
        {
          name: "file",
          filename: "ship.xlsx",
          contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          value: file,
        },
      ],
      { ticket, headers: { "accept-language": lang } },
    );

  it("when a sheet is checked and then shipped, then each row says what it does and only valid rows ship", async () => {
    const sku = await onShelf("Tea", 50);
    const a = await place(sku, 1);
    const b = await place(sku, 1);
    const unpaid = await place(sku, 1);
    await pay(a.id);
    await pay(b.id);
    const rows: Row[] = [
      { orderNo: a.orderNo, express: "SF", trackingNo: "SF1001" },
      { orderNo: b.orderNo, express: "顺丰速运", trackingNo: "SF1002" },
      { orderNo: a.orderNo, express: "SF", trackingNo: "SF1003" },
      { orderNo: unpaid.orderNo, express: "SF", trackingNo: "SF1004" },
      { orderNo: "20990101000000000000", express: "SF", trackingNo: "SF1005" },
      { orderNo: b.orderNo.slice(0, -1), express: "Pigeon", trackingNo: "SF1006" },
      { orderNo: a.orderNo, express: "", trackingNo: "SF1007" },
    ];
    const dry = await send(await sheet(rows), "dryRun");
    expect(dry.code, dry.msg).toBe(codes.OK);
    expect(dry.data).toMatchObject({ mode: "dryRun", rows: 7, shipped: 0 });
    expect(dry.data.report.map((l) => [l.row, l.outcome, l.field, l.reason])).toEqual([
      [2, "ship", "", "fulfil.rowWillShip"],
      [3, expect.stringMatching(/ship|refused/), expect.any(String), expect.any(String)],
      [4, "refused", "orderNo", "fulfil.rowOrderTwice"],
      [5, "refused", "orderNo", "fulfil.rowWrongState"],
      [6, "refused", "orderNo", "fulfil.rowOrderUnknown"],
      [7, "refused", "orderNo", "fulfil.rowOrderUnknown"],
      [8, "refused", "express", "fulfil.rowRequired"],
    ]);
    expect(await statusOf(a.id)).toBe("paid");

    const done = await send(await sheet(rows), "commit");
    expect(done.code, done.msg).toBe(codes.OK);
    const shippedRows = done.data.report.filter((l) => l.outcome === "shipped").map((l) => l.orderNo);
    expect(shippedRows).toContain(a.orderNo);
    expect(done.data.shipped).toBe(shippedRows.length);
    expect(await statusOf(a.id)).toBe("shipped");
    expect(await statusOf(unpaid.id)).toBe("pendingPayment");
    // Shipping the same sheet again: every row is refused now.
    const again = await send(await sheet(rows.slice(0, 1)), "dryRun");
    expect(again.data.report[0]).toMatchObject({ outcome: "refused", reason: "fulfil.rowWrongState" });
  });

  it("when orders chosen in the list are shipped with a carrier and tracking each, then the valid ones ship and each says why not", async () => {
    const sku = await onShelf("Chosen tea", 50);
    const a = await place(sku, 1);
    const b = await place(sku, 1);
    const unpaid = await place(sku, 1);
    await pay(a.id);
    await pay(b.id);
    const res = await t.call(
      FF.batchDeliveryByRows,
      {
        rows: [
          { orderNo: a.orderNo, expressCode: "SF", trackingNo: "SF2001" },
          { orderNo: b.orderNo, expressCode: "Pigeon", trackingNo: "SF2002" },
          { orderNo: unpaid.orderNo, expressCode: "SF", trackingNo: "SF2003" },
        ],
      },
      { ticket: owner },
    );
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ mode: "commit", rows: 3, shipped: 1 });
    expect(res.data.report.map((l) => [l.row, l.outcome, l.field, l.reason])).toEqual([
      [1, "shipped", "", "fulfil.rowShipped"],
      [2, "refused", "express", "fulfil.rowExpressUnknown"],
      [3, "refused", "orderNo", "fulfil.rowWrongState"],
    ]);
    expect(await statusOf(a.id)).toBe("shipped");
    expect(await statusOf(b.id)).toBe("paid");
    // A clerk without the ship function, and an empty choice: refused, nothing shipped.
    const denied = await t.call(
      FF.batchDeliveryByRows,
      { rows: [{ orderNo: b.orderNo, expressCode: "SF", trackingNo: "SF2004" }] },
      { ticket: clerk },
    );
    expect(denied.status).toBe(403);
    expect((await t.call(FF.batchDeliveryByRows, { rows: [] }, { ticket: owner })).status).toBe(400);
    expect(await statusOf(b.id)).toBe("paid");
  });

  it("when the file is not the template, or the clerk may not ship, then it is refused with nothing shipped", async () => {
    const notTemplate = await send(Buffer.from("not a sheet"), "dryRun");
    expect(notTemplate.status).toBe(400);
    expect(notTemplate.msg).toContain("file");
    const empty = await send(await sheet([]), "dryRun");
    expect(empty.status).toBe(400);
    const sku = await onShelf("Coffee", 10);
    const o = await place(sku, 1);
    await pay(o.id);
    const denied = await send(await sheet([{ orderNo: o.orderNo, express: "SF", trackingNo: "SF77" }]), "commit", clerk);
    expect(denied.status).toBe(403);
    // Another seller's order number is unknown to this shop.
    const theirs = await send(await sheet([{ orderNo: o.orderNo, express: "SF", trackingNo: "SF77" }]), "commit", other);
    expect(theirs.data.report[0]).toMatchObject({ outcome: "refused", reason: "fulfil.rowOrderUnknown" });
    expect(await statusOf(o.id)).toBe("paid");
    // The template in Chinese is read back.
    const zh = await send(await sheet([{ orderNo: o.orderNo, express: "SF", trackingNo: "SF78" }], "zh"), "commit", owner, "zh");
    expect(zh.data.shipped).toBe(1);
  });
});

describe("warehouses, complaints", () => {
  it("when the shop has shipping and return addresses, then they are its warehouses; pickup points are not", async () => {
    const base = {
      contactName: "Ada",
      phone: "13812345678",
      provinceCode: "330000",
      cityCode: "330100",
      districtCode: "330106",
      detail: "Depot 1",
    };
    expect((await t.call(contract.address.addAddr, { type: "shipping", ...base }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(contract.address.addAddr, { type: "return", ...base, detail: "Returns desk" }, { ticket: owner })).code).toBe(
      codes.OK,
    );
    const w = await t.call(S.selShopWarehouseByBoId, {}, { ticket: owner });
    expect(w.code, w.msg).toBe(codes.OK);
    expect(w.data.map((x) => [x.type, x.detail])).toEqual([
      ["return", "Returns desk"],
      ["shipping", "Depot 1"],
    ]);
    expect(w.data[0]?.areaName).not.toBe("");
    expect((await t.call(S.selShopWarehouseByBoId, {}, { ticket: other })).data.map((x) => x.detail)).not.toContain("Depot 1");
  });

  it("when the seller reports an order or its buyer, then it is stored (5 at most), checked and scoped", async () => {
    const { id } = await place(await onShelf("Honey"), 1);
    const input = { orderId: id, about: "buyer" as const, category: "fakeAddress" as const, content: "The address does not exist." };
    await expectBadFields(t, S.complaintInformAdd.path, owner, input, [
      ["content", { content: "bad" }],
      ["category", { category: "spam" }],
      ["about", { about: "shop" }],
    ]);
    expect((await t.call(S.complaintInformAdd, input, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const noFunction = await createStaff(t, boId, []);
    expect((await t.call(S.complaintInformAdd, input, { ticket: noFunction })).status).toBe(403);
    expect((await t.db.select().from(complaintInform).where(eq(complaintInform.orderId, id))).length).toBe(0);
    for (let i = 0; i < 5; i++) expect((await t.call(S.complaintInformAdd, input, { ticket: clerk })).code).toBe(codes.OK);
    const sixth = await t.call(S.complaintInformAdd, input, { ticket: owner });
    expect(sixth.code).toBe(codes.CONFLICT);
    expect(sixth.reason).toBe("fulfil.complaintTooMany");
    const rows = await t.db.select().from(complaintInform).where(eq(complaintInform.orderId, id));
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ boId, about: "buyer", category: "fakeAddress", status: "submitted" });
  });

  it("when the seller reads an order's reports, then they come newest first with their state, to its own staff only", async () => {
    const { id } = await place(await onShelf("Quince"), 1);
    expect((await t.call(S.selComplaintsByOrder, { orderId: id }, { ticket: owner })).data).toEqual([]);
    await t.call(
      S.complaintInformAdd,
      { orderId: id, about: "order", category: "fraud", content: "Paid with a stolen card." },
      { ticket: owner },
    );
    await t.call(
      S.complaintInformAdd,
      { orderId: id, about: "buyer", category: "abuse", content: "Insulted the courier." },
      { ticket: clerk },
    );
    const read = await t.call(S.selComplaintsByOrder, { orderId: id }, { ticket: clerk });
    expect(read.code).toBe(codes.OK);
    expect(read.data).toMatchObject([
      { about: "buyer", category: "abuse", content: "Insulted the courier.", status: "submitted" },
      { about: "order", category: "fraud", content: "Paid with a stolen card.", status: "submitted" },
    ]);
    expect((await t.call(S.selComplaintsByOrder, { orderId: id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const noFunction = await createStaff(t, boId, []);
    expect((await t.call(S.selComplaintsByOrder, { orderId: id }, { ticket: noFunction })).status).toBe(403);
  });
});
