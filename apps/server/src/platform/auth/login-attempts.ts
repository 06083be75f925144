import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { loginAttempt } from "./auth.tables";

/**
 * Failed logins are counted per normalised login name, not per account: an unknown name counts and
 * locks exactly like an existing one, so the answers never tell the two apart.
 */
export const loginKey = (loginName: string) => loginName.normalize("NFKC").trim().toLowerCase();

/** Until when a login name is locked, or null. */
export async function lockedUntil(db: Executor, key: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginAttempt.lockedUntil })
    .from(loginAttempt)
    .where(eq(loginAttempt.loginKey, key))
    .limit(1);
  const until = row?.lockedUntil ?? null;
  return until && until.getTime() > Date.now() ? until : null;
}

/**
 * Count one failed login (one atomic upsert, so concurrent attempts all count). At the threshold the
 * name is locked for `lockSeconds` and the count starts again; answers the attempts left (0 = locked now).
 */
export async function recordFailure(db: Executor, key: string, threshold: number, lockSeconds: number): Promise<number> {
  const [row] = await db
    .insert(loginAttempt)
    .values({ loginKey: key, failed: 1 })
    .onConflictDoUpdate({ target: loginAttempt.loginKey, set: { failed: sql`${loginAttempt.failed} + 1`, updatedAt: sql`now()` } })
    .returning({ failed: loginAttempt.failed });
  const failed = row?.failed ?? 1;
  if (failed < threshold) return threshold - failed;
  await db
    .update(loginAttempt)
    .set({ failed: 0, lockedUntil: new Date(Date.now() + lockSeconds * 1000), updatedAt: new Date() })
    .where(eq(loginAttempt.loginKey, key));
  return 0;
}

/** A successful login or a password reset clears the count and any lock. */
export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginAttempt).where(eq(loginAttempt.loginKey, key));
}
