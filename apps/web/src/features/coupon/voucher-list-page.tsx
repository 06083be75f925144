import { RuleListPage } from "./coupon-list-page";

/** `paths.ruleList("exchange")` (`marketing.voucher`): the shop's exchange vouchers (rules redeemed by code). */
export function Component() {
  return <RuleListPage kind="exchange" />;
}
