import { and, asc, eq, sql } from "drizzle-orm";
import { employee, employeeRole, manufacturer, organization, role } from "../../platform/access/access.tables";
import { member } from "../../platform/auth/auth.tables";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/like";
import { shop } from "../shop/shop.tables";

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

export async function rolesOfEmployee(db: Executor, employeeId: string) {
  return db
    .select({ id: role.id, name: role.name })
    .from(employeeRole)
    .innerJoin(role, eq(role.id, employeeRole.roleId))
    .where(eq(employeeRole.employeeId, employeeId))
    .orderBy(asc(role.name));
}

export async function findShopOf(db: Executor, boId: string) {
  const [row] = await db.select().from(shop).where(eq(shop.boId, boId)).limit(1);
  return row;
}

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
