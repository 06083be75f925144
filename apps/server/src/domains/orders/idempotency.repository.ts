import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { idempotencyRecord } from "./orders.tables";

/* The stored answers of calls sent with an `Idempotency-Key` (idempotency.service.ts). */

type Key = { scope: string; call: string; key: string };

const keyIs = (k: Key) => and(eq(idempotencyRecord.scope, k.scope), eq(idempotencyRecord.call, k.call), eq(idempotencyRecord.key, k.key));

/** Claims the key: false when it was claimed before (its row blocks until that transaction ends). */
export async function claimKey(db: Executor, k: Key): Promise<boolean> {
  const inserted = await db.insert(idempotencyRecord).values(k).onConflictDoNothing().returning({ key: idempotencyRecord.key });
  return inserted.length > 0;
}

export async function storedAnswer(db: Executor, k: Key): Promise<unknown> {
  const [row] = await db.select({ answer: idempotencyRecord.answer }).from(idempotencyRecord).where(keyIs(k));
  return row?.answer;
}

export async function storeAnswer(db: Executor, k: Key, answer: unknown) {
  await db
    .update(idempotencyRecord)
    .set({ answer: sql`${JSON.stringify(answer ?? null)}::jsonb` })
    .where(keyIs(k));
}
