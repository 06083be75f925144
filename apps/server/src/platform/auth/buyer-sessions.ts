import { randomBytes } from "node:crypto";
import { codes, sessionRefusals } from "@sbo/contract";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { Executor } from "../db/client";
import { refuse } from "../http/errors";
import { buyerSession, member } from "./auth.tables";
import { hashPassword } from "./passwords";
import { isPhoneUnconfirmed } from "./phone-confirmation";
import { hashTicket, isTicketShaped, newTicket } from "./tickets";

/*
 * The buyer API's sessions (`access: "buyer"`): a platform account (`member`) logged in by SMS code, with no
 * organisation. Its own cookie, so a browser can hold a seller login and a buyer login side by side.
 */

export const BUYER_TICKET_COOKIE = "buyer_ticket";
/** A buyer stays logged in for 30 days. */
export const BUYER_SESSION_SECONDS = 30 * 24 * 3600;

export interface BuyerSession {
  sessionId: string;
  memberId: string;
}

type Member = typeof member.$inferSelect;

/**
 * The account an SMS code to `phone` opens on the buyer side, or what the login would do without one:
 * - the account whose `buyer_phone` is the phone (fixed at its first buyer login; no seller-side call changes it);
 * - else the seller-side account with that phone, when its holder proved the phone (`adopt`: one person, one
 *   account; a staff member buys as themselves);
 * - else none (`make`): no account uses the phone, or the one that does had it typed in by someone else and its
 *   holder never confirmed it. That account stays as it is, and the phone's holder gets a buyer account of their
 *   own, so registering someone's phone as staff neither locks them out of the buyer side nor opens it to the seller.
 */
export async function findBuyerAccount(db: Executor, phone: string): Promise<{ member: Member; adopt: boolean } | null> {
  const [own] = await db.select().from(member).where(eq(member.buyerPhone, phone)).limit(1);
  if (own) return { member: own, adopt: false };
  const [seller] = await db
    .select()
    .from(member)
    .where(and(eq(member.phone, phone), isNull(member.buyerPhone)))
    .limit(1);
  if (seller && !(await isPhoneUnconfirmed(db, seller.id))) return { member: seller, adopt: true };
  return null;
}

/** Opens the buyer side's account of a phone whose code was just used: adopts or makes it (`created` when made). */
export async function openBuyerAccount(db: Executor, phone: string): Promise<{ member: Member; created: boolean }> {
  const found = await findBuyerAccount(db, phone);
  if (found && !found.adopt) return { member: found.member, created: false };
  if (found) {
    const [m] = await db
      .update(member)
      .set({ buyerPhone: phone })
      .where(and(eq(member.id, found.member.id), isNull(member.buyerPhone)))
      .returning();
    if (m) return { member: m, created: false };
  } else {
    // A new buyer: no usable password (a random one nobody knows) and no organisation. Its login name is
    // `b<phone>` unless an account already took it (then a random suffix: a name must not block a phone).
    const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
    const name = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    for (const loginName of [`b${phone}`, `b${phone}-${randomBytes(4).toString("hex")}`]) {
      const [m] = await db
        .insert(member)
        .values({ loginName, phone, buyerPhone: phone, name, passwordHash })
        .onConflictDoNothing()
        .returning();
      if (m) return { member: m, created: true };
      if ((await db.select({ id: member.id }).from(member).where(eq(member.buyerPhone, phone)).limit(1)).length) break;
    }
  }
  // Another login of the same phone got there first.
  const [m] = await db.select().from(member).where(eq(member.buyerPhone, phone)).limit(1);
  if (!m) throw new Error("buyer account not made");
  return { member: m, created: false };
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

/** The buyer a ticket opens: refused like the seller side (not logged in, ticket invalid, expired, account disabled). */
export async function resolveBuyer(db: Executor, ticket: string | null): Promise<BuyerSession> {
  if (!ticket) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.notLoggedIn);
  if (!isTicketShaped(ticket)) throw refuse(codes.TICKET_INVALID, sessionRefusals.ticketInvalid);
  const [row] = await db
    .select({
      id: buyerSession.id,
      memberId: buyerSession.memberId,
      expiresAt: buyerSession.expiresAt,
      revokedAt: buyerSession.revokedAt,
      enabled: member.enabled,
    })
    .from(buyerSession)
    .innerJoin(member, eq(member.id, buyerSession.memberId))
    .where(eq(buyerSession.tokenHash, hashTicket(ticket)))
    .limit(1);
  if (!row) throw refuse(codes.TICKET_INVALID, sessionRefusals.ticketInvalid);
  if (row.revokedAt) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.loggedOut);
  if (row.expiresAt.getTime() <= Date.now()) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.expired);
  if (!row.enabled) throw refuse(codes.ACCOUNT_DISABLED, sessionRefusals.accountDisabled);
  return { sessionId: row.id, memberId: row.memberId };
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
