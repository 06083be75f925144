import { orderRefusals } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField } from "../../platform/http/errors";
import { claimKey, storeAnswer, storedAnswer } from "./idempotency.repository";

/*
 * `Idempotency-Key`: the first answer of a (caller, call, key) is stored in the same transaction as its effect. The
 * same key again answers it with no second effect. A concurrent duplicate blocks on the key's row (the primary key)
 * until the first commits, then finds the stored answer; if the first rolled back, it runs itself.
 */

const KEY = /^[\x21-\x7e]{1,64}$/;

export function idempotencyKeyOf(ctx: Ctx): string | null {
  const raw = ctx.req.headers["idempotency-key"];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY.test(key)) throw badField("Idempotency-Key", orderRefusals.idempotencyKey);
  return key;
}

/**
 * Runs `run` once per key. `run` may store its answer itself, as soon as it knows it (`keep`), so that the write is not
 * made while it holds locks (checkout keeps its answer before it takes the stock); else it is stored after `run`.
 */
export async function once<T>(ctx: Ctx, scope: string, call: string, run: (keep: (answer: T) => Promise<void>) => Promise<T>): Promise<T> {
  const key = idempotencyKeyOf(ctx);
  if (!key) return run(async () => {});
  const db: Executor = ctx.db;
  const k = { scope, call, key };
  if (!(await claimKey(db, k))) return (await storedAnswer(db, k)) as T;
  let kept = false;
  const store = async (answer: T) => {
    await storeAnswer(db, k, answer);
    kept = true;
  };
  const answer = await run(store);
  if (!kept) await store(answer);
  return answer;
}
