import { randomInt } from "node:crypto";
import {
  type BankCard,
  type BankCardState,
  BILL_TTL_MINUTES,
  type Call,
  type CashFlow,
  type CashFlowDetail,
  codes,
  type contract,
  MAX_BANK_CARDS_LISTED,
  maskCardNo,
  maskPhone,
  type OutputOf,
  type ParsedInputOf,
  financeRefusals as R,
} from "@sbo/contract";
import { eq } from "drizzle-orm";
import { member } from "../../platform/auth/auth.tables";
import { refuseUnconfirmedPhone } from "../../platform/auth/phone-confirmation";
import { sendCode, useCode } from "../../platform/auth/sms";
import { addDays, iso, startOfDay } from "../../platform/days";
import { type Executor, readTogether } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import type { SmsProvider } from "../../platform/sms/sms-provider";
import * as repo from "./finance.repository";
import type { SettlementBank } from "./settlement-bank";

/*
 * The finance account (docs/domains/finance.md). Signings: the member's SMS code (their own phone) is checked first
 * (a wrong code counts an attempt and changes nothing else), then the organisation's signings are serialised (an
 * advisory lock), the bill number is taken by a conditional update (used once: of two signings with one bill, one
 * wins), the state is checked (signed or not), the bank is asked and the card rows change — one transaction.
 * Balance and cash flows are computed from the orders and refunds.
 */

type F = typeof contract.finance;
type In<K extends keyof F> = F[K] extends Call ? ParsedInputOf<F[K]> : never;
type Out<K extends keyof F> = F[K] extends Call ? OutputOf<F[K]> : never;

const n = (v: string | number | null | undefined) => Number(v ?? 0);

export function cardOf(r: repo.CardRow): BankCard {
  return {
    id: r.id,
    holderName: r.holderName,
    bankName: r.bankName,
    cardNo: maskCardNo(r.cardNo),
    state: r.state as BankCardState,
    signNo: r.signNo,
    signedAt: r.signedAt.toISOString(),
    endedAt: r.endedAt ? r.endedAt.toISOString() : null,
  };
}

/**
 * The flow list's filter (a kind, days in the shop's zone) for its input: the list and its export both read through
 * this. A reversed span is refused naming `to`.
 */
export function flowFilterOf(
  ctx: Ctx,
  input: { kind?: "credit" | "debit" | undefined; from?: string | undefined; to?: string | undefined },
): repo.FlowFilter {
  const { timeZone } = ctx.me();
  if (input.from && input.to && input.to < input.from) throw badField("to", R.flowRangeReversed);
  return {
    kind: input.kind,
    start: input.from ? startOfDay(input.from, timeZone) : undefined,
    end: input.to ? startOfDay(addDays(input.to, 1), timeZone) : undefined,
  };
}

export function flowOf(r: repo.FlowRow): CashFlow {
  const gross = n(r.gross);
  const fee = n(r.fee);
  return {
    id: r.id,
    kind: r.kind,
    source: r.source,
    amount: r.kind === "credit" ? gross - fee : gross,
    gross,
    fee,
    orderId: r.order_id,
    orderNo: r.order_no ?? "",
    at: iso(r.at),
  };
}

/** What signing a card does: sign a first card, change the signed one, or whichever applies (personBindCard). */
type SignMode = "sign" | "update" | "either";
type CardFields = Omit<In<"toSign">, "code">;

/**
 * A signing once its SMS code is checked: serialise the organisation's signings, take the bill (used once), check the
 * state, ask the bank, replace the active card. Answers `refused` when the bill could not be taken (the caller says why).
 */
export async function signWithBill(
  db: Executor,
  bank: SettlementBank,
  boId: string,
  input: CardFields,
  mode: SignMode,
): Promise<{ card: BankCard } | { refused: true; at: Date }> {
  await repo.lockSignings(db, boId);
  const now = new Date();
  const bill = await repo.takeBill(db, boId, input.billNo, "used", now);
  if (!bill) return { refused: true, at: now };
  const current = await repo.activeCard(db, boId, true);
  if (current && mode === "sign") throw stateForbids(R.alreadySigned);
  if (!current && mode === "update") throw stateForbids(R.notSigned);
  if (current && current.cardNo === input.cardNo) throw badField("cardNo", R.sameCard);
  const request = { boId, billNo: input.billNo, holderName: input.holderName, bankName: input.bankName, cardNo: input.cardNo };
  const { signNo } = current ? await bank.updateSign(db, { ...request, signNo: current.signNo }) : await bank.sign(db, request);
  if (current) await repo.endCard(db, current.id, "replaced", now);
  return { card: cardOf(await repo.insertCard(db, { ...request, state: "active", signNo, signedAt: now })) };
}

/** A new bill number for one signing. */
export async function issueBill(db: Executor, boId: string): Promise<{ billNo: string; expiresAt: Date }> {
  const now = new Date();
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  const billNo = `FB${stamp}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  const expiresAt = new Date(now.getTime() + BILL_TTL_MINUTES * 60_000);
  await repo.insertBill(db, { boId, billNo, state: "issued", expiresAt });
  return { billNo, expiresAt };
}

export function createFinanceService(deps: { bank: SettlementBank; sms: SmsProvider }) {
  async function ownPhone(ctx: Ctx): Promise<string> {
    const [m] = await ctx.db.select({ id: member.id, phone: member.phone }).from(member).where(eq(member.id, ctx.me().memberId));
    if (!m?.phone) throw stateForbids(R.noPhone);
    await refuseUnconfirmedPhone(ctx.db, m.id);
    return m.phone;
  }

  async function signCard(ctx: Ctx, input: In<"toSign">, mode: SignMode): Promise<BankCard> {
    const { boId } = ctx.me();
    await useCode(ctx.db, await ownPhone(ctx), "settlementCard", input.code);
    const { code: _code, ...card } = input;
    const signed = await signWithBill(ctx.db, deps.bank, boId, card, mode);
    if ("refused" in signed) return refuseBill(ctx, input.billNo, signed.at);
    return signed.card;
  }

  /** Why a bill could not be taken: not this organisation's, expired, or already used or withdrawn. */
  async function refuseBill(ctx: Ctx, billNo: string, now: Date): Promise<never> {
    const bill = await repo.findBill(ctx.db, ctx.me().boId, billNo);
    if (!bill) throw badField("billNo", R.billNotFound);
    if (bill.state === "issued" && bill.expiresAt <= now) throw badField("billNo", R.billExpired);
    throw refuse(codes.STATE_FORBIDS, R.billUsed, { field: "billNo", form: "finance" });
  }

  return {
    async judgeIsOpenAccount(ctx: Ctx): Promise<Out<"judgeIsOpenAccount">> {
      const card = await repo.activeCard(ctx.db, ctx.me().boId);
      return { open: !!card, card: card ? cardOf(card) : null };
    },

    async selAccountCardList(ctx: Ctx): Promise<Out<"selAccountCardList">> {
      return (await repo.cards(ctx.db, ctx.me().boId, MAX_BANK_CARDS_LISTED)).map(cardOf);
    },

    async queryAccountAmount(ctx: Ctx): Promise<Out<"queryAccountAmount">> {
      const a = await repo.amounts(ctx.db, ctx.me().boId);
      const income = n(a.income);
      const fees = n(a.fees);
      const refunds = n(a.refunds);
      return { balance: income - fees - refunds, income, fees, refunds, dueToBuyers: n(a.due_to_buyers) };
    },

    async selFlowListByPage(ctx: Ctx, input: In<"selFlowListByPage">): Promise<Out<"selFlowListByPage">> {
      const { boId } = ctx.me();
      const filter = flowFilterOf(ctx, input);
      const [rows, total] = await readTogether(ctx.db, [
        () => repo.flows(ctx.db, boId, filter, input.pageSize, offsetOf(input)),
        () => repo.countFlows(ctx.db, boId, filter),
      ] as const);
      return { list: rows.map(flowOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selCashFlowDetail(ctx: Ctx, input: In<"selCashFlowDetail">): Promise<Out<"selCashFlowDetail">> {
      const [kind, id] = input.id.split(":", 2);
      const boId = ctx.me().boId;
      const row =
        kind === "order" && id
          ? await repo.orderFlow(ctx.db, boId, id)
          : kind === "refund" && id
            ? await repo.refundFlow(ctx.db, boId, id)
            : (kind === "payment" || kind === "paymentRefund") && id
              ? await repo.paymentRefundFlow(ctx.db, boId, id, kind)
              : undefined;
      if (!row) throw notFound(R.flowNotFound);
      const detail: CashFlowDetail = {
        ...flowOf(row),
        afterSaleId: row.after_sale_id,
        afterSaleNo: row.after_sale_no,
        provider: row.provider,
        orderStatus: row.order_status,
      };
      return detail;
    },

    async getBillNo(ctx: Ctx): Promise<Out<"getBillNo">> {
      const { billNo, expiresAt } = await issueBill(ctx.db, ctx.me().boId);
      return { billNo, expiresAt: expiresAt.toISOString() };
    },

    personBindCard: (ctx: Ctx, input: In<"personBindCard">) => signCard(ctx, input, "either"),
    toSign: (ctx: Ctx, input: In<"toSign">) => signCard(ctx, input, "sign"),
    toUpdSign: (ctx: Ctx, input: In<"toUpdSign">) => signCard(ctx, input, "update"),

    async removeSign(ctx: Ctx, input: In<"removeSign">): Promise<Out<"removeSign">> {
      const { boId } = ctx.me();
      await useCode(ctx.db, await ownPhone(ctx), "settlementCard", input.code);
      await repo.lockSignings(ctx.db, boId);
      const current = await repo.activeCard(ctx.db, boId, true);
      if (!current) throw stateForbids(R.notSigned);
      await deps.bank.removeSign(ctx.db, { boId, signNo: current.signNo, cardNo: current.cardNo });
      const ended = await repo.endCard(ctx.db, current.id, "removed", new Date());
      if (!ended) throw stateForbids(R.notSigned);
      return cardOf(ended);
    },

    async unSign(ctx: Ctx, input: In<"unSign">): Promise<null> {
      const now = new Date();
      const bill = await repo.takeBill(ctx.db, ctx.me().boId, input.billNo, "withdrawn", now);
      if (!bill) await refuseBill(ctx, input.billNo, now);
      return null;
    },

    async sendMessage(ctx: Ctx): Promise<Out<"sendMessage">> {
      const phone = await ownPhone(ctx);
      const sent = await sendCode(ctx, deps.sms, phone, "settlementCard");
      return { ...sent, maskedPhone: maskPhone(phone) ?? "" };
    },
  };
}
