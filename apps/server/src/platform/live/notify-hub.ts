import type { Database } from "../db/client";

/**
 * One LISTEN per server process, shared by every open event stream (platform-level: it knows nothing of orders).
 * Subscribers are told each payload of the channel, and `null` when they should catch up from their table: after the
 * listen connection (re)opens — notifications sent while it was down are lost, the rows are not — and on a steady
 * tick (`pollMs`), which also serves a database handle that cannot LISTEN (then the tick is all there is).
 */
export interface NotifyHub {
  subscribe(fn: (payload: string | null) => void): () => void;
  close(): Promise<void>;
}

export function createNotifyHub(
  database: Pick<Database, "listen">,
  channel: string,
  opts: { pollMs?: number; fallbackPollMs?: number; onError?: (err: unknown) => void } = {},
): NotifyHub {
  const subscribers = new Set<(payload: string | null) => void>();
  let stop: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  let listening = false;

  const tell = (payload: string | null) => {
    for (const fn of subscribers) fn(payload);
  };

  const tick = () => {
    if (timer) clearInterval(timer);
    const every = listening ? (opts.pollMs ?? 10_000) : (opts.fallbackPollMs ?? 2_000);
    timer = setInterval(() => tell(null), every);
    timer.unref();
  };

  const start = async (attempt = 0): Promise<void> => {
    if (closed || !database.listen) {
      tick();
      return;
    }
    try {
      stop = await database.listen(
        channel,
        (payload) => tell(payload),
        (err) => {
          opts.onError?.(err);
          listening = false;
          const s = stop;
          stop = null;
          void s?.();
          tick();
          schedule(1);
        },
      );
      listening = true;
      tick();
      tell(null);
    } catch (err) {
      opts.onError?.(err);
      listening = false;
      tick();
      schedule(attempt + 1);
    }
  };

  const schedule = (attempt: number) => {
    if (closed || retry) return;
    retry = setTimeout(
      () => {
        retry = null;
        void start(attempt);
      },
      Math.min(30_000, 500 * 2 ** attempt),
    );
    retry.unref();
  };

  return {
    subscribe(fn) {
      subscribers.add(fn);
      if (!starting) starting = start();
      return () => {
        subscribers.delete(fn);
      };
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (retry) clearTimeout(retry);
      subscribers.clear();
      await starting;
      await stop?.();
    },
  };
}
