import { sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { shopAutoCloseMinutesSql, shopAutoConfirmDaysSql } from "../../shop/shop.port";
import { orderInfo } from "../orders.tables";

/* The timed jobs' queries (jobs.ts). A shop without settings has the shop service's defaults. */

export const DEFAULT_AUTO_CLOSE_MINUTES = 30;
export const DEFAULT_AUTO_CONFIRM_DAYS = 7;

/**
 * Unpaid orders older than their shop's `auto_close_minutes`, oldest first, locked; rows another process holds are
 * skipped, and so are orders with a payment voucher in review (the seller decides those).
 */
export async function dueUnpaid(db: Executor, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select o.id from ${orderInfo} o
        where o.status = 'pendingPayment'
          and o.created_at < now() - make_interval(mins => coalesce(${shopAutoCloseMinutesSql(sql`o.shop_id`)}, ${DEFAULT_AUTO_CLOSE_MINUTES}))
          -- A buyer who paid offline waits for the seller's review, not for the clock.
          and not exists (select 1 from order_payment p where p.order_id = o.id and p.method = 'offline' and p.status = 'reviewing')
        order by o.created_at limit ${limit}
        for update of o skip locked`,
  );
  return rows.map((r) => r.id);
}

/** Shipped orders whose first shipment is older than their shop's `auto_confirm_days`, locked, skipping held rows. */
export async function dueReceive(db: Executor, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select o.id from ${orderInfo} o
        where o.status = 'shipped'
          and o.shipped_at < now() - make_interval(days => coalesce(${shopAutoConfirmDaysSql(sql`o.shop_id`)}, ${DEFAULT_AUTO_CONFIRM_DAYS}))
        order by o.shipped_at limit ${limit}
        for update of o skip locked`,
  );
  return rows.map((r) => r.id);
}
