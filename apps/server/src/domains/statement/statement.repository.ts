import { SERVICE_FEE_BP } from "@sbo/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";

/*
 * Every query of the statements: aggregates over the orders paid and the refunds made in a bounded range of days,
 * read through `order_info_bo_paid_idx` (bo_id, paid_at, covering the amounts) and `order_refund_bo_created_idx`
 * (bo_id, created_at, covering the amount) — the statement migration. A seller's statement reads only the index
 * entries of its range (docs/domains/statement.md). The buyer's statement (the organisation's own purchases: orders
 * placed for it, `buyer_bo_id`) reads them through `order_info_buyer_bo_paid_idx`.
 */

/** Whose statement: the shop's sales (`seller`) or the organisation's own purchases (`buyer`). */
export type Side = "seller" | "buyer";
export interface Range {
  boId: string;
  side: Side;
  /** First instant of the first day and of the day after the last, in the shop's time zone. */
  start: Date;
  end: Date;
  timeZone: string;
}

/** The service fee of one order, in SQL: SERVICE_FEE_BP of (pay − freight), half up (orders' fetchServiceUnitFee). */
const feeOf = (o: string) => sql.raw(`((greatest(${o}.pay_amount - ${o}.freight_amount, 0) * ${SERVICE_FEE_BP} + 5000) / 10000)`);

function paidWhere(r: Range): SQL {
  const scope = r.side === "seller" ? sql`o.bo_id = ${r.boId}` : sql`o.buyer_bo_id = ${r.boId}`;
  return sql`${scope} and o.paid_at is not null and o.paid_at >= ${r.start} and o.paid_at < ${r.end} and o.status <> 'cancelled'`;
}

function refundFrom(r: Range): SQL {
  return r.side === "seller"
    ? sql`order_refund f where f.bo_id = ${r.boId} and f.created_at >= ${r.start} and f.created_at < ${r.end}`
    : sql`order_refund f join order_info o on o.id = f.order_id
          where o.buyer_bo_id = ${r.boId} and f.created_at >= ${r.start} and f.created_at < ${r.end}`;
}

const fee = (r: Range) => (r.side === "seller" ? sql`coalesce(sum(${feeOf("o")}), 0)` : sql`0`);

export interface FiguresRow {
  orders: number | string;
  sales: number | string;
  refunds: number | string;
  fees: number | string;
}
export interface DayRow extends FiguresRow {
  day: string;
  total: number | string;
}

/** The totals of a range: one statement, two aggregates. */
export async function totals(db: Executor, r: Range): Promise<FiguresRow> {
  const [row] = await rowsOf<FiguresRow>(
    db,
    sql`select s.orders, s.sales, s.fees, (select coalesce(sum(f.amount), 0) from ${refundFrom(r)})::bigint as refunds
        from (select count(*)::int as orders, coalesce(sum(o.pay_amount), 0)::bigint as sales, ${fee(r)}::bigint as fees
              from order_info o where ${paidWhere(r)}) s`,
  );
  return row ?? { orders: 0, sales: 0, refunds: 0, fees: 0 };
}

/** The days of a range with anything paid or refunded, newest first, a page of them, and how many such days. */
export async function days(db: Executor, r: Range, limit: number, offset: number): Promise<DayRow[]> {
  const zone = r.timeZone;
  return rowsOf<DayRow>(
    db,
    sql`with sales as (
          select (o.paid_at at time zone ${zone})::date as day, count(*)::int as orders,
                 sum(o.pay_amount)::bigint as sales, ${fee(r)}::bigint as fees
          from order_info o where ${paidWhere(r)} group by 1),
        refunds as (
          select (f.created_at at time zone ${zone})::date as day, sum(f.amount)::bigint as refunds from ${refundFrom(r)} group by 1)
        select to_char(coalesce(s.day, f.day), 'YYYY-MM-DD') as day, coalesce(s.orders, 0) as orders,
               coalesce(s.sales, 0) as sales, coalesce(f.refunds, 0) as refunds, coalesce(s.fees, 0) as fees,
               count(*) over () as total
        from sales s full join refunds f on f.day = s.day
        order by coalesce(s.day, f.day) desc
        limit ${limit} offset ${offset}`,
  );
}

export interface OrderRow {
  id: string;
  order_no: string;
  status: string;
  paid_at: Date | string;
  pay_amount: number | string;
  freight_amount: number | string;
  refunded_amount: number | string;
  fee: number | string;
}

/** A page of the orders paid in the range, newest paid first. */
export async function orders(db: Executor, r: Range, limit: number, offset: number): Promise<OrderRow[]> {
  return rowsOf<OrderRow>(
    db,
    sql`select o.id, o.order_no, o.status, o.paid_at, o.pay_amount, o.freight_amount, o.refunded_amount,
               ${r.side === "seller" ? feeOf("o") : sql`0`} as fee
        from order_info o where ${paidWhere(r)}
        order by o.paid_at desc, o.id desc limit ${limit} offset ${offset}`,
  );
}

/** How many orders were paid in the range, counted up to COUNT_CAP. */
export async function countOrders(db: Executor, r: Range): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from order_info o where ${paidWhere(r)} limit ${COUNT_CAP}) t`,
  );
  return Number(row?.n ?? 0);
}
