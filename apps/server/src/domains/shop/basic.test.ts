import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { codes, contract, refusalOf } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openMeteoProvider, WeatherError } from "../../platform/weather/weather";
import { createSeller, createStaff, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { shop } from "./shop.tables";

const S = contract.basicShop;

/** A stand-in for Open-Meteo's geocoding and forecast API on this machine, recording what it was asked. */
function weatherServer() {
  const asked: URL[] = [];
  const state = { status: 200, hang: false, places: true };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    asked.push(url);
    if (state.hang) return; // never answers
    res.setHeader("content-type", "application/json");
    if (state.status !== 200) {
      res.statusCode = state.status;
      return res.end(JSON.stringify({ error: true, reason: "down" }));
    }
    if (url.pathname === "/v1/search") {
      const name = url.searchParams.get("name");
      const results = !state.places
        ? []
        : name === "杭州"
          ? [
              { name: "杭州", latitude: 1.5, longitude: 2.5, admin1: "河北省", country_code: "CN" },
              { name: "杭州", latitude: 30.29, longitude: 120.16, admin1: "浙江省", country_code: "CN" },
            ]
          : name === "厦门"
            ? [{ name: "厦门", latitude: 24.48, longitude: 118.09, admin1: "福建省", country_code: "CN" }]
            : [];
      return res.end(JSON.stringify(results.length ? { results } : {}));
    }
    if (url.pathname === "/v1/forecast") {
      const days = Number(url.searchParams.get("forecast_days"));
      const time = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"].slice(0, days);
      return res.end(
        JSON.stringify({
          latitude: Number(url.searchParams.get("latitude")),
          daily: {
            time,
            weather_code: [0, 3, 61, 95, 71, 45, null].slice(0, days),
            temperature_2m_max: [18.4, 16.6, 12.1, 15, 2, 9, null].slice(0, days),
            temperature_2m_min: [9.6, 10.2, 8, 9, -3.4, 4, null].slice(0, days),
            precipitation_probability_max: [0, 10, 85, 70, 60, 5, null].slice(0, days),
          },
        }),
      );
    }
    res.statusCode = 404;
    res.end("{}");
  });
  return {
    asked,
    state,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let green: string;
let harbor: string;
let weatherUrl: string;
const weather = weatherServer();

beforeAll(async () => {
  weatherUrl = await weather.start();
  t = await createTestApp({ env: { WEATHER_URL: weatherUrl } });
  green = await t.login("demo");
  harbor = await t.login("demo2");
});
afterAll(async () => {
  await t.close();
  await weather.close();
});

describe("isInBusiScopeCode: the organisation's business scope", () => {
  it("when a category lies under the shop's main category, then it is in scope by the main category", async () => {
    const res = await t.call(S.isInBusiScopeCode, { categoryId: "C0203" }, { ticket: green });
    expect(res.data).toEqual({
      categoryId: "C0203",
      inScope: true,
      via: "mainCategory",
      mainCategory: { id: "C02", name: "蔬菜", nameEn: "Vegetables" },
      related: [],
    });
    expect((await t.call(S.isInBusiScopeCode, { categoryId: "C02" }, { ticket: green })).data.inScope).toBe(true);
  });

  it("when a category is related to the main category (or lies under one that is), then it is in scope by the relation", async () => {
    const res = await t.call(S.isInBusiScopeCode, { categoryId: "C0702" }, { ticket: harbor });
    expect(res.data).toMatchObject({ inScope: true, via: "related", mainCategory: { id: "C04" } });
    expect(res.data.related).toEqual([{ id: "C0702", name: "海鲜礼盒", nameEn: "Seafood gift boxes" }]);
    // The same category is outside the vegetable shop's scope, and fruit is outside the seafood shop's.
    expect((await t.call(S.isInBusiScopeCode, { categoryId: "C0702" }, { ticket: green })).data).toMatchObject({
      inScope: false,
      via: null,
    });
    expect((await t.call(S.isInBusiScopeCode, { categoryId: "C0101" }, { ticket: harbor })).data.inScope).toBe(false);
  });

  it("when the organisation has no shop or its shop names no main category, then nothing is in scope", async () => {
    const noShop = await createSeller(t, { shop: false });
    const ticket = await t.login(noShop.loginName, noShop.password);
    expect((await t.call(S.isInBusiScopeCode, { categoryId: "C01" }, { ticket })).data).toEqual({
      categoryId: "C01",
      inScope: false,
      via: null,
      mainCategory: null,
      related: [],
    });
  });

  it("refuses an unknown or missing category with 400 on the field, and callers without a ticket", async () => {
    const unknown = await t.call(S.isInBusiScopeCode, { categoryId: "NOPE" }, { ticket: green });
    expect([unknown.status, unknown.msg]).toEqual([400, expect.stringContaining("categoryId")]);
    expect((await t.post(S.isInBusiScopeCode.path, {}, { ticket: green })).status).toBe(400);
    expect((await t.post(S.isInBusiScopeCode.path, { categoryId: "C01", boId: "x" }, { ticket: green })).status).toBe(400);
    expect((await t.call(S.isInBusiScopeCode, { categoryId: "C01" })).code).toBe(codes.NOT_LOGGED_IN);
  });
});

describe("selShopByParam: the shop directory", () => {
  const paged = ["Paged Alpha", "Paged Bravo", "Paged Charlie", "Paged Delta", "Paged Echo"];
  beforeAll(async () => {
    for (const name of paged) {
      const s = await createSeller(t);
      await t.db.update(shop).set({ name, areaCode: "330106", mainCategoryId: "C01" }).where(eq(shop.boId, s.boId));
    }
    const closed = await createSeller(t);
    await t.db.update(shop).set({ name: "Paged Closed", status: "closed" }).where(eq(shop.boId, closed.boId));
  });

  it("when shops are looked up by name, then open shops come with what a directory shows and nothing more", async () => {
    const res = await t.call(S.selShopByParam, { name: "harbor" }, { ticket: green });
    expect(res.code).toBe(codes.OK);
    expect(res.data.nextCursor).toBeNull();
    expect(res.data.list).toHaveLength(1);
    const [harborShop] = res.data.list;
    expect(harborShop).toMatchObject({
      name: "Harbor Seafood",
      brand: "Harbor Seafood",
      area: { code: "350203", name: "福建省 厦门市 思明区" },
      mainCategory: { id: "C04", nameEn: "Seafood" },
    });
    expect(Object.keys(harborShop ?? {}).sort()).toEqual(["area", "boId", "brand", "intro", "mainCategory", "name", "shopId"]);
  });

  it("when filtered by area or main category, then the shops in that area (at any depth) or of that category come", async () => {
    const fujian = await t.call(S.selShopByParam, { areaCode: "350000" }, { ticket: green });
    expect(fujian.data.list.map((s) => s.name)).toEqual(["Harbor Seafood"]);
    const hangzhou = await t.call(S.selShopByParam, { areaCode: "330100" }, { ticket: green });
    expect(hangzhou.data.list.map((s) => s.name)).toEqual(["Green Valley Fresh", ...paged]);
    const fruit = await t.call(S.selShopByParam, { mainCategoryId: "C01", name: "paged" }, { ticket: green });
    expect(fruit.data.list.map((s) => s.name)).toEqual(paged);
    expect((await t.call(S.selShopByParam, { mainCategoryId: "C04", areaCode: "330000" }, { ticket: green })).data.list).toEqual([]);
  });

  it("when paged by cursor, then every open shop comes once in name order and a closed one never", async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const res = await t.call(S.selShopByParam, { name: "Paged", pageSize: 2, ...(cursor ? { cursor } : {}) }, { ticket: harbor });
      expect(res.data.list.length).toBeLessThanOrEqual(2);
      names.push(...res.data.list.map((s) => s.name));
      if (!res.data.nextCursor) break;
      cursor = res.data.nextCursor;
    }
    expect(names).toEqual(paged);
  });

  it("refuses a bad cursor, page size or area with 400 naming the field, and callers without a ticket", async () => {
    for (const [field, input] of [
      ["cursor", { cursor: "not-a-cursor" }],
      ["pageSize", { pageSize: 101 }],
      ["areaCode", { areaCode: "33" }],
      ["shopId", { shopId: "x" }],
    ] as const) {
      const res = await t.post(S.selShopByParam.path, input, { ticket: green });
      expect(res.status, field).toBe(400);
      expect(res.msg).toContain(field);
    }
    expect((await t.call(S.selShopByParam, {})).code).toBe(codes.NOT_LOGGED_IN);
  });
});

describe("selWeatherList: the forecast where the shop is", () => {
  beforeEach(() => {
    weather.asked.length = 0;
    Object.assign(weather.state, { status: 200, hang: false, places: true });
  });

  it("when the shop is in a district of Hangzhou, then the forecast for Hangzhou comes for the days asked", async () => {
    const res = await t.call(S.selWeatherList, { days: 3 }, { ticket: green });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.place).toMatchObject({ code: "330100", name: "浙江省 杭州市" });
    expect(res.data.days).toEqual([
      { date: "2026-11-20", condition: "clear", tempMax: 18, tempMin: 10, precipitationChance: 0 },
      { date: "2026-11-21", condition: "cloudy", tempMax: 17, tempMin: 10, precipitationChance: 10 },
      { date: "2026-11-22", condition: "rain", tempMax: 12, tempMin: 8, precipitationChance: 85 },
    ]);
    // The city by its plain name, the result in the shop's province, and the forecast in the shop's time zone.
    const search = weather.asked.find((u) => u.pathname === "/v1/search");
    expect(search?.searchParams.get("name")).toBe("杭州");
    const forecast = weather.asked.find((u) => u.pathname === "/v1/forecast");
    expect(Object.fromEntries(forecast?.searchParams ?? [])).toMatchObject({
      latitude: "30.29",
      longitude: "120.16",
      timezone: "Asia/Shanghai",
      forecast_days: "3",
    });
    // Asked again: the forecast is reused, the service is not asked.
    weather.asked.length = 0;
    expect((await t.call(S.selWeatherList, { days: 3 }, { ticket: green })).data).toEqual(res.data);
    expect(weather.asked).toEqual([]);
  });

  it("when another seller asks, then the forecast is for its own shop's city", async () => {
    const res = await t.call(S.selWeatherList, { days: 7 }, { ticket: harbor });
    expect(res.data.place.code).toBe("350200");
    expect(res.data.days.map((d) => d.condition)).toEqual(["clear", "cloudy", "rain", "thunderstorm", "snow", "fog", "unknown"]);
    expect(res.data.days[6]).toMatchObject({ tempMax: null, tempMin: null, precipitationChance: null });
  });

  it("when the weather service fails or does not know the city, then a refusal in both languages says so", async () => {
    const seller = await createSeller(t);
    await t.db.update(shop).set({ areaCode: "330206" }).where(eq(shop.boId, seller.boId)); // 宁波 北仑区
    const ticket = await t.login(seller.loginName, seller.password);
    weather.state.status = 503;
    const down = await t.call(S.selWeatherList, {}, { ticket });
    expect([down.status, down.code, down.reason]).toEqual([200, codes.PROVIDER_FAILED, "basic.weatherUnavailable"]);
    weather.state.status = 200;
    weather.state.places = false;
    weather.asked.length = 0;
    const unknown = await t.call(S.selWeatherList, {}, { ticket });
    expect([unknown.code, unknown.reason, unknown.params]).toEqual([codes.NOT_FOUND, "basic.weatherPlaceUnknown", { place: "宁波市" }]);
    // It asked by the plain name first, then by the full one.
    expect(weather.asked.filter((u) => u.pathname === "/v1/search").map((u) => u.searchParams.get("name"))).toEqual(["宁波", "宁波市"]);
  });

  it("when the shop has no area, then the refusal asks for one; bad input is 400; no ticket is refused", async () => {
    const seller = await createSeller(t);
    const ticket = await t.login(seller.loginName, seller.password);
    const res = await t.call(S.selWeatherList, {}, { ticket });
    expect([res.code, res.reason]).toEqual([codes.NOT_FOUND, "basic.weatherNoArea"]);
    expect(weather.asked).toEqual([]);
    for (const input of [{ days: 0 }, { days: 8 }, { days: 1.5 }, { city: "x" }]) {
      const bad = await t.post(S.selWeatherList.path, input, { ticket: green });
      expect(bad.status, JSON.stringify(input)).toBe(400);
    }
    expect((await t.call(S.selWeatherList, {})).code).toBe(codes.NOT_LOGGED_IN);
  });

  it("when a staff member without any function asks, then the weather still comes (the home page shows it to everyone)", async () => {
    const nobody = await createStaff(t, (await meOf(t, green)).boId, []);
    expect((await t.call(S.selWeatherList, { days: 1 }, { ticket: nobody })).data.days).toHaveLength(1);
  });
});

describe("weather without configuration", () => {
  it("when WEATHER_URL is not set, then the call answers 'not configured', worded in both languages", async () => {
    const bare = await createTestApp({ demo: false });
    try {
      const seller = await createSeller(bare);
      await bare.db.update(shop).set({ areaCode: "330106" }).where(eq(shop.boId, seller.boId));
      const ticket = await bare.login(seller.loginName, seller.password);
      const res = await bare.call(S.selWeatherList, {}, { ticket });
      expect([res.status, res.code, res.reason]).toEqual([200, codes.NOT_CONFIGURED, "basic.weatherNotConfigured"]);
      const words = refusalOf("basic.weatherNotConfigured");
      expect(words?.en).toMatch(/not configured/);
      expect(words?.zh).toMatch(/尚未配置/);
      expect(res.msg).toBe(words?.en);
    } finally {
      await bare.close();
    }
  });
});

describe("the Open-Meteo provider", () => {
  it("when the service does not answer in time, then it fails as unavailable", async () => {
    weather.state.hang = true;
    const provider = openMeteoProvider({ forecastUrl: weatherUrl, geocodingUrl: weatherUrl, timeoutMs: 200 });
    const failed = await provider
      .forecast({ code: "330100", city: "杭州市", province: "浙江省" }, 3, "Asia/Shanghai")
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(WeatherError);
    expect(failed).toMatchObject({ kind: "unavailable" });
    weather.state.hang = false;
  });

  it("when a service answers without a daily forecast or with something that is not JSON, then it fails as unavailable", async () => {
    const provider = (fetchImpl: typeof fetch) =>
      openMeteoProvider({ forecastUrl: "http://127.0.0.1:1", geocodingUrl: "http://127.0.0.1:1", fetch: fetchImpl });
    const place = { code: "330100", city: "杭州市", province: "浙江省" };
    const geocoded = (body: string) => async (url: string | URL | Request) =>
      new Response(String(url).includes("/v1/search") ? JSON.stringify({ results: [{ latitude: 1, longitude: 2 }] }) : body);
    await expect(provider(geocoded("{}") as typeof fetch).forecast(place, 3, "UTC")).rejects.toMatchObject({ kind: "unavailable" });
    await expect(provider(geocoded("<html>") as typeof fetch).forecast(place, 3, "UTC")).rejects.toMatchObject({ kind: "unavailable" });
  });
});
