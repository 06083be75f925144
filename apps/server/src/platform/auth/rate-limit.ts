import { codes, loginRefusals } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { Db } from "../db/client";
import { refuse } from "../http/errors";
import { rateCounter } from "./auth.tables";

/**
 * Login, SMS and password-reset calls per client IP per minute, counted together and shared by every
 * server process: in PostgreSQL (one upsert per call) or, when REDIS_URL is set, in Redis (INCR).
 */
export interface RateLimiter {
  readonly store: "postgres" | "redis";
  /** Count one call from `ip` and answer the calls counted in this minute so far (this one included). */
  hit(ip: string): Promise<number>;
  close(): Promise<void>;
}

const minuteStart = (now = Date.now()) => new Date(now - (now % 60_000));

export function postgresRateLimiter(db: Db): RateLimiter {
  let calls = 0;
  return {
    store: "postgres",
    async hit(ip) {
      const windowStart = minuteStart();
      const [row] = await db
        .insert(rateCounter)
        .values({ ip, windowStart, hits: 1 })
        .onConflictDoUpdate({ target: [rateCounter.ip, rateCounter.windowStart], set: { hits: sql`${rateCounter.hits} + 1` } })
        .returning({ hits: rateCounter.hits });
      // Windows older than a few minutes are never read again: sweep them now and then.
      if (++calls % 500 === 0) await db.delete(rateCounter).where(sql`${rateCounter.windowStart} < now() - interval '5 minutes'`);
      return row?.hits ?? 1;
    },
    async close() {},
  };
}

export function redisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Errors surface on the call that needs Redis; an unhandled 'error' event must not end the process.
  redis.on("error", () => {});
  return {
    store: "redis",
    async hit(ip) {
      const key = `sbo:rate:${ip}:${minuteStart().getTime()}`;
      const [[, hits]] = (await redis.multi().incr(key).expire(key, 120).exec()) as [[Error | null, number], unknown];
      return Number(hits);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Refuses (HTTP 429, code 000029) once `ip` has made more than `perMinute` limited calls this minute. */
export async function checkRate(limiter: RateLimiter, ip: string, perMinute: number): Promise<void> {
  if ((await limiter.hit(ip)) > perMinute) throw refuse(codes.TOO_MANY_REQUESTS, loginRefusals.tooManyRequests, undefined, { status: 429 });
}
