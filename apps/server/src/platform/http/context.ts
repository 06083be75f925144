import type { Lang } from "@sbo/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { BuyerSession } from "../auth/buyer-sessions";
import type { Executor } from "../db/client";

/** Who is asking, resolved from the ticket on every call. */
export interface Session {
  sessionId: string;
  memberId: string;
  boId: string;
  employeeId: string;
  isOwner: boolean;
  manufacturerId: string | null;
  /** Function codes granted in the active organisation (the owner holds all). */
  functions: ReadonlySet<string>;
  /** The active organisation's shop, read once per call. */
  shop: { id: string; name: string; brand: string; status: string } | null;
  /** The time zone the shop works in (its setting, else Asia/Shanghai): exported times are written in it. */
  timeZone: string;
}

export interface Ctx {
  requestId: string;
  ip: string;
  userAgent: string;
  /** The caller's language, from Accept-Language (the web sends zh-CN or en): exports and texts use it. */
  lang: Lang;
  /** The transaction for write calls, the pool for reads. */
  db: Executor;
  config: Config;
  /** The caller's session, or null on a public call made without one. */
  session: Session | null;
  /** The caller's session; refuses with 001107 when there is none. */
  me(): Session;
  ticket: string | null;
  /** The buyer of a buyer-API call (`access: "buyer"`), else null. */
  buyer: BuyerSession | null;
  req: FastifyRequest;
  reply: FastifyReply;
  /**
   * Runs `work` on the pool once the call's transaction has committed (at once after a read call), before the answer
   * is sent; a failure is logged, never the call's. For what must not hold the transaction's locks and must not happen
   * when it rolls back: announcing a change. Absent where a Ctx is made by hand (the caller then does it itself).
   */
  afterCommit?: (work: (db: Executor) => Promise<void>) => void;
}

/** The language of an Accept-Language header: Chinese when its first preference is any zh, else English. */
export function langOf(header: string | string[] | undefined): Lang {
  const value = (Array.isArray(header) ? header[0] : header) ?? "";
  const first = value.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("zh") ? "zh" : "en";
}
