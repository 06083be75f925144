import { and, eq, inArray, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { Executor } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { sellerSetting } from "../system.tables";

/** One stored setting. */
export interface StoredSetting {
  key: string;
  value: unknown;
  updatedAt: Date;
}

/**
 * Where a seller organisation's settings live: PostgreSQL (`seller_setting`), or Redis when REDIS_URL is set. Both
 * answer the same; `db` is the call's executor (the write's transaction), which the Redis store does not use.
 */
export interface SettingStore {
  readonly kind: "postgres" | "redis";
  /** The settings among `keys` that are set. */
  get(db: Executor, boId: string, keys: string[]): Promise<StoredSetting[]>;
  /**
   * Sets `key`, unless it is new and the organisation already keeps `max` keys ("full"). Answers the value it
   * replaced (`undefined`: the key was not set). Atomic: the value replaced is the one that was there.
   */
  set(db: Executor, boId: string, key: string, value: unknown, at: Date, max: number): Promise<{ before: unknown } | "full">;
  /** Deletes `key`; answers the value it held (`undefined`: the key was not set). */
  del(db: Executor, boId: string, key: string): Promise<{ before: unknown }>;
  close(): Promise<void>;
}

/** In PostgreSQL, in the call's transaction: a change and its audit row commit or roll back together. */
export function postgresSettingStore(): SettingStore {
  return {
    kind: "postgres",
    async get(db, boId, keys) {
      if (keys.length === 0) return [];
      return db
        .select({ key: sellerSetting.key, value: sellerSetting.value, updatedAt: sellerSetting.updatedAt })
        .from(sellerSetting)
        .where(and(eq(sellerSetting.boId, boId), inArray(sellerSetting.key, keys)));
    },
    async set(db, boId, key, value, at, max) {
      // One writer per organisation at a time, so that the key count cannot pass `max` between count and insert.
      await rowsOf(db, sql`select pg_advisory_xact_lock(71000012, hashtext(${boId}))`);
      const [old] = await db
        .select({ value: sellerSetting.value })
        .from(sellerSetting)
        .where(and(eq(sellerSetting.boId, boId), eq(sellerSetting.key, key)));
      if (!old) {
        const [n] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sellerSetting} where bo_id = ${boId}`);
        if (Number(n?.n ?? 0) >= max) return "full";
      }
      await db
        .insert(sellerSetting)
        .values({ boId, key, value, updatedAt: at })
        .onConflictDoUpdate({ target: [sellerSetting.boId, sellerSetting.key], set: { value, updatedAt: at } });
      return { before: old?.value };
    },
    async del(db, boId, key) {
      const [old] = await db
        .delete(sellerSetting)
        .where(and(eq(sellerSetting.boId, boId), eq(sellerSetting.key, key)))
        .returning({ value: sellerSetting.value });
      return { before: old?.value };
    },
    async close() {},
  };
}

/** Sets a field unless the hash is full; answers {1, old?} or {0} (full), in one step on the Redis server. */
const SET_SCRIPT = `
local old = redis.call('HGET', KEYS[1], ARGV[1])
if not old and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return {0} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if old then return {1, old} end
return {1}`;

/**
 * In Redis: one hash per organisation (`sbo:settings:<boId>`), a field per key holding `{"value":…,"at":…}`; no
 * expiry, so the Redis server must persist its data (AOF or snapshots; docs/operations.md).
 */
export function redisSettingStore(url: string): SettingStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  // Errors surface on the call that needs Redis; an unhandled 'error' event must not end the process.
  redis.on("error", () => {});
  const hashOf = (boId: string) => `sbo:settings:${boId}`;
  const read = (raw: string | null | undefined): { value: unknown; at: string } | null =>
    raw ? (JSON.parse(raw) as { value: unknown; at: string }) : null;
  return {
    kind: "redis",
    async get(_db, boId, keys) {
      if (keys.length === 0) return [];
      const raws = await redis.hmget(hashOf(boId), ...keys);
      return keys.flatMap((key, i) => {
        const stored = read(raws[i]);
        return stored ? [{ key, value: stored.value, updatedAt: new Date(stored.at) }] : [];
      });
    },
    async set(_db, boId, key, value, at, max) {
      const reply = (await redis.eval(SET_SCRIPT, 1, hashOf(boId), key, JSON.stringify({ value, at: at.toISOString() }), String(max))) as [
        number,
        string?,
      ];
      if (reply[0] === 0) return "full";
      return { before: read(reply[1])?.value };
    },
    async del(_db, boId, key) {
      const replies = await redis.multi().hget(hashOf(boId), key).hdel(hashOf(boId), key).exec();
      if (!replies) throw new Error("the Redis settings store answered nothing");
      const [[, old]] = replies as [[Error | null, string | null]];
      return { before: read(old)?.value };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
