import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { closeOverAncestors, everyFunction } from "../../platform/access/access";
import type { Executor } from "../../platform/db/client";
import { holdUntilCommit } from "../../platform/db/hold";
import { containing, startingWith } from "../../platform/db/like";
import { nameTaken } from "../../platform/db/names";
import { employee, employeeRole, manufacturer, member, organization, role, roleFunction, unconfirmedPhone } from "./identity.tables";

// One query at a time throughout: `db` is the transaction in write calls.

// Accounts.

export async function findMemberByLoginName(db: Executor, loginName: string) {
  const [row] = await db.select().from(member).where(sql`lower(${member.loginName}) = lower(${loginName})`).limit(1);
  return row;
}

/** The seller side's account of a phone: a buyer login's own account only when no other account has the phone. */
export async function findMemberByPhone(db: Executor, phone: string) {
  const [row] = await db.select().from(member).where(eq(member.phone, phone)).orderBy(sql`${member.buyerPhone} is not null`).limit(1);
  return row;
}

export async function findMemberById(db: Executor, id: string) {
  const [row] = await db.select().from(member).where(eq(member.id, id)).limit(1);
  return row;
}

export async function updateMember(db: Executor, id: string, patch: Partial<typeof member.$inferInsert>) {
  await db.update(member).set(patch).where(eq(member.id, id));
}

/** The account whose login name, or else whose phone, is `account`. */
export async function findMemberByLoginNameOrPhone(db: Executor, account: string) {
  const [row] = await db
    .select()
    .from(member)
    .where(or(sql`lower(${member.loginName}) = lower(${account})`, eq(member.phone, account)))
    .orderBy(sql`lower(${member.loginName}) = lower(${account}) desc`, sql`${member.buyerPhone} is not null`)
    .limit(1);
  return row;
}

export async function loginNameTaken(db: Executor, loginName: string) {
  // Held until the new account is saved: two accounts created at once with one login name cannot both pass.
  await holdUntilCommit(db, `login:${loginName.toLowerCase()}`);
  const rows = await db.select({ id: member.id }).from(member).where(sql`lower(${member.loginName}) = lower(${loginName})`).limit(1);
  return rows.length > 0;
}

/** Whether the login name is taken, without holding it (outside a transaction: the seller CLI's first check). */
export async function loginNameExists(db: Executor, loginName: string) {
  const rows = await db.select({ id: member.id }).from(member).where(sql`lower(${member.loginName}) = lower(${loginName})`).limit(1);
  return rows.length > 0;
}

/** Whether another account than `exceptMemberId` has this phone. */
export async function phoneTaken(db: Executor, phone: string, exceptMemberId?: string) {
  await holdUntilCommit(db, `phone:${phone}`);
  const conditions = [eq(member.phone, phone)];
  if (exceptMemberId) conditions.push(sql`${member.id} <> ${exceptMemberId}`);
  const rows = await db
    .select({ id: member.id })
    .from(member)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

export async function insertMember(db: Executor, values: typeof member.$inferInsert) {
  const [row] = await db.insert(member).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** Account names (and phones) by id, for lists that show who did something or whom it concerns. */
export async function memberNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; loginName: string; phone: string | null }>();
  const rows = await db
    .select({ id: member.id, name: member.name, loginName: member.loginName, phone: member.phone })
    .from(member)
    .where(inArray(member.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, loginName: r.loginName, phone: r.phone }]));
}

// Organisations and their employees.

export async function insertOrganization(db: Executor, name: string) {
  const [row] = await db.insert(organization).values({ name }).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function findOrganization(db: Executor, boId: string) {
  const [row] = await db.select().from(organization).where(eq(organization.id, boId)).limit(1);
  return row;
}

export async function renameOrganization(db: Executor, boId: string, name: string) {
  await db.update(organization).set({ name }).where(eq(organization.id, boId));
}

/** Prefix search on the organisation's lower-cased name (index organization_name_search_idx). */
const orgNameMatches = (name: string) => sql`lower(${organization.name}) collate "C" like ${startingWith(name.toLowerCase())}`;

/** Organisations whose name starts with `name` (any case), in name order. */
export async function searchOrganizations(db: Executor, name: string, limit: number, offset: number) {
  return db
    .select({ boId: organization.id, name: organization.name })
    .from(organization)
    .where(orgNameMatches(name))
    .orderBy(sql`lower(${organization.name}) collate "C"`, asc(organization.id))
    .limit(limit)
    .offset(offset);
}

/** The organisation search as `pageOf` counts it. */
export const organizationSearchCount = (name: string) => ({ from: sql`${organization}`, where: orgNameMatches(name) });

export async function organizationNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: organization.id, name: organization.name }).from(organization).where(inArray(organization.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertEmployee(db: Executor, values: typeof employee.$inferInsert) {
  const [row] = await db.insert(employee).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function setEmployeeEnabled(db: Executor, employeeId: string, enabled: boolean) {
  await db.update(employee).set({ enabled }).where(eq(employee.id, employeeId));
}

/** Removes an employee and its roles. */
export async function deleteEmployee(db: Executor, employeeId: string) {
  await db.delete(employeeRole).where(eq(employeeRole.employeeId, employeeId));
  await db.delete(employee).where(eq(employee.id, employeeId));
}

export async function membershipCount(db: Executor, memberId: string) {
  const [row] = await db.select({ n: count() }).from(employee).where(eq(employee.memberId, memberId));
  return row?.n ?? 0;
}

/** The organisations a member may act for (enabled memberships), owner ones first. */
export async function listMemberships(db: Executor, memberId: string) {
  return db
    .select({ employeeId: employee.id, boId: employee.boId, isOwner: employee.isOwner, orgName: organization.name })
    .from(employee)
    .innerJoin(organization, eq(organization.id, employee.boId))
    .where(and(eq(employee.memberId, memberId), eq(employee.enabled, true)))
    .orderBy(sql`${employee.isOwner} desc`, asc(employee.createdAt));
}

export async function findEmployee(db: Executor, boId: string, employeeId: string) {
  const [row] = await db
    .select()
    .from(employee)
    .where(and(eq(employee.boId, boId), eq(employee.id, employeeId)))
    .limit(1);
  return row;
}

export async function findEmployeeByMember(db: Executor, boId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(employee)
    .where(and(eq(employee.boId, boId), eq(employee.memberId, memberId)))
    .limit(1);
  return row;
}

/** Of `memberIds`, those enabled staff (on enabled accounts) of the organisation. */
export async function enabledStaffAmong(db: Executor, boId: string, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ memberId: employee.memberId })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .where(and(eq(employee.boId, boId), inArray(employee.memberId, memberIds), eq(employee.enabled, true), eq(member.enabled, true)))
    .limit(memberIds.length);
  return rows.map((r) => r.memberId);
}

/** The enabled staff (on enabled accounts) of an organisation, by name, at most `limit`. */
export async function enabledStaffOf(db: Executor, boId: string, limit: number) {
  return db
    .select({ memberId: member.id, name: member.name, loginName: member.loginName })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .where(and(eq(employee.boId, boId), eq(employee.enabled, true), eq(member.enabled, true)))
    .orderBy(asc(member.name), asc(member.id))
    .limit(limit);
}

// Employees as an organisation's lists show them (the staff list and its export, the staff picker).

export interface EmployeeFilters {
  name?: string | undefined;
  phone?: string | undefined;
  roleId?: string | undefined;
  enabled?: boolean | undefined;
}

/** An organisation's employees by (part of) their name or phone, a role they hold, enabled or not. */
export function employeeWhere(boId: string, f: EmployeeFilters): SQL {
  const conditions: SQL[] = [eq(employee.boId, boId)];
  if (f.name) conditions.push(sql`${member.name} ilike ${containing(f.name)}`);
  if (f.phone) conditions.push(sql`${member.phone} like ${containing(f.phone)}`);
  if (f.enabled !== undefined) conditions.push(eq(employee.enabled, f.enabled));
  if (f.roleId) {
    conditions.push(
      sql`exists (select 1 from ${employeeRole} where ${employeeRole.employeeId} = ${employee.id} and ${employeeRole.roleId} = ${f.roleId})`,
    );
  }
  return and(...conditions) as SQL;
}

/** What `pageOf` counts of the employees matching `where` (employeeWhere). */
export const employeeCount = (where: SQL) => ({
  from: sql`${employee} inner join ${member} on ${member.id} = ${employee.memberId}`,
  where,
});

/** The columns an export's keyset runs over (creation time, then id). */
export const employeeKeyset = { at: employee.createdAt, id: employee.id };

/** The owner, or the others. */
export const ownerIs = (owner: boolean) => eq(employee.isOwner, owner);

/**
 * The employees matching `where` (employeeWhere) in `orderBy`, at most `limit`, with the exact creation time: a batch
 * of an export.
 */
export function employeeBatchKeys(db: Executor, where: SQL, orderBy: SQL[], limit: number) {
  return db
    .select({ id: employee.id, at: sql<string>`${employee.createdAt}::text` })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

/** A page of the employees matching `where`: the owner first, then the newest. */
export async function pageEmployeeIds(db: Executor, where: SQL, limit: number, offset: number) {
  const rows = await db
    .select({ id: employee.id })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .where(where)
    .orderBy(desc(employee.isOwner), desc(employee.createdAt), desc(employee.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/** An organisation's employees by id, with their accounts and whether the account's phone waits for its holder. */
export async function employeesByIds(db: Executor, boId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ e: employee, m: member, unconfirmed: unconfirmedPhone.memberId })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .leftJoin(unconfirmedPhone, eq(unconfirmedPhone.memberId, member.id))
    .where(and(eq(employee.boId, boId), inArray(employee.id, ids)));
}

/** The roles each of `employeeIds` holds, by name. */
export async function rolesOfEmployees(db: Executor, employeeIds: string[]) {
  if (employeeIds.length === 0) return [];
  return db
    .select({ employeeId: employeeRole.employeeId, id: role.id, name: role.name })
    .from(employeeRole)
    .innerJoin(role, eq(role.id, employeeRole.roleId))
    .where(inArray(employeeRole.employeeId, employeeIds))
    .orderBy(asc(role.name));
}

/** Enabled staff on enabled accounts by (part of) name or phone, the owner first (a picker). */
export async function pickEmployees(db: Executor, boId: string, keyword: string | undefined, limit: number) {
  const conditions = [eq(employee.boId, boId), eq(employee.enabled, true), eq(member.enabled, true)];
  if (keyword) conditions.push(sql`(${member.name} ilike ${containing(keyword)} or ${member.phone} like ${containing(keyword)})`);
  return db
    .select({ employeeId: employee.id, memberId: member.id, name: member.name, phone: member.phone, isOwner: employee.isOwner })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .where(and(...conditions))
    .orderBy(desc(employee.isOwner), asc(member.name))
    .limit(limit);
}

// Roles and what they grant.

export async function rolesOfEmployee(db: Executor, employeeId: string) {
  return db
    .select({ id: role.id, name: role.name })
    .from(employeeRole)
    .innerJoin(role, eq(role.id, employeeRole.roleId))
    .where(eq(employeeRole.employeeId, employeeId))
    .orderBy(asc(role.name));
}

export async function roleIdsOf(db: Executor, employeeId: string) {
  const rows = await db.select({ id: employeeRole.roleId }).from(employeeRole).where(eq(employeeRole.employeeId, employeeId));
  return rows.map((r) => r.id);
}

export async function addEmployeeRoles(db: Executor, employeeId: string, roleIds: string[]) {
  if (roleIds.length) await db.insert(employeeRole).values(roleIds.map((roleId) => ({ employeeId, roleId })));
}

export async function removeEmployeeRoles(db: Executor, employeeId: string, roleIds: string[]) {
  if (roleIds.length)
    await db.delete(employeeRole).where(and(eq(employeeRole.employeeId, employeeId), inArray(employeeRole.roleId, roleIds)));
}

/** The roles of an organisation among `ids`, with their names. */
export async function rolesIn(db: Executor, boId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: role.id, name: role.name })
    .from(role)
    .where(and(eq(role.boId, boId), inArray(role.id, ids)));
}

/** Roles by id whatever the organisation (an invitation's roles, shown to the invited account). */
export async function roleNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, ids));
}

export async function rolesWithFunctions(db: Executor, boId: string, roleIds: string[]) {
  if (roleIds.length === 0) return [];
  const roles = await db
    .select()
    .from(role)
    .where(and(eq(role.boId, boId), inArray(role.id, roleIds)));
  const funcs = await db.select().from(roleFunction).where(inArray(roleFunction.roleId, roleIds));
  return roles.map((r) => ({ ...r, functions: funcs.filter((f) => f.roleId === r.id).map((f) => f.funcCode) }));
}

/** Every role of an organisation by name, with its functions and how many staff hold it. */
export async function listRoles(db: Executor, boId: string) {
  const roles = await db.select().from(role).where(eq(role.boId, boId)).orderBy(asc(role.name));
  if (roles.length === 0) return [];
  const ids = roles.map((r) => r.id);
  const funcs = await db.select().from(roleFunction).where(inArray(roleFunction.roleId, ids));
  const counts = await db
    .select({ roleId: employeeRole.roleId, n: count() })
    .from(employeeRole)
    .where(inArray(employeeRole.roleId, ids))
    .groupBy(employeeRole.roleId);
  return roles.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    functions: funcs
      .filter((f) => f.roleId === r.id)
      .map((f) => f.funcCode)
      .sort(),
    staffCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
  }));
}

export async function findRole(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(role)
    .where(and(eq(role.boId, boId), eq(role.id, id)))
    .limit(1);
  return row;
}

export const roleNameTaken = (db: Executor, boId: string, name: string, exceptId?: string) => nameTaken(db, role, { boId, name, exceptId });

/** The members who hold a role (to end their sessions in this organisation). */
export async function holdersOf(db: Executor, roleId: string) {
  return db
    .select({ employeeId: employee.id, memberId: employee.memberId })
    .from(employeeRole)
    .innerJoin(employee, eq(employee.id, employeeRole.employeeId))
    .where(eq(employeeRole.roleId, roleId));
}

export async function roleItem(db: Executor, boId: string, id: string) {
  const [r] = await rolesWithFunctions(db, boId, [id]);
  if (!r) throw new Error("role vanished");
  const [n] = await db.select({ n: count() }).from(employeeRole).where(eq(employeeRole.roleId, id));
  return { id: r.id, name: r.name, description: r.description, functions: r.functions.sort(), staffCount: n?.n ?? 0 };
}

export async function insertRole(db: Executor, values: { boId: string; name: string; description: string }, functions: string[]) {
  const [r] = await db.insert(role).values(values).returning();
  if (!r) throw new Error("insert returned nothing");
  if (functions.length) await db.insert(roleFunction).values(functions.map((funcCode) => ({ roleId: r.id, funcCode })));
  return r;
}

export async function updateRole(db: Executor, id: string, patch: { name: string; description: string }) {
  await db.update(role).set(patch).where(eq(role.id, id));
}

export async function addRoleFunctions(db: Executor, roleId: string, functions: string[]) {
  if (functions.length) await db.insert(roleFunction).values(functions.map((funcCode) => ({ roleId, funcCode })));
}

export async function removeRoleFunctions(db: Executor, roleId: string, functions: string[]) {
  if (functions.length)
    await db.delete(roleFunction).where(and(eq(roleFunction.roleId, roleId), inArray(roleFunction.funcCode, functions)));
}

/** Removes a role, who held it and what it granted. */
export async function deleteRole(db: Executor, id: string) {
  await db.delete(employeeRole).where(eq(employeeRole.roleId, id));
  await db.delete(roleFunction).where(eq(roleFunction.roleId, id));
  await db.delete(role).where(eq(role.id, id));
}

/** For each function an employee holds directly, the roles that grant it. */
export async function grantsOf(db: Executor, employeeId: string) {
  return db
    .select({ code: roleFunction.funcCode, id: role.id, name: role.name })
    .from(employeeRole)
    .innerJoin(role, eq(role.id, employeeRole.roleId))
    .innerJoin(roleFunction, eq(roleFunction.roleId, role.id))
    .where(eq(employeeRole.employeeId, employeeId))
    .orderBy(asc(role.name));
}

/** The functions an employee holds in its organisation: the owner every one, staff what their roles grant (and its ancestors). */
export async function functionsOf(db: Executor, employeeId: string, isOwner: boolean): Promise<Set<string>> {
  if (isOwner) return everyFunction();
  const rows = await db
    .selectDistinct({ code: roleFunction.funcCode })
    .from(employeeRole)
    .innerJoin(roleFunction, eq(roleFunction.roleId, employeeRole.roleId))
    .where(eq(employeeRole.employeeId, employeeId));
  return closeOverAncestors(rows.map((r) => r.code));
}

/** Forgets what every role grants of the functions `codes` (they left the function tree). */
export async function dropGrantsOf(db: Executor, codes: string[]) {
  await db.delete(roleFunction).where(inArray(roleFunction.funcCode, codes));
}

// Manufacturers.

export async function findManufacturer(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(manufacturer)
    .where(and(eq(manufacturer.boId, boId), eq(manufacturer.id, id)))
    .limit(1);
  return row;
}

export async function listManufacturers(db: Executor, boId: string, name?: string) {
  const conditions = [eq(manufacturer.boId, boId)];
  if (name) conditions.push(sql`${manufacturer.name} ilike ${containing(name)}`);
  return db
    .select({ id: manufacturer.id, name: manufacturer.name, code: manufacturer.code })
    .from(manufacturer)
    .where(and(...conditions))
    .orderBy(asc(manufacturer.name))
    .limit(200);
}
