import { address } from "./address";
import { member } from "./member";
import * as organization from "./organization";
import * as session from "./session";
import * as shop from "./shop";
import { staff } from "./staff";
import { supplier } from "./supplier";

export { type AddressItem, type AddressType, addressRefusals, addressRuleIssues, addressTypes } from "./address";
export * from "./codes";
export * from "./common";
export * from "./define";
export * from "./field-issues";
export * from "./functions";
export { isCreditCode, isIdCardNo, organizationRefusals } from "./organization";
export * from "./refusals";
export type { FuncNode, MemberInfo } from "./session";
export { funcNodes } from "./session";
export { AUTO_CLOSE_MINUTES, AUTO_CONFIRM_DAYS, DEFAULT_TIME_ZONE, isTimeZone, NOTICE_MAX, openShopUrlOf, shopRefusals } from "./shop";
export { type SupplierItem, type SupplierKind, settlementTerms, supplierFunctions, supplierMemberRoles } from "./supplier";

/** Every call of the product, by domain. The server binds each domain; the web calls entries. */
export const contract = {
  session: session.session,
  login: session.login,
  system: session.system,
  shop: shop.shop,
  organization: organization.organization,
  member,
  staff,
  address,
  supplier,
};
