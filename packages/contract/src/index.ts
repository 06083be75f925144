import { address } from "./address";
import { member } from "./member";
import * as organization from "./organization";
import { reference } from "./reference";
import * as session from "./session";
import * as shop from "./shop";
import { staff } from "./staff";
import { supplier } from "./supplier";
import { templates } from "./templates";

export { type AddressItem, type AddressType, addressRefusals, addressRuleIssues, addressTypes } from "./address";
export * from "./audit-words";
export * from "./codes";
export * from "./common";
export * from "./define";
export * from "./field-issues";
export { fileRefusals } from "./files";
export * from "./functions";
export { memberRefusals } from "./member";
export { isCreditCode, isIdCardNo, organizationRefusals } from "./organization";
export { areaCode, referenceRefusals } from "./reference";
export * from "./refusals";
export type { FuncNode, MemberInfo } from "./session";
export { funcNodes, loginRefusals, sessionRefusals } from "./session";
export { AUTO_CLOSE_MINUTES, AUTO_CONFIRM_DAYS, DEFAULT_TIME_ZONE, isTimeZone, NOTICE_MAX, openShopUrlOf, shopRefusals } from "./shop";
export {
  type AccountNotices,
  type Invitation,
  invitationStates,
  maskPhone,
  type StaffMember,
  staffRefusals,
} from "./staff";
export {
  type AuthRequestItem,
  type SupplierConsent,
  type SupplierItem,
  type SupplierKind,
  settlementTerms,
  supplierConsents,
  supplierFunctions,
  supplierMemberRoles,
  supplierRefusals,
} from "./supplier";
export { type DataTempType, templateRefusals } from "./templates";

/** Every call of the product, by domain. The server binds each domain; the web calls entries. */
export const contract = {
  reference,
  session: session.session,
  login: session.login,
  system: session.system,
  shop: shop.shop,
  organization: organization.organization,
  member,
  staff,
  address,
  supplier,
  templates,
};
