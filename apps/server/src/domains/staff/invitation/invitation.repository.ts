import { type Invitation, maskPhone } from "@sbo/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { role } from "../../../platform/access/access.tables";
import { member } from "../../../platform/auth/auth.tables";
import type { Executor } from "../../../platform/db/client";
import { professionOut } from "../profession/profession.view";
import { base, profession, staffInvitation } from "../staff.tables";

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

export const invitationFrom = sql`${staffInvitation}`;

export async function insertInvitation(db: Executor, values: typeof staffInvitation.$inferInsert) {
  const [row] = await db.insert(staffInvitation).values(values).returning({ id: staffInvitation.id });
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** Closes an invitation: accepted, declined or cancelled, now. */
export async function closeInvitation(db: Executor, id: string, state: "accepted" | "declined" | "cancelled", boId?: string) {
  const conditions = [eq(staffInvitation.id, id)];
  if (boId) conditions.push(eq(staffInvitation.boId, boId));
  await db
    .update(staffInvitation)
    .set({ state, decidedAt: new Date() })
    .where(and(...conditions));
}

/** An invitation addressed to an account. */
export async function findInvitationTo(db: Executor, id: string, memberId: string) {
  const [row] = await db
    .select()
    .from(staffInvitation)
    .where(and(eq(staffInvitation.id, id), eq(staffInvitation.memberId, memberId)))
    .limit(1);
  return row;
}

/** The pending invitations addressed to an account, oldest first. */
export async function pendingInvitationsTo(db: Executor, memberId: string) {
  return db
    .select()
    .from(staffInvitation)
    .where(and(eq(staffInvitation.memberId, memberId), eq(staffInvitation.state, "pending")))
    .orderBy(asc(staffInvitation.createdAt));
}
