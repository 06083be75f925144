import {
  type Call,
  type contract,
  type OutputOf,
  type ParsedInputOf,
  statementRefusals as R,
  STATEMENT_MAX_DAYS,
  type StatementFigures,
  type StatementOrder,
} from "@sbo/contract";
import { addDays, daysBetween, startOfDay } from "../../platform/days";
import { readTogether } from "../../platform/db/client";
import { col, type ExportColumn, sheetColumns } from "../../platform/export/columns";
import { xlsxStream } from "../../platform/export/xlsx";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { badField } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import * as repo from "./statement.repository";

/*
 * Statements (docs/domains/statement.md): totals and days read the day rollups the database keeps in step with every
 * order, payment and refund (days in the shop's time zone); the order list reads the orders paid in the range. The
 * seller side is the shop's sales (scoped by the session's organisation); the buyer side is the organisation's own
 * purchases (orders placed for it and paid).
 */

type S = typeof contract.statement;
type In<K extends keyof S> = S[K] extends Call ? ParsedInputOf<S[K]> : never;
type Out<K extends keyof S> = S[K] extends Call ? OutputOf<S[K]> : never;

const n = (v: number | string | null | undefined) => Number(v ?? 0);

function rangeOf(ctx: Ctx, side: repo.Side, input: { from: string; to: string }): repo.Range {
  const days = daysBetween(input.from, input.to);
  if (days < 1) throw badField("to", R.rangeReversed);
  if (days > STATEMENT_MAX_DAYS) throw badField("to", R.rangeTooLong, { max: STATEMENT_MAX_DAYS });
  const { boId, timeZone } = ctx.me();
  return {
    boId,
    side,
    timeZone,
    from: input.from,
    to: input.to,
    start: startOfDay(input.from, timeZone),
    end: startOfDay(addDays(input.to, 1), timeZone),
  };
}

export function figuresOf(r: repo.FiguresRow): StatementFigures {
  const sales = n(r.sales);
  const refunds = n(r.refunds);
  const fees = n(r.fees);
  return { orders: n(r.orders), salesAmount: sales, refundAmount: refunds, feeAmount: fees, netAmount: sales - refunds - fees };
}

function orderOf(r: repo.OrderRow): StatementOrder {
  const pay = n(r.pay_amount);
  const refunded = n(r.refunded_amount);
  const fee = n(r.fee);
  return {
    orderId: r.id,
    orderNo: r.order_no,
    status: r.status as StatementOrder["status"],
    paidAt: new Date(r.paid_at).toISOString(),
    payAmount: pay,
    freightAmount: n(r.freight_amount),
    refundedAmount: refunded,
    feeAmount: fee,
    netAmount: pay - refunded - fee,
  };
}

async function orderPage(ctx: Ctx, side: repo.Side, input: In<"selSellerStatementByPC">) {
  const r = rangeOf(ctx, side, input);
  const [rows, total] = await readTogether(ctx.db, [
    () => repo.orders(ctx.db, r, input.pageSize, offsetOf(input)),
    () => repo.countOrders(ctx.db, r),
  ] as const);
  return { list: rows.map(orderOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

async function dayPage(ctx: Ctx, side: repo.Side, input: In<"selSellerDateNumByPC">) {
  const r = rangeOf(ctx, side, input);
  const rows = await repo.days(ctx.db, r, input.pageSize, (input.pageNum - 1) * input.pageSize);
  // Every row carries the count of days; a page past the last day has none, so it asks the first row again.
  const first = rows[0] ?? (input.pageNum > 1 ? (await repo.days(ctx.db, r, 1, 0))[0] : undefined);
  const total = n(first?.total);
  return { list: rows.map((d) => ({ day: d.day, ...figuresOf(d) })), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

const money = { en: "(¥)", zh: "（元）" };
const exportColumns: ExportColumn<{ day: string } & StatementFigures>[] = [
  col.date({ en: "Day", zh: "日期" }, (d) => d.day, 14),
  col.integer({ en: "Orders paid", zh: "支付订单数" }, (d) => d.orders, 12),
  col.money({ en: `Sales ${money.en}`, zh: `销售额${money.zh}` }, (d) => d.salesAmount, 14),
  col.money({ en: `Refunds ${money.en}`, zh: `退款${money.zh}` }, (d) => d.refundAmount, 14),
  col.money({ en: `Fees ${money.en}`, zh: `服务费${money.zh}` }, (d) => d.feeAmount, 14),
  col.money({ en: `Net ${money.en}`, zh: `净收入${money.zh}` }, (d) => d.netAmount, 14),
];

export function createStatementService() {
  return {
    selSellerStatementByPC: (input: In<"selSellerStatementByPC">, ctx: Ctx): Promise<Out<"selSellerStatementByPC">> =>
      orderPage(ctx, "seller", input),
    selSellerDateNumByPC: (input: In<"selSellerDateNumByPC">, ctx: Ctx): Promise<Out<"selSellerDateNumByPC">> =>
      dayPage(ctx, "seller", input),
    async selSellerNumByPC(input: In<"selSellerNumByPC">, ctx: Ctx): Promise<Out<"selSellerNumByPC">> {
      return figuresOf(await repo.totals(ctx.db, rangeOf(ctx, "seller", input)));
    },
    selBuyerStatementByPC: (input: In<"selBuyerStatementByPC">, ctx: Ctx): Promise<Out<"selBuyerStatementByPC">> =>
      orderPage(ctx, "buyer", input),
    selBuyerDateNumByPC: (input: In<"selBuyerDateNumByPC">, ctx: Ctx): Promise<Out<"selBuyerDateNumByPC">> => dayPage(ctx, "buyer", input),
    async selBuyerNumByPC(input: In<"selBuyerNumByPC">, ctx: Ctx): Promise<Out<"selBuyerNumByPC">> {
      return figuresOf(await repo.totals(ctx.db, rangeOf(ctx, "buyer", input)));
    },
    async exportSellerStatement(input: In<"exportSellerStatement">, ctx: Ctx): Promise<FileResult> {
      const r = rangeOf(ctx, "seller", input);
      // At most STATEMENT_MAX_DAYS rows: one read.
      const rows = await repo.days(ctx.db, r, STATEMENT_MAX_DAYS, 0);
      async function* batches() {
        yield rows.map((d) => ({ day: d.day, ...figuresOf(d) }));
      }
      const stream = xlsxStream(
        ctx.lang === "zh" ? "对账单" : "Statement",
        sheetColumns(exportColumns, { lang: ctx.lang, timeZone: r.timeZone }),
        batches(),
      );
      const name = ctx.lang === "zh" ? "对账单" : "statement";
      return { fileName: `${name}-${input.from}-${input.to}.xlsx`, stream };
    },
  };
}
