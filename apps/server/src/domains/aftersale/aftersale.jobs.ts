import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import { type PeriodicJob, type PeriodicJobMetrics, periodicJob } from "../../platform/jobs";
import { autoApproveDue } from "./aftersale.service";

/*
 * The after-sales' timed job (docs/domains/aftersale.md "Auto-approve"): applications unanswered for their shop's
 * `after_sale_auto_approve_days` are approved by the system. Due rows (the application and its order) are taken
 * `FOR UPDATE SKIP LOCKED`, so several server processes share the work and never approve one application twice.
 */

const BATCH = 50;

export const autoApprove = (db: Db, limit = BATCH) => autoApproveDue(db, limit);

export type AfterSaleJobs = PeriodicJob;

export function createAfterSaleJobs(o: {
  db: Db;
  everySeconds: number;
  log: FastifyBaseLogger;
  metrics?: PeriodicJobMetrics;
}): AfterSaleJobs {
  return periodicJob({
    steps: { afterSaleAutoApprove: () => autoApprove(o.db) },
    everySeconds: o.everySeconds,
    startNow: true,
    log: o.log,
    metrics: o.metrics,
  });
}
