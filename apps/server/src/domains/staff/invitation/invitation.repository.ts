import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { profession, staffInvitation } from "../staff.tables";

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

/** Invitations of an organisation by id, each with the profession it offers. */
export async function invitationsByIds(db: Executor, boId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ i: staffInvitation, p: profession })
    .from(staffInvitation)
    .leftJoin(profession, eq(profession.id, staffInvitation.professionId))
    .where(and(eq(staffInvitation.boId, boId), inArray(staffInvitation.id, ids)));
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
