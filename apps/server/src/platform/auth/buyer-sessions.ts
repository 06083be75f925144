import { codes, sessionRefusals } from "@sbo/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { Executor } from "../db/client";
import { rowsOf } from "../db/rows";
import { refuse } from "../http/errors";
import { buyerSession } from "./auth.tables";
import type { IdentitySource } from "./identity-source";
import { hashTicket, isTicketShaped, newTicket } from "./tickets";

/*
 * The buyer API's sessions (`access: "buyer"`): an account (the identity domain's `member`) logged in by SMS code,
 * with no organisation. Its own cookie, so a browser can hold a seller login and a buyer login side by side. Which
 * account a phone opens is the identity domain's (`findBuyerAccount`, `createBuyerAccount` in identity.port.ts).
 */

export const BUYER_TICKET_COOKIE = "buyer_ticket";
/** A buyer stays logged in for 30 days. */
export const BUYER_SESSION_SECONDS = 30 * 24 * 3600;

export interface BuyerSession {
  sessionId: string;
  memberId: string;
}

export function readBuyerTicket(req: FastifyRequest): string | null {
  const value = req.cookies[BUYER_TICKET_COOKIE];
  return value === undefined || value === "" ? null : value;
}

export async function startBuyerSession(db: Executor, memberId: string, ip: string, userAgent: string): Promise<string> {
  const ticket = newTicket();
  await db.insert(buyerSession).values({
    tokenHash: hashTicket(ticket),
    memberId,
    ip,
    userAgent: userAgent.slice(0, 512),
    expiresAt: new Date(Date.now() + BUYER_SESSION_SECONDS * 1000),
  });
  return ticket;
}

export async function revokeBuyerSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(buyerSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(buyerSession.id, sessionId), isNull(buyerSession.revokedAt)));
}

/**
 * The buyer a ticket opens: refused like the seller side (not logged in, ticket invalid, expired, account disabled).
 * The account's state comes from the identity domain's `accounts` (session-resolver.ts hands them in: `buyerOf`).
 */
export async function resolveBuyer(db: Executor, identity: Pick<IdentitySource, "accounts">, ticket: string | null): Promise<BuyerSession> {
  if (!ticket) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.notLoggedIn);
  if (!isTicketShaped(ticket)) throw refuse(codes.TICKET_INVALID, sessionRefusals.ticketInvalid);
  const [row] = await rowsOf<{
    id: string;
    member_id: string;
    expires_at: Date | string;
    revoked_at: Date | string | null;
    enabled: boolean;
  }>(
    db,
    sql`select ${buyerSession.id} as id, ${buyerSession.memberId} as member_id, ${buyerSession.expiresAt} as expires_at,
               ${buyerSession.revokedAt} as revoked_at, m.enabled
        from ${buyerSession} join ${identity.accounts} m on m.id = ${buyerSession.memberId}
        where ${buyerSession.tokenHash} = ${hashTicket(ticket)}
        limit 1`,
  );
  if (!row) throw refuse(codes.TICKET_INVALID, sessionRefusals.ticketInvalid);
  if (row.revoked_at) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.loggedOut);
  if (new Date(row.expires_at).getTime() <= Date.now()) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.expired);
  if (!row.enabled) throw refuse(codes.ACCOUNT_DISABLED, sessionRefusals.accountDisabled);
  return { sessionId: row.id, memberId: row.member_id };
}

const isHttps = (req: FastifyRequest, config: Config) => req.protocol === "https" || (config.publicUrl?.startsWith("https://") ?? false);

export function setBuyerCookie(reply: FastifyReply, req: FastifyRequest, config: Config, ticket: string): void {
  reply.setCookie(BUYER_TICKET_COOKIE, ticket, {
    httpOnly: true,
    sameSite: "lax",
    path: "/api/buyer",
    secure: isHttps(req, config),
    maxAge: BUYER_SESSION_SECONDS,
  });
}

export function clearBuyerCookie(reply: FastifyReply, req: FastifyRequest, config: Config): void {
  reply.clearCookie(BUYER_TICKET_COOKIE, { httpOnly: true, sameSite: "lax", path: "/api/buyer", secure: isHttps(req, config) });
}
