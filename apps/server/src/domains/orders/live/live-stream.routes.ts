import { ORDER_EVENTS_PATH, type OrderLiveEvent, type OrderLiveKind, orderLiveKinds } from "@sbo/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Platform } from "../../../platform/http/bind-domain";
import { forbidden, notLoggedIn } from "../../../platform/http/errors";
import type { Metrics } from "../../../platform/http/metrics";
import { tagOf } from "../../../platform/http/openapi";
import type { NotifyHub } from "../../../platform/live/notify-hub";
import * as live from "./live.repository";

/* The order event stream (server-sent events): what live.service.ts records, read back for the open back offices. */

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
