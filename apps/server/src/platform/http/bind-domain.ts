import type { Readable } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import {
  type Call,
  codes,
  type Domain,
  fieldIssues,
  fieldRefusals,
  funcOf,
  needsShop,
  type OutputOf,
  openShopUrlOf,
  type ParsedInputOf,
  platformRefusals,
  SYSTEM_ID,
} from "@sbo/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Config } from "../../config";
import { type BuyerSession, readBuyerTicket } from "../auth/buyer-sessions";
import { checkRate, type RateLimiter } from "../auth/rate-limit";
import type { SessionCache } from "../auth/session-cache";
import type { ResolvedTicket, SessionResolver } from "../auth/session-resolver";
import { setActor } from "../db/audit";
import { type AuditWords, auditAreaOf } from "../db/audit-words";
import type { Db, Executor } from "../db/client";
import type { SmsProvider } from "../sms/sms-provider";
import type { WeatherProvider } from "../weather/weather";
import { type Ctx, langOf, type Session } from "./context";
import { success } from "./envelope";
import { AppError, badField, badInput, forbidden, notLoggedIn, refuse } from "./errors";
import { type ApiCall, domainKeyOf, tagOf } from "./openapi";

/** What an export handler gives back: a file name and the bytes, streamed. */
export interface FileResult {
  fileName: string;
  contentType?: string;
  stream: Readable;
}

export interface Upload {
  file: MultipartFile;
}

type HandlerResult<C extends Call> = C extends { download: true } ? FileResult : OutputOf<C>;
type HandlerInput<C extends Call> = C extends { upload: true } ? ParsedInputOf<C> & Upload : ParsedInputOf<C>;

export type Handler<C extends Call> = (input: HandlerInput<C>, ctx: Ctx) => Promise<HandlerResult<C>>;
/** One handler for every call of the domain: a missing one fails the typecheck. */
export type Handlers<D extends Domain> = { [K in keyof D]: Handler<D[K]> };

export interface BindOptions<D extends Domain> {
  /**
   * Calls limited per client IP (login, SMS and password reset), counted together across every such call
   * and every server process: at most `config.login.ratePerMinute` a minute.
   */
  rateLimited?: ReadonlyArray<keyof D>;
}

export interface Platform {
  db: Db;
  config: Config;
  sms: SmsProvider;
  /** Ticket → session, one query (platform/auth/session-resolver.ts). */
  sessions: SessionResolver;
  /** The sessions this process keeps; a write that changed some forgets them before it answers (session-cache.ts). */
  sessionCache?: SessionCache;
  /** The shared per-IP counter of the rate-limited calls. */
  limiter: RateLimiter;
  /** Where forecasts come from; null when WEATHER_URL is not set. */
  weather: WeatherProvider | null;
  /**
   * The audit log's words, every domain's gathered into one book (domains/audit-words.ts): each write's area of the
   * function tree comes from it, and the audit log words its entries with it.
   */
  auditWords: AuditWords;
}

/**
 * Zod's issues as field issues: each names its field (`path`), says what is wrong in English (`message`)
 * and carries the `reason` and `params` the web words in the user's language (contract field-issues.ts).
 */
export const zodIssues = (error: z.ZodError) => fieldIssues(error);

/** The input without the envelope's `systemId`, which must be 71. */
function stripSystemId(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) body = {};
  if (typeof body !== "object" || Array.isArray(body)) throw badField("body", fieldRefusals.jsonObject);
  const { systemId, ...rest } = body as Record<string, unknown>;
  if (systemId === undefined) throw badField("systemId", fieldRefusals.systemIdMissing, { systemId: SYSTEM_ID });
  if (Number(systemId) !== SYSTEM_ID) throw badField("systemId", fieldRefusals.systemId, { systemId: SYSTEM_ID });
  return rest;
}

async function readMultipart(req: FastifyRequest, maxFileMb = 10): Promise<{ fields: Record<string, unknown>; file: MultipartFile }> {
  const file = await req.file({ limits: { fileSize: maxFileMb * 1024 * 1024, files: 1 } });
  if (!file) throw badField("file", fieldRefusals.required);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(file.fields)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v && "value" in v && v.type === "field") fields[key] = key === "systemId" ? Number(v.value) : v.value;
  }
  if (fields.systemId === undefined) {
    const header = req.headers["system-id"];
    if (header !== undefined) fields.systemId = Number(header);
  }
  return { fields, file };
}

function check(call: Call, session: Session | null): void {
  if (call.access === "public" || call.access === "buyer") return;
  if (!session) throw notLoggedIn();
  const func = funcOf(call);
  if (func && !session.functions.has(func)) throw forbidden(func);
  if (needsShop(call)) {
    // A shop still in the open-shop flow (`opening`) is no shop yet.
    const openShopUrl = openShopUrlOf(session.shop);
    if (openShopUrl) throw refuse(codes.NO_SHOP, platformRefusals.openShopFirst, undefined, { data: openShopUrl });
    if (session.shop?.status === "closed") throw refuse(codes.SHOP_CLOSED, platformRefusals.shopClosed);
  }
}

/**
 * Registers every call of a domain from its contract entries: body validation (strict, systemId 71),
 * the ticket, the function permission, the shop state, one transaction per write with the audit actor
 * set, output shaping (rows never leak: the output schema strips what it does not name), and the call's place in
 * the OpenAPI document.
 */
export function bindDomain<D extends Domain>(
  app: FastifyInstance,
  platform: Platform,
  domain: D,
  handlers: Handlers<D>,
  options: BindOptions<D> = {},
): void {
  const { db, config } = platform;
  const domainKey = domainKeyOf(domain);
  const tag = domainKey ? tagOf(domainKey) : "Unlisted";
  for (const name of Object.keys(domain) as Array<keyof D & string>) {
    const call = domain[name] as Call;
    const handler = handlers[name] as unknown as (input: unknown, ctx: Ctx) => Promise<unknown>;
    const limited = options.rateLimited?.includes(name) ?? false;
    // The write's area of the function tree, recorded with each audit entry (the log's area filter).
    const area = call.write ? (auditAreaOf(call, platform.auditWords) ?? "") : "";
    app.route({
      method: "POST",
      url: call.path,
      // The document's operation is made from the entry when the document is first asked for (openapi.ts).
      config: { apiCall: { call, operationId: `${domainKey ?? "unlisted"}.${name}`, tag, rateLimited: limited } satisfies ApiCall },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        if (limited) await checkRate(platform.limiter, req.ip, config.login.ratePerMinute);
        // A buyer-API call opens the buyer session (its own cookie) and no seller session.
        const buyer: BuyerSession | null = call.access === "buyer" ? await platform.sessions.buyerOf(db, readBuyerTicket(req)) : null;
        const resolved: ResolvedTicket = buyer
          ? { ticket: null, session: null }
          : await platform.sessions.resolve(req, call.access === "public", reply);
        check(call, resolved.session);

        let raw: Record<string, unknown>;
        let file: MultipartFile | undefined;
        if (call.upload) {
          if (!req.isMultipart()) throw badField("file", fieldRefusals.multipart);
          const parts = await readMultipart(req, call.maxFileMb);
          raw = stripSystemId(parts.fields);
          file = parts.file;
        } else {
          raw = stripSystemId(req.body);
        }
        const parsed = call.input.safeParse(raw, { reportInput: true });
        if (!parsed.success) throw badInput(zodIssues(parsed.error));
        const input = file ? { ...(parsed.data as object), file } : parsed.data;

        const committed: ((db: Executor) => Promise<void>)[] = [];
        const ctxFor = (executor: Ctx["db"]): Ctx => ({
          requestId: req.id,
          ip: req.ip,
          userAgent: String(req.headers["user-agent"] ?? ""),
          lang: langOf(req.headers["accept-language"]),
          db: executor,
          config,
          session: resolved.session,
          me() {
            if (!resolved.session) throw notLoggedIn();
            return resolved.session;
          },
          ticket: resolved.ticket,
          buyer,
          req,
          reply,
          afterCommit: (work) => {
            committed.push(work);
          },
        });

        let result: unknown;
        if (call.write) {
          let refusal: AppError | undefined;
          let scopes: string[] = [];
          result = await db.transaction(async (tx) => {
            if (resolved.session) {
              await setActor(tx, {
                memberId: resolved.session.memberId,
                boId: resolved.session.boId,
                call: call.path,
                requestId: req.id,
                area,
              });
            } else if (buyer) {
              await setActor(tx, { memberId: buyer.memberId, boId: null, call: call.path, requestId: req.id, area });
            }
            let out: unknown;
            try {
              out = await handler(input, ctxFor(tx));
            } catch (err) {
              if (!(err instanceof AppError && err.commit)) throw err;
              refusal = err;
            }
            // The sessions this write changed (logout, roles, disabling …), to forget here before the answer.
            if (platform.sessionCache) scopes = await platform.sessionCache.scopesIn(tx);
            return out;
          });
          await platform.sessionCache?.changed(scopes);
          if (refusal) throw refusal;
        } else {
          result = await handler(input, ctxFor(db));
        }

        for (const work of committed) await work(db).catch((err: unknown) => req.log.warn({ err }, "after-commit work failed"));

        if (call.download) {
          const file = result as FileResult;
          reply.header("content-type", file.contentType ?? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
          reply.header("content-disposition", contentDisposition(file.fileName));
          reply.header("cache-control", "no-store");
          return reply.send(file.stream);
        }
        const data = call.output.parse(result ?? null);
        return reply.send(success(data));
      },
    });
  }
}

/** `attachment` with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
