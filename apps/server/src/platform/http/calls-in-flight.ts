/*
 * The calls this process is answering, from a call's arrival until its answer is sent (a download's stream is not
 * part of its call). Long work that runs on the event loop — an export making its rows' cells and XML — gives way to
 * them: before each slice it waits until none is in flight, at most a bound, so a seller's call queues behind at most
 * one slice of another seller's export instead of sharing the thread with all of it (issue 24 goal 5: other sellers'
 * p99 rose from about 50 to 140 ms beside an export on a busy machine), and calls that never stop coming slow an
 * export down but cannot stop it. The embedded database's statements take their own turns (platform/db/turns.ts).
 */

export interface CallsInFlight {
  /** A call begins; the answer ends it (calling it again does nothing). */
  begin(): () => void;
  /** Resolves when no call is in flight, or after `maxWaitMs` at the latest. */
  idle(maxWaitMs: number): Promise<void>;
  now(): number;
}

export function createCallsInFlight(): CallsInFlight {
  let calls = 0;
  let waiting: (() => void)[] = [];
  return {
    begin() {
      calls++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        calls--;
        if (calls === 0) {
          const wake = waiting;
          waiting = [];
          for (const w of wake) w();
        }
      };
    },
    idle(maxWaitMs) {
      if (calls === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting = waiting.filter((w) => w !== done);
          resolve();
        }, maxWaitMs);
        waiting.push(done);
      });
    },
    now: () => calls,
  };
}

/**
 * For one piece of long work: before each slice, wait for the calls in flight (at most `maxWaitMs`) while the time it
 * has waited so far stays within `share` of the time it has run, so giving way makes it at most 1 / (1 − share) times
 * slower however many calls come (an export beside calls that never stop would otherwise wait at every slice).
 * Answers whether it waited.
 */
export function givingWay(
  calls: CallsInFlight,
  opts: { share: number; maxWaitMs: number },
  now: () => number = () => performance.now(),
): () => Promise<boolean> {
  const started = now();
  let waited = 0;
  return async () => {
    if (calls.now() === 0 || waited > opts.share * (now() - started)) return false;
    const from = now();
    await calls.idle(opts.maxWaitMs);
    waited += now() - from;
    return true;
  };
}

/** The process's calls (app.ts counts them; the exports give way to them: platform/export/xlsx.ts). */
export const callsInFlight = createCallsInFlight();
