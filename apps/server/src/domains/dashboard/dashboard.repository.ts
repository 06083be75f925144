import { DASHBOARD_TOP_GOODS } from "@sbo/contract";
import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { orderBuyerDay, orderBuyerLast, orderDayRollup, orderGoodsDay } from "../statement/rollup.tables";

/*
 * The dashboard's queries read the rollups the database keeps (statement/rollup.tables.ts): the shop's days
 * (`order_day_rollup`), its goods per day (`order_goods_day`) and its buyers per day and last day (`order_buyer_day`,
 * `order_buyer_last`). Each reads one seller's 30 days of rows, whatever the number of orders.
 */

/** The last 30 days, YYYY-MM-DD in the shop's time zone, both included. */
export interface Window {
  boId: string;
  from: string;
  to: string;
}

export interface DayRow {
  day: string;
  orders: number | string;
  sales: number | string;
  refunds: number | string;
  refund_amount: number | string;
}

/** Each day of the window with anything paid or refunded. */
export async function days(db: Executor, w: Window): Promise<DayRow[]> {
  const x = orderDayRollup;
  return rowsOf<DayRow>(
    db,
    sql`select to_char(${x.day}, 'YYYY-MM-DD') as day, sum(${x.orders})::int as orders, sum(${x.sales})::bigint as sales,
               sum(${x.refundCount})::int as refunds, sum(${x.refunds})::bigint as refund_amount
        from ${x} where ${x.boId} = ${w.boId} and ${x.day} >= ${w.from}::date and ${x.day} <= ${w.to}::date
        group by ${x.day}`,
  );
}

/**
 * Distinct buyers of the orders paid (not cancelled) in each period (first and last day, included). One day: its rows
 * of `order_buyer_day`. Several days up to the last: the buyers whose last day falls in them (`order_buyer_last`), unless
 * some buyer's last day is later than the period's end (a period not ending today), when the period's rows are counted.
 */
export async function buyers(db: Executor, boId: string, periods: { from: string; to: string }[]): Promise<number[]> {
  const b = orderBuyerDay;
  const l = orderBuyerLast;
  const inDays = (p: { from: string; to: string }) =>
    sql`(select count(distinct ${b.buyerMemberId}) from ${b}
         where ${b.boId} = ${boId} and ${b.day} >= ${p.from}::date and ${b.day} <= ${p.to}::date and ${b.orders} > 0)`;
  const columns = sql.join(
    periods.map((p, i) => {
      const count =
        p.from === p.to
          ? inDays(p)
          : sql`case when exists (select 1 from ${l} where ${l.boId} = ${boId} and ${l.lastDay} > ${p.to}::date) then ${inDays(p)}
                else (select count(*) from ${l} where ${l.boId} = ${boId} and ${l.lastDay} >= ${p.from}::date and ${l.lastDay} <= ${p.to}::date)
                end`;
      return sql`${count}::int as ${sql.identifier(`b${i}`)}`;
    }),
    sql`, `,
  );
  const [row] = await rowsOf<Record<string, number | string>>(db, sql`select ${columns}`);
  return periods.map((_, i) => Number(row?.[`b${i}`] ?? 0));
}

export interface TopRow {
  goods_id: string;
  name: string;
  quantity: number | string;
  amount: number | string;
}

export async function topGoods(db: Executor, w: Window): Promise<TopRow[]> {
  const g = orderGoodsDay;
  return rowsOf<TopRow>(
    db,
    sql`select ${g.goodsId} as goods_id, max(${g.goodsName}) filter (where ${g.lines} > 0) as name, sum(${g.quantity})::int as quantity,
               sum(${g.amount})::bigint as amount
        from ${g} where ${g.boId} = ${w.boId} and ${g.day} >= ${w.from}::date and ${g.day} <= ${w.to}::date
        group by ${g.goodsId} having sum(${g.lines}) > 0
        order by amount desc, ${g.goodsId} limit ${DASHBOARD_TOP_GOODS}`,
  );
}
