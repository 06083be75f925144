import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import { autoApproveDue } from "./aftersale.service";

/*
 * The after-sales' timed job (docs/domains/aftersale.md "Auto-approve"): applications unanswered for their shop's
 * `after_sale_auto_approve_days` are approved by the system. Due rows (the application and its order) are taken
 * `FOR UPDATE SKIP LOCKED`, so several server processes share the work and never approve one application twice.
 */

const BATCH = 50;

export const autoApprove = (db: Db, limit = BATCH) => autoApproveDue(db, limit);

export interface AfterSaleJobs {
  runOnce(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export function createAfterSaleJobs(o: { db: Db; everySeconds: number; log: FastifyBaseLogger }): AfterSaleJobs {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const pass = async () => {
    try {
      const n = await autoApprove(o.db);
      if (n > 0) o.log.info({ job: "afterSaleAutoApprove", n }, "after-sale job");
    } catch (err) {
      o.log.error({ err, job: "afterSaleAutoApprove" }, "after-sale job failed");
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
      void runOnce();
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
