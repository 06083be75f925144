/*
 * What other domains use of accounts, organisations, employees and roles. They read and write these only through
 * this file (never identity.tables.ts or identity.repository.ts): its reads and writes, and for lists that must stay
 * one statement the views below. The platform gets `identitySource` and the audit log `auditPeople`, handed in by
 * app.ts (neither may import this domain).
 */

import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { IdentitySource } from "../../platform/auth/identity-source";
import type { AuditPeople } from "../system/audit.port";
import { dropGrantsOf } from "./identity.repository";
import { employee, employeeRole, member, organization, roleFunction } from "./identity.tables";

// --- people: accounts, organisations, staff membership and roles (session, staff, organisation, supplier, shop) ---

export {
  findBuyerAccount,
  /** The buyer side's account of a phone whose code was just used: adopted or made (checkout, the buyer login). */
  openBuyerAccount as createBuyerAccount,
} from "./buyer-account.repository";
export {
  addEmployeeRoles,
  addRoleFunctions,
  deleteEmployee,
  deleteRole,
  type EmployeeFilters,
  employeeBatchKeys,
  employeeCount,
  employeeKeyset,
  employeesByIds,
  employeeWhere,
  enabledStaffAmong,
  enabledStaffOf,
  findEmployee,
  findEmployeeByMember,
  findManufacturer,
  findMemberById,
  findMemberByLoginName,
  findMemberByLoginNameOrPhone,
  findMemberByPhone,
  findOrganization,
  findRole,
  /** The functions an employee holds (the owner every one): staff, the session's screens, buying for an organisation. */
  functionsOf,
  grantsOf,
  holdersOf,
  insertEmployee,
  insertMember,
  insertRole,
  listManufacturers,
  listMemberships,
  listRoles,
  loginNameTaken,
  memberNames,
  membershipCount,
  organizationNames,
  organizationSearchCount,
  ownerIs,
  pageEmployeeIds,
  phoneTaken,
  pickEmployees,
  removeEmployeeRoles,
  removeRoleFunctions,
  renameOrganization,
  roleIdsOf,
  roleItem,
  roleNames,
  roleNameTaken,
  rolesIn,
  rolesOfEmployee,
  rolesOfEmployees,
  rolesWithFunctions,
  searchOrganizations,
  setEmployeeEnabled,
  updateMember,
  updateRole,
} from "./identity.repository";
export {
  createSellerAccount,
  joinOrganization,
  type NewSeller,
  type ShopOpener,
  setPassword,
} from "./identity.service";

// --- end people ---

// --- views: what other domains join of accounts and organisations, so that a list stays one statement ---

/**
 * Accounts as others may read them, to join under an alias as a table: `id, name, phone, buyer_phone` (no login name,
 * password or state). A sub-select the planner inlines: the account's indexes serve it as before.
 */
export const memberView: SQL = sql`(select ${member.id} as id, ${member.name} as name, ${member.phone} as phone,
  ${member.buyerPhone} as buyer_phone from ${member})`;

/** Organisations as others may read them, to join under an alias as a table: `id, name`. */
export const organizationView: SQL = sql`(select ${organization.id} as id, ${organization.name} as name from ${organization})`;

/** An account's name, `null` when it is gone (or `memberId` is null): a scalar subquery for a select list. */
export const memberNameSql = (memberId: SQLWrapper): SQL<string | null> =>
  sql<string | null>`(select ${member.name} from ${member} where ${member.id} = ${memberId})`;

// --- handed in when the app is built: to the platform (sessions, the function tree) and the audit log ---

/** What the platform reads of accounts, employees and grants (platform/auth/identity-source.ts). */
export const identitySource: IdentitySource = {
  accounts: sql`(select ${member.id} as id, ${member.enabled} as enabled from ${member})`,
  employees: sql`(select ${employee.id} as id, ${employee.boId} as bo_id, ${employee.isOwner} as is_owner, ${employee.enabled} as enabled
    from ${employee})`,
  grants: sql`(select ${employeeRole.employeeId} as employee_id, ${roleFunction.funcCode} as func_code
    from ${employeeRole} join ${roleFunction} on ${roleFunction.roleId} = ${employeeRole.roleId})`,
  dropGrantsOf,
};

/** The names the audit log shows (system/audit.port.ts): the system domain ranks below identity. */
export const auditPeople: AuditPeople = {
  members: sql`(select ${member.id} as id, ${member.name} as name from ${member})`,
  staff: sql`(select ${employee.boId} as bo_id, ${employee.memberId} as member_id, ${employee.isOwner} as is_owner, ${member.name} as name
    from ${employee} join ${member} on ${member.id} = ${employee.memberId})`,
};

/**
 * A phone set by someone other than its holder waits for the holder's confirmation: the login calls ask before they
 * send or accept an SMS code, staff mark a phone they set, and the holder's code confirms it.
 */
export {
  isPhoneUnconfirmed,
  markPhoneConfirmed,
  markPhoneUnconfirmed,
  refuseUnconfirmedPhone,
} from "./phone-confirmation.repository";
