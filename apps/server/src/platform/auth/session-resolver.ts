import { codes, DEFAULT_TIME_ZONE, sessionRefusals } from "@sbo/contract";
import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { closeOverAncestors, everyFunction } from "../access/access";
import type { Database, Executor } from "../db/client";
import { rowsOf } from "../db/rows";
import type { Session } from "../http/context";
import { AppError, refuse } from "../http/errors";
import { type BuyerSession, resolveBuyer } from "./buyer-sessions";
import type { IdentitySource } from "./identity-source";
import type { SessionCache } from "./session-cache";
import { hashTicket, isTicketShaped, readTicket } from "./tickets";

export interface ResolvedTicket {
  ticket: string | null;
  session: Session | null;
}

/**
 * The organisation's shop as the platform needs it, filled in by the shop domain when the app is built,
 * so that `platform/` never imports a domain: a relation (table or sub-select) with the columns
 * `bo_id, id, name, brand, status, time_zone` (the time zone may be null: the default then).
 */
export interface ShopStateSource {
  relation: SQL;
}

/** last_seen_at is written at most this often, so reads do not write on every call. */
export const TOUCH_EVERY_SECONDS = 60;

interface Row {
  id: string;
  member_id: string;
  bo_id: string;
  employee_id: string;
  manufacturer_id: string | null;
  revoked_at: string | Date | null;
  revoke_reason: string | null;
  expires_at: string | Date;
  last_seen_at: string | Date;
  /** Whether this read moved last_seen_at on (it was over a minute old). */
  touched: boolean;
  member_enabled: boolean;
  emp_id: string | null;
  is_owner: boolean | null;
  emp_enabled: boolean | null;
  codes: string[] | string | null;
  shop_id: string | null;
  shop_name: string | null;
  shop_brand: string | null;
  shop_status: string | null;
  shop_time_zone: string | null;
}

const time = (v: string | Date) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
/** node-postgres hands text[] over as an array; PGlite too, but be lenient with the literal form. */
const codesOf = (v: Row["codes"]): string[] =>
  Array.isArray(v)
    ? v
    : typeof v === "string" && v.length > 2
      ? v
          .slice(1, -1)
          .split(",")
          .map((c) => c.replace(/^"|"$/g, ""))
      : [];

export interface SessionResolver {
  /**
   * The ticket → session rules for one request; on a public call a bad ticket is ignored rather than refused. Once
   * the session is known, the request's log lines (its "request completed" too) carry its `boId` and `memberId`.
   */
  resolve(req: FastifyRequest, optional: boolean, reply: FastifyReply): Promise<ResolvedTicket>;
  /** The session a ticket opens, read afresh (after an identity switch, say). */
  sessionOf(db: Executor, ticket: string | null): Promise<Session>;
  /** The buyer a buyer ticket opens (a buyer-API call), refused like the seller side. */
  buyerOf(db: Executor, ticket: string | null): Promise<BuyerSession>;
}

/** The statement's name on PostgreSQL: prepared once per pooled connection, planned once there. */
const STATEMENT = "sbo_session_of";

/**
 * Ticket → session → account → employee → functions → shop in ONE statement (joins and laterals with the function
 * codes aggregated; the account, employee and grant relations are the identity domain's `IdentitySource`, the shop's
 * is the shop domain's `ShopStateSource`), which also touches `last_seen_at` when it is over a minute old. A session
 * read outside a transaction is then kept in the process's cache (session-cache.ts) for up to a minute, and forgotten
 * the moment a write changes it anywhere (logout, password, roles, a role's functions, disabling, the shop's state:
 * the triggers of migration 0039 notify every process on commit); while the cache cannot hear those notifications,
 * every call reads the database.
 */
export function createSessionResolver(deps: {
  db: Executor;
  config: Config;
  shops: ShopStateSource;
  /** The accounts, employees and their grants, handed in by the identity domain. */
  identity: IdentitySource;
  /** The pool's named statements (Database.prepared); without it, the statement goes through Drizzle. */
  prepared?: Database["prepared"];
  cache?: SessionCache;
}): SessionResolver {
  const { config, shops, identity, cache } = deps;
  const statement = (hash: SQL) => sql`
        with touched as (
          update user_session set last_seen_at = now()
          where token_hash = ${hash} and revoked_at is null
            and last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})
            and last_seen_at >= now() - make_interval(secs => ${config.session.idleSeconds})
            and expires_at > now()
          returning id
        )
        select s.id, s.member_id, s.bo_id, s.employee_id, s.manufacturer_id, s.revoked_at, s.revoke_reason,
               s.expires_at, s.last_seen_at, exists (select 1 from touched) as touched, m.enabled as member_enabled,
               e.id as emp_id, e.is_owner, e.enabled as emp_enabled, f.codes,
               sh.id as shop_id, sh.name as shop_name, sh.brand as shop_brand, sh.status as shop_status,
               sh.time_zone as shop_time_zone
        from user_session s
        join ${identity.accounts} m on m.id = s.member_id
        left join ${identity.employees} e on e.id = s.employee_id and e.bo_id = s.bo_id
        left join lateral (
          select array_agg(distinct g.func_code) as codes
          from ${identity.grants} g
          where g.employee_id = e.id and not e.is_owner
        ) f on true
        left join lateral (
          select x.id, x.name, x.brand, x.status, x.time_zone from ${shops.relation} x where x.bo_id = s.bo_id limit 1
        ) sh on true
        where s.token_hash = ${hash}
        limit 1`;
  // The same text every time (the ticket's hash its one parameter), so PostgreSQL can keep one plan per connection.
  const prepared = new PgDialect().sqlToQuery(statement(sql.placeholder("hash") as unknown as SQL));

  async function rowOf(db: Executor, hash: string): Promise<Row | undefined> {
    if (db === deps.db && deps.prepared) {
      const [row] = await deps.prepared<Row>(STATEMENT, prepared.sql, fillPlaceholders(prepared.params, { hash }));
      return row;
    }
    const [row] = await rowsOf<Row>(db, statement(sql`${hash}`));
    return row;
  }

  /** The row's session, or the refusal it calls for. */
  function sessionOfRow(s: Row | undefined, now: number): Session {
    if (!s) throw refuse(codes.TICKET_INVALID, sessionRefusals.ticketInvalid);
    if (s.revoked_at) {
      if (s.revoke_reason === "ended") throw refuse(codes.SESSION_ENDED, sessionRefusals.ended);
      throw refuse(codes.NOT_LOGGED_IN, s.revoke_reason === "rotated" ? sessionRefusals.rotated : sessionRefusals.loggedOut);
    }
    if (time(s.expires_at) <= now || now - time(s.last_seen_at) > config.session.idleSeconds * 1000) {
      throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.expired);
    }
    if (!s.member_enabled) throw refuse(codes.ACCOUNT_DISABLED, sessionRefusals.accountDisabled);
    if (!s.emp_id || !s.emp_enabled) throw refuse(codes.SESSION_ENDED, sessionRefusals.accessEnded);
    const isOwner = s.is_owner === true;
    return {
      sessionId: s.id,
      memberId: s.member_id,
      boId: s.bo_id,
      employeeId: s.emp_id,
      isOwner,
      manufacturerId: s.manufacturer_id,
      functions: isOwner ? everyFunction() : closeOverAncestors(codesOf(s.codes)),
      shop: s.shop_id ? { id: s.shop_id, name: s.shop_name ?? "", brand: s.shop_brand ?? "", status: s.shop_status ?? "open" } : null,
      timeZone: s.shop_time_zone ?? DEFAULT_TIME_ZONE,
    };
  }

  const hashOf = (ticket: string | null): string => {
    if (!ticket) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.notLoggedIn);
    if (!isTicketShaped(ticket)) throw refuse(codes.TICKET_INVALID, sessionRefusals.ticketInvalid);
    return hashTicket(ticket);
  };

  async function sessionOf(db: Executor, ticket: string | null): Promise<Session> {
    const hash = hashOf(ticket);
    return sessionOfRow(await rowOf(db, hash), Date.now());
  }

  /** A call's session: from the cache while it is fresh, its end not reached and not idle; else read (and kept). */
  async function callSession(ticket: string | null): Promise<Session> {
    const hash = hashOf(ticket);
    const now = Date.now();
    const held = cache?.get(hash, now);
    if (held && now < held.expiresAt && now - held.lastSeenAt <= config.session.idleSeconds * 1000) return held.session;
    const before = cache?.generation() ?? 0;
    const row = await rowOf(deps.db, hash);
    const readAt = Date.now();
    const session = sessionOfRow(row, readAt);
    if (cache && row) {
      const lastSeenAt = row.touched ? readAt : time(row.last_seen_at);
      cache.set(hash, { session, readAt, lastSeenAt, expiresAt: time(row.expires_at) }, before);
    }
    return session;
  }

  return {
    sessionOf,
    buyerOf: (db, ticket) => resolveBuyer(db, identity, ticket),
    async resolve(req, optional, reply) {
      const ticket = readTicket(req);
      try {
        const session = await callSession(ticket);
        // So that a seller's complaint can be found in the logs by their organisation or member.
        req.log = reply.log = req.log.child({ boId: session.boId, memberId: session.memberId });
        return { ticket, session };
      } catch (err) {
        if (optional && err instanceof AppError) return { ticket, session: null };
        throw err;
      }
    },
  };
}
