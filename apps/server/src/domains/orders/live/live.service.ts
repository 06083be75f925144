import type { OrderLiveKind } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Actor, OrderRow } from "../order.machine";
import { enqueuePush } from "../push/push.repository";
import * as live from "./live.repository";

/*
 * Live arrival (docs/domains/orders.md "Live arrival, timed jobs, ERP push"): the order machine and the checkout write
 * an `order_event` row and `pg_notify` it in their own transaction (announced on commit only); each server process
 * LISTENs once (platform/live/notify-hub.ts) and every open event stream of that organisation reads its new rows.
 */

/** Which timeline events the open back offices are told of. */
const LIVE_OF: Record<string, OrderLiveKind | undefined> = {
  created: "created",
  paid: "paid",
  voucherUploaded: "voucherUploaded",
  reminded: "reminded",
  cancelled: "cancelled",
  received: "received",
};

/** Records and announces a live event of an order (in the caller's transaction). */
export async function emitOrderEvent(
  db: Executor,
  order: Pick<OrderRow, "id" | "boId" | "orderNo" | "payAmount">,
  kind: OrderLiveKind,
  actor: Actor["kind"],
) {
  await live.insertEvent(db, { boId: order.boId, orderId: order.id, orderNo: order.orderNo, kind, actor, payAmount: order.payAmount });
}

/**
 * Announces organisations' new events after their transactions committed (checkout: `ctx.afterCommit`). A NOTIFY
 * inside a transaction holds PostgreSQL's one notification lock through that transaction's commit, so checkouts that
 * notified committed one at a time, holding their stock locks meanwhile. Here at most one announcement per database
 * handle is in flight: the organisations asked for meanwhile go together in the next one, each caller answered once
 * its own is sent. The rows are already committed, so a lost announcement costs only the streams' next tick (10 s).
 */
const announcers = new WeakMap<object, { queued: Set<string>; next: Promise<void> | null; inFlight: Promise<void> | null }>();

export function announceEvents(db: Executor, boIds: string[]): Promise<void> {
  let a = announcers.get(db);
  if (!a) {
    a = { queued: new Set(), next: null, inFlight: null };
    announcers.set(db, a);
  }
  for (const b of boIds) a.queued.add(b);
  if (a.next) return a.next;
  const own = a;
  own.next = (async () => {
    // Always yields first, so `next` is set before it is cleared.
    await (own.inFlight ?? Promise.resolve()).catch(() => {});
    own.next = null;
    const ids = [...own.queued];
    own.queued.clear();
    const sent = live.notifyShops(db, ids);
    own.inFlight = sent;
    try {
      await sent;
    } finally {
      if (own.inFlight === sent) own.inFlight = null;
    }
  })();
  return own.next;
}

/** Told by the order machine after every transition, in its transaction: the live event, and the ERP push of a payment. */
export async function afterTransition(db: Executor, order: OrderRow, event: string, actor: Actor) {
  const kind = LIVE_OF[event];
  if (kind) await emitOrderEvent(db, order, kind, actor.kind);
  if (event === "paid") await enqueuePush(db, order);
}
