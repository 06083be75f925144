import { DASHBOARD_TOP_GOODS } from "@sbo/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";

/*
 * The dashboard's queries: the orders paid and refunds made in the last 30 days of one seller, through the statement
 * migration's indexes (`order_info_bo_paid_idx`, `order_refund_bo_created_idx`); the top goods join those orders'
 * lines (`order_line_order_idx`). Each reads one seller's 30 days, whatever the table's size.
 */

export interface Window {
  boId: string;
  timeZone: string;
  start: Date;
  end: Date;
}

const paid = (w: Window): SQL =>
  sql`o.bo_id = ${w.boId} and o.paid_at is not null and o.paid_at >= ${w.start} and o.paid_at < ${w.end} and o.status <> 'cancelled'`;

export interface DayRow {
  day: string;
  orders: number | string;
  sales: number | string;
}

export async function paidDays(db: Executor, w: Window): Promise<DayRow[]> {
  return rowsOf<DayRow>(
    db,
    sql`select to_char((o.paid_at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as orders,
               sum(o.pay_amount)::bigint as sales
        from order_info o where ${paid(w)} group by 1`,
  );
}

export interface RefundDayRow {
  day: string;
  refunds: number | string;
  amount: number | string;
}

export async function refundDays(db: Executor, w: Window): Promise<RefundDayRow[]> {
  return rowsOf<RefundDayRow>(
    db,
    sql`select to_char((f.created_at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as refunds,
               sum(f.amount)::bigint as amount
        from order_refund f where f.bo_id = ${w.boId} and f.created_at >= ${w.start} and f.created_at < ${w.end} group by 1`,
  );
}

/** Distinct buyers of the orders paid since each of the given instants (one count per instant). */
export async function buyersSince(db: Executor, w: Window, since: { from: Date; to: Date }[]): Promise<number[]> {
  const columns = sql.join(
    since.map(
      (s, i) =>
        sql`count(distinct o.buyer_member_id) filter (where o.paid_at >= ${s.from} and o.paid_at < ${s.to})::int as ${sql.identifier(`b${i}`)}`,
    ),
    sql`, `,
  );
  const [row] = await rowsOf<Record<string, number | string>>(db, sql`select ${columns} from order_info o where ${paid(w)}`);
  return since.map((_, i) => Number(row?.[`b${i}`] ?? 0));
}

export interface TopRow {
  goods_id: string;
  name: string;
  quantity: number | string;
  amount: number | string;
}

export async function topGoods(db: Executor, w: Window): Promise<TopRow[]> {
  return rowsOf<TopRow>(
    db,
    sql`select l.goods_id, max(l.goods_name) as name, sum(l.quantity)::int as quantity,
               sum(coalesce(l.revised_amount, l.amount))::bigint as amount
        from order_info o join order_line l on l.order_id = o.id
        where ${paid(w)} group by l.goods_id order by amount desc, l.goods_id limit ${DASHBOARD_TOP_GOODS}`,
  );
}
