import { z } from "zod";
import { calendarDay, cents, id, instant, page, pageInput } from "./common";
import { exportFile, read } from "./define";
import { orderStatuses } from "./orders";
import { refusals } from "./refusals";

/*
 * Statements (docs/domains/statement.md): what the shop sold, refunded and paid in fees, per day (in the shop's time
 * zone) and per order, computed from the orders and their refunds — never stored twice. The seller's statement is
 * the shop's sales; the buyer's statement is the organisation's own purchases (orders placed for it).
 */

/** The longest range of one statement, in days. */
export const STATEMENT_MAX_DAYS = 366;

export const statementRefusals = refusals("statement", {
  rangeTooLong: { en: "{field}: at most {max} days", zh: "{field}：最多 {max} 天" },
  rangeReversed: { en: "{field} must not be before the start", zh: "{field}不能早于开始日期" },
});

const day = calendarDay;
/** A range of calendar days in the shop's time zone, both included. */
const range = { from: day, to: day };

/** The figures of a statement: orders paid, sales (what they paid), refunds paid back, fees and what is left. */
export const statementFigures = z.object({
  /** Orders paid in the range. */
  orders: z.int(),
  /** What those orders paid (cents). */
  salesAmount: cents,
  /** Refunds paid back in the range (cents), whenever their orders were paid. */
  refundAmount: cents,
  /** The platform's service fee of the orders paid (SERVICE_FEE_BP of goods paid for, per order). */
  feeAmount: cents,
  /** Sales less refunds less fees: may be negative on a day of refunds. */
  netAmount: z.int(),
});
export type StatementFigures = z.infer<typeof statementFigures>;

export const statementDay = statementFigures.extend({ day });
export type StatementDay = z.infer<typeof statementDay>;

export const statementOrder = z.object({
  orderId: id,
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  paidAt: instant,
  payAmount: cents,
  freightAmount: cents,
  /** Refunded over the order's after-sales so far. */
  refundedAmount: cents,
  feeAmount: cents,
  /** Pay amount less refunded less fee. */
  netAmount: z.int(),
});
export type StatementOrder = z.infer<typeof statementOrder>;

const F = (func: string) => ({ func });
const st = (name: string) => `/api/trading/statement/${name}`;

const dayList = pageInput(range);
const orderList = pageInput(range);
const totals = z.strictObject(range);

export const statement = {
  selSellerStatementByPC: read({
    path: st("selSellerStatementByPC"),
    summary:
      "The shop's statement by order: the orders paid between two days (shop's time zone, at most STATEMENT_MAX_DAYS), newest first, with pay amount, refunded, fee and net",
    access: F("finance.statement"),
    input: orderList,
    output: page(statementOrder),
  }),
  selSellerDateNumByPC: read({
    path: st("selSellerDateNumByPC"),
    summary:
      "The shop's statement by day: for each day of the range with any order paid or refund made, newest first, the orders paid, sales, refunds, fees and net",
    access: F("finance.statement"),
    input: dayList,
    output: page(statementDay),
  }),
  selSellerNumByPC: read({
    path: st("selSellerNumByPC"),
    summary: "The shop's statement totals over a range of days: orders paid, sales, refunds, fees and net",
    access: F("finance.statement"),
    input: totals,
    output: statementFigures,
  }),
  exportSellerStatement: exportFile({
    path: st("exportSellerStatement"),
    summary: "The shop's statement by day over a range as an Excel file, in the reader's language (beyond the spec)",
    access: F("finance.statement.export"),
    input: totals,
  }),
  selBuyerStatementByPC: read({
    path: st("selBuyerStatementByPC"),
    summary:
      "The organisation's purchase statement by order: the orders its members paid between two days, newest first (what it bought, refunds it received)",
    access: F("purchase.order"),
    shop: false,
    input: orderList,
    output: page(statementOrder),
  }),
  selBuyerDateNumByPC: read({
    path: st("selBuyerDateNumByPC"),
    summary: "The organisation's purchase statement by day: orders paid, amount paid, refunds received (fees are the seller's: 0)",
    access: F("purchase.order"),
    shop: false,
    input: dayList,
    output: page(statementDay),
  }),
  selBuyerNumByPC: read({
    path: st("selBuyerNumByPC"),
    summary: "The organisation's purchase statement totals over a range of days",
    access: F("purchase.order"),
    shop: false,
    input: totals,
    output: statementFigures,
  }),
};
