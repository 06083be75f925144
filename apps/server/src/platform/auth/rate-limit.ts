import { codes, loginRefusals } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { refuse } from "../http/errors";
import { rateCounter } from "./auth.tables";

/**
 * Login, SMS and password-reset calls per client IP, counted together and shared by every server process:
 * in PostgreSQL (one statement per call) or, when REDIS_URL is set, in Redis. The count is a sliding
 * minute: this clock minute's calls plus the previous minute's, weighted by how much of it still lies
 * within the last 60 s, so that a burst across a minute boundary is not allowed twice.
 */
export interface RateLimiter {
  readonly store: "postgres" | "redis";
  /** Count one call from `ip` and answer the calls of the last minute (this one included). */
  hit(ip: string): Promise<number>;
  /** Whether the store answers (GET /readyz): resolves when it does, rejects when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MINUTE = 60_000;
const windowOf = (now: number) => now - (now % MINUTE);
const weighted = (now: number, current: number, previous: number) => current + previous * (1 - (now % MINUTE) / MINUTE);

export function postgresRateLimiter(db: Db): RateLimiter {
  let calls = 0;
  return {
    store: "postgres",
    async hit(ip) {
      const now = Date.now();
      const windowStart = new Date(windowOf(now));
      const previousStart = new Date(windowOf(now) - MINUTE);
      const [row] = await rowsOf<{ current: number; previous: number }>(
        db,
        sql`with up as (
              insert into ${rateCounter} (ip, window_start, hits) values (${ip}, ${windowStart}, 1)
              on conflict (ip, window_start) do update set hits = ${rateCounter.hits} + 1
              returning hits
            )
            select (select hits from up) as current,
                   coalesce((select hits from ${rateCounter} where ip = ${ip} and window_start = ${previousStart}), 0) as previous`,
      );
      // Windows older than a few minutes are never read again: sweep them now and then.
      if (++calls % 500 === 0) await db.delete(rateCounter).where(sql`${rateCounter.windowStart} < now() - interval '5 minutes'`);
      return weighted(now, Number(row?.current ?? 1), Number(row?.previous ?? 0));
    },
    // The database itself is what /readyz checks first.
    async ping() {},
    async close() {},
  };
}

export function redisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  // Errors surface on the call that needs Redis; an unhandled 'error' event must not end the process.
  redis.on("error", () => {});
  const keyOf = (ip: string, window: number) => `sbo:rate:${ip}:${window}`;
  return {
    store: "redis",
    async hit(ip) {
      const now = Date.now();
      const key = keyOf(ip, windowOf(now));
      const replies = await redis
        .multi()
        .incr(key)
        .expire(key, 150)
        .get(keyOf(ip, windowOf(now) - MINUTE))
        .exec();
      if (!replies) throw new Error("the Redis rate counter answered nothing");
      const [[, current], , [, previous]] = replies as [[Error | null, number], unknown, [Error | null, string | null]];
      return weighted(now, Number(current), Number(previous ?? 0));
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Refuses (HTTP 429, code 000029) once `ip` has made more than `perMinute` limited calls in the last minute. */
export async function checkRate(limiter: RateLimiter, ip: string, perMinute: number): Promise<void> {
  if ((await limiter.hit(ip)) > perMinute) throw refuse(codes.TOO_MANY_REQUESTS, loginRefusals.tooManyRequests, undefined, { status: 429 });
}
