import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
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

/** The value SIGN_TOKEN has when unset: published, so refused in production once the server is public (PUBLIC_URL). */
const DEFAULT_SIGN_TOKEN = "seller-web";
/** The payment providers this server knows (`domains/orders/payment.ts`). */
export const paymentProviders = ["sandbox"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: whole(0, 65535).default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  SIGN_TOKEN: z.string().min(1).default(DEFAULT_SIGN_TOKEN),
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
  // The payment providers buyers may pay through, comma-separated (`none`: no online payment). Default below.
  PAYMENT_PROVIDERS: z
    .string()
    .regex(new RegExp(`^(none|(${paymentProviders.join("|")})(,(${paymentProviders.join("|")}))*)$`), {
      error: `must be none or a comma list of ${paymentProviders.join(", ")}`,
    })
    .optional(),
  // The sandbox payment provider's signing secret (its notifications are HMAC-SHA256 signed with it). No default: see
  // `secretOf` below.
  PAYMENT_SANDBOX_SECRET: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  // Signs the short-lived video upload credentials (media: volcano/getUploadSts2WithExpire), HMAC-SHA256.
  UPLOAD_TOKEN_SECRET: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
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
  // PostgreSQL: connections in this process's pool.
  DATABASE_POOL_MAX: whole(1, 1000).default(10),
  // PostgreSQL: a statement running longer is cancelled (each pool connection's statement_timeout); 0: no limit.
  DATABASE_STATEMENT_TIMEOUT_MS: whole(0).default(30_000),
  // Queries slower than this many milliseconds are logged (warn) with their duration and shortened SQL; 0: none.
  SLOW_QUERY_MS: whole(0).default(500),
  // Serves GET /metrics (Prometheus) to requests carrying `Authorization: Bearer <this>`; unset: /metrics is 404.
  METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  // Where uploaded files' bytes live: local disk (DATA_DIR/files) or an S3-compatible bucket (the S3_* below).
  FILE_STORE: z.enum(["local", "s3"], { error: "must be local or s3" }).default("local"),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/"'<>]+\/?$/, "must be an http:// or https:// URL of the service, without a path")
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,63}$/, "must be a region name (lowercase letters, digits and -)")
    .default("us-east-1"),
  // S3's bucket naming rule (OSS's and COS's names, `name-1250000000`, follow it).
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lowercase letters, digits, dots and hyphens)")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  // Put before every key, so that several installations may share a bucket: `sbo/`, `shop-a/files/`.
  S3_PREFIX: z
    .string()
    .regex(/^(?!\/)(?!.*\/\/)(?!(.*\/)?\.\.?(\/|$))[A-Za-z0-9!_.*'()/-]{1,200}$/, {
      error: "must be a key prefix: letters, digits, / and !_.*'()- (no leading /, no empty, . or .. part)",
    })
    .optional(),
});

/** The variables the server reads (the schema's keys): `.env.example` and the README's table list each of them. */
export const configVariables = Object.keys(schema.shape);

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
  /** The payment providers buyers may pay through (empty: online payment is not available). */
  paymentProviders: PaymentProviderName[];
  /** The sandbox payment provider's HMAC secret; null when the sandbox is not enabled. */
  paymentSandboxSecret: string | null;
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
  /** PostgreSQL's pool: its size, the statement timeout of its connections (ms, 0: none). */
  databasePool: { max: number; statementTimeoutMs: number };
  /** Queries slower than this (ms) are logged at warn; 0: none. */
  slowQueryMs: number;
  /** The bearer token GET /metrics requires; null: /metrics is not served. */
  metricsToken: string | null;
  /** The weather service's base URLs (forecast, geocoding); null: weather is not configured. */
  weather: { forecastUrl: string; geocodingUrl: string } | null;
  /** Where uploaded files' bytes live (platform/files/open-file-store.ts). */
  files: { store: "local"; dir: string } | ({ store: "s3" } & S3Settings);
}

/** An S3-compatible bucket (FILE_STORE=s3): its service, name and keys; the key prefix empty or ending in `/`. */
export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string;
}

export class ConfigError extends Error {}

const SECRET = new Set([
  "DATABASE_URL",
  "SIGN_TOKEN",
  "REDIS_URL",
  "UPLOAD_TOKEN_SECRET",
  "PAYMENT_SANDBOX_SECRET",
  "METRICS_TOKEN",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
]);
/** The fixed values these secrets once defaulted to: published with the code, so refused in production. */
const PUBLISHED_SECRETS = new Set(["sandbox-payments-secret-change-me", "upload-token-secret-change-me"]);
/** The secrets the server makes up for itself when they are not given (the trial setup only: see `secretOf`). */
export type GeneratedSecret = "PAYMENT_SANDBOX_SECRET" | "UPLOAD_TOKEN_SECRET";
/** Answers the stored value of a generated secret under DATA_DIR, making and storing it the first time. */
export type SecretStore = (dataDir: string, name: GeneratedSecret) => string;

/**
 * Secrets generated once and kept in `DATA_DIR/secrets.json` (readable by the server's user only), so that a server
 * started without them (the `npm start` demo) signs with values nobody else knows, the same after a restart.
 */
export const fileSecretStore: SecretStore = (dataDir, name) => {
  const file = join(dataDir, "secrets.json");
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
  const known = stored[name];
  if (typeof known === "string" && known.length >= 16) return known;
  const made = randomBytes(32).toString("base64url");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...stored, [name]: made }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return made;
};

export function loadConfig(env: Record<string, string | undefined> = process.env, secrets: SecretStore = fileSecretStore): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const key = String(first?.path[0] ?? "");
    // Values that may hold credentials are not echoed.
    const shown = SECRET.has(key) ? "" : `=${JSON.stringify(env[key] ?? "")}`;
    throw new ConfigError(`Invalid configuration: ${key}${shown} ${first?.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const dataDir = resolve(e.DATA_DIR);
  const refuse = (key: string, why: string): never => {
    throw new ConfigError(`Invalid configuration: ${key} ${why}`);
  };
  /*
   * No secret has a published default. Unset, one is generated and kept under DATA_DIR — except in production on
   * PostgreSQL (a real deployment, maybe of several processes), where the server refuses to start without it.
   */
  const secretOf = (key: GeneratedSecret, given: string | undefined): string => {
    if (given !== undefined && production && PUBLISHED_SECRETS.has(given)) refuse(key, "is a published value: set one of your own");
    if (given !== undefined) return given;
    return production && e.DATABASE_URL ? refuse(key, "must be set in production (at least 16 random characters)") : secrets(dataDir, key);
  };
  if (production && e.PUBLIC_URL && e.SIGN_TOKEN === DEFAULT_SIGN_TOKEN)
    refuse("SIGN_TOKEN", `must be set to a value of your own in production when PUBLIC_URL is set (not "${DEFAULT_SIGN_TOKEN}")`);
  // Online payment: the sandbox (no money moves: anyone who can order could pay with it) outside production; in
  // production — `npm start` included — only when PAYMENT_PROVIDERS names it.
  const providers: PaymentProviderName[] =
    e.PAYMENT_PROVIDERS === undefined
      ? production
        ? []
        : ["sandbox"]
      : e.PAYMENT_PROVIDERS === "none"
        ? []
        : [...new Set(e.PAYMENT_PROVIDERS.split(",") as PaymentProviderName[])];
  const files = filesOf(e, dataDir, refuse);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
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
    paymentProviders: providers,
    paymentSandboxSecret: providers.includes("sandbox") ? secretOf("PAYMENT_SANDBOX_SECRET", e.PAYMENT_SANDBOX_SECRET) : null,
    uploadTokenSecret: secretOf("UPLOAD_TOKEN_SECRET", e.UPLOAD_TOKEN_SECRET),
    mediaReviewSeconds: e.MEDIA_REVIEW_SECONDS,
    orderJobsSeconds: e.ORDER_JOBS_SECONDS,
    migrateOnStart: e.MIGRATE_ON_START ?? true,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    erpPushAllowPrivate: e.ERP_PUSH_ALLOW_PRIVATE ?? e.NODE_ENV !== "production",
    databasePool: { max: e.DATABASE_POOL_MAX, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    slowQueryMs: e.SLOW_QUERY_MS,
    metricsToken: e.METRICS_TOKEN ?? null,
    weather: e.WEATHER_URL ? { forecastUrl: e.WEATHER_URL, geocodingUrl: e.WEATHER_GEOCODING_URL ?? e.WEATHER_URL } : null,
    webDist: resolve(e.WEB_DIST ?? join(serverRoot, "../web/dist")),
    files,
  };
}

const S3_VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE", "S3_PREFIX"] as const;

/**
 * The file store: local disk under DATA_DIR/files, or with FILE_STORE=s3 a bucket, whose endpoint, name and keys must
 * all be given. S3_* given without FILE_STORE=s3 is refused too: such a process would keep its files on its own disk,
 * out of sight of the others, which is what the bucket was meant to prevent.
 */
function filesOf(e: z.infer<typeof schema>, dataDir: string, refuse: (key: string, why: string) => never): Config["files"] {
  if (e.FILE_STORE === "local") {
    const given = S3_VARIABLES.find((key) => e[key] !== undefined);
    if (given) refuse(given, "is set but FILE_STORE is not s3 (set FILE_STORE=s3 to keep files in the bucket, or unset it)");
    return { store: "local", dir: join(dataDir, "files") };
  }
  const need = (key: "S3_ENDPOINT" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"): string =>
    e[key] ?? refuse(key, "must be set when FILE_STORE=s3");
  const prefix = e.S3_PREFIX ?? "";
  return {
    store: "s3",
    endpoint: need("S3_ENDPOINT").replace(/\/$/, ""),
    region: e.S3_REGION,
    bucket: need("S3_BUCKET"),
    accessKeyId: need("S3_ACCESS_KEY_ID"),
    secretAccessKey: need("S3_SECRET_ACCESS_KEY"),
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    prefix: prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`,
  };
}
