import { prefetchRules, RuleListPage } from "./coupon-list-page";

export const prefetch = prefetchRules("card");

/** `paths.ruleList("card")` (`marketing.entityCard`): the shop's password-card coupons (rules of kind card). */
export function Component() {
  return <RuleListPage kind="card" />;
}
