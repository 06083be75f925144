import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import type { FileStore } from "../../platform/files/file-store";
import { type PeriodicJob, type PeriodicJobMetrics, periodicJob } from "../../platform/jobs";
import { reviewPending } from "./media.service";

/*
 * The videos' automatic review (docs/domains/media.md): every MEDIA_REVIEW_SECONDS, the pending videos are checked
 * from their bytes and approved or rejected. Pending rows are taken FOR UPDATE SKIP LOCKED: processes share the work.
 */
export function createMediaJobs(o: {
  db: Db;
  files: FileStore;
  everySeconds: number;
  log: FastifyBaseLogger;
  metrics?: PeriodicJobMetrics;
}): PeriodicJob {
  return periodicJob({
    steps: { mediaReview: () => reviewPending(o.db, o.files) },
    everySeconds: o.everySeconds,
    startNow: false,
    log: o.log,
    metrics: o.metrics,
  });
}
