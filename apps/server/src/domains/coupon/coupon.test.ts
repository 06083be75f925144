import { codes, contract, type InputOf } from "@sbo/contract";
import { refusalWords } from "@sbo/contract/field-words";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../platform/db/rows";
import { buyerAddress, buyerLogin } from "../../test/buyer-kit";
import { createStaff, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { buyerCaller } from "../../test/order-kit";
import { orderInfo } from "../orders/orders.tables";
import { couponCard, couponRule, coupon as couponTable } from "./coupon.tables";

/*
 * Coupons: rules (add, edit, activate, end, delete), exchange vouchers, buyers receiving and redeeming, the issued
 * coupons and their use at checkout (frozen on submit, used on payment, released on cancel) — success, bad input,
 * another seller's ids, a missing function, forbidden transitions and races.
 */

const S = contract.coupon;
const P = contract.cardPool;
const B = contract.buyerCoupon;
const O = contract.buyer;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let buyer: string;
let addressId: string;
let sku: { id: string; goodsId: string };

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

let serial = 0;
const code = () => `T${Date.now().toString(36)}${++serial}`.slice(0, 32);
const DAY = 86_400_000;

const base = (): InputOf<typeof S.addCoupRegular> => ({
  regCode: code(),
  name: "¥5 off",
  discountType: "amount",
  amount: 500,
  validityType: "fixed",
  validFrom: new Date(Date.now() - DAY).toISOString(),
  validTo: new Date(Date.now() + 30 * DAY).toISOString(),
  totalQuantity: 100,
  perMemberLimit: 2,
});

async function addRule(input: Partial<InputOf<typeof S.addCoupRegular>> = {}, activate = true) {
  const res = await t.call(S.addCoupRegular, { ...base(), ...input }, { ticket: owner });
  expect(res.code, res.msg).toBe(codes.OK);
  if (activate) {
    const on = await t.call(S.updCoupRegularByRegCode, { regCode: res.data.regCode, action: "activate" }, { ticket: owner });
    expect(on.code, on.msg).toBe(codes.OK);
    return on.data;
  }
  return res.data;
}

async function receive(ruleId: string, ticket = buyer) {
  const res = await bcall(B.receiveCoupon, { ruleId }, ticket);
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data;
}

const rulesOf = async (bo: string) => (await t.db.select().from(couponRule).where(eq(couponRule.boId, bo))).length;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  other = await t.login("demo2");
  boId = (await meOf(t, owner)).boId as string;
  buyer = await buyerLogin(t, "13900007701");
  addressId = await buyerAddress(t, buyer, "13900007701");
  const [row] = await rowsOf<{ id: string; goods_id: string }>(
    t.db,
    sql`select s.id, s.goods_id from goods_sku s join goods g on g.id = s.goods_id
        where g.status = 'on' and g.kind = 'goods' and s.stock > 50 and g.bo_id = ${boId} and g.fresh = false
        and s.price >= 1000 order by s.id limit 1`,
  );
  if (!row) throw new Error("no demo SKU");
  sku = { id: row.id, goodsId: row.goods_id };
}, 120_000);
afterAll(() => t.close());

describe("the demo data", () => {
  it("when the demo is built, then each demo seller has rules in every state and coupons frozen, used and unused", async () => {
    for (const ticket of [owner, other]) {
      const list = await t.call(S.queryCoupRegListByPage, { keyword: "DEMO" }, { ticket });
      expect(list.data.counts).toMatchObject({ draft: 1, active: 3, ended: 1 });
      expect((await t.call(S.selExchangeCoupRegListByPage, { keyword: "DEMO" }, { ticket })).data.total).toBe(1);
      const numbers = await t.call(S.selCouponRegNum, { regCode: "DEMO-5OFF" }, { ticket });
      expect(numbers.data.used).toBeGreaterThan(0);
      const usage = await t.call(S.selCouponUsageDetails, { regCode: "DEMO-5OFF" }, { ticket });
      expect(usage.data.discountTotal).toBe(500 * usage.data.total);
      expect((await t.call(S.selCouponRegNum, { regCode: "DEMO-10PCT" }, { ticket })).data.unused).toBeGreaterThan(0);
    }
  });
});

describe("coupon rules", () => {
  it("when the seller adds a rule, then it is a draft in the list (with its tab counts) and its detail answers by code", async () => {
    const input = base();
    const res = await t.call(S.addCoupRegular, input, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ regCode: input.regCode, state: "draft", kind: "coupon", amount: 500, issuedQuantity: 0 });
    const list = await t.call(S.queryCoupRegListByPage, { keyword: input.regCode }, { ticket: owner });
    expect(list.data.list.map((r) => r.regCode)).toEqual([input.regCode]);
    expect(list.data.counts).toMatchObject({ all: 1, draft: 1, active: 0 });
    const detail = await t.call(S.selCoupRegularByRegCode, { regCode: input.regCode as string }, { ticket: owner });
    expect(detail.data).toMatchObject({ name: "¥5 off", numbers: { issued: 0 } });
    // Exchange vouchers are a list of their own.
    const vouchers = await t.call(S.selExchangeCoupRegListByPage, { keyword: input.regCode }, { ticket: owner });
    expect(vouchers.data.list).toEqual([]);
  });

  it("when a rule's input is wrong, then each answer is 400 naming the field and nothing is written", async () => {
    const before = await rulesOf(boId);
    const cases: [string, Partial<InputOf<typeof S.addCoupRegular>>][] = [
      ["name", { name: "" }],
      ["amount", { amount: 0 }],
      ["percentOff", { discountType: "percent", percentOff: 0 }],
      ["minSpend", { discountType: "threshold", amount: 500, minSpend: 500 }],
      ["validTo", { validTo: new Date(Date.now() - 2 * DAY).toISOString() }],
      ["validDays", { validityType: "days", validFrom: undefined, validTo: undefined }],
      ["perMemberLimit", { totalQuantity: 1, perMemberLimit: 2 }],
      ["goodsIds", { goodsScope: "goods", goodsIds: [] }],
      ["exchangeCode", { kind: "exchange" }],
      ["regCode", { regCode: "a b" }],
    ];
    for (const [field, patch] of cases) {
      const res = await t.call(S.addCoupRegular, { ...base(), ...patch }, { ticket: owner });
      expect(res.status, field).toBe(400);
      expect(res.msg, field).toContain(field);
    }
    // Goods of another seller, and a code already used: refused on the field.
    const [theirs] = await rowsOf<{ id: string }>(t.db, sql`select id from goods where bo_id <> ${boId} limit 1`);
    const foreign = await t.call(S.addCoupRegular, { ...base(), goodsScope: "goods", goodsIds: [theirs?.id as string] }, { ticket: owner });
    expect(foreign.status).toBe(400);
    expect(foreign.msg).toContain("goodsIds");
    const taken = await addRule({}, false);
    expect(await rulesOf(boId)).toBe(before + 1);
    const again = await t.call(S.addCoupRegular, { ...base(), regCode: taken.regCode }, { ticket: owner });
    expect(again.status).toBe(400);
    expect(again.msg).toContain("regCode");
    expect(JSON.stringify(again.data)).toContain("coupon.regCodeTaken");
    expect(await rulesOf(boId)).toBe(before + 1);
  });

  it("when another seller or a member without the function asks, then it is not found or forbidden, nothing changed", async () => {
    const rule = await addRule({}, false);
    expect((await t.call(S.selCoupRegularByRegCode, { regCode: rule.regCode }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(S.updCoupRegularByRegCode, { regCode: rule.regCode, action: "activate" }, { ticket: other })).code).toBe(
      codes.NOT_FOUND,
    );
    expect((await t.call(S.delCoupRegular, { id: rule.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const clerk = await createStaff(t, boId, ["order.manage"]);
    const denied = await t.call(S.addCoupRegular, base(), { ticket: clerk });
    expect(denied.status).toBe(403);
    expect((await t.call(S.queryCoupRegListByPage, {}, { ticket: clerk })).status).toBe(403);
    const [row] = await t.db.select().from(couponRule).where(eq(couponRule.id, rule.id));
    expect(row?.state).toBe("draft");
  });

  it("when a rule moves draft → active → ended, then each other transition is refused by its state", async () => {
    const rule = await addRule({}, false);
    const end = await t.call(S.updCoupRegularByRegCode, { regCode: rule.regCode, action: "end" }, { ticket: owner });
    expect(end.reason).toBe("coupon.wrongState");
    await t.call(S.updCoupRegularByRegCode, { regCode: rule.regCode, action: "activate" }, { ticket: owner });
    expect((await t.call(S.updCoupRegularByRegCode, { regCode: rule.regCode, action: "activate" }, { ticket: owner })).reason).toBe(
      "coupon.wrongState",
    );
    const ended = await t.call(S.updCoupRegularByRegCode, { regCode: rule.regCode, action: "end" }, { ticket: owner });
    expect(ended.data.state).toBe("ended");
    const edit = await t.call(S.updCoupRegular, { ...base(), id: rule.id, regCode: rule.regCode }, { ticket: owner });
    expect(edit.reason).toBe("coupon.wrongState");
    // Buyers can no longer receive an ended rule.
    expect((await bcall(B.receiveCoupon, { ruleId: rule.id })).reason).toBe("coupon.notReceivable");
  });

  it("when a draft is edited, then every field changes; once active only name and total (not below the issued) may", async () => {
    const rule = await addRule({}, false);
    const draft = await t.call(
      S.updCoupRegular,
      { ...base(), id: rule.id, regCode: rule.regCode, discountType: "percent", percentOff: 10, maxDiscount: 300 },
      { ticket: owner },
    );
    expect(draft.data).toMatchObject({ discountType: "percent", percentOff: 10, amount: 0 });
    await t.call(S.updCoupRegularByRegCode, { regCode: rule.regCode, action: "activate" }, { ticket: owner });
    const current = { ...base(), id: rule.id, regCode: rule.regCode, discountType: "percent" as const, percentOff: 10, maxDiscount: 300 };
    current.validFrom = draft.data.validFrom as string;
    current.validTo = draft.data.validTo as string;
    // The refusal names the field that may no longer change and what may, never "cannot be activated".
    const changeType = await t.call(S.updCoupRegular, { ...current, percentOff: 50 }, { ticket: owner });
    expect(changeType.reason).toBe("coupon.fixedWhenActive");
    expect(changeType.msg).toBe(
      "Percent off cannot change: this coupon rule is active and buyers may already hold its coupons. Only its name, description and total quantity can change; end it and add a new rule to change the rest",
    );
    await receive(rule.id);
    const limit = await t.call(S.updCoupRegular, { ...current, perMemberLimit: 1 }, { ticket: owner });
    expect(limit.reason).toBe("coupon.fixedWhenActive");
    expect(refusalWords(limit.reason ?? "", "zh", limit.params)).toMatch(/^每人限领不能修改：该优惠券规则已生效/);
    const renamed = await t.call(S.updCoupRegular, { ...current, name: "10% off" }, { ticket: owner });
    expect(renamed.code, renamed.msg).toBe(codes.OK);
    expect(renamed.data).toMatchObject({ name: "10% off", percentOff: 10, issuedQuantity: 1 });
  });

  it("when a rule has issued coupons, then it cannot be deleted (only ended); a rule without any is deleted", async () => {
    const used = await addRule();
    await receive(used.id);
    const del = await t.call(S.delCoupRegular, { id: used.id }, { ticket: owner });
    expect(del.reason).toBe("coupon.hasIssued");
    const unused = await addRule({}, false);
    expect((await t.call(S.delCoupRegular, { id: unused.id }, { ticket: owner })).code).toBe(codes.OK);
    expect(await t.db.select().from(couponRule).where(eq(couponRule.id, unused.id))).toEqual([]);
  });
});

describe("receiving coupons", () => {
  it("when a buyer receives coupons, then the per-buyer limit and the total hold; the seller sees them issued", async () => {
    const rule = await addRule({
      totalQuantity: 3,
      perMemberLimit: 2,
      validityType: "days",
      validDays: 7,
      validFrom: undefined,
      validTo: undefined,
    });
    const listed = await bcall(B.selReceivableCoupons, { boId });
    expect(listed.data.map((r) => r.id)).toContain(rule.id);
    const got = await receive(rule.id);
    expect(new Date(got.validTo).getTime() - new Date(got.validFrom).getTime()).toBe(7 * DAY);
    await receive(rule.id);
    expect((await bcall(B.receiveCoupon, { ruleId: rule.id })).reason).toBe("coupon.limitReached");
    const second = await buyerLogin(t, "13900007702");
    await receive(rule.id, second);
    expect((await bcall(B.receiveCoupon, { ruleId: rule.id }, second)).reason).toBe("coupon.soldOut");
    const issued = await t.call(S.selCouponList, { regCode: rule.regCode }, { ticket: owner });
    expect(issued.data.total).toBe(3);
    expect(issued.data.list[0]?.memberPhone).toMatch(/^139\*{4}\d{4}$/);
    expect((await t.call(S.selCouponRegNum, { regCode: rule.regCode }, { ticket: owner })).data).toMatchObject({ issued: 3, unused: 3 });
    expect((await t.call(S.selCouponList, { regCode: rule.regCode }, { ticket: other })).code).toBe(codes.NOT_FOUND);
  });

  it("when many buyers receive the last coupons at once, then exactly the total is issued", async () => {
    const rule = await addRule({ totalQuantity: 2, perMemberLimit: 1 });
    const tickets = await Promise.all(["13900007711", "13900007712", "13900007713", "13900007714"].map((p) => buyerLogin(t, p)));
    const results = await Promise.all(tickets.map((ticket) => bcall(B.receiveCoupon, { ruleId: rule.id }, ticket)));
    expect(results.filter((r) => r.code === codes.OK)).toHaveLength(2);
    const [row] = await t.db.select().from(couponRule).where(eq(couponRule.id, rule.id));
    expect(row?.issuedQuantity).toBe(2);
    expect(await t.db.select().from(couponTable).where(eq(couponTable.ruleId, rule.id))).toHaveLength(2);
  });

  it("when a buyer types an exchange voucher's code, then a coupon is issued; the seller can invalidate it once", async () => {
    const exchangeCode = `EX${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    const rule = await addRule({ kind: "exchange", exchangeCode });
    const vouchers = await t.call(S.selExchangeCoupRegListByPage, { keyword: rule.regCode }, { ticket: owner });
    expect(vouchers.data.list[0]).toMatchObject({ exchangeCode, kind: "exchange" });
    const unknown = await bcall(B.redeemExchangeCode, { boId, code: "NOPE1234" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.data)).toContain("coupon.exchangeCodeUnknown");
    const res = await bcall(B.redeemExchangeCode, { boId, code: exchangeCode.toLowerCase() });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.source).toBe("exchange");
    expect((await t.call(S.updExchangeInvalid, { id: res.data.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const inv = await t.call(S.updExchangeInvalid, { id: res.data.id }, { ticket: owner });
    expect(inv.data.state).toBe("invalid");
    expect((await t.call(S.updExchangeInvalid, { id: res.data.id }, { ticket: owner })).reason).toBe("coupon.couponWrongState");
    const mine = await bcall(B.selMyCoupons, { state: "invalid" });
    expect(mine.data.list.map((c) => c.id)).toContain(res.data.id);
  });
});

describe("coupons at checkout", () => {
  const items = () => [{ skuId: sku.id, quantity: 2 }];

  it("when the buyer checks out with a coupon, then the discount applies, the coupon freezes, payment uses it", async () => {
    const rule = await addRule({ amount: 700 });
    const c = await receive(rule.id);
    const preview = await bcall(O.previewOrder, { addressId, items: items(), coupons: { [boId]: c.id } });
    expect(preview.code, preview.msg).toBe(codes.OK);
    const shop = preview.data.shops[0];
    expect(shop?.discountAmount).toBe(700);
    expect(shop?.payAmount).toBe((shop?.goodsAmount ?? 0) + (shop?.freightAmount ?? 0) - 700);
    const sub = await bcall(O.submitOrder, { addressId, items: items(), coupons: { [boId]: c.id } });
    expect(sub.code, sub.msg).toBe(codes.OK);
    const orderId = sub.data.orders[0]?.id as string;
    const record = await t.call(S.selCouponRecordByOrderIdV2, { orderId }, { ticket: owner });
    expect(record.data).toMatchObject([{ id: c.id, state: "frozen", discountAmount: 700 }]);
    expect((await t.call(S.getCouponParentOrderId, { id: c.id }, { ticket: owner })).data?.orderId).toBe(orderId);
    // Held by an unpaid order: the seller cannot unfreeze or invalidate it.
    expect((await t.call(S.updUnFrozenCouponOperation, { id: c.id }, { ticket: owner })).reason).toBe("coupon.couponHeld");
    expect((await t.call(S.updExchangeInvalid, { id: c.id }, { ticket: owner })).reason).toBe("coupon.couponHeld");
    const pay = await bcall(O.payOrder, { id: orderId });
    expect(pay.code, pay.msg).toBe(codes.OK);
    const notify = await t.app.inject({
      method: "POST",
      url: "/api/buyer/trading/pay/notify/sandbox",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(pay.data.params),
    });
    expect(notify.json()).toMatchObject({ code: "0" });
    const usage = await t.call(S.selCouponUsageDetails, { regCode: rule.regCode }, { ticket: owner });
    expect(usage.data).toMatchObject({ total: 1, discountTotal: 700 });
    expect(usage.data.list[0]).toMatchObject({ id: c.id, state: "used", orderId });
    const [r] = await t.db.select().from(couponRule).where(eq(couponRule.id, rule.id));
    expect(r?.usedQuantity).toBe(1);
    expect((await t.call(S.updUnFrozenCouponOperation, { id: c.id }, { ticket: owner })).reason).toBe("coupon.couponWrongState");
  });

  it("when two orders are submitted at once with one coupon, then one holds it and the other is refused, taking nothing", async () => {
    const rule = await addRule();
    const c = await receive(rule.id);
    const [a, b] = await Promise.all([
      bcall(
        O.submitOrder,
        { addressId, items: items(), coupons: { [boId]: c.id } },
        { ticket: buyer, headers: { "Idempotency-Key": `k-${c.id}-1` } },
      ),
      bcall(
        O.submitOrder,
        { addressId, items: items(), coupons: { [boId]: c.id } },
        { ticket: buyer, headers: { "Idempotency-Key": `k-${c.id}-2` } },
      ),
    ]);
    expect([a.code, b.code].filter((x) => x === codes.OK)).toHaveLength(1);
    expect([a.reason, b.reason]).toContain("coupon.notUsable");
    const held = await t.db.select().from(couponTable).where(eq(couponTable.id, c.id));
    expect(held[0]?.state).toBe("frozen");
    const orders = await t.db
      .select()
      .from(orderInfo)
      .where(eq(orderInfo.id, held[0]?.orderId as string));
    expect(orders).toHaveLength(1);
  });

  it("when the unpaid order is cancelled, then its coupon is unused again; a coupon of another shop is refused", async () => {
    const rule = await addRule();
    const c = await receive(rule.id);
    const sub = await bcall(O.submitOrder, { addressId, items: items(), coupons: { [boId]: c.id } });
    const orderId = sub.data.orders[0]?.id as string;
    const cancel = await bcall(O.cancelOrder, { id: orderId, reason: "changed my mind" });
    expect(cancel.code, cancel.msg).toBe(codes.OK);
    const [row] = await t.db.select().from(couponTable).where(eq(couponTable.id, c.id));
    expect(row).toMatchObject({ state: "unused", orderId: null });
    // Used on the wrong shop's order: refused.
    const wrongShop = await bcall(O.previewOrder, { addressId, items: items(), coupons: { other: c.id } });
    expect(wrongShop.code).toBe(codes.OK);
    expect(wrongShop.data.shops[0]?.discountAmount).toBe(0);
    const threshold = await addRule({ discountType: "threshold", amount: 100, minSpend: 100_000_00 });
    const tc = await receive(threshold.id);
    expect((await bcall(O.previewOrder, { addressId, items: items(), coupons: { [boId]: tc.id } })).reason).toBe("coupon.notUsable");
  });

  it("when a frozen coupon's order is no longer unpaid, then the seller may unfreeze it", async () => {
    const rule = await addRule();
    const c = await receive(rule.id);
    const sub = await bcall(O.submitOrder, { addressId, items: items(), coupons: { [boId]: c.id } });
    const orderId = sub.data.orders[0]?.id as string;
    // An order cancelled outside the machine (as a repair would): the coupon stays frozen until the seller releases it.
    await t.db.update(orderInfo).set({ status: "cancelled" }).where(eq(orderInfo.id, orderId));
    expect((await t.call(S.updUnFrozenCouponOperation, { id: c.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const res = await t.call(S.updUnFrozenCouponOperation, { id: c.id }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ state: "unused", orderId: null });
    expect((await t.call(S.updUnFrozenCouponOperation, { id: c.id }, { ticket: owner })).reason).toBe("coupon.couponWrongState");
  });
});

describe("password cards and card pools", () => {
  it("when card passwords or exchange codes are guessed from one address, then its per-minute budget (login's) runs out: 429", async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "2" } });
    try {
      const guess = (path: string) =>
        limited.app.inject({
          method: "POST",
          url: path,
          remoteAddress: "203.0.113.77",
          headers: { "content-type": "application/json", "sign-token": limited.config.signToken },
          payload: JSON.stringify({ systemId: 71, boId, cardNo: "C0000000001", password: "GUESS2345678", code: "GUESS1" }),
        });
      expect((await guess(B.redeemCard.path)).statusCode).not.toBe(429);
      expect((await guess(B.redeemExchangeCode.path)).statusCode).not.toBe(429);
      const third = await guess(B.redeemCard.path);
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe(codes.TOO_MANY_REQUESTS);
    } finally {
      await limited.close();
    }
  });

  async function exported(id: string, ticket = owner) {
    const res = await t.app.inject({
      method: "POST",
      url: P.exportEntityCardsData.path,
      headers: { "content-type": "application/json", "sign-token": t.config.signToken, "accept-language": "zh-CN" },
      cookies: { ticket },
      payload: JSON.stringify({ systemId: 71, id }),
    });
    return res;
  }

  it("when a pool is generated for a card rule, then its cards export once with passwords, and a buyer redeems one", async () => {
    const rule = await addRule({ kind: "card", perMemberLimit: 1 });
    const cardRules = await t.call(S.queryCoupRegListByPage, { kind: "card", keyword: rule.regCode }, { ticket: owner });
    expect(cardRules.data.list.map((r) => r.kind)).toEqual(["card"]);
    expect((await t.call(S.queryCoupRegListByPage, { keyword: rule.regCode }, { ticket: owner })).data.total).toBe(0);
    const notCard = await addRule();
    const wrong = await t.call(P.addCouponCardPoolRegular, { ruleId: notCard.id, name: "Batch", quantity: 3 }, { ticket: owner });
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toContain("ruleId");
    const made = await t.call(P.addCouponCardPoolRegular, { ruleId: rule.id, name: "Gift cards A", quantity: 5 }, { ticket: owner });
    expect(made.code, made.msg).toBe(codes.OK);
    expect(made.data).toMatchObject({ quantity: 5, redeemed: 0, state: "active", exportedAt: null, regCode: rule.regCode });
    const list = await t.call(P.selCouponCardPoolRegularByPage, { keyword: "Gift cards A" }, { ticket: owner });
    expect(list.data.list.map((p) => p.id)).toEqual([made.data.id]);
    expect((await t.call(P.selCouponCardPoolRegularByParam, { id: made.data.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    // The stored passwords are hashes; the plain ones only until the export.
    const stored = await t.db.select().from(couponCard).where(eq(couponCard.poolId, made.data.id));
    expect(stored).toHaveLength(5);
    expect(stored.every((c) => /^[0-9a-f]{64}$/.test(c.passwordHash) && c.passwordPlain !== null)).toBe(true);

    expect((await exported(made.data.id, other)).json()).toMatchObject({ code: codes.NOT_FOUND });
    const file = await exported(made.data.id);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, "卡号", "卡密", "优惠券", "状态"]);
    const rows = (sheet?.getSheetValues() ?? []).slice(2) as unknown[][];
    expect(rows).toHaveLength(5);
    // The state in the seller's words, not the state's code.
    expect(rows.map((r) => r[4])).toEqual(Array(5).fill("未兑换"));
    const [, cardNo, password] = rows[0] as [unknown, string, string];
    expect((await exported(made.data.id)).json()).toMatchObject({ reason: "coupon.alreadyExported" });
    expect((await t.db.select().from(couponCard).where(eq(couponCard.poolId, made.data.id))).every((c) => c.passwordPlain === null)).toBe(
      true,
    );

    const bad = await bcall(B.redeemCard, { boId, cardNo, password: "WRONGPASS234" });
    expect(bad.status).toBe(400);
    const got = await bcall(B.redeemCard, { boId, cardNo, password });
    expect(got.code, got.msg).toBe(codes.OK);
    expect(got.data).toMatchObject({ source: "card", state: "unused", ruleId: rule.id });
    expect((await bcall(B.redeemCard, { boId, cardNo, password })).status).toBe(400);
    const records = await t.call(P.selCouponInfoAndCardPoolRecordsByPage, { poolId: made.data.id, state: "redeemed" }, { ticket: owner });
    expect(records.data.rule.regCode).toBe(rule.regCode);
    expect(records.data.list).toMatchObject([{ cardNo, state: "redeemed", couponId: got.data.id }]);
  });

  it("when a card or a pool is invalidated, then its unused cards can no longer be redeemed", async () => {
    const rule = await addRule({ kind: "card" });
    const pool = (await t.call(P.addCouponCardPoolRegular, { ruleId: rule.id, name: "Gift cards B", quantity: 3 }, { ticket: owner })).data;
    const [first, second] = await t.db.select().from(couponCard).where(eq(couponCard.poolId, pool.id)).orderBy(couponCard.cardNo);
    if (!first || !second) throw new Error("no cards");
    expect((await t.call(P.updCouponCardPoolRecordInvalid, { id: first.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const inv = await t.call(P.updCouponCardPoolRecordInvalid, { id: first.id }, { ticket: owner });
    expect(inv.data.state).toBe("invalid");
    expect((await t.call(P.updCouponCardPoolRecordInvalid, { id: first.id }, { ticket: owner })).reason).toBe("coupon.cardWrongState");
    expect((await bcall(B.redeemCard, { boId, cardNo: first.cardNo, password: first.passwordPlain as string })).status).toBe(400);
    const gone = await t.call(P.updEliminateCardPool, { id: pool.id }, { ticket: owner });
    expect(gone.data).toMatchObject({ state: "eliminated", invalid: 3 });
    expect((await t.call(P.updEliminateCardPool, { id: pool.id }, { ticket: owner })).reason).toBe("coupon.poolEliminated");
    expect((await bcall(B.redeemCard, { boId, cardNo: second.cardNo, password: second.passwordPlain as string })).status).toBe(400);
    const clerk = await createStaff(t, boId, ["marketing.coupon"]);
    expect((await t.call(P.selCouponCardPoolRegularByPage, {}, { ticket: clerk })).status).toBe(403);
  });
});
