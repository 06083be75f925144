import { codes, contract } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../../../platform/db/rows";
import { createStaff } from "../../../test/fixtures";
import type { TestApp } from "../../../test/harness";
import { buyerCaller, onShelfSku, orderScene, placeOrder } from "../../../test/order-kit";
import { orderTimeline } from "../orders.tables";

/*
 * A payment the order cannot take (issue 22, finding 2): paid twice, paid after a cancel, paid after a price change.
 * The money goes back to the buyer through the provider's refund, once per payment however often the notification
 * comes; it shows on the order and in finance (not as income); a refund the provider refuses stays due with a retry.
 * The sandbox provider is real; the test only counts its refunds and can make it refuse, as a provider that is down.
 */

const provider = vi.hoisted(() => ({ refunds: [] as string[], down: false }));
vi.mock("./payment.port", async (importOriginal) => {
  const real = await importOriginal<typeof import("./payment.port")>();
  return {
    ...real,
    sandboxProvider: (secret: string) => {
      const p = real.sandboxProvider(secret);
      return {
        ...p,
        async refund(r: Parameters<typeof p.refund>[0]) {
          if (provider.down) throw new Error("provider unavailable");
          provider.refunds.push(r.refundId);
          return p.refund(r);
        },
      };
    },
  };
});

const B = contract.buyer;
const O = contract.orders;
const P = contract.orderPay;
const F = contract.finance;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let image: string;
let buyer: string;
let addressId: string;
let serial = 0;

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

async function placeAtPrice(price = 2000) {
  serial += 1;
  const skuId = await onShelfSku(t, owner, image, `Refund item ${serial}`, price, 20);
  return (await placeOrder(t, buyer, { addressId, items: [{ skuId, quantity: 1 }] })).id;
}

async function startPayment(id: string) {
  const pay = await bcall(B.payOrder, { id });
  expect(pay.code, pay.msg).toBe(codes.OK);
  return pay.data;
}

const notify = async (params: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/buyer/trading/pay/notify/sandbox",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(params),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: string; data: { status: string } };
};

const detail = async (id: string) => {
  const d = await t.call(O.selSellerOrderDetailById, { id }, { ticket: owner });
  expect(d.code, d.msg).toBe(codes.OK);
  return d.data;
};
const events = async (id: string) =>
  (await t.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, id)).orderBy(orderTimeline.at, orderTimeline.id)).map(
    (e) => e.event,
  );
const amounts = async () => (await t.call(F.queryAccountAmount, {}, { ticket: owner })).data;
const flows = async () => (await t.call(F.selFlowListByPage, { pageNum: 1, pageSize: 100 }, { ticket: owner })).data.list;
const refundRows = async (paymentId: string) =>
  rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from payment_refund where payment_id = ${paymentId}`);

beforeAll(async () => {
  // The suite shares modules between test files (vitest.config.ts, `isolate: false`): an earlier file may have loaded
  // the payment module unmocked, so the app is loaded afresh here, after the mock (as login-timing.test.ts does).
  vi.resetModules();
  t = await (await import("../../../test/harness")).createTestApp();
  ({ boId, owner, other, image, buyer, addressId } = await orderScene(t, "13900000071"));
}, 120_000);
afterAll(() => t.close());

describe("a payment the order cannot take", () => {
  it("when a buyer pays one order twice, then the second payment is refunded once, on the order and in finance, never as income", async () => {
    const id = await placeAtPrice(2000);
    const first = await startPayment(id);
    const second = await startPayment(id);
    const before = await amounts();
    expect((await notify(first.params)).data.status).toBe("succeeded");
    const paid = await amounts();
    expect(paid.income).toBe(before.income + 2000);
    // The provider's server sends the second notification five times at once.
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(second.params)));
    expect(answers.map((a) => a.data.status)).toEqual(Array.from({ length: 5 }, () => "succeeded"));
    // The provider was asked once, by a refund id derived from the payment.
    expect(provider.refunds.filter((r) => r === `payment:${second.paymentId}`)).toHaveLength(1);
    // Replays of both notifications change nothing and refund nothing more.
    await notify(second.params);
    await notify(first.params);
    expect(provider.refunds.filter((r) => r === `payment:${second.paymentId}`)).toHaveLength(1);
    expect((await refundRows(second.paymentId))[0]?.n).toBe(1);

    const d = await detail(id);
    expect(d.status).toBe("paid");
    const p2 = d.payments.find((p) => p.id === second.paymentId);
    expect(p2).toMatchObject({ status: "succeeded", amount: 2000 });
    expect(p2?.refund).toMatchObject({ reason: "alreadyPaid", status: "refunded", amount: 2000, failedAttempts: 0 });
    expect(p2?.refund?.providerRef).toMatch(/^SBR/);
    expect(d.payments.find((p) => p.id === first.paymentId)?.refund).toBeNull();
    expect(await events(id)).toEqual(["created", "paid", "paymentRefundDue", "paymentRefunded"]);

    // Finance: the second payment and its refund are both flows; the balance counts the order once.
    const after = await amounts();
    expect(after).toMatchObject({ income: paid.income, fees: paid.fees, refunds: paid.refunds, balance: paid.balance, dueToBuyers: 0 });
    const rid = p2?.refund?.id as string;
    const mine = (await flows()).filter((f) => f.orderId === id);
    expect(mine.map((f) => [f.source, f.kind, f.amount]).sort()).toEqual([
      ["order", "credit", 2000 - (paid.fees - before.fees)],
      ["payment", "credit", 2000],
      ["paymentRefund", "debit", 2000],
    ]);
    const flow = await t.call(F.selCashFlowDetail, { id: `paymentRefund:${rid}` }, { ticket: owner });
    expect(flow.data).toMatchObject({ source: "paymentRefund", kind: "debit", amount: 2000, provider: "sandbox", orderStatus: "paid" });
    const list = await t.call(P.selPaymentRefundPage, { pageNum: 1, pageSize: 20, status: "refunded" }, { ticket: owner });
    expect(list.data.list.find((r) => r.id === rid)).toMatchObject({ orderId: id, paymentId: second.paymentId, status: "refunded" });
  });

  it("when the provider refuses the refund, then it stays due in finance's list, and a retry refunds it once", async () => {
    const id = await placeAtPrice(1500);
    const first = await startPayment(id);
    const second = await startPayment(id);
    await notify(first.params);
    provider.down = true;
    try {
      expect((await notify(second.params)).data.status).toBe("succeeded");
      const due = (await detail(id)).payments.find((p) => p.id === second.paymentId)?.refund;
      expect(due).toMatchObject({ status: "due", reason: "alreadyPaid", failedAttempts: 1, providerRef: null });
      expect((await amounts()).dueToBuyers).toBe(1500);
      const list = await t.call(P.selPaymentRefundPage, { pageNum: 1, pageSize: 20, status: "due" }, { ticket: owner });
      expect(list.data.list.map((r) => r.id)).toContain(due?.id);
      // A retry while the provider still refuses: said plainly, the attempt counted, still due.
      const refused = await t.call(P.retryPaymentRefund, { id: due?.id as string }, { ticket: owner });
      expect(refused.code).toBe(codes.PROVIDER_FAILED);
      expect(refused.reason).toBe("orderPay.paymentRefundFailed");
      expect(refused.params).toMatchObject({ amount: "15.00" });
      expect((await detail(id)).payments.find((p) => p.id === second.paymentId)?.refund).toMatchObject({
        status: "due",
        failedAttempts: 2,
      });
    } finally {
      provider.down = false;
    }
    const rid = (await detail(id)).payments.find((p) => p.id === second.paymentId)?.refund?.id as string;
    // Another seller, or a member without the finance function, cannot see or retry it.
    expect((await t.call(P.retryPaymentRefund, { id: rid }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    expect(
      (await t.call(P.selPaymentRefundPage, { pageNum: 1, pageSize: 20 }, { ticket: other })).data.list.map((r) => r.id),
    ).not.toContain(rid);
    const clerk = await createStaff(t, boId, ["order.manage"]);
    expect((await t.call(P.retryPaymentRefund, { id: rid }, { ticket: clerk })).status).toBe(403);
    // Retried: refunded once; again: refused, nothing more moves.
    const retried = await t.call(P.retryPaymentRefund, { id: rid }, { ticket: owner });
    expect(retried.code, retried.msg).toBe(codes.OK);
    expect(retried.data).toMatchObject({ status: "refunded", failedAttempts: 2, orderId: id });
    const again = await t.call(P.retryPaymentRefund, { id: rid }, { ticket: owner });
    expect(again.reason).toBe("orderPay.paymentRefundDone");
    await notify(second.params);
    expect(provider.refunds.filter((r) => r === `payment:${second.paymentId}`)).toHaveLength(1);
    expect((await amounts()).dueToBuyers).toBe(0);
    expect(await events(id)).toEqual(["created", "paid", "paymentRefundDue", "paymentRefunded"]);
  });

  it("when a payment arrives after a price change or after a cancel, then the order stays as it is and the payment is refunded", async () => {
    const revised = await placeAtPrice(3000);
    const stale = await startPayment(revised);
    const r = await t.call(O.orderPriceRevision, { id: revised, amount: 2500, reason: "Loyal buyer" }, { ticket: owner });
    expect(r.code, r.msg).toBe(codes.OK);
    await notify(stale.params);
    const d1 = await detail(revised);
    expect(d1.status).toBe("pendingPayment");
    expect(d1.payments.find((p) => p.id === stale.paymentId)?.refund).toMatchObject({ reason: "amountChanged", status: "refunded" });
    // The buyer can still pay the new amount.
    const fresh = await startPayment(revised);
    expect(fresh.amount).toBe(2500);
    await notify(fresh.params);
    expect((await detail(revised)).status).toBe("paid");

    const cancelled = await placeAtPrice(1000);
    const late = await startPayment(cancelled);
    expect((await bcall(B.cancelOrder, { id: cancelled })).code).toBe(codes.OK);
    await notify(late.params);
    const d2 = await detail(cancelled);
    expect(d2.status).toBe("cancelled");
    expect(d2.payments.find((p) => p.id === late.paymentId)?.refund).toMatchObject({
      reason: "cancelled",
      status: "refunded",
      amount: 1000,
    });
  });
});
