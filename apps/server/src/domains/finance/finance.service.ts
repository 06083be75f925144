import { randomInt } from "node:crypto";
import {
  type BankCard,
  BILL_TTL_MINUTES,
  type Call,
  type CashFlowDetail,
  codes,
  type contract,
  MAX_BANK_CARDS_LISTED,
  maskPhone,
  type OutputOf,
  type ParsedInputOf,
  financeRefusals as R,
} from "@sbo/contract";
import { sendCode, useCode } from "../../platform/auth/sms";
import { type Executor, readTogether } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import type { SmsProvider } from "../../platform/sms/sms-provider";
import { refuseUnconfirmedPhone } from "../identity/identity.port";
import { exportFlowList } from "./finance.export";
import * as repo from "./finance.repository";
import { flowFilterOf } from "./finance.rules";
import { cardOf, flowOf } from "./finance.view";
import type { SettlementBank } from "./settlement-bank.service";

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
    const m = await repo.memberPhone(ctx.db, ctx.me().memberId);
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
    async judgeIsOpenAccount(_input: In<"judgeIsOpenAccount">, ctx: Ctx): Promise<Out<"judgeIsOpenAccount">> {
      const card = await repo.activeCard(ctx.db, ctx.me().boId);
      return { open: !!card, card: card ? cardOf(card) : null };
    },

    async selAccountCardList(_input: In<"selAccountCardList">, ctx: Ctx): Promise<Out<"selAccountCardList">> {
      return (await repo.cards(ctx.db, ctx.me().boId, MAX_BANK_CARDS_LISTED)).map(cardOf);
    },

    async queryAccountAmount(_input: In<"queryAccountAmount">, ctx: Ctx): Promise<Out<"queryAccountAmount">> {
      const a = await repo.amounts(ctx.db, ctx.me().boId);
      const income = n(a.income);
      const fees = n(a.fees);
      const refunds = n(a.refunds);
      return { balance: income - fees - refunds, income, fees, refunds, dueToBuyers: n(a.due_to_buyers) };
    },

    async selFlowListByPage(input: In<"selFlowListByPage">, ctx: Ctx): Promise<Out<"selFlowListByPage">> {
      const { boId } = ctx.me();
      const filter = flowFilterOf(ctx, input);
      const [rows, total] = await readTogether(ctx.db, [
        () => repo.flows(ctx.db, boId, filter, input.pageSize, offsetOf(input)),
        () => repo.countFlows(ctx.db, boId, filter),
      ] as const);
      return { list: rows.map(flowOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selCashFlowDetail(input: In<"selCashFlowDetail">, ctx: Ctx): Promise<Out<"selCashFlowDetail">> {
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

    async getBillNo(_input: In<"getBillNo">, ctx: Ctx): Promise<Out<"getBillNo">> {
      const { billNo, expiresAt } = await issueBill(ctx.db, ctx.me().boId);
      return { billNo, expiresAt: expiresAt.toISOString() };
    },

    personBindCard: (input: In<"personBindCard">, ctx: Ctx) => signCard(ctx, input, "either"),
    toSign: (input: In<"toSign">, ctx: Ctx) => signCard(ctx, input, "sign"),
    toUpdSign: (input: In<"toUpdSign">, ctx: Ctx) => signCard(ctx, input, "update"),

    async removeSign(input: In<"removeSign">, ctx: Ctx): Promise<Out<"removeSign">> {
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

    async unSign(input: In<"unSign">, ctx: Ctx): Promise<null> {
      const now = new Date();
      const bill = await repo.takeBill(ctx.db, ctx.me().boId, input.billNo, "withdrawn", now);
      if (!bill) await refuseBill(ctx, input.billNo, now);
      return null;
    },

    exportFlowList,

    async sendMessage(_input: In<"sendMessage">, ctx: Ctx): Promise<Out<"sendMessage">> {
      const phone = await ownPhone(ctx);
      const sent = await sendCode(ctx, deps.sms, phone, "settlementCard");
      return { ...sent, maskedPhone: maskPhone(phone) ?? "" };
    },
  };
}
