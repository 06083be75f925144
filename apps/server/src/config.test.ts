import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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
});
