import {
  type CouponRuleState,
  type CouponState,
  couponRuleStateWords,
  couponStateWords,
  couponRefusals as R,
  type Words,
} from "@sbo/contract";
import { stateForbids } from "../../platform/http/errors";

/*
 * The two state machines of coupons (docs/domains/coupon.md).
 * A rule:    draft ──activate──▶ active ──end──▶ ended      (edit: every field in draft, a few once active; delete:
 *            only while nothing was issued, whatever the state)
 * A coupon:  unused ──order submitted──▶ frozen ──order paid──▶ used
 *              ▲             └──order cancelled / closed, or the seller's unfreeze──┘(back to unused)
 *            unused (or expired, or frozen by an order no longer unpaid) ──invalidate──▶ invalid
 * Every change locks its row (FOR UPDATE) or is a conditional update, in the call's one transaction.
 */

export type RuleAction = "activate" | "end" | "edit";
export type CouponAction = "unfreeze" | "invalidate";

export const RULE_ALLOWED: Record<RuleAction, readonly CouponRuleState[]> = {
  activate: ["draft"],
  end: ["active"],
  edit: ["draft", "active"],
};

export const COUPON_ALLOWED: Record<CouponAction, readonly CouponState[]> = {
  unfreeze: ["frozen"],
  invalidate: ["unused", "expired", "frozen"],
};

const actionWords: Record<RuleAction | CouponAction, Words> = {
  activate: { en: "activated", zh: "生效" },
  end: { en: "ended", zh: "结束" },
  edit: { en: "edited", zh: "编辑" },
  unfreeze: { en: "unfrozen", zh: "解冻" },
  invalidate: { en: "invalidated", zh: "作废" },
};

const params = (state: Words, action: Words) => ({
  state: state.en,
  "state.en": state.en,
  "state.zh": state.zh,
  action: action.en,
  "action.en": action.en,
  "action.zh": action.zh,
});

export function checkRule(state: string, action: RuleAction) {
  if (!RULE_ALLOWED[action].includes(state as CouponRuleState))
    throw stateForbids(R.wrongState, params(couponRuleStateWords[state as CouponRuleState], actionWords[action]));
}

export function checkCoupon(state: CouponState, action: CouponAction) {
  if (!COUPON_ALLOWED[action].includes(state)) throw stateForbids(R.couponWrongState, params(couponStateWords[state], actionWords[action]));
}
