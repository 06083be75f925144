import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { rowsOf } from "../db/rows";
import type { Session } from "../http/context";

/** The channel the session triggers notify on (migration 0039_session_scope.sql). */
export const SESSION_CHANNEL = "sbo_session";
/**
 * How long a resolved session is served from memory at most, a safety net behind the notifications: after it, the
 * next call reads the session again (and touches it: TOUCH_EVERY_SECONDS is the same minute).
 */
export const SESSION_CACHE_SECONDS = 60;
/** Sessions kept per process at most; the least recently used goes first. */
export const SESSION_CACHE_MAX = 10_000;
/** How long a write waits for its own notification to come back before it forgets every session instead. */
const ECHO_WAIT_MS = 2_000;

export interface CachedSession {
  session: Session;
  /** When it was read (ms). */
  readAt: number;
  /** The session's last call as the database now holds it, and its absolute end (ms). */
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * The sessions this process resolved, by ticket hash, forgotten by scope when a write changes who may do what (the
 * triggers of migration 0039 notify `m:<member>`, `e:<employee>`, `b:<organisation>` or `*` on commit). Served only
 * while the LISTEN connection is up: while it is down (notifications would be lost) every call reads the database,
 * and the cache starts empty when it comes back.
 */
export interface SessionCache {
  /** A session read at most SESSION_CACHE_SECONDS ago and not forgotten since; none while not listening. */
  get(tokenHash: string, now: number): CachedSession | undefined;
  /** Where the generation stands before a read: `set` keeps the read only if nothing was forgotten meanwhile. */
  generation(): number;
  set(tokenHash: string, entry: CachedSession, generation: number): void;
  /** Forget the sessions of these scopes in this process (a write's own scopes, before its answer). */
  forget(scopes: readonly string[]): void;
  /**
   * The scopes a write transaction changed so far (its `sbo.session_scopes`), read inside it before it commits. On
   * the embedded database the notifications reach this process with the commit itself, so nothing is read there.
   */
  scopesIn(tx: Executor): Promise<string[]>;
  /**
   * After a write changed sessions: forget them here at once and wait until this process's LISTEN connection has
   * received a notification sent after the commit, so every earlier one has reached every listening process's
   * connection too (PostgreSQL delivers them in commit order).
   */
  changed(scopes: readonly string[]): Promise<void>;
  /** Resolves once every notification committed before it was called has been applied here (tests, writes). */
  settle(): Promise<void>;
  readonly listening: boolean;
  close(): Promise<void>;
}

const matches = (session: Session, scope: string): boolean => {
  if (scope === "*") return true;
  const id = scope.slice(2);
  switch (scope[0]) {
    case "m":
      return session.memberId === id;
    case "e":
      return session.employeeId === id;
    case "b":
      return session.boId === id;
    default:
      return true;
  }
};

export function createSessionCache(
  database: Pick<Database, "db" | "kind" | "listen">,
  opts: { onError?: (err: unknown) => void; ttlSeconds?: number; max?: number } = {},
): SessionCache {
  const ttlMs = (opts.ttlSeconds ?? SESSION_CACHE_SECONDS) * 1000;
  const max = opts.max ?? SESSION_CACHE_MAX;
  const entries = new Map<string, CachedSession>();
  const echoes = new Map<string, () => void>();
  let generation = 0;
  let listening = false;
  let closed = false;
  let stop: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;

  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  const forget = (scopes: readonly string[]) => {
    if (scopes.length === 0) return;
    generation++;
    for (const [hash, entry] of entries) if (scopes.some((scope) => matches(entry.session, scope))) entries.delete(hash);
  };

  const onPayload = (payload: string) => {
    if (payload.startsWith("sync:")) {
      echoes.get(payload.slice(5))?.();
      return;
    }
    forget([payload]);
  };

  const lost = (err: unknown) => {
    opts.onError?.(err);
    listening = false;
    forgetAll();
    const s = stop;
    stop = null;
    void s?.();
    schedule(1);
  };

  const start = async (attempt: number): Promise<void> => {
    if (closed || !database.listen) return;
    try {
      stop = await database.listen(SESSION_CHANNEL, onPayload, lost);
      if (closed) {
        await stop();
        return;
      }
      forgetAll();
      listening = true;
    } catch (err) {
      opts.onError?.(err);
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

  const starting = start(0);

  async function settle(): Promise<void> {
    if (!listening || database.kind === "pglite") return;
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<boolean>((done) => {
      echoes.set(nonce, () => done(true));
      timer = setTimeout(() => done(false), ECHO_WAIT_MS);
    });
    try {
      await database.db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${`sync:${nonce}`})`);
      // Not back in time (the connection is stuck): nothing this process holds can be trusted.
      if (!(await echoed)) forgetAll();
    } catch (err) {
      // The write before it has committed: its answer stands, and this process trusts nothing it holds.
      opts.onError?.(err);
      forgetAll();
    } finally {
      clearTimeout(timer);
      echoes.delete(nonce);
    }
  }

  return {
    get(tokenHash, now) {
      if (!listening) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now - entry.readAt >= ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      // Most recently used last, so the first key is the one to drop when full.
      entries.delete(tokenHash);
      entries.set(tokenHash, entry);
      return entry;
    },
    generation: () => generation,
    set(tokenHash, entry, before) {
      if (!listening || before !== generation) return;
      entries.delete(tokenHash);
      entries.set(tokenHash, entry);
      if (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    forget,
    async scopesIn(tx) {
      if (database.kind === "pglite") return [];
      const [row] = await rowsOf<{ scopes: string | null }>(tx, sql`select current_setting('sbo.session_scopes', true) as scopes`);
      return (row?.scopes ?? "").split(" ").filter((s) => s.length > 0);
    },
    async changed(scopes) {
      if (scopes.length === 0) return;
      forget(scopes);
      await settle();
    },
    settle,
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      await starting;
      await stop?.();
      entries.clear();
    },
  };
}
