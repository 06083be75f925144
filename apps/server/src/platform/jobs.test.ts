import { describe, expect, it, vi } from "vitest";
import { periodicJob } from "./jobs";

const logger = () =>
  ({ info: vi.fn(), error: vi.fn() }) as unknown as Parameters<typeof periodicJob>[0]["log"] & {
    info: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };

describe("a periodic job", () => {
  it("when a step fails, then it is logged and the steps after it still run; steps that did work are logged with their count", async () => {
    const log = logger();
    const ran: string[] = [];
    const job = periodicJob({
      steps: {
        first: async () => {
          ran.push("first");
          throw new Error("boom");
        },
        second: async () => {
          ran.push("second");
          return 3;
        },
        idle: async () => {
          ran.push("idle");
          return 0;
        },
      },
      everySeconds: 0,
      startNow: false,
      log,
    });
    await job.runOnce();
    expect(ran).toEqual(["first", "second", "idle"]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: "first" }), "job failed");
    expect(log.info.mock.calls).toEqual([[{ job: "second", n: 3 }, "job done"]]);
  });

  it("when a pass is asked for while one runs, then the same pass is answered, not a second one", async () => {
    let release = () => {};
    let passes = 0;
    const job = periodicJob({
      steps: {
        slow: () => {
          passes++;
          if (passes > 1) return Promise.resolve(0);
          return new Promise<number>((r) => {
            release = () => r(0);
          });
        },
      },
      everySeconds: 0,
      startNow: false,
      log: logger(),
    });
    const a = job.runOnce();
    const b = job.runOnce();
    expect(b).toBe(a);
    release();
    await a;
    await job.runOnce();
    expect(passes).toBe(2);
  });

  it("when started with a period, then it runs at once if asked and on each tick; stopped, it runs no more", async () => {
    vi.useFakeTimers();
    try {
      let passes = 0;
      const job = periodicJob({ steps: { tick: async () => ++passes }, everySeconds: 10, startNow: true, log: logger() });
      job.start();
      await vi.advanceTimersByTimeAsync(25_000);
      expect(passes).toBe(3);
      await job.stop();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(passes).toBe(3);
      const never = periodicJob({ steps: { tick: async () => ++passes }, everySeconds: 0, startNow: true, log: logger() });
      never.start();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(passes).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
