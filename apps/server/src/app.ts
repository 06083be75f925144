import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { codes, commonRefusals, fieldRefusals, fill, platformRefusals, predicateOf, tooDeepPath } from "@sbo/contract";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import type { DestinationStream } from "pino";
import type { Config } from "./config";
import { ensureDemoFiles } from "./demo/demo-files";
import { addressRoutes } from "./domains/address/address.routes";
import { findAdvert, isShowingImage } from "./domains/advert/advert.repository";
import { advertRoutes } from "./domains/advert/advert.routes";
import { afterSaleRoutes } from "./domains/aftersale/aftersale.routes";
import { auditWords } from "./domains/audit-words";
import { freightRoutes } from "./domains/catalogue/freight/freight.routes";
import { freightOf } from "./domains/catalogue/freight/freight.rules";
import { freightTemplatesForGoods } from "./domains/catalogue/freight/freight.service";
import { templateForFreight } from "./domains/catalogue/freight/freight.view";
import { recommendRoutes } from "./domains/catalogue/recommend/recommend.routes";
import { postgresSearchEngine } from "./domains/catalogue/search/postgres-search.repository";
import { searchEngines, searchRoutes } from "./domains/catalogue/search/search.routes";
import { shopCategoryRoutes } from "./domains/catalogue/shop-category/shop-category.routes";
import { findById as findContent } from "./domains/content/content.repository";
import { contentRoutes } from "./domains/content/content.routes";
import { couponRoutes } from "./domains/coupon/coupon.routes";
import { dashboardRoutes } from "./domains/dashboard/dashboard.routes";
import { evaluationRoutes } from "./domains/evaluation/evaluation.routes";
import { financeRoutes } from "./domains/finance/finance.routes";
import { localSettlementBank } from "./domains/finance/settlement-bank.service";
import { goodsForOrders } from "./domains/goods/goods.port";
import { findGoods, isOnShelfImage } from "./domains/goods/goods.repository";
import { goodsRoutes } from "./domains/goods/goods.routes";
import { memberPriceRankUsage } from "./domains/goods/price/price.service";
import { auditPeople, identitySource } from "./domains/identity/identity.port";
import { invoiceRoutes } from "./domains/invoice/invoice.routes";
import { mediaRoutes } from "./domains/media/media.routes";
import { memberRoutes } from "./domains/member/member.routes";
import { createMemberService } from "./domains/member/member.service";
import { couponAdjuster } from "./domains/orders/checkout/coupon-adjuster.port";
import { promotionAdjuster } from "./domains/orders/checkout/promotion-adjuster.port";
import { orderStatusForCoupons } from "./domains/orders/coupon-orders.port";
import { LIVE_CHANNEL } from "./domains/orders/live/live.repository";
import { ordersLiveRoutes } from "./domains/orders/live/live.routes";
import { ordersRoutes } from "./domains/orders/orders.routes";
import type { OrderPorts } from "./domains/orders/orders-needs.port";
import { alipayProvider } from "./domains/orders/payment/alipay/alipay.port";
import { sandboxProvider, sandboxRefunds } from "./domains/orders/payment/payment.port";
import { organizationRoutes } from "./domains/organization/organization.routes";
import { promotionRoutes } from "./domains/promotion/promotion.routes";
import { promotedGoods } from "./domains/promotion/promotion.service";
import { referenceRoutes } from "./domains/reference/reference.routes";
import { sessionRoutes } from "./domains/session/session.routes";
import { shopStateSource } from "./domains/shop/shop.port";
import { shopRoutes } from "./domains/shop/shop.routes";
import { staffRoutes } from "./domains/staff/staff.routes";
import { statementRoutes } from "./domains/statement/statement.routes";
import { supplierRoutes } from "./domains/supplier/supplier.routes";
import { postgresSettingStore, redisSettingStore } from "./domains/system/settings/settings.repository";
import { settingsRoutes } from "./domains/system/settings/settings.routes";
import { systemRoutes } from "./domains/system/system.routes";
import { createSystemService } from "./domains/system/system.service";
import { postgresRateLimiter, redisRateLimiter } from "./platform/auth/rate-limit";
import { createSessionCache, type SessionCache } from "./platform/auth/session-cache";
import { createSessionResolver } from "./platform/auth/session-resolver";
import { createSmsProvider } from "./platform/auth/sms";
import type { Database } from "./platform/db/client";
import { newId } from "./platform/db/ids";
import { type OpenedFileStore, openFileStore } from "./platform/files/open-file-store";
import { callsInFlight } from "./platform/http/calls-in-flight";
import { failure } from "./platform/http/envelope";
import { AppError, badField } from "./platform/http/errors";
import { createMetrics, type Metrics, metricsRoutes } from "./platform/http/metrics";
import { registerApiDocument } from "./platform/http/openapi";
import { createNotifyHub } from "./platform/live/notify-hub";
import type { SmsProvider } from "./platform/sms/sms-provider";
import { templatesRoutes } from "./platform/templates/templates.routes";
import { openMeteoProvider, type WeatherProvider } from "./platform/weather/weather";

export const VERSION = "1.0.0";

const sessionCaches = new WeakMap<FastifyInstance, SessionCache>();
/** An app's session cache (the tests wait on its `settle` after changing rows by hand on PostgreSQL). */
export const sessionCacheOf = (app: FastifyInstance): SessionCache | undefined => sessionCaches.get(app);
const PAY_NOTIFY_PREFIX = "/api/buyer/trading/pay/notify/";

/** An error (or a log line's object holding one) that only says the client closed the connection early. */
export function clientWentAway(v: unknown): boolean {
  const err = v instanceof Error ? v : (v as { err?: unknown } | null)?.err;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return code === "ERR_STREAM_PREMATURE_CLOSE" || code === "ECONNRESET" || /^premature close$/i.test(err.message);
}

export interface AppOptions {
  config: Config;
  database: Database;
  sms?: SmsProvider;
  /** Overrides the weather provider WEATHER_URL configures (null: none). */
  weather?: WeatherProvider | null;
  logger?: boolean;
  /** Where the log lines go (stdout when not given): the tests read them from a stream. */
  logStream?: DestinationStream;
  /** The process's metrics, which its timed jobs also count into (main.ts); made here when not given. */
  metrics?: Metrics;
  /** The process's file store, which its timed jobs also read (main.ts); opened here (and closed with the app) when not given. */
  fileStore?: OpenedFileStore;
}

/** A unique index refused the write: PostgreSQL's 23505, on the error or beneath it (Drizzle wraps the driver's). */
const uniqueViolation = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
};

/** An incoming X-Request-Id kept as the request's id: a short token only, so nothing odd reaches the logs. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** How long /readyz waits for Redis (and the bucket, with FILE_STORE=s3) before it calls it not ready. */
const READY_WAIT_MS = 2000;

export async function buildApp({
  config,
  database,
  sms,
  weather,
  logger = true,
  logStream,
  metrics,
  fileStore,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ["req.headers.cookie", 'req.headers["sign-token"]'],
          // A browser that leaves before its answer is whole (a new screen, a closed tab) ends the compression stream
          // "prematurely", and @fastify/compress logs that at error level: nothing broke, so it goes to debug.
          hooks: {
            logMethod(args, method, level) {
              if (level >= 50 && clientWentAway(args[0])) return this.debug(args[0] as object, "the client went away");
              return method.apply(this, args as Parameters<typeof method>);
            },
          },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: 1024 * 1024,
    // A caller's (or the load balancer's) X-Request-Id follows the request through our logs; else a new one.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && SANE_REQUEST_ID.test(given) ? given : newId();
    },
    trustProxy: config.trustProxy,
  });
  if (database.slowQueries) {
    const log = app.log;
    database.slowQueries.log = ({ ms, sql }) => log.warn({ ms, sql }, "slow query");
  }

  // Inputs are validated with the contract's zod schemas inside bindDomain; the JSON Schemas given to
  // Fastify are for the OpenAPI document only.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) return reply.code(err.status).send(failure(err.code, err.message, err.data, err));
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 429) {
      const r = platformRefusals.tooManyRequests;
      return reply.code(429).send(failure(codes.TOO_MANY_REQUESTS, r.en, null, r));
    }
    if (e.statusCode === 413 || e.code === "FST_REQ_FILE_TOO_LARGE") {
      const r = platformRefusals.tooLarge;
      const issue = { path: "body", message: predicateOf(fieldRefusals.tooLarge.en), reason: fieldRefusals.tooLarge.reason };
      return reply.code(413).send(failure(codes.BAD_INPUT, r.en, { issues: [issue] }, r));
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly (Fastify's English
      // detail stays in `msg` for API users; people read the declared words).
      const r = platformRefusals.malformed;
      const issue = { path: "body", message: e.message ?? "malformed", reason: fieldRefusals.unreadable.reason };
      return reply.code(400).send(failure(codes.BAD_INPUT, `body: ${e.message ?? "malformed request"}`, { issues: [issue] }, r));
    }
    if (uniqueViolation(err)) {
      // A unique index caught two saves of the same thing at once that no domain check held apart (the checks hold
      // their names until commit: platform/db/names.ts): the second one is told plainly, and nothing was written.
      req.log.warn({ err }, "unique violation answered as a conflict");
      const r = platformRefusals.savedAtOnce;
      return reply.code(200).send(failure(codes.CONFLICT, r.en, null, r));
    }
    if (clientWentAway(err) || req.raw.destroyed) {
      // The answer's stream ended because the client left: nobody is there to read a refusal.
      req.log.debug({ err }, "the client went away");
      return reply;
    }
    req.log.error({ err }, "request failed");
    const r = platformRefusals.serverError;
    const params = { requestId: req.id };
    return reply.code(500).send(failure(codes.SERVER_ERROR, fill(r.en, params), { requestId: req.id }, { reason: r.reason, params }));
  });

  await app.register(cookie);
  // Helmet's headers are the same on every answer (no nonces): helmet makes them once, then one hook sets them, as
  // helmet's own hook would, on the raw response (a route's own reply.header still wins: system.routes.ts).
  const security = await securityHeaders();
  app.addHook("onRequest", (_req, reply, done) => {
    for (const [name, value] of security) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(compress, { global: true, encodings: ["br", "gzip"], threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  await registerApiDocument(app, { version: VERSION, signToken: config.signToken });

  // The sign-token header is a CSRF guard: a cross-site form cannot set it.
  app.addHook("onRequest", async (req, reply) => {
    if (req.method !== "POST" || !req.url.startsWith("/api/")) return;
    // A payment provider's server posts its notifications: its signature is checked instead (orders.routes.ts).
    if (req.url.startsWith(PAY_NOTIFY_PREFIX)) return;
    if (req.headers["sign-token"] !== config.signToken) {
      const r = platformRefusals.signToken;
      return reply.code(403).send(failure(codes.FORBIDDEN, r.en, null, r));
    }
  });

  // A body nested deeper than any call takes is bad input naming where, decided before anything walks it: zod, the
  // control-character guard, the logger and PostgreSQL's JSON parser all recurse (an outside probe's 2,500 levels were
  // a 500 on every call). JSON.parse itself does not recurse, so the parsed body is safe to walk here, iteratively.
  app.addHook("preValidation", async (req) => {
    const deep = tooDeepPath(req.body);
    if (deep) throw badField(deep.map(String).join("."), commonRefusals.nestedTooDeeply);
  });

  // Answers with personal data must never sit in a browser's or a proxy's cache: every JSON answer is `no-store`.
  // Every answer names its request (the id 5xx answers quote and every log line carries).
  app.addHook("onSend", async (req, reply, payload) => {
    reply.header("x-request-id", req.id);
    if (String(reply.getHeader("content-type") ?? "").includes("json")) reply.header("cache-control", "no-store");
    return payload;
  });

  // A call is in flight from its arrival until its answer is sent (a download's stream, which is long work, is not
  // part of it). Exports give way to the calls in flight: on the event loop, slice by slice (platform/http/calls-in-flight.ts),
  // and on the embedded database, statement by statement (platform/db/turns.ts).
  const turns = database.turns;
  const inFlight = new WeakMap<FastifyRequest, () => void>();
  const ends = async (req: FastifyRequest) => inFlight.get(req)?.();
  app.addHook("onRequest", async (req) => {
    if (!req.routeOptions.config.apiCall) return;
    const call = callsInFlight.begin();
    const turn = turns?.callBegins();
    inFlight.set(req, () => {
      call();
      turn?.();
    });
  });
  app.addHook("onSend", async (req, _reply, payload) => {
    await ends(req);
    return payload;
  });
  app.addHook("onResponse", ends);
  app.addHook("onRequestAbort", ends);

  const limiter = config.redisUrl ? redisRateLimiter(config.redisUrl) : postgresRateLimiter(database.db);
  app.addHook("onClose", () => limiter.close());
  const settingStore = config.redisUrl ? redisSettingStore(config.redisUrl) : postgresSettingStore();
  app.addHook("onClose", () => settingStore.close());
  // Resolved sessions kept per process, forgotten on the notifications of the session triggers (migration 0039).
  const sessionCache = createSessionCache(database, { onError: (err) => app.log.warn({ err }, "sessions: listen failed") });
  app.addHook("onClose", () => sessionCache.close());
  sessionCaches.set(app, sessionCache);
  const platform = {
    db: database.db,
    config,
    sms: sms ?? createSmsProvider(config.sms, app.log),
    sessions: createSessionResolver({
      db: database.db,
      config,
      shops: shopStateSource,
      identity: identitySource,
      cache: sessionCache,
      ...(database.prepared ? { prepared: database.prepared } : {}),
    }),
    sessionCache,
    limiter,
    weather: weather !== undefined ? weather : config.weather ? openMeteoProvider(config.weather) : null,
    auditWords,
  };
  const store = fileStore ?? openFileStore(config.files);
  if (!fileStore) app.addHook("onClose", () => store.close());
  const files = store.files;
  await ensureDemoFiles(files);
  const system = createSystemService({ files, version: VERSION });
  sessionRoutes(app, platform, system);
  // Files attached to records: whether a record is the organisation's, asked of the domains that own each kind.
  systemRoutes(
    app,
    platform,
    system,
    files,
    {
      goods: async (db, boId, id) => (await findGoods(db, boId, id)) !== undefined,
      advert: async (db, boId, id) => (await findAdvert(db, boId, id)) !== undefined,
      content: async (db, boId, id) => (await findContent(db, boId, id)) !== undefined,
    },
    // Images anyone may see (their renditions, at /files/public/:id): those of goods on shelf and of adverts showing.
    [isOnShelfImage, isShowingImage],
    // The audit log shows people's names; identity ranks above system, so it hands them in.
    auditPeople,
  );
  addressRoutes(app, platform);
  supplierRoutes(app, platform);
  // Goods hands the member domain its member prices: a rank they use cannot be deleted (the RankUsage port).
  memberRoutes(app, platform, createMemberService([memberPriceRankUsage]));
  shopRoutes(app, platform);
  referenceRoutes(app, platform);
  organizationRoutes(app, platform);
  staffRoutes(app, platform);
  templatesRoutes(app, platform);
  // The catalogue hands goods its freight templates (the FreightTemplates port): goods checks the one an item names;
  // promotions tell goods which items they hold (the PromotedGoods port).
  goodsRoutes(app, platform, files, freightTemplatesForGoods, promotedGoods);
  freightRoutes(app, platform);
  searchRoutes(app, platform, searchEngines[config.searchEngine] ?? postgresSearchEngine);
  shopCategoryRoutes(app, platform);
  recommendRoutes(app, platform);
  advertRoutes(app, platform, files);
  contentRoutes(app, platform);
  promotionRoutes(app, platform);
  mediaRoutes(app, platform, files);
  // Coupons learn an order's status through their CouponOrders port (coupon stands below orders).
  couponRoutes(app, platform, { statusOf: orderStatusForCoupons });
  // Orders take goods (SKUs, prices, FEFO stock), the catalogue's freight and the payment providers through ports.
  ordersRoutes(app, platform, orderPortsOf(config), files);
  // Live order events: one LISTEN per process (closed with the app), and the ERP push calls.
  const orderHub = createNotifyHub(database, LIVE_CHANNEL, { onError: (err) => app.log.warn({ err }, "order events: listen failed") });
  app.addHook("onClose", () => orderHub.close());
  const appMetrics = metrics ?? createMetrics(database);
  metricsRoutes(app, appMetrics, config.metricsToken);
  ordersLiveRoutes(app, platform, orderHub, appMetrics);
  settingsRoutes(app, platform, settingStore);
  invoiceRoutes(app, platform, files);
  evaluationRoutes(app, platform);
  // After-sales: refunds through the orders' payment providers, stock back through goods (the same ports).
  afterSaleRoutes(app, platform, orderPortsOf(config), files);
  statementRoutes(app, platform);
  // The finance account: bank signings through the settlement bank (local: recorded in the database).
  financeRoutes(app, platform, localSettlementBank());
  dashboardRoutes(app, platform);

  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  // Ready when the database answers and, with REDIS_URL, Redis too (rate limits and settings live there), and with
  // FILE_STORE=s3 the bucket (every file is there); else 503 naming what is not ready.
  app.get("/readyz", { schema: { hide: true } }, async (_req, reply) => {
    const [db, redis, bucket] = await Promise.all([
      database.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      config.redisUrl ? withTimeout(limiter.ping(), READY_WAIT_MS) : Promise.resolve(null),
      store.kind === "s3" ? withTimeout(store.check(), READY_WAIT_MS) : Promise.resolve(null),
    ]);
    const notReady = [...(db ? [] : ["database"]), ...(redis === false ? ["redis"] : []), ...(bucket === false ? ["files"] : [])];
    const body = {
      database: database.kind,
      ...(redis === null ? {} : { redis: redis ? "ready" : "unavailable" }),
      ...(bucket === null ? {} : { files: bucket ? "ready" : "unavailable" }),
    };
    if (notReady.length > 0) return reply.code(503).send({ status: "unavailable", notReady, ...body });
    return { status: "ready", ...body };
  });

  const indexHtml = existsSync(join(config.webDist, "index.html")) ? webIndexHtml(config) : null;
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // Our own Cache-Control below; @fastify/static's default would add `public, max-age=0`.
      cacheControl: false,
      // The build writes each script and stylesheet also as .br and .gz (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      // index.html is answered by the fallback below, with the sign-token filled in.
      allowedPath: (pathName) => pathName !== "/index.html",
      setHeaders(res, path) {
        res.setHeader("cache-control", staticCacheControl(path));
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api/")) {
      const r = platformRefusals.noSuchCall;
      const params = { call: `${req.method} ${req.url.split("?")[0]}` };
      return reply.code(404).send(failure(codes.NOT_FOUND, fill(r.en, params), null, { reason: r.reason, params }));
    }
    if (indexHtml !== null && (req.method === "GET" || req.method === "HEAD") && !req.url.startsWith("/assets/")) {
      // The single-page app's fallback: every screen path answers index.html, always revalidated.
      return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
    }
    return reply.code(404).send(failure(codes.NOT_FOUND, platformRefusals.notFound.en, null, platformRefusals.notFound));
  });

  return app;
}

const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers @fastify/helmet sets with HELMET_OPTIONS, as a throwaway instance answers them. Its own hook builds
 * them again for every request (≈ 40 µs of a 100 µs bare request; these two loops cost ≈ 15 µs: bench/README.md).
 */
async function securityHeaders(): Promise<Array<[string, string]>> {
  const probe = async (withHelmet: boolean) => {
    const app = Fastify({ logger: false });
    if (withHelmet) await app.register(helmet, HELMET_OPTIONS);
    app.get("/", async () => "");
    const res = await app.inject({ method: "GET", url: "/" });
    await app.close();
    return res.headers;
  };
  const [plain, secured] = [await probe(false), await probe(true)];
  return Object.entries(secured).flatMap(([name, value]) => (name in plain || value === undefined ? [] : [[name, String(value)]]));
}

/** Whether `check` resolves within `ms`. */
function withTimeout(check: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), ms);
  });
  return Promise.race([
    check.then(
      () => true,
      () => false,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/** What orders take from the lower domains (goods, freight) and the payment providers; the timed jobs take the same. */
export function orderPortsOf(config: Config): OrderPorts {
  const alipay = config.alipay ? alipayProvider(config.alipay) : null;
  return {
    goods: goodsForOrders,
    freight: { templateForFreight, freightOf },
    // Only the providers PAYMENT_PROVIDERS enables: a notification to another one is answered 404.
    payments: {
      ...(config.paymentSandboxSecret ? { sandbox: sandboxProvider(config.paymentSandboxSecret) } : {}),
      ...(alipay && config.paymentProviders.includes("alipay") ? { alipay } : {}),
    },
    // Alipay's refunds also when it takes no new payments but is still configured (ALIPAY_APP_ID and its keys).
    refunds: { sandbox: sandboxRefunds, ...(alipay ? { alipay } : {}) },
    defaultPayment: config.paymentProviders[0] ?? null,
    // A running promotion's price first, then the buyer's coupon per shop (orders/coupon-adjuster.ts: its discount,
    // frozen on submit).
    adjusters: [promotionAdjuster, couponAdjuster],
  };
}

/** A Vite build's hashed file name: `name-<hash>.ext` (the hash is 8 or more of [A-Za-z0-9_-]). */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/i;

/** Hashed assets never change under their name: a year, immutable. Everything else is revalidated. */
export const staticCacheControl = (path: string): string => (HASHED_ASSET.test(path) ? "public, max-age=31536000, immutable" : "no-cache");

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The built index.html with this server's sign-token in `<meta name="sign-token">`: the one source of
 * the value the web sends on every call (apps/web/src/platform/api-client.ts reads it); and the map
 * tiles' URL in `<meta name="map-tile-url">`.
 */
export function webIndexHtml(config: Pick<Config, "webDist" | "signToken" | "mapTileUrl">): string {
  const html = readFileSync(join(config.webDist, "index.html"), "utf8");
  // The map tiles' URL template (MAP_TILE_URL) travels the same way: apps/web/src/components/map reads it.
  const meta = [
    `<meta name="sign-token" content="${escapeAttribute(config.signToken)}" />`,
    `<meta name="map-tile-url" content="${escapeAttribute(config.mapTileUrl)}" />`,
  ].join("\n    ");
  return html.includes("<head>") ? html.replace("<head>", `<head>\n    ${meta}`) : `${meta}\n${html}`;
}
