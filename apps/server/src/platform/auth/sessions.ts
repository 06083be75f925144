import { and, eq, isNull, ne } from "drizzle-orm";
import type { Config } from "../../config";
import type { Executor } from "../db/client";
import { userSession } from "./auth.tables";
import { hashTicket, newTicket } from "./tickets";

export type RevokeReason = "logout" | "ended" | "rotated";

export interface NewSession {
  memberId: string;
  boId: string;
  employeeId: string;
  ip: string;
  userAgent: string;
}

/** Start a session; answers the ticket for the cookie (only its hash is stored). */
export async function startSession(db: Executor, config: Config, s: NewSession): Promise<string> {
  const ticket = newTicket();
  const now = Date.now();
  await db.insert(userSession).values({
    tokenHash: hashTicket(ticket),
    memberId: s.memberId,
    boId: s.boId,
    employeeId: s.employeeId,
    ip: s.ip,
    userAgent: s.userAgent.slice(0, 512),
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + config.session.absoluteSeconds * 1000),
  });
  return ticket;
}

export async function revokeTicket(db: Executor, ticket: string, reason: RevokeReason): Promise<void> {
  await db
    .update(userSession)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(userSession.tokenHash, hashTicket(ticket)), isNull(userSession.revokedAt)));
}

/**
 * End a member's live sessions (all of them, or only those in one organisation), except `keepSessionId`.
 * Used when staff are disabled or deleted, roles removed, or passwords changed or reset.
 */
export async function endSessionsOf(
  db: Executor,
  memberId: string,
  opts: { boId?: string; keepSessionId?: string; reason?: RevokeReason } = {},
): Promise<void> {
  const conditions = [eq(userSession.memberId, memberId), isNull(userSession.revokedAt)];
  if (opts.boId) conditions.push(eq(userSession.boId, opts.boId));
  if (opts.keepSessionId) conditions.push(ne(userSession.id, opts.keepSessionId));
  await db
    .update(userSession)
    .set({ revokedAt: new Date(), revokeReason: opts.reason ?? "ended" })
    .where(and(...conditions));
}
