import { z } from "zod";
import { calendarDay, cents, id, instant, page, pageInput, smsCode } from "./common";
import { exportFile, read, seller, write } from "./define";
import { rule } from "./field-issues";
import { refusals, type Words } from "./refusals";
import { sheet } from "./sheets";

/*
 * The finance account (docs/domains/finance.md): the organisation's settlement account — open once a bank card is
 * signed with the settlement bank (an agreement to receive payouts), its balance and cash flows (computed from the
 * orders paid and the refunds made), and the bank-signing flow: a bill number per signing, an SMS code to the
 * member's own phone, sign / change / remove the agreement.
 */

export const bankCardStates = ["active", "replaced", "removed"] as const;
export type BankCardState = (typeof bankCardStates)[number];
export const bankCardStateWords: Record<BankCardState, Words> = {
  active: { en: "in use", zh: "使用中" },
  replaced: { en: "replaced", zh: "已更换" },
  removed: { en: "removed", zh: "已解约" },
};
export const flowKinds = ["credit", "debit"] as const;
export type FlowKind = (typeof flowKinds)[number];
/**
 * What a flow is: an order paid, an after-sale refund, a payment the order could not take (paid twice, after a cancel
 * or a price change: not income) and its refund to the buyer.
 */
export const flowSources = ["order", "refund", "payment", "paymentRefund"] as const;
export type FlowSource = (typeof flowSources)[number];
/** Cards kept in the list (the one in use and the ones before it). */
export const MAX_BANK_CARDS_LISTED = 20;
/** How long a bill number may be used for a signing. */
export const BILL_TTL_MINUTES = 30;

export const financeRefusals = refusals("finance", {
  cardNo: { en: "{field} must be 12–19 digits with a valid check digit", zh: "{field}必须是 12–19 位数字且校验位正确" },
  notSigned: { en: "No bank card is signed for settlement yet: sign one first", zh: "尚未签约结算银行卡，请先签约" },
  alreadySigned: {
    en: "A bank card is already signed for settlement: change it instead",
    zh: "已签约结算银行卡，请改为更换银行卡",
  },
  sameCard: { en: "{field}: this card is the one already signed", zh: "{field}：该卡即为当前签约的银行卡" },
  billNotFound: { en: "{field}: that bill number was not issued to you", zh: "{field}：该业务单号不属于您" },
  billUsed: { en: "{field}: that bill number was already used or withdrawn", zh: "{field}：该业务单号已使用或已撤销" },
  billExpired: { en: "{field}: that bill number has expired: ask for a new one", zh: "{field}：该业务单号已过期，请重新获取" },
  noPhone: { en: "Your account has no phone to receive the code", zh: "您的账号没有可接收验证码的手机号" },
  flowNotFound: { en: "That cash flow was not found", zh: "未找到该资金流水" },
  flowRangeReversed: { en: "{field} must not be before the start", zh: "{field}不能早于开始日期" },
});

/** Luhn check digit (ISO/IEC 7812): a mistyped digit is caught before the bank is asked. */
export function isCardNo(value: string): boolean {
  if (!/^\d{12,19}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let d = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number shown: its last four digits only. */
export const maskCardNo = (cardNo: string) => `**** **** **** ${cardNo.slice(-4)}`;

const cardNo = z
  .string()
  .transform((v) => v.replace(/\s+/g, ""))
  .refine(isCardNo, rule(financeRefusals.cardNo));
const billNo = z.string().trim().min(1).max(40);

export const bankCard = z.object({
  id,
  holderName: z.string(),
  bankName: z.string(),
  /** Masked: the last four digits. */
  cardNo: z.string(),
  state: z.enum(bankCardStates),
  /** The bank's agreement number. */
  signNo: z.string(),
  signedAt: instant,
  endedAt: instant.nullable(),
});
export type BankCard = z.infer<typeof bankCard>;

export const cardInput = z.strictObject({
  billNo,
  holderName: z.string().trim().min(1).max(50),
  bankName: z.string().trim().min(1).max(60),
  cardNo,
  code: smsCode,
});
export type CardInput = z.input<typeof cardInput>;

export const cashFlow = z.object({
  /** `order:<order id>`, `refund:<refund id>`, `payment:<payment refund id>` or `paymentRefund:<payment refund id>`. */
  id: z.string(),
  kind: z.enum(flowKinds),
  source: z.enum(flowSources),
  /** Money in (an order paid, less its service fee) or out (a refund), always ≥ 0. */
  amount: cents,
  /** The order's paid amount (credit) or the refund (debit). */
  gross: cents,
  fee: cents,
  orderId: id,
  orderNo: z.string(),
  at: instant,
});
export type CashFlow = z.infer<typeof cashFlow>;

export const cashFlowDetail = cashFlow.extend({
  /** The after-sale a refund paid back (debits only). */
  afterSaleId: id.nullable(),
  afterSaleNo: z.string().nullable(),
  /** How the money moved: the payment or refund provider's name. */
  provider: z.string().nullable(),
  orderStatus: z.string(),
});
export type CashFlowDetail = z.infer<typeof cashFlowDetail>;

const F = (func: string) => ({ func });
const acct = (name: string) => seller(`/finance/account/${name}`);
const abc = (name: string) => `/api/finance/account/abccg/${name}`;
const sef = (name: string) => `/api/finance/account/sef/${name}`;
const day = calendarDay;

const flowFilters = { kind: z.enum(flowKinds).optional(), from: day.optional(), to: day.optional() };

/** The cash flow list's export sheet: its columns and their headers (sheets.ts). */
export const flowSheet = sheet(
  "flowList",
  { en: "Cash flows", zh: "资金流水" },
  {
    at: { en: "Time", zh: "时间" },
    kind: { en: "In or out", zh: "收支" },
    source: { en: "Source", zh: "来源" },
    orderNo: { en: "Order no.", zh: "订单编号" },
    gross: { en: "Gross (¥)", zh: "发生金额（元）" },
    fee: { en: "Service fee (¥)", zh: "服务费（元）" },
    amount: { en: "Amount (¥)", zh: "入账金额（元）" },
  },
);
const smsSent = z.object({ resendAfterSeconds: z.int(), expiresInSeconds: z.int(), maskedPhone: z.string() });

export const finance = {
  judgeIsOpenAccount: read({
    path: acct("judgeIsOpenAccount"),
    summary: "Whether the organisation's settlement account is open (a bank card is signed), with the card in use",
    access: F("finance.account"),
    input: z.strictObject({}),
    output: z.object({ open: z.boolean(), card: bankCard.nullable() }),
  }),
  selAccountCardList: read({
    path: acct("selAccountCardList"),
    summary:
      "The organisation's settlement bank cards, the one in use first, then the earlier ones newest first (at most MAX_BANK_CARDS_LISTED)",
    access: F("finance.account"),
    input: z.strictObject({}),
    output: z.array(bankCard),
  }),
  queryAccountAmount: read({
    path: acct("queryAccountAmount"),
    summary:
      "The account's balance: orders paid less their service fees, less refunds made (see selFlowListByPage); payments the orders could not take are not income: `dueToBuyers` is what of them is still to give back",
    access: F("finance.account"),
    input: z.strictObject({}),
    output: z.object({ balance: z.int(), income: cents, fees: cents, refunds: cents, dueToBuyers: cents }),
  }),
  selFlowListByPage: read({
    path: acct("selFlowListByPage"),
    summary:
      "The account's cash flows, newest first: a credit for each order paid (less its service fee), a debit for each refund, and a payment an order could not take with its refund to the buyer; optionally of one kind, between two days",
    access: F("finance.account"),
    input: pageInput(flowFilters),
    output: page(cashFlow),
  }),
  exportFlowList: exportFile({
    path: acct("exportFlowList"),
    summary:
      "The account's cash flows as an Excel file: the list's filters (a kind, between two days), newest first, optionally chosen columns",
    access: F("finance.account.export"),
    input: z.strictObject({ ...flowFilters, columns: flowSheet.chosen }),
    sheet: flowSheet,
  }),
  selCashFlowDetail: read({
    path: acct("selCashFlowDetail"),
    summary: "One cash flow with its order, and for a refund its after-sale",
    access: F("finance.account"),
    input: z.strictObject({ id: z.string().min(1).max(60) }),
    output: cashFlowDetail,
  }),
  personBindCard: write({
    path: acct("personBindCard"),
    summary:
      "Bind a settlement bank card: signs it with the bank when none is signed, else changes the signed card to it; with a bill number (getBillNo) and the SMS code (sendMessage)",
    access: F("finance.account.bankcard"),
    input: cardInput,
    output: bankCard,
  }),
  getBillNo: write({
    path: abc("getBillNo"),
    summary: `A bill number for one signing with the bank, valid ${BILL_TTL_MINUTES} minutes, used once`,
    access: F("finance.account.bankcard"),
    input: z.strictObject({}),
    output: z.object({ billNo: z.string(), expiresAt: instant }),
  }),
  toSign: write({
    path: abc("toSign"),
    summary: "Sign a bank card for settlement (opens the account); refused when one is signed",
    access: F("finance.account.bankcard"),
    input: cardInput,
    output: bankCard,
  }),
  toUpdSign: write({
    path: abc("toUpdSign"),
    summary: "Change the signed settlement card to another; refused when none is signed",
    access: F("finance.account.bankcard"),
    input: cardInput,
    output: bankCard,
  }),
  removeSign: write({
    path: abc("removeSign"),
    summary: "End the settlement agreement of the card in use (the account closes); with the SMS code",
    access: F("finance.account.bankcard"),
    input: z.strictObject({ code: smsCode }),
    output: bankCard,
  }),
  unSign: write({
    path: sef("unSign"),
    summary: "Withdraw a bill number not used yet (a signing given up)",
    access: F("finance.account.bankcard"),
    input: z.strictObject({ billNo }),
    output: z.null(),
  }),
  sendMessage: write({
    path: sef("sendMessage"),
    summary: "Send the signing's SMS code to the logged-in member's own phone (once a minute)",
    access: F("finance.account.bankcard"),
    input: z.strictObject({}),
    output: smsSent,
  }),
};
