import { join, resolve } from "node:path";
import { z } from "zod";
import { serverRoot } from "./paths";

/** The only place that reads the environment. Invalid configuration stops the server with one line. */
const bool = z.enum(["0", "1", "true", "false"], { error: "must be 0, 1, true or false" }).transform((v) => v === "1" || v === "true");
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
const seconds = whole(1);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: whole(0, 65535).default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  SIGN_TOKEN: z.string().min(1).default("seller-web"),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: bool.optional(),
  SESSION_IDLE_SECONDS: seconds.default(2 * 3600),
  SESSION_ABSOLUTE_SECONDS: seconds.default(7 * 24 * 3600),
  SMS_PROVIDER: z.enum(["log"]).default("log"),
  SMS_SIGN_NAME: z.string().default("Seller Back Office"),
  // `none`: no tiles (the maps draw on a plain background); else an http(s) template with {z}/{x}/{y}.
  MAP_TILE_URL: z
    .string()
    .regex(/^(none|https?:\/\/[^\s"'<>]+)$/, "must be none or an http:// or https:// URL template ({z}/{x}/{y})")
    .default("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
  APP_DOWNLOAD_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>]+$/, "must be an http:// or https:// URL (it may hold {version})")
    .optional(),
  LOGIN_LOCK_THRESHOLD: whole(1).default(5),
  LOGIN_LOCK_SECONDS: seconds.default(15 * 60),
  RATE_LIMIT_PER_MINUTE: whole(1).default(30),
  TRUST_PROXY: bool.optional(),
  WEB_DIST: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  // Weather forecasts (Open-Meteo's API or one answering the same): unset, the weather call answers "not configured".
  WEATHER_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>]+$/, "must be an http:// or https:// URL (the forecast service's base)")
    .optional(),
  WEATHER_GEOCODING_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>]+$/, "must be an http:// or https:// URL (the geocoding service's base)")
    .optional(),
  // The goods search engine: PostgreSQL; an external engine adds its name here and in `searchEngines`.
  SEARCH_ENGINE: z.enum(["postgres"]).default("postgres"),
  // The sandbox payment provider's signing secret (its notifications are HMAC-SHA256 signed with it).
  PAYMENT_SANDBOX_SECRET: z.string().min(16).default("sandbox-payments-secret-change-me"),
  // Signs the short-lived video upload credentials (media: volcano/getUploadSts2WithExpire), HMAC-SHA256.
  UPLOAD_TOKEN_SECRET: z.string().min(16).default("upload-token-secret-change-me"),
  // The videos' automatic review: seconds between passes; 0: not run here.
  MEDIA_REVIEW_SECONDS: whole(0, 3600).default(20),
  // The orders' timed jobs (unpaid timeout, auto-receive, ERP push retries): seconds between passes; 0: not run here.
  ORDER_JOBS_SECONDS: whole(0, 3600).default(15),
  // 0: this process does not migrate at start (a release pipeline runs `npm run db:migrate` first); it refuses to start
  // on a database that is behind its migrations.
  MIGRATE_ON_START: bool.optional(),
  // After SIGTERM/SIGINT: seconds to finish the calls in flight before the process exits anyway.
  SHUTDOWN_GRACE_SECONDS: whole(1, 600).default(10),
  // ERP webhooks on private or loopback addresses: allowed outside production unless set.
  ERP_PUSH_ALLOW_PRIVATE: bool.optional(),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  signToken: string;
  publicUrl: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  session: { idleSeconds: number; absoluteSeconds: number };
  sms: { provider: "log"; signName: string };
  /** The map tiles' URL template handed to the web; empty: no tiles (MAP_TILE_URL=none). */
  mapTileUrl: string;
  /** Where the mobile app of a release is downloaded: a URL, `{version}` replaced by the release's version; unset: no links. */
  appDownloadUrl: string | undefined;
  login: { lockThreshold: number; lockSeconds: number; ratePerMinute: number };
  /** Believe X-Forwarded-For/-Proto: only behind a load balancer that sets them. */
  trustProxy: boolean;
  webDist: string;
  /** Where the per-IP rate limits are counted; unset: in PostgreSQL. */
  redisUrl: string | undefined;
  /** The goods search engine's name (`searchEngines` in domains/catalogue/search). */
  searchEngine: "postgres";
  /** The sandbox payment provider's HMAC secret. */
  paymentSandboxSecret: string;
  /** The HMAC secret of video upload credentials. */
  uploadTokenSecret: string;
  /** Seconds between passes of the videos' automatic review (0: this process runs none). */
  mediaReviewSeconds: number;
  /** Seconds between passes of the orders' timed jobs (0: this process runs none). */
  orderJobsSeconds: number;
  /** Whether the start applies the migrations (else it checks that none is pending). */
  migrateOnStart: boolean;
  /** Seconds a stopping process gives the calls in flight before it exits anyway. */
  shutdownGraceSeconds: number;
  /** Whether a seller's ERP webhook may point at a private or loopback address. */
  erpPushAllowPrivate: boolean;
  /** The weather service's base URLs (forecast, geocoding); null: weather is not configured. */
  weather: { forecastUrl: string; geocodingUrl: string } | null;
}

export class ConfigError extends Error {}

const SECRET = new Set(["DATABASE_URL", "SIGN_TOKEN", "REDIS_URL", "UPLOAD_TOKEN_SECRET"]);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const key = String(first?.path[0] ?? "");
    // Values that may hold credentials are not echoed.
    const shown = SECRET.has(key) ? "" : `=${JSON.stringify(env[key] ?? "")}`;
    throw new ConfigError(`Invalid configuration: ${key}${shown} ${first?.message}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    signToken: e.SIGN_TOKEN,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    // Demo data goes onto the embedded database by default, onto PostgreSQL only when asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    session: { idleSeconds: e.SESSION_IDLE_SECONDS, absoluteSeconds: e.SESSION_ABSOLUTE_SECONDS },
    sms: { provider: e.SMS_PROVIDER, signName: e.SMS_SIGN_NAME },
    mapTileUrl: e.MAP_TILE_URL === "none" ? "" : e.MAP_TILE_URL,
    appDownloadUrl: e.APP_DOWNLOAD_URL,
    login: { lockThreshold: e.LOGIN_LOCK_THRESHOLD, lockSeconds: e.LOGIN_LOCK_SECONDS, ratePerMinute: e.RATE_LIMIT_PER_MINUTE },
    trustProxy: e.TRUST_PROXY ?? false,
    redisUrl: e.REDIS_URL,
    searchEngine: e.SEARCH_ENGINE,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    uploadTokenSecret: e.UPLOAD_TOKEN_SECRET,
    mediaReviewSeconds: e.MEDIA_REVIEW_SECONDS,
    orderJobsSeconds: e.ORDER_JOBS_SECONDS,
    migrateOnStart: e.MIGRATE_ON_START ?? true,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    erpPushAllowPrivate: e.ERP_PUSH_ALLOW_PRIVATE ?? e.NODE_ENV !== "production",
    weather: e.WEATHER_URL ? { forecastUrl: e.WEATHER_URL, geocodingUrl: e.WEATHER_GEOCODING_URL ?? e.WEATHER_URL } : null,
    webDist: resolve(e.WEB_DIST ?? join(serverRoot, "../web/dist")),
  };
}
