import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, configVariables, fileSecretStore, loadConfig as load, type SecretStore } from "./config";
import { serverRoot } from "./paths";

/** Generated secrets kept in memory: these tests write nothing under DATA_DIR (the file store has its own tests). */
const memory = (): SecretStore => {
  const kept = new Map<string, string>();
  return (dataDir, name) => {
    const key = `${dataDir}|${name}`;
    const value = kept.get(key) ?? `generated-${name}-${kept.size}`;
    kept.set(key, value);
    return value;
  };
};
const loadConfig = (env: Record<string, string | undefined>) => load(env, memory());
const PG = "postgres://u@db:5432/sbo";
const OWN = { UPLOAD_TOKEN_SECRET: "u".repeat(32), PAYMENT_SANDBOX_SECRET: "p".repeat(32) };

describe("loadConfig", () => {
  it("when nothing is set, then the documented defaults apply", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: "development",
      port: 8080,
      host: "127.0.0.1",
      signToken: "seller-web",
      databaseUrl: undefined,
      seedDemo: true,
      logLevel: "info",
      session: { idleSeconds: 7200, absoluteSeconds: 604800 },
      login: { lockThreshold: 5, lockSeconds: 900, ratePerMinute: 30 },
      trustProxy: false,
    });
    expect(c.dataDir).toBe(resolve("./data"));
  });

  it("when DATABASE_URL is set, then demo data is not seeded unless SEED_DEMO asks for it", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@db:5432/sbo" }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgresql://u@db/sbo", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "0" }).seedDemo).toBe(false);
  });

  it("when values are given, then they are used with their types", () => {
    const c = loadConfig({ PORT: "9000", HOST: "0.0.0.0", SIGN_TOKEN: "abc", SESSION_IDLE_SECONDS: "60", RATE_LIMIT_PER_MINUTE: "3" });
    expect(c).toMatchObject({ port: 9000, host: "0.0.0.0", signToken: "abc", session: { idleSeconds: 60 }, login: { ratePerMinute: 3 } });
  });

  it("when APP_DOWNLOAD_URL is not an http(s) URL, then it is refused; unset, releases have no link", () => {
    expect(loadConfig({}).appDownloadUrl).toBeUndefined();
    expect(loadConfig({ APP_DOWNLOAD_URL: "https://dl.example.com/app-{version}.apk" }).appDownloadUrl).toBe(
      "https://dl.example.com/app-{version}.apk",
    );
    expect(() => loadConfig({ APP_DOWNLOAD_URL: "javascript:alert(1)" })).toThrow(/^Invalid configuration: APP_DOWNLOAD_URL=/);
  });

  it("when WEATHER_URL is set, then weather is configured (geocoding on the same base unless WEATHER_GEOCODING_URL); else not", () => {
    expect(loadConfig({}).weather).toBeNull();
    expect(loadConfig({ WEATHER_URL: "https://api.open-meteo.com" }).weather).toEqual({
      forecastUrl: "https://api.open-meteo.com",
      geocodingUrl: "https://api.open-meteo.com",
    });
    expect(
      loadConfig({ WEATHER_URL: "https://api.open-meteo.com", WEATHER_GEOCODING_URL: "https://geocoding-api.open-meteo.com" }).weather,
    ).toEqual({ forecastUrl: "https://api.open-meteo.com", geocodingUrl: "https://geocoding-api.open-meteo.com" });
    expect(() => loadConfig({ WEATHER_URL: "ftp://weather" })).toThrow(/^Invalid configuration: WEATHER_URL=/);
    expect(() => loadConfig({ WEATHER_URL: "https://a", WEATHER_GEOCODING_URL: "nope" })).toThrow(/WEATHER_GEOCODING_URL/);
  });

  it("when TRUST_PROXY is 1, then forwarded headers are believed", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(true);
  });

  it("when a variable is set to the empty string, then it counts as unset", () => {
    expect(loadConfig({ PORT: "", SIGN_TOKEN: "" })).toMatchObject({ port: 8080, signToken: "seller-web" });
  });

  it("when PORT is not a number, then a ConfigError names PORT in one line", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "abc" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const msg = (error as Error).message;
    expect(msg).toMatch(/^Invalid configuration: PORT="abc" must be a whole number$/);
    expect(msg).not.toContain("\n");
  });

  it("when DATABASE_URL is invalid, then the error names it without echoing what may hold a password", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/sbo" })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL$/,
    );
  });

  it.each([
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://db/sbo"],
    ["LOG_LEVEL", "loud"],
    ["SEED_DEMO", "yes"],
    ["SESSION_IDLE_SECONDS", "-1"],
    ["PUBLIC_URL", "not a url"],
  ])("when %s is %s, then the ConfigError names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}[= ]`));
  });

  describe("SMS providers", () => {
    const ALIYUN = {
      SMS_PROVIDER: "aliyun",
      SMS_SIGN_NAME: "青禾鲜生",
      SMS_TEMPLATES: "default:SMS_1001",
      SMS_ACCESS_KEY_ID: "LTAI-id",
      SMS_ACCESS_KEY_SECRET: "aliyun-secret",
    };
    const TENCENT = { ...ALIYUN, SMS_PROVIDER: "tencent", SMS_TEMPLATES: "default:449739", SMS_SDK_APP_ID: "1400006666" };

    it("when SMS_PROVIDER is unset, then codes go to the log provider under the default signature", () => {
      expect(loadConfig({}).sms).toEqual({ provider: "log", signName: "Seller Back Office" });
      expect(() => loadConfig({ SMS_PROVIDER: "twilio" })).toThrow(
        /^Invalid configuration: SMS_PROVIDER="twilio" must be log, aliyun or tencent$/,
      );
    });

    it("when Aliyun is configured, then its public endpoint, region and the templates of every purpose are used", () => {
      const sms = loadConfig(ALIYUN).sms;
      expect(sms).toMatchObject({
        provider: "aliyun",
        signName: "青禾鲜生",
        accessKeyId: "LTAI-id",
        accessKeySecret: "aliyun-secret",
        region: "cn-hangzhou",
        endpoint: "https://dysmsapi.aliyuncs.com",
        templateParams: ["code"],
      });
      expect(sms.provider !== "log" && sms.templates.settlementCard).toEqual({ zh: "SMS_1001", en: "SMS_1001" });
    });

    it("when Tencent is configured, then its endpoint and region apply, and SMS_ENDPOINT and SMS_REGION override them", () => {
      expect(loadConfig(TENCENT).sms).toMatchObject({
        provider: "tencent",
        sdkAppId: "1400006666",
        region: "ap-guangzhou",
        endpoint: "https://sms.tencentcloudapi.com",
      });
      expect(loadConfig({ ...TENCENT, SMS_ENDPOINT: "http://127.0.0.1:9999/", SMS_REGION: "ap-nanjing" }).sms).toMatchObject({
        endpoint: "http://127.0.0.1:9999",
        region: "ap-nanjing",
      });
      expect(() => loadConfig({ ...TENCENT, SMS_ENDPOINT: "sms.tencentcloudapi.com" })).toThrow(/^Invalid configuration: SMS_ENDPOINT=/);
    });

    it("when a purpose or a language has its own template, then it wins over the default; English falls back to Chinese", () => {
      const sms = loadConfig({
        ...ALIYUN,
        SMS_TEMPLATES: "default:SMS_1, default.en:SMS_2, buyerLogin:SMS_3, settlementCard.en:SMS_4",
      }).sms;
      if (sms.provider === "log") throw new Error("expected aliyun");
      expect(sms.templates.login).toEqual({ zh: "SMS_1", en: "SMS_2" });
      expect(sms.templates.buyerLogin).toEqual({ zh: "SMS_3", en: "SMS_2" });
      expect(sms.templates.settlementCard).toEqual({ zh: "SMS_1", en: "SMS_4" });
      const own = loadConfig({
        ...ALIYUN,
        SMS_TEMPLATES: "login:A,resetPassword:B,changePassword:C,confirmPhone:D,buyerLogin:E,settlementCard:F",
        SMS_TEMPLATE_PARAMS: "code,minutes",
      }).sms;
      expect(own.provider !== "log" && [own.templates.confirmPhone, own.templateParams]).toEqual([
        { zh: "D", en: "D" },
        ["code", "minutes"],
      ]);
    });

    it("when templates are missing or wrong, then the start stops with one line naming SMS_TEMPLATES", () => {
      expect(() => loadConfig({ ...ALIYUN, SMS_TEMPLATES: undefined })).toThrow(
        /^Invalid configuration: SMS_TEMPLATES must name a template for login/,
      );
      expect(() => loadConfig({ ...ALIYUN, SMS_TEMPLATES: "login:SMS_1" })).toThrow(/SMS_TEMPLATES must name a template for resetPassword/);
      expect(() => loadConfig({ ...ALIYUN, SMS_TEMPLATES: "default:SMS_1,signup:SMS_2" })).toThrow(
        /SMS_TEMPLATES names an unknown purpose "signup"/,
      );
      expect(() => loadConfig({ ...ALIYUN, SMS_TEMPLATES: "default:" })).toThrow(/SMS_TEMPLATES must give default a template code/);
      expect(() => loadConfig({ ...ALIYUN, SMS_TEMPLATE_PARAMS: "code,name" })).toThrow(
        /^Invalid configuration: SMS_TEMPLATE_PARAMS="code,name"/,
      );
    });

    it("when a real provider lacks a credential or its signature, then the start stops with one line naming the variable", () => {
      expect(() => loadConfig({ ...ALIYUN, SMS_ACCESS_KEY_ID: undefined })).toThrow(
        /^Invalid configuration: SMS_ACCESS_KEY_ID must be set when SMS_PROVIDER=aliyun/,
      );
      expect(() => loadConfig({ ...ALIYUN, SMS_ACCESS_KEY_SECRET: "" })).toThrow(
        /^Invalid configuration: SMS_ACCESS_KEY_SECRET must be set/,
      );
      expect(() => loadConfig({ ...ALIYUN, SMS_SIGN_NAME: undefined })).toThrow(
        /^Invalid configuration: SMS_SIGN_NAME must be set when SMS_PROVIDER=aliyun/,
      );
      expect(() => loadConfig({ ...TENCENT, SMS_SDK_APP_ID: undefined })).toThrow(
        /^Invalid configuration: SMS_SDK_APP_ID must be set when SMS_PROVIDER=tencent/,
      );
      expect(loadConfig({ ...ALIYUN, SMS_SDK_APP_ID: undefined }).sms).toMatchObject({ sdkAppId: "" });
    });
  });

  it("when EXPRESS_PROVIDER is kuaidi100, then its key and customer are required and its public API is the default", () => {
    expect(loadConfig({}).express).toBeNull();
    const K = { EXPRESS_PROVIDER: "kuaidi100", KUAIDI100_KEY: "key", KUAIDI100_CUSTOMER: "CUST" };
    expect(loadConfig(K).express).toEqual({ provider: "kuaidi100", key: "key", customer: "CUST", url: "https://poll.kuaidi100.com" });
    expect(loadConfig({ ...K, KUAIDI100_URL: "http://127.0.0.1:9000/" }).express?.url).toBe("http://127.0.0.1:9000");
    expect(() => loadConfig({ ...K, KUAIDI100_KEY: undefined })).toThrow(
      /^Invalid configuration: KUAIDI100_KEY must be set when EXPRESS_PROVIDER=kuaidi100/,
    );
    expect(() => loadConfig({ ...K, KUAIDI100_CUSTOMER: "" })).toThrow(/^Invalid configuration: KUAIDI100_CUSTOMER must be set/);
    expect(() => loadConfig({ EXPRESS_PROVIDER: "sf" })).toThrow(
      /^Invalid configuration: EXPRESS_PROVIDER="sf" must be none or kuaidi100$/,
    );
  });

  describe("secrets and payment providers (issue 22, finding 3)", () => {
    const published = ["sandbox-payments-secret-change-me", "upload-token-secret-change-me"];

    it("when the secrets are unset, then none is a published default: each is generated (outside production and on the demo database)", () => {
      for (const env of [{}, { NODE_ENV: "production", PAYMENT_PROVIDERS: "sandbox" }, { NODE_ENV: "test", DATABASE_URL: PG }]) {
        const c = loadConfig(env);
        expect(published).not.toContain(c.paymentSandboxSecret);
        expect(published).not.toContain(c.uploadTokenSecret);
        expect(c.uploadTokenSecret).toMatch(/^generated-UPLOAD_TOKEN_SECRET/);
        expect(c.paymentSandboxSecret).toMatch(/^generated-PAYMENT_SANDBOX_SECRET/);
      }
      expect(loadConfig(OWN)).toMatchObject({
        uploadTokenSecret: OWN.UPLOAD_TOKEN_SECRET,
        paymentSandboxSecret: OWN.PAYMENT_SANDBOX_SECRET,
      });
    });

    it("when in production on PostgreSQL a secret is unset, then the server refuses to start with one line naming it", () => {
      const prod = { NODE_ENV: "production", DATABASE_URL: PG };
      expect(() => loadConfig(prod)).toThrow(/^Invalid configuration: UPLOAD_TOKEN_SECRET must be set in production/);
      expect(() => loadConfig({ ...prod, UPLOAD_TOKEN_SECRET: OWN.UPLOAD_TOKEN_SECRET, PAYMENT_PROVIDERS: "sandbox" })).toThrow(
        /^Invalid configuration: PAYMENT_SANDBOX_SECRET must be set in production/,
      );
      // Without the sandbox its secret is not needed.
      expect(loadConfig({ ...prod, UPLOAD_TOKEN_SECRET: OWN.UPLOAD_TOKEN_SECRET }).paymentSandboxSecret).toBeNull();
      // Nor the values that were once the published defaults, given on purpose.
      expect(() => loadConfig({ ...prod, UPLOAD_TOKEN_SECRET: published[1] })).toThrow(
        /^Invalid configuration: UPLOAD_TOKEN_SECRET is a published value: set one of your own$/,
      );
      expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDERS: "sandbox", PAYMENT_SANDBOX_SECRET: published[0] })).toThrow(
        /^Invalid configuration: PAYMENT_SANDBOX_SECRET is a published value/,
      );
      expect(() => loadConfig({ ...prod, UPLOAD_TOKEN_SECRET: "short" })).toThrow(
        /^Invalid configuration: UPLOAD_TOKEN_SECRET must be at least 16 characters$/,
      );
    });

    it("when the server is public in production (PUBLIC_URL), then the default SIGN_TOKEN is refused; else it stays", () => {
      const prod = { NODE_ENV: "production", ...OWN, PUBLIC_URL: "https://shop.example.com" };
      expect(() => loadConfig(prod)).toThrow(/^Invalid configuration: SIGN_TOKEN must be set/);
      expect(() => loadConfig({ ...prod, SIGN_TOKEN: "seller-web" })).toThrow(/^Invalid configuration: SIGN_TOKEN must be set/);
      expect(loadConfig({ ...prod, SIGN_TOKEN: "a-token-of-our-own" }).signToken).toBe("a-token-of-our-own");
      expect(loadConfig({ NODE_ENV: "production", ...OWN }).signToken).toBe("seller-web");
      expect(loadConfig({ PUBLIC_URL: "https://shop.example.com" }).signToken).toBe("seller-web");
    });

    it("when PAYMENT_PROVIDERS is unset, then the sandbox runs outside production only: never in production, npm start's embedded database included", () => {
      expect(loadConfig({}).paymentProviders).toEqual(["sandbox"]);
      expect(loadConfig({ DATABASE_URL: PG }).paymentProviders).toEqual(["sandbox"]);
      // `npm start` (production mode, the embedded demo database): no sandbox unless asked, so no buyer pays with it.
      expect(loadConfig({ NODE_ENV: "production" })).toMatchObject({ paymentProviders: [], paymentSandboxSecret: null });
      expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDERS: "sandbox" }).paymentProviders).toEqual(["sandbox"]);
      expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: PG, ...OWN }).paymentProviders).toEqual([]);
      expect(loadConfig({ NODE_ENV: "production", DATABASE_URL: PG, ...OWN, PAYMENT_PROVIDERS: "sandbox" }).paymentProviders).toEqual([
        "sandbox",
      ]);
      const none = loadConfig({ PAYMENT_PROVIDERS: "none" });
      expect(none).toMatchObject({ paymentProviders: [], paymentSandboxSecret: null });
      expect(() => loadConfig({ PAYMENT_PROVIDERS: "paypal" })).toThrow(
        /^Invalid configuration: PAYMENT_PROVIDERS="paypal" must be none or/,
      );
    });

    describe("Alipay (PAYMENT_PROVIDERS=alipay)", () => {
      const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const privatePem = pair.privateKey.export({ type: "pkcs8", format: "pem" }) as string;
      const publicPem = pair.publicKey.export({ type: "spki", format: "pem" }) as string;
      const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
      const ALIPAY = {
        PAYMENT_PROVIDERS: "alipay",
        ALIPAY_APP_ID: "2021000000000001",
        ALIPAY_PRIVATE_KEY: privatePem,
        ALIPAY_PUBLIC_KEY: publicPem,
      };
      const keyDir = mkdtempSync(join(tmpdir(), "sbo-alipay-"));
      afterAll(() => rmSync(keyDir, { recursive: true, force: true }));

      it("when it is enabled with its variables, then the keys are read (PEM, a file, or bare base64) and the notify URL follows PUBLIC_URL", () => {
        const file = join(keyDir, "app-private.pem");
        writeFileSync(file, privatePem);
        for (const privateKey of [privatePem, file, bare(privatePem)]) {
          const c = loadConfig({
            ...ALIPAY,
            ALIPAY_PRIVATE_KEY: privateKey,
            ALIPAY_PUBLIC_KEY: bare(publicPem),
            PUBLIC_URL: "https://shop.example.com/",
          });
          expect(c.paymentProviders).toEqual(["alipay"]);
          expect(c.alipay).toMatchObject({
            appId: "2021000000000001",
            gateway: "https://openapi.alipay.com/gateway.do",
            notifyUrl: "https://shop.example.com/api/buyer/trading/pay/notify/alipay",
          });
          expect(c.alipay?.privateKey.type).toBe("private");
          expect(c.alipay?.publicKey.type).toBe("public");
        }
        expect(loadConfig({ ...ALIPAY, ALIPAY_NOTIFY_URL: "https://pay.example.com/n" }).alipay?.notifyUrl).toBe(
          "https://pay.example.com/n",
        );
        // Not enabled and not configured: no Alipay at all.
        expect(loadConfig({}).alipay).toBeNull();
      });

      it("when a variable it needs is missing or wrong, then the start stops with one line naming it (never echoing the private key)", () => {
        for (const missing of ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY"] as const) {
          const env: Record<string, string> = { ...ALIPAY, ALIPAY_NOTIFY_URL: "https://pay.example.com/n" };
          delete env[missing];
          expect(() => loadConfig(env)).toThrow(
            new ConfigError(`Invalid configuration: ${missing} must be set when PAYMENT_PROVIDERS enables alipay`),
          );
        }
        expect(() => loadConfig(ALIPAY)).toThrow(/^Invalid configuration: ALIPAY_NOTIFY_URL must be set \(or PUBLIC_URL/);
        const withUrl = { ...ALIPAY, ALIPAY_NOTIFY_URL: "https://pay.example.com/n" };
        expect(() => loadConfig({ ...withUrl, ALIPAY_PRIVATE_KEY: "not-a-key-at-all" })).toThrow(
          new ConfigError(
            "Invalid configuration: ALIPAY_PRIVATE_KEY must be an RSA private key: PEM text, a path to a PEM file, or the key's base64 (as Alipay's key tool shows it)",
          ),
        );
        // Alipay's public key given where the app's private key belongs (a common mix-up), and the other way round.
        expect(() => loadConfig({ ...withUrl, ALIPAY_PRIVATE_KEY: publicPem })).toThrow(
          /^Invalid configuration: ALIPAY_PRIVATE_KEY must be an RSA/,
        );
        expect(() => loadConfig({ ...withUrl, ALIPAY_PUBLIC_KEY: "MIIB" })).toThrow(
          /^Invalid configuration: ALIPAY_PUBLIC_KEY must be an RSA/,
        );
        expect(() => loadConfig({ ...withUrl, ALIPAY_APP_ID: "my app" })).toThrow(
          /^Invalid configuration: ALIPAY_APP_ID="my app" must be the app's id/,
        );
        // An http gateway (a stand-in) is for tests and development only.
        expect(() => loadConfig({ ...withUrl, NODE_ENV: "production", ALIPAY_GATEWAY: "http://127.0.0.1:9/gateway.do" })).toThrow(
          /^Invalid configuration: ALIPAY_GATEWAY must be an https:\/\/ URL in production/,
        );
        try {
          loadConfig({ ...withUrl, ALIPAY_PRIVATE_KEY: `${privatePem}x` });
        } catch (err) {
          expect(String(err)).not.toContain("PRIVATE KEY");
        }
      });

      it("when ALIPAY_APP_ID is set but alipay is not in PAYMENT_PROVIDERS, then its settings load without a notify URL (its refunds only)", () => {
        const c = loadConfig({ ...ALIPAY, PAYMENT_PROVIDERS: "none" });
        expect(c.paymentProviders).toEqual([]);
        expect(c.alipay).toMatchObject({ appId: "2021000000000001", notifyUrl: "" });
        expect(() => loadConfig({ ALIPAY_APP_ID: "2021000000000001" })).toThrow(
          /^Invalid configuration: ALIPAY_PRIVATE_KEY must be set with ALIPAY_APP_ID/,
        );
      });
    });

    describe("the secrets file under DATA_DIR", () => {
      const dataDir = mkdtempSync(join(tmpdir(), "sbo-secrets-"));
      afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

      it("when a secret is generated, then it is stored readable by the server's user only and the same on the next start", () => {
        const first = load({ NODE_ENV: "production", PAYMENT_PROVIDERS: "sandbox", DATA_DIR: dataDir }, fileSecretStore);
        const file = join(dataDir, "secrets.json");
        expect(existsSync(file)).toBe(true);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
          PAYMENT_SANDBOX_SECRET: first.paymentSandboxSecret,
          UPLOAD_TOKEN_SECRET: first.uploadTokenSecret,
        });
        expect(first.uploadTokenSecret?.length).toBeGreaterThanOrEqual(32);
        const again = load({ NODE_ENV: "production", PAYMENT_PROVIDERS: "sandbox", DATA_DIR: dataDir }, fileSecretStore);
        expect(again).toMatchObject({ paymentSandboxSecret: first.paymentSandboxSecret, uploadTokenSecret: first.uploadTokenSecret });
        // Another data folder, other secrets.
        const other = mkdtempSync(join(tmpdir(), "sbo-secrets-"));
        expect(load({ DATA_DIR: other }, fileSecretStore).uploadTokenSecret).not.toBe(first.uploadTokenSecret);
        rmSync(other, { recursive: true, force: true });
      });
    });
  });
});

describe("the file store (FILE_STORE, S3_*)", () => {
  const S3 = {
    FILE_STORE: "s3",
    S3_ENDPOINT: "https://s3.oss-cn-hangzhou.aliyuncs.com",
    S3_BUCKET: "green-valley-files",
    S3_ACCESS_KEY_ID: "LTAI5tExampleKeyId",
    S3_SECRET_ACCESS_KEY: "an-example-secret-key-never-shown",
  };

  it("when FILE_STORE is unset, then files stay on local disk under DATA_DIR/files", () => {
    expect(loadConfig({ DATA_DIR: "/srv/sbo" }).files).toEqual({ store: "local", dir: resolve("/srv/sbo/files") });
  });

  it("when FILE_STORE=s3 names a bucket and keys, then they are used, virtual-hosted and unprefixed unless asked", () => {
    expect(loadConfig(S3).files).toEqual({
      store: "s3",
      endpoint: "https://s3.oss-cn-hangzhou.aliyuncs.com",
      region: "us-east-1",
      bucket: "green-valley-files",
      accessKeyId: "LTAI5tExampleKeyId",
      secretAccessKey: "an-example-secret-key-never-shown",
      forcePathStyle: false,
      prefix: "",
    });
    const minio = loadConfig({
      ...S3,
      S3_ENDPOINT: "http://minio:9000/",
      S3_REGION: "cn-north-1",
      S3_FORCE_PATH_STYLE: "1",
      S3_PREFIX: "sbo",
    });
    expect(minio.files).toMatchObject({ endpoint: "http://minio:9000", region: "cn-north-1", forcePathStyle: true, prefix: "sbo/" });
    expect(loadConfig({ ...S3, S3_PREFIX: "shops/a/" }).files).toMatchObject({ prefix: "shops/a/" });
  });

  it.each(["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])(
    "when FILE_STORE=s3 and %s is missing, then the start stops with one line naming it",
    (name) => {
      expect(() => loadConfig({ ...S3, [name]: undefined })).toThrow(
        new RegExp(`^Invalid configuration: ${name} must be set when FILE_STORE=s3$`),
      );
    },
  );

  it.each([
    ["FILE_STORE", "nfs", /^Invalid configuration: FILE_STORE="nfs" must be local or s3$/],
    ["S3_ENDPOINT", "oss-cn-hangzhou.aliyuncs.com", /^Invalid configuration: S3_ENDPOINT="oss-cn-hangzhou\.aliyuncs\.com" must be an http/],
    ["S3_ENDPOINT", "https://minio:9000/bucket", /^Invalid configuration: S3_ENDPOINT=.* without a path$/],
    ["S3_BUCKET", "My_Bucket", /^Invalid configuration: S3_BUCKET="My_Bucket" must be a bucket name/],
    ["S3_REGION", "Hangzhou 1", /^Invalid configuration: S3_REGION=/],
    ["S3_FORCE_PATH_STYLE", "yes", /^Invalid configuration: S3_FORCE_PATH_STYLE="yes" must be 0, 1, true or false$/],
    ["S3_PREFIX", "/sbo", /^Invalid configuration: S3_PREFIX="\/sbo" must be a key prefix/],
    ["S3_PREFIX", "a//b", /^Invalid configuration: S3_PREFIX=/],
    ["S3_PREFIX", "a/../b", /^Invalid configuration: S3_PREFIX=/],
    ["S3_PREFIX", "files\n", /^Invalid configuration: S3_PREFIX=/],
  ])("when %s is %j, then the start stops with one line naming it", (name, value, message) => {
    expect(() => loadConfig({ ...S3, [name]: value })).toThrow(message);
  });

  it("when a key is refused, then its value is not echoed", () => {
    let msg = "";
    try {
      loadConfig({ S3_SECRET_ACCESS_KEY: "a-secret-set-by-mistake" });
    } catch (err) {
      msg = (err as Error).message;
    }
    expect(msg).toMatch(/^Invalid configuration: S3_SECRET_ACCESS_KEY is set but FILE_STORE is not s3/);
    expect(msg).not.toContain("a-secret-set-by-mistake");
  });

  it("when S3_* is given without FILE_STORE=s3, then the start stops: that process would keep its files apart from the others", () => {
    const { FILE_STORE: _, ...withoutStore } = S3;
    expect(() => loadConfig(withoutStore)).toThrow(
      /^Invalid configuration: S3_ENDPOINT is set but FILE_STORE is not s3 \(set FILE_STORE=s3 to keep files in the bucket, or unset it\)$/,
    );
    expect(() => loadConfig({ FILE_STORE: "local", S3_PREFIX: "sbo/" })).toThrow(/^Invalid configuration: S3_PREFIX is set but/);
  });
});

describe("the documented variables", () => {
  const root = join(serverRoot, "../..");
  /** `.env.example`'s `NAME=value` lines. */
  const example = Object.fromEntries(
    readFileSync(join(root, ".env.example"), "utf8")
      .split("\n")
      .flatMap((line) => {
        const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
        return m ? [[m[1] as string, m[2] as string]] : [];
      }),
  );
  /** The names in the first column of the README's Configuration table (`A` / `B` rows name two). */
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
  const documented = new Set(
    table.split("\n").flatMap((row) => [...(/^\| ([^|]+)\|/.exec(row)?.[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])),
  );

  it("when config.ts reads a variable, then .env.example and the README's Configuration table both list it, and list nothing it does not read", () => {
    expect(configVariables.length).toBeGreaterThan(30);
    expect(configVariables.filter((v) => !(v in example))).toEqual([]);
    expect(configVariables.filter((v) => !documented.has(v))).toEqual([]);
    expect(Object.keys(example).filter((v) => !configVariables.includes(v))).toEqual([]);
    expect([...documented].filter((v) => v !== undefined && !configVariables.includes(v))).toEqual([]);
  });

  it("when .env.example is used as it is, then the server starts with the documented defaults", () => {
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });
});
