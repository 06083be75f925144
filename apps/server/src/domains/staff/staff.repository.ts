import type { contract, OutputOf } from "@sbo/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { employee, employeeRole, role } from "../../platform/access/access.tables";
import { member, unconfirmedPhone } from "../../platform/auth/auth.tables";
import type { Executor } from "../../platform/db/client";
import { containing as like } from "../../platform/db/like";
import { professionOut } from "./profession/profession.view";
import { base, employeeBase, profession, staffProfile } from "./staff.tables";

// One query at a time throughout: `db` is the transaction in write calls.

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

export async function baseIdsOf(db: Executor, employeeId: string) {
  const rows = await db.select({ id: employeeBase.baseId }).from(employeeBase).where(eq(employeeBase.employeeId, employeeId));
  return rows.map((r) => r.id);
}

export async function addEmployeeBases(db: Executor, boId: string, employeeId: string, baseIds: string[]) {
  if (baseIds.length) await db.insert(employeeBase).values(baseIds.map((baseId) => ({ employeeId, baseId, boId })));
}

export async function removeEmployeeBases(db: Executor, employeeId: string, baseIds: string[]) {
  if (baseIds.length)
    await db.delete(employeeBase).where(and(eq(employeeBase.employeeId, employeeId), inArray(employeeBase.baseId, baseIds)));
}

/** Sets a staff member's profession (the profile row is made on first use). */
export async function setProfession(db: Executor, boId: string, employeeId: string, professionId: string | null) {
  await db
    .insert(staffProfile)
    .values({ employeeId, boId, professionId })
    .onConflictDoUpdate({ target: staffProfile.employeeId, set: { professionId } });
}

/** What the staff domain keeps of an employee (bases, profile), removed with it. */
export async function deleteStaffOf(db: Executor, employeeId: string) {
  await db.delete(employeeBase).where(eq(employeeBase.employeeId, employeeId));
  await db.delete(staffProfile).where(eq(staffProfile.employeeId, employeeId));
}
