import { AsyncLocalStorage } from "node:async_hooks";
import { setImmediate as nextTurnOfTheLoop } from "node:timers/promises";
import { createCallsInFlight } from "../http/calls-in-flight";

/*
 * Turns on the embedded database (issue 23 §1). PGlite has one connection and runs each statement on the process's own
 * thread: while a statement runs nothing else does, and statements queue one behind the other in the order they were
 * asked. Three streamed exports asking for page after page kept a seller's one-line call waiting 9.5 s behind their
 * pages. So long work (an export's pages, marked with `asLongWork`) takes its turns apart from the calls:
 *
 * - one statement (or transaction) of long work at a time, whatever the number of exports running;
 * - before each, the event loop turns once (requests that arrived during the last page are read and begin), and the
 *   statement then waits while any call is in flight, so a call's statements never queue behind more than the one
 *   page already running when it arrived;
 * - it waits at most `maxDeferMs`: calls that never stop coming slow long work down but cannot starve it.
 *
 * PostgreSQL has a pool and needs none of this: there `asLongWork` changes nothing.
 */

const longLane = new AsyncLocalStorage<true>();

/** Runs `fn` as long work: on the embedded database, its statements (and those of what it starts) give calls way. */
export function asLongWork<T>(fn: () => T): T {
  return longLane.run(true, fn);
}

/** Whether the code running now is long work (asLongWork). */
export const inLongWork = (): boolean => longLane.getStore() === true;

/**
 * Rows a page of long work reads on the embedded database. A call that arrives mid-export waits behind the one page
 * already running: at 500 orders a page (summaries and their sheet rows) that page alone took over a second on a busy
 * 2-core machine, so pages there are small. PostgreSQL keeps each caller's own page size (fewer round trips).
 */
export const EMBEDDED_LONG_WORK_PAGE = 100;
let embeddedTurns = false;

/** The page size long work should read now: `size`, or on the embedded database at most EMBEDDED_LONG_WORK_PAGE. */
export const longWorkPage = (size: number): number => (embeddedTurns && inLongWork() ? Math.min(size, EMBEDDED_LONG_WORK_PAGE) : size);

export interface Turns {
  /** A call begins; the answer ends it (calling it again does nothing). */
  callBegins(): () => void;
  /** One statement or transaction of long work, in its turn (above). */
  long<T>(op: () => Promise<T>): Promise<T>;
  /** Calls in flight and statements of long work not yet begun. */
  now(): { calls: number; longWaiting: number };
}

/** How long a statement of long work waits for the calls in flight at most. */
export const LONG_WORK_MAX_DEFER_MS = 1000;

export function createTurns(maxDeferMs = LONG_WORK_MAX_DEFER_MS): Turns {
  // Only the embedded database takes turns (client.ts): from now on, long work in this process reads small pages.
  embeddedTurns = true;
  // The calls in flight, counted as the exports count theirs (one counter, one way to wait for none).
  const calls = createCallsInFlight();
  let longWaiting = 0;
  // The long work's queue: each statement starts after the one before it has finished (or failed).
  let tail: Promise<unknown> = Promise.resolve();

  return {
    callBegins: calls.begin,
    long<T>(op: () => Promise<T>): Promise<T> {
      longWaiting++;
      const run = tail.then(async () => {
        try {
          await nextTurnOfTheLoop();
          await calls.idle(maxDeferMs);
        } finally {
          longWaiting--;
        }
        return op();
      });
      tail = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    now: () => ({ calls: calls.now(), longWaiting }),
  };
}
