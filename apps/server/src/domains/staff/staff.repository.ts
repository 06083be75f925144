import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { base, employeeBase, profession, staffProfile } from "./staff.tables";

// One query at a time throughout: `db` is the transaction in write calls.

/** The profession of each of `employeeIds` that has one. */
export async function professionsOf(db: Executor, employeeIds: string[]) {
  if (employeeIds.length === 0) return [];
  return db
    .select({ employeeId: staffProfile.employeeId, p: profession })
    .from(staffProfile)
    .innerJoin(profession, eq(profession.id, staffProfile.professionId))
    .where(inArray(staffProfile.employeeId, employeeIds));
}

/** The bases each of `employeeIds` works at, by name. */
export async function basesOfEmployees(db: Executor, employeeIds: string[]) {
  if (employeeIds.length === 0) return [];
  return db
    .select({ employeeId: employeeBase.employeeId, id: base.id, name: base.name })
    .from(employeeBase)
    .innerJoin(base, eq(base.id, employeeBase.baseId))
    .where(inArray(employeeBase.employeeId, employeeIds))
    .orderBy(asc(base.name));
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
