import { createPrivateKey, createPublicKey, type KeyObject, randomBytes } from "node:crypto";
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

/** Alipay's production gateway (its sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
const ALIPAY_GATEWAY = "https://openapi.alipay.com/gateway.do";
/** Where this server hears Alipay's notifications, under PUBLIC_URL. */
export const ALIPAY_NOTIFY_PATH = "/api/buyer/trading/pay/notify/alipay";

/** The value SIGN_TOKEN has when unset: published, so refused in production once the server is public (PUBLIC_URL). */
const DEFAULT_SIGN_TOKEN = "seller-web";
/** The payment providers this server knows (`domains/orders/payment/payment.port.ts`). */
export const paymentProviders = ["sandbox", "alipay"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
/** What SMS codes are sent for: each purpose has its own template (platform/auth/sms.ts). */
export const smsPurposes = ["login", "resetPassword", "changePassword", "confirmPhone", "buyerLogin", "settlementCard"] as const;
export type SmsPurpose = (typeof smsPurposes)[number];
/** The values a code's template may carry, in the order Tencent's `{1}`, `{2}` take them. */
export const smsTemplateParams = ["code", "minutes"] as const;
export type SmsTemplateParam = (typeof smsTemplateParams)[number];
/** Where SMS codes go: `log` writes them to the log and `sms_outbox`; the others send pre-approved templates. */
export type SmsConfig =
  | { provider: "log"; signName: string }
  | {
      provider: "aliyun" | "tencent";
      signName: string;
      /** Each purpose's template in each language (an English one falls back to the Chinese one). */
      templates: Record<SmsPurpose, { zh: string; en: string }>;
      /** The values every template carries, in order. */
      templateParams: SmsTemplateParam[];
      accessKeyId: string;
      accessKeySecret: string;
      /** Tencent's SmsSdkAppId; empty for Aliyun. */
      sdkAppId: string;
      region: string;
      /** The API's base URL (the provider's public endpoint unless SMS_ENDPOINT names another). */
      endpoint: string;
    };
const SMS_ENDPOINTS = { aliyun: "https://dysmsapi.aliyuncs.com", tencent: "https://sms.tencentcloudapi.com" } as const;
const SMS_REGIONS = { aliyun: "cn-hangzhou", tencent: "ap-guangzhou" } as const;

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
  SMS_PROVIDER: z.enum(["log", "aliyun", "tencent"], { error: "must be log, aliyun or tencent" }).default("log"),
  // The signature messages carry (`log`: Seller Back Office); a real provider's must be the one it approved.
  SMS_SIGN_NAME: z.string().trim().min(1).optional(),
  // The providers' templates: `purpose:code` pairs, comma-separated (`default` for every purpose not named, `.en` after
  // a name for the English template). Checked below.
  SMS_TEMPLATES: z.string().optional(),
  SMS_TEMPLATE_PARAMS: z
    .string()
    .regex(new RegExp(`^(${smsTemplateParams.join("|")})(,(${smsTemplateParams.join("|")}))*$`), {
      error: `must be a comma list of ${smsTemplateParams.join(", ")}`,
    })
    .default("code"),
  SMS_ACCESS_KEY_ID: z.string().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_SDK_APP_ID: z.string().optional(),
  SMS_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as ap-guangzhou")
    .optional(),
  SMS_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>/]+\/?$/, "must be an http:// or https:// base URL (scheme and host only)")
    .optional(),
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
  // Where shipments' tracking comes from: none (the events the system recorded) or Kuaidi100's query API.
  EXPRESS_PROVIDER: z.enum(["none", "kuaidi100"], { error: "must be none or kuaidi100" }).default("none"),
  KUAIDI100_KEY: z.string().optional(),
  KUAIDI100_CUSTOMER: z.string().optional(),
  KUAIDI100_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>/]+\/?$/, "must be an http:// or https:// base URL (scheme and host only)")
    .default("https://poll.kuaidi100.com"),
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
  // Alipay (domains/orders/payment/alipay): the app's id, its private key, Alipay's public key (each PEM text, a path to a PEM
  // file, or the bare base64 Alipay's key tool shows), the gateway and where Alipay posts its notifications.
  ALIPAY_APP_ID: z
    .string()
    .regex(/^[0-9]{8,32}$/, "must be the app's id on Alipay's open platform (digits)")
    .optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>]+$/, "must be an http:// or https:// URL (Alipay's gateway)")
    .default(ALIPAY_GATEWAY),
  ALIPAY_NOTIFY_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>]+$/, "must be an http:// or https:// URL (this server's notify path for Alipay)")
    .optional(),
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
  // The goods import's image URLs on private or loopback addresses: refused unless set (tests serve images locally).
  IMAGE_FETCH_ALLOW_PRIVATE: bool.default(false),
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
  sms: SmsConfig;
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
  /**
   * Alipay's settings: given when PAYMENT_PROVIDERS enables it, or when ALIPAY_APP_ID is set with it off (its refunds
   * only); null otherwise.
   */
  alipay: AlipaySettings | null;
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
  /** Whether the goods import may fetch image URLs on private or loopback addresses (never in production use). */
  imageFetchAllowPrivate: boolean;
  /** PostgreSQL's pool: its size, the statement timeout of its connections (ms, 0: none). */
  databasePool: { max: number; statementTimeoutMs: number };
  /** Queries slower than this (ms) are logged at warn; 0: none. */
  slowQueryMs: number;
  /** The bearer token GET /metrics requires; null: /metrics is not served. */
  metricsToken: string | null;
  /** Kuaidi100's query API (its key, customer id and base URL); null: tracking shows the system's own records. */
  express: { provider: "kuaidi100"; key: string; customer: string; url: string } | null;
  /** The weather service's base URLs (forecast, geocoding); null: weather is not configured. */
  weather: { forecastUrl: string; geocodingUrl: string } | null;
  /** Where uploaded files' bytes live (platform/files/open-file-store.ts). */
  files: { store: "local"; dir: string } | ({ store: "s3" } & S3Settings);
}

/** An S3-compatible bucket (FILE_STORE=s3): its service, name and keys. */
export interface S3Settings {
  /** The service's base URL: `https://s3.oss-cn-hangzhou.aliyuncs.com`, `https://cos.ap-shanghai.myqcloud.com`, MinIO's. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and other self-hosted servers) instead of `bucket.endpoint/key` (OSS, COS, AWS). */
  forcePathStyle: boolean;
  /** Put before every key (`sbo/`: several installations share a bucket); empty or ending in `/`. */
  prefix: string;
}

export interface AlipaySettings {
  appId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  gateway: string;
  /** Empty when Alipay is not enabled for payments (its refunds need none). */
  notifyUrl: string;
}

export class ConfigError extends Error {}

const SECRET = new Set([
  "DATABASE_URL",
  "SIGN_TOKEN",
  "REDIS_URL",
  "UPLOAD_TOKEN_SECRET",
  "PAYMENT_SANDBOX_SECRET",
  "METRICS_TOKEN",
  "SMS_ACCESS_KEY_SECRET",
  "KUAIDI100_KEY",
  "ALIPAY_PRIVATE_KEY",
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

/**
 * `SMS_TEMPLATES=default:SMS_154950909,default.en:SMS_154950910,settlementCard:SMS_154950911`: each purpose's Chinese
 * template (its own, else `default`) and English one (its own `.en`, else `default.en`, else its Chinese one).
 */
function templatesOf(
  value: string | undefined,
  refuse: (key: string, why: string) => never,
): Record<SmsPurpose, { zh: string; en: string }> {
  const names = new Set<string>(["default", ...smsPurposes]);
  const given = new Map<string, string>();
  for (const pair of (value ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name = "", code = ""] = pair.split(":").map((p) => p.trim());
    const purpose = name.replace(/\.en$/, "");
    if (!names.has(purpose))
      refuse("SMS_TEMPLATES", `names an unknown purpose "${name}" (known: default, ${smsPurposes.join(", ")}; .en for English)`);
    if (!/^[A-Za-z0-9_-]+$/.test(code))
      refuse("SMS_TEMPLATES", `must give ${name} a template code (${name}:SMS_123456789 or ${name}:1234567)`);
    given.set(name, code);
  }
  const out = {} as Record<SmsPurpose, { zh: string; en: string }>;
  for (const purpose of smsPurposes) {
    const zh = given.get(purpose) ?? given.get("default");
    if (!zh) return refuse("SMS_TEMPLATES", `must name a template for ${purpose} (or a default one: default:<template code>)`);
    out[purpose] = { zh, en: given.get(`${purpose}.en`) ?? given.get("default.en") ?? zh };
  }
  return out;
}

type Env = z.infer<typeof schema>;

/** The SMS provider's settings; a real provider without its credentials or templates stops the start. */
function smsConfigOf(e: Env, refuse: (key: string, why: string) => never): SmsConfig {
  const provider = e.SMS_PROVIDER;
  if (provider === "log") return { provider, signName: e.SMS_SIGN_NAME ?? "Seller Back Office" };
  const needed = (key: "SMS_ACCESS_KEY_ID" | "SMS_ACCESS_KEY_SECRET" | "SMS_SDK_APP_ID", what: string): string =>
    e[key] ?? refuse(key, `must be set when SMS_PROVIDER=${provider} (${what})`);
  const names = { aliyun: ["the AccessKey ID", "the AccessKey secret"], tencent: ["the SecretId", "the SecretKey"] }[provider];
  return {
    provider,
    signName: e.SMS_SIGN_NAME ?? refuse("SMS_SIGN_NAME", `must be set when SMS_PROVIDER=${provider} (the signature it approved)`),
    templates: templatesOf(e.SMS_TEMPLATES, refuse),
    templateParams: [...new Set(e.SMS_TEMPLATE_PARAMS.split(",") as SmsTemplateParam[])],
    accessKeyId: needed("SMS_ACCESS_KEY_ID", names[0] ?? ""),
    accessKeySecret: needed("SMS_ACCESS_KEY_SECRET", names[1] ?? ""),
    sdkAppId: provider === "tencent" ? needed("SMS_SDK_APP_ID", "the SMS application's SdkAppId") : "",
    region: e.SMS_REGION ?? SMS_REGIONS[provider],
    endpoint: (e.SMS_ENDPOINT ?? SMS_ENDPOINTS[provider]).replace(/\/+$/, ""),
  };
}

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
  const alipayOn = providers.includes("alipay");
  let alipay: AlipaySettings | null = null;
  if (alipayOn || e.ALIPAY_APP_ID !== undefined) {
    const needed = (key: "ALIPAY_APP_ID" | "ALIPAY_PRIVATE_KEY" | "ALIPAY_PUBLIC_KEY"): string =>
      e[key] ?? refuse(key, alipayOn ? "must be set when PAYMENT_PROVIDERS enables alipay" : "must be set with ALIPAY_APP_ID");
    if (production && !e.ALIPAY_GATEWAY.startsWith("https://")) refuse("ALIPAY_GATEWAY", "must be an https:// URL in production");
    const notifyUrl = alipayOn
      ? (e.ALIPAY_NOTIFY_URL ??
        (e.PUBLIC_URL
          ? `${e.PUBLIC_URL.replace(/\/+$/, "")}${ALIPAY_NOTIFY_PATH}`
          : refuse(
              "ALIPAY_NOTIFY_URL",
              `must be set (or PUBLIC_URL, which gives <PUBLIC_URL>${ALIPAY_NOTIFY_PATH}) when PAYMENT_PROVIDERS enables alipay`,
            )))
      : "";
    alipay = {
      appId: needed("ALIPAY_APP_ID"),
      privateKey: rsaKeyOf("ALIPAY_PRIVATE_KEY", needed("ALIPAY_PRIVATE_KEY"), "private", refuse),
      publicKey: rsaKeyOf("ALIPAY_PUBLIC_KEY", needed("ALIPAY_PUBLIC_KEY"), "public", refuse),
      gateway: e.ALIPAY_GATEWAY,
      notifyUrl,
    };
  }
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
    sms: smsConfigOf(e, refuse),
    mapTileUrl: e.MAP_TILE_URL === "none" ? "" : e.MAP_TILE_URL,
    appDownloadUrl: e.APP_DOWNLOAD_URL,
    login: { lockThreshold: e.LOGIN_LOCK_THRESHOLD, lockSeconds: e.LOGIN_LOCK_SECONDS, ratePerMinute: e.RATE_LIMIT_PER_MINUTE },
    trustProxy: e.TRUST_PROXY ?? false,
    redisUrl: e.REDIS_URL,
    searchEngine: e.SEARCH_ENGINE,
    paymentProviders: providers,
    paymentSandboxSecret: providers.includes("sandbox") ? secretOf("PAYMENT_SANDBOX_SECRET", e.PAYMENT_SANDBOX_SECRET) : null,
    alipay,
    uploadTokenSecret: secretOf("UPLOAD_TOKEN_SECRET", e.UPLOAD_TOKEN_SECRET),
    mediaReviewSeconds: e.MEDIA_REVIEW_SECONDS,
    orderJobsSeconds: e.ORDER_JOBS_SECONDS,
    migrateOnStart: e.MIGRATE_ON_START ?? true,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    erpPushAllowPrivate: e.ERP_PUSH_ALLOW_PRIVATE ?? e.NODE_ENV !== "production",
    imageFetchAllowPrivate: e.IMAGE_FETCH_ALLOW_PRIVATE,
    databasePool: { max: e.DATABASE_POOL_MAX, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    slowQueryMs: e.SLOW_QUERY_MS,
    metricsToken: e.METRICS_TOKEN ?? null,
    express:
      e.EXPRESS_PROVIDER === "kuaidi100"
        ? {
            provider: "kuaidi100",
            key: e.KUAIDI100_KEY ?? refuse("KUAIDI100_KEY", "must be set when EXPRESS_PROVIDER=kuaidi100 (the authorization key)"),
            customer: e.KUAIDI100_CUSTOMER ?? refuse("KUAIDI100_CUSTOMER", "must be set when EXPRESS_PROVIDER=kuaidi100 (the customer id)"),
            url: e.KUAIDI100_URL.replace(/\/+$/, ""),
          }
        : null,
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

/**
 * An RSA key given as PEM text, as a path to a PEM file, or as the bare base64 of its DER (what Alipay's key tool and
 * console show: PKCS#8 for the app's private key, SubjectPublicKeyInfo for Alipay's public key; PKCS#1 also taken).
 */
function rsaKeyOf(key: string, given: string, kind: "private" | "public", refuse: (key: string, why: string) => never): KeyObject {
  let value = given.trim();
  if (!value.startsWith("-----BEGIN") && value.length < 4096 && existsSync(value)) value = readFileSync(value, "utf8").trim();
  const der = value.startsWith("-----BEGIN") ? null : Buffer.from(value.replace(/\s+/g, ""), "base64");
  const attempts: (() => KeyObject)[] =
    kind === "private"
      ? der
        ? [
            () => createPrivateKey({ key: der, format: "der", type: "pkcs8" }),
            () => createPrivateKey({ key: der, format: "der", type: "pkcs1" }),
          ]
        : [() => createPrivateKey(value)]
      : der
        ? [
            () => createPublicKey({ key: der, format: "der", type: "spki" }),
            () => createPublicKey({ key: der, format: "der", type: "pkcs1" }),
          ]
        : [() => createPublicKey(value)];
  for (const attempt of attempts) {
    try {
      const k = attempt();
      if (k.asymmetricKeyType === "rsa") return k;
    } catch {
      // the next form
    }
  }
  return refuse(key, `must be an RSA ${kind} key: PEM text, a path to a PEM file, or the key's base64 (as Alipay's key tool shows it)`);
}
