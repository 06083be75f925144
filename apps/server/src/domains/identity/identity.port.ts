/*
 * What other domains use of accounts, organisations, employees and roles. They read and write these only through
 * this file (never identity.tables.ts or identity.repository.ts).
 */

// --- people: accounts, organisations, staff membership and roles (session, staff, organisation, supplier, shop) ---

export {
  findBuyerAccount,
  /** The buyer side's account of a phone whose code was just used: adopted or made (checkout, the buyer login). */
  openBuyerAccount as createBuyerAccount,
} from "../../platform/auth/buyer-sessions";
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
