import { z } from "zod";
import { areaCode, areaRef } from "./areas";
import { id, MAX_PAGE_SIZE } from "./common";
import { read, seller } from "./define";
import { refusals } from "./refusals";

/*
 * The shop's part of the spec's "basic data" (docs/domains/reference.md): whether a category is in the organisation's
 * business scope, the shop directory for pickers, and the weather where the shop is. Served by the shop domain; kept
 * out of shop.ts, which every screen loads with the session.
 */

export const basicRefusals = refusals("basic", {
  weatherNotConfigured: {
    en: "Weather forecasts are not configured on this server",
    zh: "本系统尚未配置天气预报服务",
  },
  weatherUnavailable: {
    en: "The weather service did not answer; try again later",
    zh: "天气服务暂时没有响应，请稍后再试",
  },
  weatherNoArea: {
    en: "Set your shop's area to see its weather",
    zh: "请先设置店铺所在地区，再查看当地天气",
  },
  weatherPlaceUnknown: {
    en: "The weather service does not know {place}",
    zh: "天气服务找不到 {place}",
  },
});

const categoryRefOut = z.object({ id, name: z.string(), nameEn: z.string() });

/** The most shops one directory page answers. */
export const MAX_DIRECTORY_PAGE = MAX_PAGE_SIZE;

/**
 * A shop as the shop directory shows it to any seller: no contacts, no street address, no organisation papers, and
 * no logo (files are served to their own organisation only).
 */
const directoryShop = z.object({
  shopId: id,
  boId: id,
  name: z.string(),
  brand: z.string(),
  area: areaRef.nullable(),
  mainCategory: categoryRefOut.nullable(),
  intro: z.string(),
});

export const MAX_WEATHER_DAYS = 7;
/** The weather of a day in words a seller reads (the provider's WMO weather codes grouped). */
export const weatherConditions = [
  "clear",
  "partlyCloudy",
  "cloudy",
  "fog",
  "drizzle",
  "rain",
  "snow",
  "showers",
  "thunderstorm",
  "unknown",
] as const;
export type WeatherCondition = (typeof weatherConditions)[number];
const weatherDay = z.object({
  /** The calendar day in the shop's time zone, YYYY-MM-DD. */
  date: z.string(),
  condition: z.enum(weatherConditions),
  /** Degrees Celsius, rounded; null when the provider gave none. */
  tempMax: z.number().nullable(),
  tempMin: z.number().nullable(),
  /** The highest chance of rain or snow in the day, in per cent. */
  precipitationChance: z.number().nullable(),
});

export const basicShop = {
  isInBusiScopeCode: read({
    path: seller("/basic/shop/isInBusiScopeCode"),
    summary:
      "Whether a goods category lies in the organisation's business scope: its shop's main category and every category under it, and the categories the platform relates to the main category (and those under them)",
    access: "member",
    input: z.strictObject({ categoryId: id }),
    output: z.object({
      categoryId: id,
      inScope: z.boolean(),
      /** Why it is in scope: under the main category, or under a category related to it; null when it is not. */
      via: z.enum(["mainCategory", "related"]).nullable(),
      /** The scope's root: the shop's main category (null without a shop or a main category). */
      mainCategory: categoryRefOut.nullable(),
      /** The categories related to the main category, which the scope takes in too. */
      related: z.array(categoryRefOut),
    }),
  }),
  selShopByParam: read({
    path: seller("/basic/shop/selShopByParam"),
    summary:
      "Open shops by name, area (the area or any under it) and main category, by name; keyset pages (pass nextCursor), for pickers. Only what a directory may show",
    access: "member",
    input: z.strictObject({
      name: z.string().trim().max(60).optional(),
      areaCode: areaCode.optional(),
      mainCategoryId: id.optional(),
      pageSize: z.int().min(1).max(MAX_DIRECTORY_PAGE).default(20),
      /** The previous page's nextCursor. */
      cursor: z.string().max(200).optional(),
    }),
    output: z.object({ list: z.array(directoryShop), nextCursor: z.string().nullable() }),
  }),
  selWeatherList: read({
    path: seller("/basic/weather/selWeatherList"),
    summary:
      "The forecast for the shop's city for the coming days (from the shop's area); refused with 000503 when no weather provider is configured",
    access: "member",
    input: z.strictObject({ days: z.int().min(1).max(MAX_WEATHER_DAYS).default(3) }),
    output: z.object({
      /** The city the forecast is for (a municipality: the municipality). */
      place: areaRef,
      days: z.array(weatherDay),
    }),
  }),
};
