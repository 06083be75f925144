import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";

export const TICKET_COOKIE = "ticket";
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits, base64url. */
export const newTicket = () => randomBytes(32).toString("base64url");
export const hashTicket = (ticket: string) => createHash("sha256").update(ticket).digest("hex");
export const isTicketShaped = (ticket: string) => TICKET_SHAPE.test(ticket);

export function readTicket(req: FastifyRequest): string | null {
  const value = req.cookies[TICKET_COOKIE];
  return value === undefined || value === "" ? null : value;
}

const isHttps = (req: FastifyRequest, config: Config) => req.protocol === "https" || (config.publicUrl?.startsWith("https://") ?? false);

/** Host-only (no Domain attribute), HttpOnly, SameSite=Lax; Secure over HTTPS. */
export function setTicketCookie(reply: FastifyReply, req: FastifyRequest, config: Config, ticket: string): void {
  reply.setCookie(TICKET_COOKIE, ticket, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isHttps(req, config),
    maxAge: config.session.absoluteSeconds,
  });
}

export function clearTicketCookie(reply: FastifyReply, req: FastifyRequest, config: Config): void {
  reply.clearCookie(TICKET_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secure: isHttps(req, config) });
}
