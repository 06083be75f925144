import { type PromotionState, promotionStateWords, promotionRefusals as R } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import { notFound, stateForbids } from "../../platform/http/errors";
import * as repo from "./promotion.repository";

/*
 * What each state of a promotion allows (docs/domains/promotion.md). The state comes from the clock:
 *   notStarted ──(starts_at)──▶ running ──(ends_at)──▶ ended
 *       │ edit anything            │ rename, move the end; delPromotionInfo ends it now
 *       └─ delPromotionInfo ─▶ cancelled
 * `lockFor` locks the promotion FOR UPDATE (in the call's one transaction) and refuses an action its state forbids.
 */

export type PromotionAction = "edit" | "cancel";

export const ALLOWED_FROM: Record<PromotionAction, readonly PromotionState[]> = {
  edit: ["notStarted", "running"],
  cancel: ["notStarted", "running"],
};

export function wrongState(state: string) {
  const words = promotionStateWords[state as PromotionState];
  return stateForbids(R.wrongState, { state: words.en, "state.en": words.en, "state.zh": words.zh });
}

export async function lockFor(db: Executor, target: { boId: string; id: string }, action: PromotionAction) {
  const row = await repo.lockPromotion(db, target.boId, target.id);
  if (!row) throw notFound(R.notFound);
  if (!ALLOWED_FROM[action].includes(row.state as PromotionState)) throw wrongState(row.state);
  return row as typeof row & { state: PromotionState };
}
