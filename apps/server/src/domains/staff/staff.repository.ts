import { type contract, type Invitation, maskPhone, type OutputOf } from "@sbo/contract";
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { employee, employeeRole, role, roleFunction } from "../../platform/access/access.tables";
import { member, unconfirmedPhone } from "../../platform/auth/auth.tables";
import type { Executor } from "../../platform/db/client";
import { holdUntilCommit } from "../../platform/db/hold";
import { containing as like } from "../../platform/db/like";
import { nameTaken } from "../../platform/db/names";
import { base, employeeBase, profession, staffInvitation, staffProfile } from "./staff.tables";

// One query at a time throughout: `db` is the transaction in write calls.

export { findEmployee, findEmployeeByMember } from "../session/session.repository";

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

export async function membershipCount(db: Executor, memberId: string) {
  const [row] = await db.select({ n: count() }).from(employee).where(eq(employee.memberId, memberId));
  return row?.n ?? 0;
}

export interface StaffFilters {
  name?: string | undefined;
  phone?: string | undefined;
  roleId?: string | undefined;
  enabled?: boolean | undefined;
}

export function staffWhere(boId: string, f: StaffFilters): SQL {
  const conditions: SQL[] = [eq(employee.boId, boId)];
  if (f.name) conditions.push(sql`${member.name} ilike ${like(f.name)}`);
  if (f.phone) conditions.push(sql`${member.phone} like ${like(f.phone)}`);
  if (f.enabled !== undefined) conditions.push(eq(employee.enabled, f.enabled));
  if (f.roleId) {
    conditions.push(
      sql`exists (select 1 from ${employeeRole} where ${employeeRole.employeeId} = ${employee.id} and ${employeeRole.roleId} = ${f.roleId})`,
    );
  }
  return and(...conditions) as SQL;
}

/**
 * The staff matching `where` (staffWhere) in `orderBy`, at most `limit`, with the exact creation time: a batch of the
 * export (its keyset runs over the owner first, then the others).
 */
export function staffBatchKeys(db: Executor, where: SQL, orderBy: SQL[], limit: number) {
  return db
    .select({ id: employee.id, at: sql<string>`${employee.createdAt}::text` })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

export const staffFrom = sql`${employee} inner join ${member} on ${member.id} = ${employee.memberId}`;

export async function pageStaffIds(db: Executor, where: SQL, limit: number, offset: number) {
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

type StaffMember = OutputOf<typeof contract.staff.selMemberEmpById>;

const professionOut = (p: typeof profession.$inferSelect) => ({ id: p.id, name: p.name, nameEn: p.nameEn, standard: p.boId === null });

/** Staff members by employee id, in the order of `ids` (three queries whatever the count). */
export async function loadStaff(db: Executor, boId: string, ids: string[]): Promise<StaffMember[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ e: employee, m: member, p: profession, unconfirmed: unconfirmedPhone.memberId })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .leftJoin(unconfirmedPhone, eq(unconfirmedPhone.memberId, member.id))
    .leftJoin(staffProfile, eq(staffProfile.employeeId, employee.id))
    .leftJoin(profession, eq(profession.id, staffProfile.professionId))
    .where(and(eq(employee.boId, boId), inArray(employee.id, ids)));
  const roles = await db
    .select({ employeeId: employeeRole.employeeId, id: role.id, name: role.name })
    .from(employeeRole)
    .innerJoin(role, eq(role.id, employeeRole.roleId))
    .where(inArray(employeeRole.employeeId, ids))
    .orderBy(asc(role.name));
  const bases = await db
    .select({ employeeId: employeeBase.employeeId, id: base.id, name: base.name })
    .from(employeeBase)
    .innerJoin(base, eq(base.id, employeeBase.baseId))
    .where(inArray(employeeBase.employeeId, ids))
    .orderBy(asc(base.name));
  const byId = new Map(rows.map((r) => [r.e.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        employeeId: r.e.id,
        memberId: r.m.id,
        name: r.m.name,
        loginName: r.m.loginName,
        phone: r.m.phone,
        phoneConfirmed: r.unconfirmed === null,
        isOwner: r.e.isOwner,
        enabled: r.e.enabled,
        roles: roles.filter((x) => x.employeeId === id).map(({ id, name }) => ({ id, name })),
        profession: r.p ? professionOut(r.p) : null,
        bases: bases.filter((x) => x.employeeId === id).map(({ id, name }) => ({ id, name })),
        lastLoginAt: r.m.lastLoginAt?.toISOString() ?? null,
        createdAt: r.e.createdAt.toISOString(),
      },
    ];
  });
}

export async function roleIdsOf(db: Executor, employeeId: string) {
  const rows = await db.select({ id: employeeRole.roleId }).from(employeeRole).where(eq(employeeRole.employeeId, employeeId));
  return rows.map((r) => r.id);
}

export async function baseIdsOf(db: Executor, employeeId: string) {
  const rows = await db.select({ id: employeeBase.baseId }).from(employeeBase).where(eq(employeeBase.employeeId, employeeId));
  return rows.map((r) => r.id);
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

/** A profession the organisation may use: a standard one or its own. */
export async function findProfession(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(profession)
    .where(and(eq(profession.id, id), or(isNull(profession.boId), eq(profession.boId, boId))))
    .limit(1);
  return row;
}

export async function listProfessions(db: Executor, boId: string, name?: string) {
  const conditions = [or(isNull(profession.boId), eq(profession.boId, boId)) as SQL];
  if (name) conditions.push(sql`(${profession.name} ilike ${like(name)} or ${profession.nameEn} ilike ${like(name)})`);
  const rows = await db
    .select()
    .from(profession)
    .where(and(...conditions))
    .orderBy(sql`${profession.boId} is null desc`, asc(profession.createdAt), asc(profession.id))
    .limit(500);
  return rows.map(professionOut);
}

export async function professionNameTaken(db: Executor, boId: string, name: string) {
  await holdUntilCommit(db, `name:profession:${boId}`);
  const rows = await db
    .select({ id: profession.id })
    .from(profession)
    .where(
      and(
        or(isNull(profession.boId), eq(profession.boId, boId)),
        or(sql`lower(${profession.name}) = lower(${name})`, sql`lower(${profession.nameEn}) = lower(${name})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export const toProfession = professionOut;

const baseSelect = {
  id: base.id,
  name: base.name,
  kind: base.kind,
  areaCode: base.areaCode,
  address: base.address,
  enabled: base.enabled,
};
type BaseRow = { id: string; name: string; kind: string; areaCode: string; address: string; enabled: boolean };
const baseOut = (b: BaseRow) => ({ ...b, kind: b.kind as "farm" | "site" | "warehouse" });

export async function listBases(
  db: Executor,
  boId: string,
  f: { name?: string | undefined; kind?: string | undefined; enabledOnly?: boolean },
) {
  const conditions = [eq(base.boId, boId)];
  if (f.name) conditions.push(sql`${base.name} ilike ${like(f.name)}`);
  if (f.kind) conditions.push(eq(base.kind, f.kind));
  if (f.enabledOnly) conditions.push(eq(base.enabled, true));
  const rows = await db
    .select({
      ...baseSelect,
      staffCount: sql<number>`(select count(*)::int from ${employeeBase} where ${employeeBase.baseId} = ${base.id})`,
    })
    .from(base)
    .where(and(...conditions))
    .orderBy(asc(base.name))
    .limit(500);
  return rows.map((r) => ({ ...baseOut(r), staffCount: Number(r.staffCount) }));
}

/** The enabled bases assigned to a staff member. */
export async function basesOfEmployee(db: Executor, boId: string, employeeId: string, kind?: string) {
  const conditions = [eq(base.boId, boId), eq(base.enabled, true), eq(employeeBase.employeeId, employeeId)];
  if (kind) conditions.push(eq(base.kind, kind));
  const rows = await db
    .select(baseSelect)
    .from(employeeBase)
    .innerJoin(base, eq(base.id, employeeBase.baseId))
    .where(and(...conditions))
    .orderBy(asc(base.name));
  return rows.map(baseOut);
}

export async function findBase(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select(baseSelect)
    .from(base)
    .where(and(eq(base.boId, boId), eq(base.id, id)))
    .limit(1);
  return row ? baseOut(row) : undefined;
}

export async function basesByIds(db: Executor, boId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: base.id, enabled: base.enabled })
    .from(base)
    .where(and(eq(base.boId, boId), inArray(base.id, ids)));
}

export const baseNameTaken = (db: Executor, boId: string, name: string, exceptId?: string) => nameTaken(db, base, { boId, name, exceptId });

export async function pickerStaff(db: Executor, boId: string, keyword: string | undefined, limit: number) {
  const conditions = [eq(employee.boId, boId), eq(employee.enabled, true), eq(member.enabled, true)];
  if (keyword) conditions.push(sql`(${member.name} ilike ${like(keyword)} or ${member.phone} like ${like(keyword)})`);
  return db
    .select({ employeeId: employee.id, memberId: member.id, name: member.name, phone: member.phone, isOwner: employee.isOwner })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .where(and(...conditions))
    .orderBy(desc(employee.isOwner), asc(member.name))
    .limit(limit);
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

export async function pendingInvitation(db: Executor, boId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(staffInvitation)
    .where(and(eq(staffInvitation.boId, boId), eq(staffInvitation.memberId, memberId), eq(staffInvitation.state, "pending")))
    .limit(1);
  return row;
}

export function invitationWhere(boId: string, state?: string): SQL {
  const conditions = [eq(staffInvitation.boId, boId)];
  if (state) conditions.push(eq(staffInvitation.state, state));
  return and(...conditions) as SQL;
}

export async function pageInvitationIds(db: Executor, where: SQL, limit: number, offset: number) {
  const rows = await db
    .select({ id: staffInvitation.id })
    .from(staffInvitation)
    .where(where)
    .orderBy(desc(staffInvitation.createdAt), desc(staffInvitation.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/** Invitations of an organisation by id, in the order of `ids`, with role, base and profession names. */
export async function loadInvitations(db: Executor, boId: string, ids: string[]): Promise<Invitation[]> {
  if (ids.length === 0) return [];
  const inviter = alias(member, "inviter");
  const rows = await db
    .select({ i: staffInvitation, name: member.name, phone: member.phone, invitedBy: inviter.name, p: profession })
    .from(staffInvitation)
    .innerJoin(member, eq(member.id, staffInvitation.memberId))
    .leftJoin(inviter, eq(inviter.id, staffInvitation.invitedBy))
    .leftJoin(profession, eq(profession.id, staffInvitation.professionId))
    .where(and(eq(staffInvitation.boId, boId), inArray(staffInvitation.id, ids)));
  const roleIds = [...new Set(rows.flatMap((r) => r.i.roleIds))];
  const baseIds = [...new Set(rows.flatMap((r) => r.i.baseIds))];
  const roles = roleIds.length
    ? await db
        .select({ id: role.id, name: role.name })
        .from(role)
        .where(and(eq(role.boId, boId), inArray(role.id, roleIds)))
    : [];
  const bases = baseIds.length
    ? await db
        .select({ id: base.id, name: base.name })
        .from(base)
        .where(and(eq(base.boId, boId), inArray(base.id, baseIds)))
    : [];
  const byId = new Map(rows.map((r) => [r.i.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.i.id,
        name: r.name,
        maskedPhone: maskPhone(r.phone),
        roles: roles.filter((x) => r.i.roleIds.includes(x.id)),
        profession: r.p ? professionOut(r.p) : null,
        bases: bases.filter((x) => r.i.baseIds.includes(x.id)),
        state: r.i.state as Invitation["state"],
        invitedBy: r.invitedBy ?? "",
        createdAt: r.i.createdAt.toISOString(),
        decidedAt: r.i.decidedAt?.toISOString() ?? null,
      },
    ];
  });
}
