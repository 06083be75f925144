import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { newId } from "../../../platform/db/ids";
import { rowsOf } from "../../../platform/db/rows";
import { boundedCount, exactAt } from "../../../platform/http/paging";
import { erpWebhook, orderPush } from "../live/live.tables";

/* Every query of the ERP push (push.service.ts, jobs.ts). */

export type PushRow = typeof orderPush.$inferSelect;
export type WebhookRow = typeof erpWebhook.$inferSelect;

/** A paid order's push, when its seller has a webhook on (one per order: a second payment notice adds none). */
export async function enqueuePush(db: Executor, order: { id: string; boId: string; orderNo: string }): Promise<void> {
  await db.execute(
    sql`insert into ${orderPush} (id, bo_id, order_id, order_no, status, next_attempt_at)
        select ${newId()}, ${order.boId}, ${order.id}, ${order.orderNo}, 'pending', now()
        from ${erpWebhook} w where w.bo_id = ${order.boId} and w.enabled
        on conflict (order_id) do nothing`,
  );
}

export async function webhookOf(db: Executor, boId: string): Promise<WebhookRow | null> {
  const [row] = await db.select().from(erpWebhook).where(eq(erpWebhook.boId, boId));
  return row ?? null;
}

export async function saveWebhook(db: Executor, boId: string, v: { url: string; enabled: boolean; secret?: string | undefined }) {
  const set = { url: v.url, enabled: v.enabled, updatedAt: new Date(), ...(v.secret ? { secret: v.secret } : {}) };
  await db
    .insert(erpWebhook)
    .values({ boId, url: v.url, enabled: v.enabled, secret: v.secret ?? "" })
    .onConflictDoUpdate({ target: erpWebhook.boId, set });
}

export interface PushFilters {
  status?: string | undefined;
  orderNo?: string | undefined;
}

/** The push list's conditions: the list, its count and its export read through this. */
export function pushWhere(boId: string, f: PushFilters): SQL {
  const parts: (SQL | undefined)[] = [eq(orderPush.boId, boId)];
  if (f.status) parts.push(eq(orderPush.status, f.status));
  // Order numbers are digits: a prefix is a range the (bo_id, order_no) index serves in any collation.
  if (f.orderNo) parts.push(sql`${orderPush.orderNo} >= ${f.orderNo} and ${orderPush.orderNo} < ${`${f.orderNo}:`}`);
  return and(...parts) as SQL;
}

export async function pushPage(db: Executor, boId: string, f: PushFilters, limit: number, offset: number) {
  return db
    .select()
    .from(orderPush)
    .where(pushWhere(boId, f))
    .orderBy(desc(orderPush.createdAt), desc(orderPush.id))
    .limit(limit)
    .offset(offset);
}

/** The pushes matching `where` (pushWhere) in `orderBy`, at most `limit`, with the exact creation time: a batch of the export. */
export function pushBatch(db: Executor, where: SQL, orderBy: SQL[], limit: number) {
  return db
    .select({ push: orderPush, at: exactAt(orderPush.createdAt) })
    .from(orderPush)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

export const pushCount = (db: Executor, boId: string, f: PushFilters) => boundedCount(db, sql`${orderPush}`, pushWhere(boId, f));

/** One push of the organisation, locked for the change that follows. */
export async function lockPush(db: Executor, boId: string, id: string): Promise<PushRow | null> {
  const [row] = await db
    .select()
    .from(orderPush)
    .where(and(eq(orderPush.id, id), eq(orderPush.boId, boId)))
    .for("update");
  return row ?? null;
}

export async function makeDueNow(db: Executor, id: string): Promise<PushRow> {
  const [row] = await db
    .update(orderPush)
    .set({ status: "pending", nextAttemptAt: sql`now()`, updatedAt: new Date() })
    .where(eq(orderPush.id, id))
    .returning();
  if (!row) throw new Error("push vanished");
  return row;
}

export interface Claimed {
  id: string;
  bo_id: string;
  order_id: string;
  order_no: string;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Claims due pushes for one attempt each: `FOR UPDATE SKIP LOCKED` (two processes never take the same), the attempt
 * counted and the push leased for `leaseSeconds` (a process that dies mid-attempt leaves it due again then).
 */
export async function claimDue(db: Executor, limit: number, leaseSeconds: number, onlyId?: string): Promise<Claimed[]> {
  const only = onlyId ? sql` and p2.id = ${onlyId}` : sql``;
  return rowsOf<Claimed>(
    db,
    sql`update ${orderPush} p
        set attempts = p.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds}),
            last_attempt_at = now(), url = d.url, updated_at = now()
        from (select p2.id, w.url, w.secret from ${orderPush} p2 join ${erpWebhook} w on w.bo_id = p2.bo_id and w.enabled
              where p2.status = 'pending' and p2.next_attempt_at <= now()${only}
              order by p2.next_attempt_at limit ${limit} for update of p2 skip locked) d
        where p.id = d.id
        returning p.id, p.bo_id, p.order_id, p.order_no, p.attempts, d.url, d.secret`,
  );
}

export async function recordSuccess(db: Executor, id: string, statusCode: number) {
  await db
    .update(orderPush)
    .set({
      status: "succeeded",
      pushedAt: sql`now()`,
      lastStatusCode: statusCode,
      lastErrorKind: null,
      lastError: null,
      updatedAt: new Date(),
    })
    .where(eq(orderPush.id, id));
}

export async function recordFailure(
  db: Executor,
  id: string,
  f: { kind: string; statusCode: number | null; error: string; retryInSeconds: number | null },
) {
  await db
    .update(orderPush)
    .set({
      status: f.retryInSeconds === null ? "failed" : "pending",
      nextAttemptAt: f.retryInSeconds === null ? sql`now()` : sql`now() + make_interval(secs => ${f.retryInSeconds})`,
      lastErrorKind: f.kind,
      lastStatusCode: f.statusCode,
      lastError: f.error,
      updatedAt: new Date(),
    })
    .where(eq(orderPush.id, id));
}
