import type { WeatherCondition } from "@sbo/contract";

/** A place to forecast for: the national area's names (Chinese), from the province down to the city. */
export interface WeatherPlace {
  /** The city's area code (a municipality's: the municipality's city level). */
  code: string;
  /** The city's name as the national data gives it (杭州市). */
  city: string;
  /** The province's name (浙江省); the same as the city's for a municipality. */
  province: string;
}

export interface WeatherDay {
  /** YYYY-MM-DD in the asked time zone. */
  date: string;
  condition: WeatherCondition;
  tempMax: number | null;
  tempMin: number | null;
  precipitationChance: number | null;
}

/** Why a forecast could not be had: the service failed (or timed out), or it does not know the place. */
export class WeatherError extends Error {
  constructor(
    readonly kind: "unavailable" | "unknownPlace",
    message: string,
  ) {
    super(message);
  }
}

/** Where forecasts come from. Without configuration there is none, and the weather call says so. */
export interface WeatherProvider {
  readonly name: string;
  /** The daily forecast from today (in `timeZone`) for `days` days. Throws WeatherError. */
  forecast(place: WeatherPlace, days: number, timeZone: string): Promise<WeatherDay[]>;
}

/** WMO weather interpretation codes (what Open-Meteo answers) grouped into the conditions a seller reads. */
export function conditionOf(code: number | null | undefined): WeatherCondition {
  if (code === null || code === undefined || !Number.isFinite(code)) return "unknown";
  if (code === 0) return "clear";
  if (code === 1 || code === 2) return "partlyCloudy";
  if (code === 3) return "cloudy";
  if (code === 45 || code === 48) return "fog";
  if (code >= 51 && code <= 57) return "drizzle";
  if (code >= 61 && code <= 67) return "rain";
  if (code >= 71 && code <= 77) return "snow";
  if ((code >= 80 && code <= 82) || code === 85 || code === 86) return "showers";
  if (code >= 95 && code <= 99) return "thunderstorm";
  return "unknown";
}

/** The national data's suffixes a geocoder does not use (杭州市 → 杭州, 大兴安岭地区 → 大兴安岭, 锡林郭勒盟 → 锡林郭勒). */
const plainName = (name: string) => name.replace(/(市|地区|盟)$/, "");
/** A province's name without its kind (浙江省 → 浙江, 广西壮族自治区 → 广西), to match a geocoder's region name. */
const provinceStem = (name: string) => name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, "");
const sameProvince = (a: string, b: string) => provinceStem(a) === provinceStem(b);

export interface OpenMeteoOptions {
  /** The forecast service's base URL (`https://api.open-meteo.com`): `/v1/forecast` is asked under it. */
  forecastUrl: string;
  /** The geocoding service's base URL (`https://geocoding-api.open-meteo.com`): `/v1/search` is asked under it. */
  geocodingUrl: string;
  /** How long one request may take. */
  timeoutMs?: number;
  /** How long a forecast is reused for the same city and days. */
  cacheSeconds?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

type Geo = { latitude: number; longitude: number };
type GeoResults = { results?: Array<{ latitude?: number; longitude?: number; admin1?: string; country_code?: string }> };
type Forecast = {
  daily?: {
    time?: string[];
    weather_code?: Array<number | null>;
    temperature_2m_max?: Array<number | null>;
    temperature_2m_min?: Array<number | null>;
    precipitation_probability_max?: Array<number | null>;
  };
};

const round = (v: number | null | undefined) => (typeof v === "number" && Number.isFinite(v) ? Math.round(v) : null);
const MAX_CACHED = 2000;

/**
 * Open-Meteo's API (or any service answering the same shape): the city's coordinates from its geocoding search (by
 * the city's Chinese name, the result in the same province preferred; kept for the process's life), then the daily
 * forecast (weather code, highest and lowest temperature, highest precipitation chance), kept `cacheSeconds`.
 */
export function openMeteoProvider(o: OpenMeteoOptions): WeatherProvider {
  const get = o.fetch ?? fetch;
  const now = o.now ?? Date.now;
  const timeoutMs = o.timeoutMs ?? 5000;
  const cacheMs = (o.cacheSeconds ?? 1800) * 1000;
  const places = new Map<string, Geo>();
  const forecasts = new Map<string, { at: number; days: WeatherDay[] }>();
  const base = (url: string) => url.replace(/\/+$/, "");

  async function json<T>(url: string): Promise<T> {
    let res: Response;
    try {
      res = await get(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
    } catch (err) {
      throw new WeatherError("unavailable", `weather request failed: ${(err as Error).message}`);
    }
    if (!res.ok) throw new WeatherError("unavailable", `weather service answered HTTP ${res.status}`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new WeatherError("unavailable", "weather service answered no JSON");
    }
  }

  async function search(name: string): Promise<GeoResults> {
    const q = new URLSearchParams({ name, count: "10", language: "zh", format: "json", countryCode: "CN" });
    return json<GeoResults>(`${base(o.geocodingUrl)}/v1/search?${q}`);
  }

  async function locate(place: WeatherPlace): Promise<Geo> {
    const known = places.get(place.code);
    if (known) return known;
    const names = [...new Set([plainName(place.city), place.city])];
    for (const name of names) {
      const found = ((await search(name)).results ?? []).filter(
        (r): r is Geo & { admin1?: string } => typeof r.latitude === "number" && typeof r.longitude === "number",
      );
      const best = found.find((r) => r.admin1 && sameProvince(place.province, r.admin1)) ?? found[0];
      if (best) {
        const geo = { latitude: best.latitude, longitude: best.longitude };
        if (places.size >= MAX_CACHED) places.clear();
        places.set(place.code, geo);
        return geo;
      }
    }
    throw new WeatherError("unknownPlace", `no coordinates for ${place.city}`);
  }

  return {
    name: "open-meteo",
    async forecast(place, days, timeZone) {
      const cacheKey = `${place.code}|${days}|${timeZone}`;
      const cached = forecasts.get(cacheKey);
      if (cached && now() - cached.at < cacheMs) return cached.days;
      const geo = await locate(place);
      const q = new URLSearchParams({
        latitude: String(geo.latitude),
        longitude: String(geo.longitude),
        daily: "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max",
        timezone: timeZone,
        forecast_days: String(days),
      });
      const daily = (await json<Forecast>(`${base(o.forecastUrl)}/v1/forecast?${q}`)).daily;
      if (!daily?.time || !Array.isArray(daily.time)) throw new WeatherError("unavailable", "weather service answered no daily forecast");
      const out = daily.time.slice(0, days).map((date, i) => ({
        date: String(date).slice(0, 10),
        condition: conditionOf(daily.weather_code?.[i]),
        tempMax: round(daily.temperature_2m_max?.[i]),
        tempMin: round(daily.temperature_2m_min?.[i]),
        precipitationChance: round(daily.precipitation_probability_max?.[i]),
      }));
      if (forecasts.size >= MAX_CACHED) forecasts.clear();
      forecasts.set(cacheKey, { at: now(), days: out });
      return out;
    },
  };
}
