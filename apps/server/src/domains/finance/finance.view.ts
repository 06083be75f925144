import { type BankCard, type BankCardState, type CashFlow, maskCardNo } from "@sbo/contract";
import { iso } from "../../platform/days";
import type * as repo from "./finance.repository";

/* Cards and cash flows as the contract shows them. */

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
    endedAt: iso(r.endedAt),
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
