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

/** The process's calls (app.ts counts them; the exports give way to them: platform/export/xlsx.ts). */
export const callsInFlight = createCallsInFlight();
