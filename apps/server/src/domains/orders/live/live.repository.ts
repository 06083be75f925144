import { sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { orderEvent } from "./live.tables";

/* Every query of the live order events (live.ts). */

export const LIVE_CHANNEL = "sbo_order_event";

export interface EventInsert {
  boId: string;
  orderId: string;
  orderNo: string;
  kind: string;
  actor: string;
  payAmount: number;
}

/** The event row and its announcement (the seller's organisation as payload), both in the caller's transaction. */
export async function insertEvent(db: Executor, e: EventInsert): Promise<void> {
  await db.insert(orderEvent).values(e);
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${e.boId})`);
}

/** Announces new events of these organisations (a wake-up for their streams; the rows are already committed). */
export async function notifyShops(db: Executor, boIds: string[]): Promise<void> {
  if (boIds.length === 0) return;
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, b) from unnest(${`{${boIds.join(",")}}`}::text[]) b`);
}

export interface EventRow {
  id: number;
  kind: string;
  order_id: string;
  order_no: string;
  actor: string;
  pay_amount: number;
  at: string | Date;
}

/**
 * The organisation's events after `afterId`, and those written in the last `LATE_COMMIT_SECONDS` since `since` (a row
 * whose transaction committed after one with a larger id), leaving out `sentIds` (what the reader already sent), oldest first.
 */
export const LATE_COMMIT_SECONDS = 30;
export async function eventsAfter(
  db: Executor,
  boId: string,
  afterId: number,
  since: Date,
  sentIds: number[],
  limit: number,
): Promise<EventRow[]> {
  const skip = sentIds.length
    ? sql` and id not in (${sql.join(
        sentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return rowsOf<EventRow>(
    db,
    sql`select id::int as id, kind, order_id, order_no, actor, pay_amount::int as pay_amount, at
        from ${orderEvent}
        where bo_id = ${boId}
          and (id > ${afterId} or at > greatest(${since.toISOString()}::timestamptz, now() - make_interval(secs => ${LATE_COMMIT_SECONDS})))${skip}
        order by id limit ${limit}`,
  );
}

/** The organisation's newest event id (a fresh stream starts after it). */
export async function lastEventId(db: Executor, boId: string): Promise<number> {
  const r = await rowsOf<{ id: number | null }>(db, sql`select max(id)::int as id from ${orderEvent} where bo_id = ${boId}`);
  return r[0]?.id ?? 0;
}

/** Deletes events older than `hours`; answers how many. */
export async function pruneEvents(db: Executor, hours: number): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`with gone as (delete from ${orderEvent} where at < now() - make_interval(hours => ${hours}) returning 1) select count(*)::int as n from gone`,
  );
  return r.rows[0]?.n ?? 0;
}
