import { ORDER_EVENTS_PATH, type OrderLiveEvent, type OrderLiveKind, orderLiveKinds } from "@sbo/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Executor } from "../../../platform/db/client";
import type { Platform } from "../../../platform/http/bind-domain";
import { forbidden, notLoggedIn } from "../../../platform/http/errors";
import type { Metrics } from "../../../platform/http/metrics";
import { tagOf } from "../../../platform/http/openapi";
import type { NotifyHub } from "../../../platform/live/notify-hub";
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

const toEvent = (r: live.EventRow): OrderLiveEvent => ({
  id: r.id,
  kind: orderLiveKinds.includes(r.kind as OrderLiveKind) ? (r.kind as OrderLiveKind) : "created",
  orderId: r.order_id,
  orderNo: r.order_no,
  actor: r.actor as OrderLiveEvent["actor"],
  payAmount: Number(r.pay_amount),
  at: new Date(r.at).toISOString(),
});

/** A stream lives this long, then ends; the browser reconnects (checking the ticket again) and resumes from its last id. */
const STREAM_SECONDS = 5 * 60;
const HEARTBEAT_SECONDS = 20;
const BATCH = 200;

function lastEventIdOf(req: FastifyRequest): number | null {
  const header = req.headers["last-event-id"];
  const query = (req.query as Record<string, unknown> | undefined)?.lastEventId;
  const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof query === "string" ? query : undefined);
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * GET ORDER_EVENTS_PATH: the seller ticket cookie, the session's organisation only; function `order.manage` hears every
 * event, `order.afterSale` alone only new after-sale applications (an after-sales clerk is told of those as the order
 * desk is of orders). Without `Last-Event-ID` it starts from now; with it, it first sends every event after that id
 * that is still kept (a day).
 */
export function liveRoutes(app: FastifyInstance, platform: Platform, hub: NotifyHub, metrics?: Pick<Metrics, "liveStreams">) {
  const { db } = platform;
  // Open streams end when the server closes (else closing would wait for them).
  const open = new Set<() => void>();
  metrics?.liveStreams(() => open.size);
  app.addHook("preClose", async () => {
    for (const end of [...open]) end();
  });
  app.get(
    ORDER_EVENTS_PATH,
    {
      schema: {
        summary:
          "The shop's order events as server-sent events (new orders, payments, vouchers, reminders, cancels, receipts); Last-Event-ID resumes",
        tags: [tagOf("orders")],
        operationId: "orders.liveEvents",
        security: [{ ticket: [] }],
        response: { 200: { description: "The event stream", content: { "text/event-stream": { schema: { type: "string" } } } } },
        description:
          "Requires function `order.manage` (every event) or `order.afterSale` (after-sale applications only), with the ticket cookie. `text/event-stream`: `id`, `event: order`, `data` JSON.",
      },
    },
    async (req, reply) => {
      const { session } = await platform.sessions.resolve(req, false, reply);
      if (!session) throw notLoggedIn();
      const everything = session.functions.has("order.manage");
      if (!everything && !session.functions.has("order.afterSale")) throw forbidden("order.manage");
      /** What this member is told: every event, or after-sale applications only. */
      const told = (kind: string) => everything || kind === "afterSaleApplied";
      const boId = session.boId;
      const resumeFrom = lastEventIdOf(req);
      let last = resumeFrom ?? (await live.lastEventId(db, boId));
      // A fresh stream tells only what happens from now; a resumed one also looks back the late-commit window (the
      // browser's hook drops ids it already has).
      const since = resumeFrom === null ? new Date() : new Date(0);
      /** Ids sent within the late-commit window, so a row found again by the look-back is not sent twice. */
      const sent = new Map<number, number>();

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
        "x-request-id": req.id,
      });
      res.write(`retry: 3000\n\n`);

      let closed = false;
      let reading = false;
      let again = false;
      const read = async () => {
        if (closed) return;
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            const now = Date.now();
            for (const [id, at] of sent) if (now - at > (live.LATE_COMMIT_SECONDS + 30) * 1000) sent.delete(id);
            const rows = await live.eventsAfter(db, boId, last, since, [...sent.keys()], BATCH);
            for (const r of rows) {
              if (closed) return;
              if (!told(r.kind)) {
                last = Math.max(last, r.id);
                continue;
              }
              res.write(`id: ${Math.max(r.id, last)}\nevent: order\ndata: ${JSON.stringify(toEvent(r))}\n\n`);
              sent.set(r.id, now);
              last = Math.max(last, r.id);
            }
            if (rows.length === BATCH) again = true;
          } while (again && !closed);
        } catch (err) {
          req.log.warn({ err }, "order events: read failed");
        } finally {
          reading = false;
        }
      };
      const unsubscribe = hub.subscribe((payload) => {
        if (payload === null || payload === boId) void read();
      });
      const heartbeat = setInterval(() => {
        if (!closed) res.write(`: keep-alive\n\n`);
      }, HEARTBEAT_SECONDS * 1000);
      const end = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        open.delete(end);
        res.end();
      };
      const lifetime = setTimeout(end, STREAM_SECONDS * 1000);
      open.add(end);
      req.raw.on("close", end);
      await read();
    },
  );
}
