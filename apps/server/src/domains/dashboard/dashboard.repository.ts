import { DASHBOARD_TOP_GOODS } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { addDays, daysBetween } from "../../platform/days";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { shopBuyerDayView, shopBuyerLastView, shopDayRollupView, shopGoodsDayView, shopGoodsWeekView } from "../statement/statement.port";

/*
 * The dashboard's queries read the rollups the database keeps, through statements' views (statement/statement.port.ts):
 * the shop's days
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
  return rowsOf<DayRow>(
    db,
    sql`select to_char(x.day, 'YYYY-MM-DD') as day, sum(x.orders)::int as orders, sum(x.sales)::bigint as sales,
               sum(x.refund_count)::int as refunds, sum(x.refunds)::bigint as refund_amount
        from ${shopDayRollupView} x where x.bo_id = ${w.boId} and x.day >= ${w.from}::date and x.day <= ${w.to}::date
        group by x.day`,
  );
}

/**
 * Distinct buyers of the orders paid (not cancelled) in each period (first and last day, included). One day: its rows
 * of `order_buyer_day`. Several days up to the last: the buyers whose last day falls in them (`order_buyer_last`), unless
 * some buyer's last day is later than the period's end (a period not ending today), when the period's rows are counted.
 */
export async function buyers(db: Executor, boId: string, periods: { from: string; to: string }[]): Promise<number[]> {
  const b = shopBuyerDayView;
  const l = shopBuyerLastView;
  const inDays = (p: { from: string; to: string }) =>
    sql`(select count(distinct b.buyer_member_id) from ${b} b
         where b.bo_id = ${boId} and b.day >= ${p.from}::date and b.day <= ${p.to}::date and b.orders > 0)`;
  const columns = sql.join(
    periods.map((p, i) => {
      // One day: its rows are its buyers (one row per buyer and day), counted from the covering (bo_id, day) index.
      const count =
        p.from === p.to
          ? sql`(select count(*) from ${b} b where b.bo_id = ${boId} and b.day = ${p.from}::date and b.orders > 0)`
          : sql`case when exists (select 1 from ${l} l where l.bo_id = ${boId} and l.last_day > ${p.to}::date) then ${inDays(p)}
                else (select count(*) from ${l} l where l.bo_id = ${boId} and l.last_day >= ${p.from}::date and l.last_day <= ${p.to}::date)
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

/** The Monday of a day's week (the weeks of `order_goods_week`: sbo_week). */
export const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

interface GoodsPart {
  table: "day" | "week";
  from: string;
  to: string;
  sign: 1 | -1;
}

/**
 * The rows that add up to [from, to] with the fewest days: whole weeks, less (or plus) the at most three days of the
 * first and last weeks outside (inside) the range. 30 days: about five weeks and three days of goods rows.
 */
export function goodsParts(from: string, to: string): GoodsPart[] {
  if (daysBetween(from, to) < 14) return [{ table: "day", from, to, sign: 1 }];
  const parts: GoodsPart[] = [];
  let firstWeek = mondayOf(from);
  const before = daysBetween(firstWeek, from) - 1;
  if (before > 3) {
    parts.push({ table: "day", from, to: addDays(firstWeek, 6), sign: 1 });
    firstWeek = addDays(firstWeek, 7);
  } else if (before > 0) parts.push({ table: "day", from: firstWeek, to: addDays(from, -1), sign: -1 });
  let lastWeek = mondayOf(to);
  const after = daysBetween(to, addDays(lastWeek, 6)) - 1;
  if (after > 3) {
    parts.push({ table: "day", from: lastWeek, to, sign: 1 });
    lastWeek = addDays(lastWeek, -7);
  } else if (after > 0) parts.push({ table: "day", from: addDays(to, 1), to: addDays(lastWeek, 6), sign: -1 });
  parts.push({ table: "week", from: firstWeek, to: lastWeek, sign: 1 });
  return parts;
}

/**
 * The top goods of the window: the signed sum of its parts (goodsParts) per goods and name, then per goods with the
 * greatest name still on a line, as the lines' own max did.
 */
export async function topGoods(db: Executor, w: Window): Promise<TopRow[]> {
  const selects = goodsParts(w.from, w.to).map((p) => {
    const t = p.table === "day" ? shopGoodsDayView : shopGoodsWeekView;
    const at = sql.raw(p.table === "day" ? "t.day" : "t.week");
    const s = sql.raw(String(p.sign));
    return sql`select t.goods_id, t.goods_name, ${s} * t.lines as lines, ${s} * t.quantity as quantity, ${s} * t.amount as amount
               from ${t} t where t.bo_id = ${w.boId} and ${at} >= ${p.from}::date and ${at} <= ${p.to}::date`;
  });
  return rowsOf<TopRow>(
    db,
    sql`select n.goods_id, max(n.goods_name) filter (where n.lines > 0) as name, sum(n.quantity)::int as quantity,
               sum(n.amount)::bigint as amount
        from (select x.goods_id, x.goods_name, sum(x.lines) as lines, sum(x.quantity) as quantity, sum(x.amount) as amount
              from (${sql.join(selects, sql` union all `)}) x group by x.goods_id, x.goods_name) n
        group by n.goods_id having sum(n.lines) > 0
        order by amount desc, n.goods_id limit ${DASHBOARD_TOP_GOODS}`,
  );
}
