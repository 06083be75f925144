import { codes, contract, SERVICE_FEE_BP } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../platform/db/rows";
import { createSeller, createStaff, meOf, rewindSms } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { financeBankCard, financeBill, settlementBankRequest } from "./finance.tables";

/*
 * The finance account: signing a settlement card with a bill number and the SMS code, changing and removing it,
 * withdrawn and reused bills, another seller's bill, bad card numbers, missing functions, two signings racing on one
 * bill; the balance and cash flows against the demo orders and refunds.
 */

const F = contract.finance;
let t: TestApp;
let seller: string;
let sellerBoId: string;
const phone = "13712340001";
let demo: string;
let demoBoId: string;
let other: string;

const CARD_A = "6222020200112233446"; // valid Luhn check digits
const CARD_B = "6217001234567890122";
const CARD_C = "4111111111111111";

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSeller(t, { phone });
  seller = await t.login(s.loginName, s.password);
  sellerBoId = (await meOf(t, seller)).boId as string;
  demo = await t.login("demo");
  demoBoId = (await meOf(t, demo)).boId as string;
  other = await t.login("demo2");
}, 120_000);
afterAll(() => t.close());

async function code() {
  await rewindSms(t, phone);
  const sent = await t.call(F.sendMessage, {}, { ticket: seller });
  expect(sent.code, sent.msg).toBe(codes.OK);
  expect(sent.data.maskedPhone).toBe("137****0001");
  return (await t.lastSms(phone)).code;
}
async function bill(ticket = seller) {
  const res = await t.call(F.getBillNo, {}, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.billNo;
}
const card = (cardNo: string, billNo: string, smsCode: string) => ({
  billNo,
  holderName: "Li Lei",
  bankName: "ICBC",
  cardNo,
  code: smsCode,
});
const activeCards = async () =>
  (await t.db.select().from(financeBankCard).where(eq(financeBankCard.boId, sellerBoId))).filter((c) => c.state === "active");

describe("the demo data", () => {
  it("when the demo is built, then Green Valley's account is open with a changed card and Harbor Seafood's is not", async () => {
    const green = await t.call(F.judgeIsOpenAccount, {}, { ticket: demo });
    expect(green.data.open).toBe(true);
    const cards = await t.call(F.selAccountCardList, {}, { ticket: demo });
    expect(cards.data.map((c) => c.state)).toEqual(["active", "replaced"]);
    expect((await t.call(F.judgeIsOpenAccount, {}, { ticket: other })).data.open).toBe(false);
  });
});

describe("the settlement card", () => {
  it("when a first card is signed with a bill and the code, then the account opens; the bill and code cannot be used again", async () => {
    const closed = await t.call(F.judgeIsOpenAccount, {}, { ticket: seller });
    expect(closed.data).toEqual({ open: false, card: null });

    const c1 = await code();
    const b1 = await bill();
    // Changing a card before any is signed is refused, and uses up neither the bill nor the code.
    const early = await t.call(F.toUpdSign, card(CARD_A, b1, c1), { ticket: seller });
    expect(early.code).toBe(codes.STATE_FORBIDS);
    expect(JSON.stringify(early)).toContain("finance.notSigned");

    const signed = await t.call(F.toSign, card(`${CARD_A.slice(0, 4)} ${CARD_A.slice(4)}`, b1, c1), { ticket: seller });
    expect(signed.code, signed.msg).toBe(codes.OK);
    expect(signed.data).toMatchObject({ state: "active", cardNo: "**** **** **** 3446", holderName: "Li Lei", endedAt: null });
    const open = await t.call(F.judgeIsOpenAccount, {}, { ticket: seller });
    expect(open.data.open).toBe(true);
    expect(open.data.card?.id).toBe(signed.data.id);
    const [stored] = await activeCards();
    expect(stored?.cardNo).toBe(CARD_A);
    const asked = await t.db.select().from(settlementBankRequest).where(eq(settlementBankRequest.boId, sellerBoId));
    expect(asked.map((r) => [r.action, r.billNo, r.cardLast4])).toEqual([["sign", b1, "3446"]]);

    const again = await t.call(F.toSign, card(CARD_B, b1, await code()), { ticket: seller });
    expect(again.code).toBe(codes.STATE_FORBIDS);
    expect(JSON.stringify(again)).toContain("finance.billUsed");
    const reusedCode = await t.call(F.toUpdSign, card(CARD_B, await bill(), c1), { ticket: seller });
    expect(reusedCode.code).toBe(codes.SMS_CODE_INVALID);
    const second = await t.call(F.toSign, card(CARD_B, await bill(), await code()), { ticket: seller });
    expect(JSON.stringify(second)).toContain("finance.alreadySigned");
    expect(await activeCards()).toHaveLength(1);
  });

  it("when the card is changed, then the old one is kept as replaced and the new one is in use, listed first", async () => {
    const same = await t.call(F.personBindCard, card(CARD_A, await bill(), await code()), { ticket: seller });
    expect(same.status).toBe(400);
    expect(JSON.stringify(same)).toContain("finance.sameCard");
    const changed = await t.call(F.personBindCard, card(CARD_B, await bill(), await code()), { ticket: seller });
    expect(changed.code, changed.msg).toBe(codes.OK);
    expect(changed.data.cardNo).toBe("**** **** **** 0122");
    const list = await t.call(F.selAccountCardList, {}, { ticket: seller });
    expect(list.data.map((c) => [c.cardNo.slice(-4), c.state])).toEqual([
      ["0122", "active"],
      ["3446", "replaced"],
    ]);
    expect(list.data[1]?.endedAt).not.toBeNull();
  });

  it("when a card number is mistyped or fields are missing, then it answers 400 naming the field and nothing is written", async () => {
    const before = await t.db.select().from(financeBankCard).where(eq(financeBankCard.boId, sellerBoId));
    const bad = await t.call(F.personBindCard, card("6222020200112233445", await bill(), "123456"), { ticket: seller });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("cardNo");
    expect(JSON.stringify(bad)).toContain("finance.cardNo");
    const missing = await t.call(F.toSign, { billNo: "x" } as never, { ticket: seller });
    expect(missing.status).toBe(400);
    expect(await t.db.select().from(financeBankCard).where(eq(financeBankCard.boId, sellerBoId))).toHaveLength(before.length);
  });

  it("when another seller uses this seller's bill, or a bill is withdrawn, then the signing is refused", async () => {
    const mine = await bill();
    const theirs = await t.call(F.unSign, { billNo: mine }, { ticket: other });
    expect(theirs.status).toBe(400);
    expect(JSON.stringify(theirs)).toContain("finance.billNotFound");
    expect((await t.call(F.unSign, { billNo: mine }, { ticket: seller })).code).toBe(codes.OK);
    const [row] = await t.db.select().from(financeBill).where(eq(financeBill.billNo, mine));
    expect(row?.state).toBe("withdrawn");
    const withdrawn = await t.call(F.personBindCard, card(CARD_C, mine, await code()), { ticket: seller });
    expect(JSON.stringify(withdrawn)).toContain("finance.billUsed");
    const expired = await bill();
    await t.db
      .update(financeBill)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(financeBill.billNo, expired));
    const late = await t.call(F.personBindCard, card(CARD_C, expired, await code()), { ticket: seller });
    expect(JSON.stringify(late)).toContain("finance.billExpired");
  });

  it("when two signings race on one bill, then exactly one binds a card", async () => {
    const b = await bill();
    const c = await code();
    const results = await Promise.all([
      t.call(F.personBindCard, card(CARD_C, b, c), { ticket: seller }),
      t.call(F.personBindCard, card(CARD_A, b, c), { ticket: seller }),
    ]);
    expect(results.filter((r) => r.code === codes.OK)).toHaveLength(1);
    expect(await activeCards()).toHaveLength(1);
  });

  it("when the agreement is removed, then the account is closed and removing again is refused", async () => {
    const removed = await t.call(F.removeSign, { code: await code() }, { ticket: seller });
    expect(removed.code, removed.msg).toBe(codes.OK);
    expect(removed.data.state).toBe("removed");
    expect((await t.call(F.judgeIsOpenAccount, {}, { ticket: seller })).data.open).toBe(false);
    const twice = await t.call(F.removeSign, { code: await code() }, { ticket: seller });
    expect(JSON.stringify(twice)).toContain("finance.notSigned");
  });

  it("when a member lacks the bank-card function, then signing is refused with 403 while reading works", async () => {
    const reader = await createStaff(t, demoBoId, ["finance.account"]);
    const denied = await t.call(F.getBillNo, {}, { ticket: reader });
    expect(denied.status).toBe(403);
    expect(denied.msg).toContain("finance.account.bankcard");
    expect((await t.call(F.sendMessage, {}, { ticket: reader })).status).toBe(403);
    expect((await t.call(F.queryAccountAmount, {}, { ticket: reader })).code).toBe(codes.OK);
    const nobody = await createStaff(t, demoBoId, ["order.manage"]);
    expect((await t.call(F.judgeIsOpenAccount, {}, { ticket: nobody })).status).toBe(403);
  });
});

describe("balance and cash flows", () => {
  it("when the demo shop reads its account, then the balance is its orders paid less fees less refunds, and the flows add up", async () => {
    const [want] = await rowsOf<{ income: string; fees: string; refunds: string; orders: number; refunds_n: number }>(
      t.db,
      sql`select (select coalesce(sum(pay_amount), 0) from order_info where bo_id = ${demoBoId} and paid_at is not null and status <> 'cancelled') as income,
                 (select coalesce(sum(floor((greatest(pay_amount - freight_amount, 0) * ${SERVICE_FEE_BP} + 5000) / 10000.0)), 0)
                    from order_info where bo_id = ${demoBoId} and paid_at is not null and status <> 'cancelled') as fees,
                 (select coalesce(sum(amount), 0) from order_refund where bo_id = ${demoBoId}) as refunds,
                 (select count(*)::int from order_info where bo_id = ${demoBoId} and paid_at is not null and status <> 'cancelled') as orders,
                 (select count(*)::int from order_refund where bo_id = ${demoBoId}) as refunds_n`,
    );
    const amount = await t.call(F.queryAccountAmount, {}, { ticket: demo });
    expect(amount.code, amount.msg).toBe(codes.OK);
    expect(amount.data).toEqual({
      income: Number(want?.income),
      fees: Number(want?.fees),
      refunds: Number(want?.refunds),
      balance: Number(want?.income) - Number(want?.fees) - Number(want?.refunds),
      dueToBuyers: 0,
    });

    const all = await t.call(F.selFlowListByPage, { pageSize: 100 }, { ticket: demo });
    expect(all.code, all.msg).toBe(codes.OK);
    expect(all.data.total).toBe(Math.min(10_000, (want?.orders ?? 0) + (want?.refunds_n ?? 0)));
    const at = all.data.list.map((f) => f.at);
    expect(at).toEqual([...at].sort().reverse());
    const debits = await t.call(F.selFlowListByPage, { kind: "debit", pageSize: 100 }, { ticket: demo });
    expect(debits.data.total).toBe(want?.refunds_n);
    expect(debits.data.list.every((f) => f.kind === "debit" && f.fee === 0)).toBe(true);

    const credit = all.data.list.find((f) => f.kind === "credit");
    const debit = debits.data.list[0];
    if (!credit || !debit) throw new Error("no flows");
    expect(credit.amount).toBe(credit.gross - credit.fee);
    const cd = await t.call(F.selCashFlowDetail, { id: credit.id }, { ticket: demo });
    expect(cd.data).toMatchObject({ ...credit, afterSaleId: null });
    const dd = await t.call(F.selCashFlowDetail, { id: debit.id }, { ticket: demo });
    expect(dd.data.afterSaleNo).toBeTruthy();
    expect(dd.data.amount).toBe(debit.amount);

    // Another seller's flows are not found; a malformed id neither.
    for (const id of [credit.id, debit.id, "order:", "nothing"]) {
      const res = await t.call(F.selCashFlowDetail, { id }, { ticket: other });
      expect(res.code).toBe(codes.NOT_FOUND);
    }
    const theirs = await t.call(F.selFlowListByPage, { pageSize: 100 }, { ticket: other });
    expect(theirs.data.list.some((f) => f.id === credit.id)).toBe(false);
  });

  it("when flows are asked between two days, then only those days' flows come, and a reversed range is refused", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const past = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const week = await t.call(F.selFlowListByPage, { from: past, to: today, pageSize: 100 }, { ticket: demo });
    expect(week.code, week.msg).toBe(codes.OK);
    const earliest = Date.parse(`${past}T00:00:00+08:00`);
    expect(week.data.list.every((f) => Date.parse(f.at) >= earliest)).toBe(true);
    const reversed = await t.call(F.selFlowListByPage, { from: today, to: past }, { ticket: demo });
    expect(reversed.status).toBe(400);
  });
});
