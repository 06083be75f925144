import { sql } from "drizzle-orm";
import type { Executor } from "./client";

/**
 * Holds `key` until the transaction ends (an advisory lock): another transaction asking for the same key waits, and
 * then sees what this one wrote. A check-then-insert under it cannot race its twin (two saves of one name at once).
 */
export async function holdUntilCommit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
