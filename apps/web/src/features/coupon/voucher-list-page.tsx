import { prefetchRules, RuleListPage } from "./coupon-list-page";

export const prefetch = prefetchRules("exchange");

/** `paths.ruleList("exchange")` (`marketing.voucher`): the shop's exchange vouchers (rules redeemed by code). */
export function Component() {
  return <RuleListPage kind="exchange" />;
}
