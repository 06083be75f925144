import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import type { FileStore } from "../../platform/files/file-store";
import { reviewPending } from "./media.service";

/*
 * The videos' automatic review (docs/domains/media.md): every MEDIA_REVIEW_SECONDS, the pending videos are checked
 * from their bytes and approved or rejected. Pending rows are taken FOR UPDATE SKIP LOCKED: processes share the work.
 */
export function createMediaJobs(o: { db: Db; files: FileStore; everySeconds: number; log: FastifyBaseLogger }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const pass = async () => {
    try {
      const n = await reviewPending(o.db, o.files);
      if (n > 0) o.log.info({ job: "mediaReview", n }, "media job");
    } catch (err) {
      o.log.error({ err, job: "mediaReview" }, "media job failed");
    }
  };
  const runOnce = () => {
    if (!running) running = pass().finally(() => (running = null));
    return running;
  };
  return {
    runOnce,
    start() {
      if (timer || o.everySeconds <= 0) return;
      timer = setInterval(() => void runOnce(), o.everySeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
