import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLogin } from "../../../test/buyer-kit";
import { createStaff } from "../../../test/fixtures";
import { PNG } from "../../../test/goods-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { buyerCaller, onShelfSku, orderScene, placeOrder } from "../../../test/order-kit";
import { storedFile } from "../../system/system.tables";
import { orderInfo, orderPayment, orderTimeline } from "../orders.tables";

/*
 * Offline payment: the buyer's voucher image and voucher, the seller's review queue (pass pays the order through the
 * machine, reject lets the buyer upload again), tenancy, functions, wrong states and racing reviews.
 */

const P = contract.orderPay;
const BP = contract.buyerPay;
const B = contract.buyer;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let buyer: string;
let addressId: string;
let skuId: string;

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

/** The buyer uploads an image through the buyer API: its file id. */
async function uploadVoucherImage(ticket = buyer, bytes: Buffer = PNG, contentType = "image/png") {
  const res = await t.upload<{ id: string }>(
    BP.uploadVoucherImage.path,
    [
      { name: "systemId", value: "71" },
      { name: "file", filename: "transfer.png", contentType, value: bytes },
    ],
    { headers: { cookie: `buyer_ticket=${ticket}` } },
  );
  return res;
}

/** One piece (or `quantity`) of the file's SKU, as the file's buyer. */
const placeOne = (quantity = 1) => placeOrder(t, buyer, { addressId, items: [{ skuId, quantity }] });

async function voucherFor(order: { id: string; payAmount: number }, ticket = buyer) {
  const img = await uploadVoucherImage(ticket);
  expect(img.code, img.msg).toBe(codes.OK);
  const res = await bcall(
    BP.uploadVoucher,
    { id: order.id, voucherFileId: img.data.id, amount: order.payAmount, payerName: "Li Lei", bankRef: "ICBC-20260101-01" },
    { ticket },
  );
  expect(res.code, res.msg).toBe(codes.OK);
  const v = res.data.payments.find((p) => p.method === "offline" && p.status === "reviewing");
  if (!v) throw new Error("no voucher");
  return v.id;
}

const events = async (id: string) =>
  (await t.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, id)).orderBy(orderTimeline.at, orderTimeline.id)).map(
    (e) => e.event,
  );

beforeAll(async () => {
  t = await createTestApp();
  const scene = await orderScene(t, "13900000101");
  ({ boId, owner, other, buyer, addressId } = scene);
  skuId = await onShelfSku(t, owner, scene.image, "Voucher apples", 1500, 500);
}, 60_000);
afterAll(() => t.close());

describe("the buyer's voucher", () => {
  it("when a buyer uploads an image and gives a voucher, then it is in review with the seller's copy of the image", async () => {
    const order = await placeOne(2);
    const id = await voucherFor(order);
    const [p] = await t.db.select().from(orderPayment).where(eq(orderPayment.id, id));
    expect(p).toMatchObject({ method: "offline", status: "reviewing", amount: 3000, payerName: "Li Lei", bankRef: "ICBC-20260101-01" });
    const [copy] = await t.db
      .select()
      .from(storedFile)
      .where(eq(storedFile.id, p?.voucherFileId as string));
    expect(copy).toMatchObject({ boId, purpose: "payVoucher", contentType: "image/png" });
    // The seller's session opens the image; the order's timeline says so.
    const file = await t.app.inject({ method: "GET", url: `/files/${copy?.id}`, cookies: { ticket: owner } });
    expect(file.statusCode).toBe(200);
    expect(await events(order.id)).toEqual(["created", "voucherUploaded"]);
    // One in review at a time.
    const img = await uploadVoucherImage();
    const again = await bcall(BP.uploadVoucher, { id: order.id, voucherFileId: img.data.id, amount: 3000, payerName: "L", bankRef: "B2" });
    expect(again.reason).toBe("orders.voucherInReview");
  });

  it("when the input is bad, then 400 names the field and nothing is written", async () => {
    const order = await placeOne();
    const img = await uploadVoucherImage();
    const base = { id: order.id, voucherFileId: img.data.id, amount: order.payAmount, payerName: "Li Lei", bankRef: "R1" };
    for (const [patch, field] of [
      [{ amount: order.payAmount + 1 }, "amount"],
      [{ amount: -1 }, "amount"],
      [{ payerName: "" }, "payerName"],
      [{ bankRef: "x".repeat(65) }, "bankRef"],
      [{ voucherFileId: "01NOSUCHFILE00000000000000" }, "voucherFileId"],
    ] as const) {
      const res = await bcall(BP.uploadVoucher, { ...base, ...patch } as never);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res), field).toContain(`"path":"${field}"`);
    }
    // Another buyer's image is not this buyer's.
    const someone = await buyerLogin(t, "13900000102");
    const theirs = await uploadVoucherImage(someone);
    expect((await bcall(BP.uploadVoucher, { ...base, voucherFileId: theirs.data.id })).status).toBe(400);
    // A file that is no image is refused at upload.
    const pdf = await uploadVoucherImage(buyer, Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"), "application/pdf");
    expect(pdf.status).toBe(400);
    expect(await events(order.id)).toEqual(["created"]);
    // Another buyer's order answers not found.
    expect((await bcall(BP.uploadVoucher, { ...base, voucherFileId: theirs.data.id }, { ticket: someone })).code).toBe(codes.NOT_FOUND);
  });

  it("when the order is not pending payment, then the voucher is refused 000409; a closed order can be deleted by the buyer", async () => {
    const order = await placeOne();
    expect((await bcall(B.cancelOrder, { id: order.id })).code).toBe(codes.OK);
    const img = await uploadVoucherImage();
    const res = await bcall(BP.uploadVoucher, {
      id: order.id,
      voucherFileId: img.data.id,
      amount: order.payAmount,
      payerName: "L",
      bankRef: "R",
    });
    expect(res.code).toBe(codes.STATE_FORBIDS);
    const open = await placeOne();
    expect((await bcall(BP.deleteOrder, { id: open.id })).code).toBe(codes.STATE_FORBIDS);
    expect((await bcall(BP.deleteOrder, { id: order.id })).code).toBe(codes.OK);
    expect((await bcall(B.selOrderDetail, { id: order.id })).code).toBe(codes.NOT_FOUND);
    // The seller still sees it.
    expect((await t.call(contract.orders.selSellerOrderDetailById, { id: order.id }, { ticket: owner })).code).toBe(codes.OK);
    expect((await bcall(BP.deleteOrder, { id: order.id })).code).toBe(codes.NOT_FOUND);
  });
});

describe("the seller's review", () => {
  it("when the seller passes a voucher, then the order is paid offline and the voucher leaves the queue", async () => {
    const order = await placeOne();
    const id = await voucherFor(order);
    const queue = await t.call(P.selPayListByParam, {}, { ticket: owner });
    expect(queue.code, queue.msg).toBe(codes.OK);
    const row = queue.data.list.find((v) => v.id === id);
    expect(row).toMatchObject({ orderNo: order.orderNo, amount: order.payAmount, status: "reviewing", buyerPhone: "139****0101" });
    expect(row?.voucher?.url).toMatch(/^\/files\//);
    const one = await t.call(P.selVoucherById, { id }, { ticket: owner });
    expect(one.data.buyerPhone).toBe("13900000101");
    const res = await t.call(P.auditVoucherPass, { id }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ status: "passed", orderStatus: "paid" });
    const [o] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, order.id));
    expect(o).toMatchObject({ status: "paid", payMethod: "offline" });
    expect(await events(order.id)).toEqual(["created", "voucherUploaded", "paid"]);
    expect((await t.call(P.selPayListByParam, {}, { ticket: owner })).data.list.some((v) => v.id === id)).toBe(false);
    expect((await t.call(P.selPayListByParam, { status: "passed" }, { ticket: owner })).data.list[0]?.id).toBe(id);
    // Reviewed once: a second review is refused.
    expect((await t.call(P.auditVoucherReject, { id, reason: "late" }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
  });

  it("when the seller rejects a voucher with a reason, then the order still awaits payment and the buyer may upload again", async () => {
    const order = await placeOne();
    const id = await voucherFor(order);
    expect((await t.call(P.auditVoucherReject, { id, reason: "" }, { ticket: owner })).status).toBe(400);
    expect((await t.call(P.updVoucherApprovalStatusById, { id, status: "rejected" }, { ticket: owner })).status).toBe(400);
    const res = await t.call(
      P.updVoucherApprovalStatusById,
      { id, status: "rejected", reason: "The amount is not on our statement" },
      { ticket: owner },
    );
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({
      status: "rejected",
      rejectReason: "The amount is not on our statement",
      orderStatus: "pendingPayment",
    });
    const second = await voucherFor(order);
    expect(second).not.toBe(id);
    expect((await t.call(P.updVoucherApprovalStatusById, { id: second, status: "passed" }, { ticket: owner })).data.orderStatus).toBe(
      "paid",
    );
    expect(await events(order.id)).toEqual(["created", "voucherUploaded", "voucherRejected", "voucherUploaded", "paid"]);
  });

  it("when the price changed after the voucher, then passing is refused and rejecting still works", async () => {
    const order = await placeOne();
    const id = await voucherFor(order);
    const rev = await t.call(contract.orders.orderPriceRevision, { id: order.id, amount: 999, reason: "discount" }, { ticket: owner });
    expect(rev.code).toBe(codes.OK);
    const pass = await t.call(P.auditVoucherPass, { id }, { ticket: owner });
    expect(pass.code).toBe(codes.STATE_FORBIDS);
    expect(pass.reason).toBe("orderPay.voucherAmountChanged");
    expect((await t.call(P.auditVoucherReject, { id, reason: "price changed" }, { ticket: owner })).code).toBe(codes.OK);
  });

  it("when the queue is filtered by dates and order number, or asked badly, then it answers accordingly", async () => {
    const order = await placeOne();
    const id = await voucherFor(order);
    expect((await t.call(P.selPayListByParam, { orderNo: order.orderNo }, { ticket: owner })).data.list.map((v) => v.id)).toEqual([id]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await t.call(P.selPayListByParam, { from: future }, { ticket: owner })).data.total).toBe(0);
    expect((await t.call(P.selPayListByParam, { status: "nope" as never }, { ticket: owner })).status).toBe(400);
    expect((await t.call(P.selPayListByParam, { from: "yesterday" }, { ticket: owner })).status).toBe(400);
  });

  it("when another seller or a staff member without the function reviews, then not found / 403, nothing changed", async () => {
    const order = await placeOne();
    const id = await voucherFor(order);
    for (const [call, input] of [
      [P.selVoucherById, { id }],
      [P.auditVoucherPass, { id }],
      [P.auditVoucherReject, { id, reason: "x" }],
      [P.updVoucherApprovalStatusById, { id, status: "passed" }],
    ] as const)
      expect((await t.post(call.path, input, { ticket: other })).code, call.path).toBe(codes.NOT_FOUND);
    expect((await t.call(P.selPayListByParam, {}, { ticket: other })).data.list.some((v) => v.id === id)).toBe(false);
    const viewer = await createStaff(t, boId, ["order.manage"]);
    for (const [call, input] of [
      [P.selPayListByParam, {}],
      [P.selVoucherById, { id }],
      [P.auditVoucherPass, { id }],
      [P.auditVoucherReject, { id, reason: "x" }],
    ] as const)
      expect((await t.post(call.path, input, { ticket: viewer })).status, call.path).toBe(403);
    const reviewer = await createStaff(t, boId, ["order.manage.voucher"]);
    expect((await t.call(P.selVoucherById, { id }, { ticket: reviewer })).code).toBe(codes.OK);
    expect(await events(order.id)).toEqual(["created", "voucherUploaded"]);
  });
});

describe("races", () => {
  it("when a pass and a reject of one voucher race, then exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const order = await placeOne();
      const id = await voucherFor(order);
      const answers = await Promise.all([
        t.call(P.auditVoucherPass, { id }, { ticket: owner }),
        t.call(P.auditVoucherReject, { id, reason: "race" }, { ticket: owner }),
        t.call(P.auditVoucherPass, { id }, { ticket: owner }),
        t.call(P.auditVoucherReject, { id, reason: "race" }, { ticket: owner }),
      ]);
      expect(answers.filter((a) => a.code === codes.OK)).toHaveLength(1);
      expect(answers.filter((a) => a.code === codes.STATE_FORBIDS)).toHaveLength(3);
      const evs = await events(order.id);
      expect(evs.filter((e) => e === "paid" || e === "voucherRejected")).toHaveLength(1);
    }
  }, 60_000);
});
