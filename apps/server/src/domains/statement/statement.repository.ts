import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { paidOrderView } from "../orders/orders.port";
import { buyerDayRollup, orderDayRollup } from "./rollup.tables";

/*
 * Every query of the statements. Totals and days read the rollups (`order_day_rollup` for the shop's sales,
 * `buyer_day_rollup` for the organisation's own purchases: one row per day and slot, kept by the database; see
 * rollup.tables.ts), so their cost is the range's days, not its orders. The page of orders reads the orders paid in the
 * range (the orders' paid-orders view, orders.port.ts, with each order's service fee) through `order_info_bo_paid_idx` (bo_id, paid_at, covering the amounts) — or, for purchases,
 * `order_info_buyer_bo_paid_idx` — newest first, with a count capped at COUNT_CAP (docs/domains/statement.md).
 */

/** Whose statement: the shop's sales (`seller`) or the organisation's own purchases (`buyer`). */
export type Side = "seller" | "buyer";
export interface Range {
  boId: string;
  side: Side;
  /** The first and the last day (included), YYYY-MM-DD in the shop's time zone. */
  from: string;
  to: string;
  /** First instant of the first day and of the day after the last, in the shop's time zone. */
  start: Date;
  end: Date;
  timeZone: string;
}

function paidWhere(r: Range): SQL {
  const scope = r.side === "seller" ? sql`o.bo_id = ${r.boId}` : sql`o.buyer_bo_id = ${r.boId}`;
  return sql`${scope} and o.paid_at >= ${r.start} and o.paid_at < ${r.end}`;
}

/** The range's rows of the side's rollup (fees are the seller's: 0 on the buyer side). */
function rollupRows(r: Range): { from: SQL; fees: SQL } {
  const t = r.side === "seller" ? orderDayRollup : buyerDayRollup;
  return {
    from: sql`${t} x where x.bo_id = ${r.boId} and x.day >= ${r.from}::date and x.day <= ${r.to}::date`,
    fees: r.side === "seller" ? sql`x.fees` : sql`0`,
  };
}

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

/** The totals of a range: the sum of its days' rollup rows. */
export async function totals(db: Executor, r: Range): Promise<FiguresRow> {
  const x = rollupRows(r);
  const [row] = await rowsOf<FiguresRow>(
    db,
    sql`select coalesce(sum(x.orders), 0)::int as orders, coalesce(sum(x.sales), 0)::bigint as sales,
               coalesce(sum(${x.fees}), 0)::bigint as fees, coalesce(sum(x.refunds), 0)::bigint as refunds
        from ${x.from}`,
  );
  return row ?? { orders: 0, sales: 0, refunds: 0, fees: 0 };
}

/** The days of a range with anything paid or refunded, newest first, a page of them, and how many such days. */
export async function days(db: Executor, r: Range, limit: number, offset: number): Promise<DayRow[]> {
  const x = rollupRows(r);
  return rowsOf<DayRow>(
    db,
    sql`select to_char(x.day, 'YYYY-MM-DD') as day, sum(x.orders)::int as orders, sum(x.sales)::bigint as sales,
               sum(x.refunds)::bigint as refunds, sum(${x.fees})::bigint as fees, count(*) over () as total
        from ${x.from}
        group by x.day having sum(x.orders) <> 0 or sum(x.refund_count) <> 0
        order by x.day desc
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
               ${r.side === "seller" ? sql`o.service_fee` : sql`0`} as fee
        from ${paidOrderView} o where ${paidWhere(r)}
        order by o.paid_at desc, o.id desc limit ${limit} offset ${offset}`,
  );
}

/** How many orders were paid in the range, counted up to COUNT_CAP. */
export async function countOrders(db: Executor, r: Range): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${paidOrderView} o where ${paidWhere(r)} limit ${COUNT_CAP}) t`,
  );
  return Number(row?.n ?? 0);
}
