import { RuleListPage } from "./coupon-list-page";

/** `/transaction/electronicVoucher` (`marketing.voucher`): the shop's exchange vouchers (rules redeemed by code). */
export function Component() {
  return <RuleListPage kind="exchange" />;
}
