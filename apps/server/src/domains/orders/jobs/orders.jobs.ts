import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../platform/db/client";
import { AppError } from "../../../platform/http/errors";
import { type PeriodicJob, type PeriodicJobMetrics, periodicJob } from "../../../platform/jobs";
import { pruneEvents } from "../live/live.repository";
import { type Actor, transition } from "../order.machine";
import { cancelAndReturnStock } from "../order-effects.service";
import type { OrderPorts } from "../orders-needs.port";
import { deliverDue } from "../push/push.service";
import * as jobsRepo from "./jobs.repository";

/*
 * The orders' timed jobs (docs/domains/orders.md "Live arrival, timed jobs, ERP push"): the unpaid timeout, the
 * automatic receipt, the ERP push retries, and pruning live events. Everything they need is in the database (due is
 * a row's age, a push's `next_attempt_at`), so a restart loses nothing; due rows are taken `FOR UPDATE SKIP LOCKED`,
 * so several server processes share the work and never take one order twice.
 */

const SYSTEM: Actor = { kind: "system", memberId: null };
const BATCH = 50;
/** Live events are kept this long (a stream that reconnects later starts from now). */
export const EVENT_KEEP_HOURS = 24;

/** Runs `one` on each due order in its own savepoint: a refusal (the state moved on) skips that order alone. */
async function eachDue(db: Db, due: (tx: Db) => Promise<string[]>, one: (tx: Db, id: string) => Promise<unknown>): Promise<number> {
  return db.transaction(async (tx) => {
    let done = 0;
    for (const id of await due(tx as unknown as Db)) {
      try {
        await tx.transaction((sp) => one(sp as unknown as Db, id));
        done++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    return done;
  });
}

/** Cancels unpaid orders past their shop's minutes (`cancelled_by` system), their stock back as a seller's cancel does. */
export const closeUnpaid = (db: Db, ports: OrderPorts, limit = BATCH) =>
  eachDue(
    db,
    (tx) => jobsRepo.dueUnpaid(tx, limit),
    (tx, id) => cancelAndReturnStock(tx, ports, id, { system: true }, SYSTEM, ""),
  );

/** Marks shipped orders received after their shop's auto-confirm days (actor system). */
export const autoReceive = (db: Db, limit = BATCH) =>
  eachDue(
    db,
    (tx) => jobsRepo.dueReceive(tx, limit),
    (tx, id) =>
      transition(tx, { orderId: id, scope: { system: true }, action: "receive", actor: SYSTEM }, async () => ({ detail: { auto: true } })),
  );

export type OrderJobs = PeriodicJob;

export function createOrderJobs(o: {
  db: Db;
  ports: OrderPorts;
  everySeconds: number;
  allowPrivatePush: boolean;
  log: FastifyBaseLogger;
  metrics?: PeriodicJobMetrics;
}): OrderJobs {
  return periodicJob({
    steps: {
      unpaidTimeout: () => closeUnpaid(o.db, o.ports),
      autoReceive: () => autoReceive(o.db),
      erpPush: () => deliverDue(o.db, { allowPrivate: o.allowPrivatePush }),
      pruneEvents: () => pruneEvents(o.db, EVENT_KEEP_HOURS),
    },
    everySeconds: o.everySeconds,
    startNow: true,
    log: o.log,
    metrics: o.metrics,
  });
}
