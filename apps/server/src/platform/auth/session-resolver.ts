import { codes } from "@sbo/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { shop } from "../../domains/shop/shop.tables";
import { functionsOf } from "../access/access";
import { employee } from "../access/access.tables";
import type { Db } from "../db/client";
import type { Session } from "../http/context";
import { AppError } from "../http/errors";
import { member, userSession } from "./auth.tables";
import { hashTicket, isTicketShaped, readTicket } from "./tickets";

export interface ResolvedTicket {
  ticket: string | null;
  session: Session | null;
}

/** last_seen_at is written at most this often, so reads do not write on every call. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The ticket → session rules: missing or expired → 001107; malformed or unknown → 000016;
 * ended elsewhere (disabled, deleted, password reset) → 001108; disabled account → 12.
 * On a public call a bad ticket is ignored rather than refused.
 */
export async function resolveSession(db: Db, config: Config, req: FastifyRequest, optional: boolean): Promise<ResolvedTicket> {
  const ticket = readTicket(req);
  try {
    return { ticket, session: await sessionOf(db, config, ticket) };
  } catch (err) {
    if (optional && err instanceof AppError) return { ticket, session: null };
    throw err;
  }
}

async function sessionOf(db: Db, config: Config, ticket: string | null): Promise<Session> {
  if (!ticket) throw new AppError(codes.NOT_LOGGED_IN, "Please log in");
  if (!isTicketShaped(ticket)) throw new AppError(codes.TICKET_INVALID, "Your login ticket is not valid; please log in again");
  const [row] = await db
    .select({ s: userSession, enabled: member.enabled })
    .from(userSession)
    .innerJoin(member, eq(member.id, userSession.memberId))
    .where(eq(userSession.tokenHash, hashTicket(ticket)))
    .limit(1);
  if (!row) throw new AppError(codes.TICKET_INVALID, "Your login ticket is not valid; please log in again");
  const s = row.s;
  if (s.revokedAt) {
    if (s.revokeReason === "ended") {
      throw new AppError(codes.SESSION_ENDED, "Your session was ended (account changed or password reset); please log in again");
    }
    const msg =
      s.revokeReason === "rotated"
        ? "This login was replaced by a newer one; please log in again"
        : "You have logged out; please log in again";
    throw new AppError(codes.NOT_LOGGED_IN, msg);
  }
  const now = Date.now();
  if (s.expiresAt.getTime() <= now || now - s.lastSeenAt.getTime() > config.session.idleSeconds * 1000) {
    throw new AppError(codes.NOT_LOGGED_IN, "Your session has expired; please log in again");
  }
  if (!row.enabled) throw new AppError(codes.ACCOUNT_DISABLED, "This account is disabled");

  const [emp] = await db
    .select({ id: employee.id, isOwner: employee.isOwner, enabled: employee.enabled })
    .from(employee)
    .where(and(eq(employee.id, s.employeeId), eq(employee.boId, s.boId)))
    .limit(1);
  if (!emp?.enabled) {
    throw new AppError(codes.SESSION_ENDED, "Your access to this organisation was ended; please log in again");
  }
  const [functions, shops] = await Promise.all([
    functionsOf(db, emp.id, emp.isOwner),
    db.select({ id: shop.id, name: shop.name, brand: shop.brand, status: shop.status }).from(shop).where(eq(shop.boId, s.boId)).limit(1),
  ]);
  if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(userSession)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(userSession.id, s.id));
  }
  return {
    sessionId: s.id,
    memberId: s.memberId,
    boId: s.boId,
    employeeId: emp.id,
    isOwner: emp.isOwner,
    manufacturerId: s.manufacturerId,
    functions,
    shop: shops[0] ?? null,
  };
}
