import { RuleListPage } from "./coupon-list-page";

/** `paths.ruleList("card")` (`marketing.entityCard`): the shop's password-card coupons (rules of kind card). */
export function Component() {
  return <RuleListPage kind="card" />;
}
