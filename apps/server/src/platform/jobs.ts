import type { FastifyBaseLogger } from "fastify";
import type { Metrics } from "./http/metrics";

/** A timed job of the server process: one pass now (tests, start-up), a pass every so often, and a clean stop. */
export interface PeriodicJob {
  /** One pass of every step (a pass already running in this process is not started twice: its promise is answered). */
  runOnce(): Promise<void>;
  /** Runs a pass every `everySeconds` (none when 0), the first at once when `startNow`. The timer never holds the process. */
  start(): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

/** Where a job's steps are counted (the app's metrics). */
export type PeriodicJobMetrics = Pick<Metrics, "jobStep">;

/**
 * The one way the server runs timed work (orders' timers, after-sales' auto-approve, videos' review): each step answers
 * how many records it handled, logged as `{ job, n }` when any; a step that fails is logged and the next still runs.
 * Steps that several processes may run at once take their rows `FOR UPDATE SKIP LOCKED` or an advisory lock.
 */
export function periodicJob(o: {
  steps: Record<string, () => Promise<number>>;
  everySeconds: number;
  startNow: boolean;
  log: FastifyBaseLogger;
  /** Counts each step's passes, done or failed (GET /metrics). */
  metrics?: PeriodicJobMetrics;
}): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const pass = async () => {
    for (const [job, step] of Object.entries(o.steps)) {
      try {
        const n = await step();
        if (n > 0) o.log.info({ job, n }, "job done");
        o.metrics?.jobStep(job, "done");
      } catch (err) {
        o.log.error({ err, job }, "job failed");
        o.metrics?.jobStep(job, "failed");
      }
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
      if (o.startNow) void runOnce();
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
