import "./home.css";
import { basicShop as contract } from "@sbo/contract/basic";
import { codes } from "@sbo/contract/codes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Button, Card, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ApiError, call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";

/** How many days the home page forecasts (today and the two after). */
export const WEATHER_DAYS = 3;

/** The forecast for the shop's city (the home's prefetch starts it too). */
export const weatherQuery = () =>
  queryOptions({
    queryKey: ["home", "weather", WEATHER_DAYS],
    queryFn: ({ signal }) => call(contract.selWeatherList, { days: WEATHER_DAYS }, { notify: false, signal }),
    staleTime: 30 * 60_000,
    retry: false,
  });

/** A forecast date (YYYY-MM-DD) as a short weekday and day in the reader's language. */
function dayLabel(date: string, lang: "en" | "zh") {
  return new Intl.DateTimeFormat(lang === "zh" ? "zh-CN" : "en-GB", {
    weekday: "short",
    month: "numeric",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * The home page's weather card: the forecast for the shop's city for the coming days. Without a weather service
 * (000503) there is no card at all: that is the operator's business, not the seller's. When the shop has no area or
 * the service fails, it says so in plain words, not as an error.
 */
export function WeatherCard() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const forecast = useQuery(weatherQuery());
  const error = forecast.error instanceof ApiError ? forecast.error : null;
  const heading = forecast.data
    ? t("home.weather.titleAt", { place: lang === "zh" ? forecast.data.place.name : forecast.data.place.nameEn })
    : t("home.weather.title");

  let body: React.ReactNode;
  if (forecast.isPending) body = <Typography.Text type="secondary">{t("home.weather.loading")}</Typography.Text>;
  else if (forecast.data)
    body = (
      <ul className="weather-days" aria-label={heading}>
        {forecast.data.days.map((d) => (
          <li key={d.date}>
            <Typography.Text strong>{dayLabel(d.date, lang)}</Typography.Text>
            <span>{t(`home.weather.condition.${d.condition}`)}</span>
            <span>
              {d.tempMin !== null && d.tempMax !== null ? t("home.weather.temperature", { min: d.tempMin, max: d.tempMax }) : "—"}
            </span>
            {d.precipitationChance !== null ? (
              <Typography.Text type="secondary">{t("home.weather.precipitation", { chance: d.precipitationChance })}</Typography.Text>
            ) : null}
          </li>
        ))}
      </ul>
    );
  else if (error?.code === codes.NOT_CONFIGURED) return null;
  else
    body = (
      <Typography.Text type="secondary">
        {error?.msg ?? t("home.weather.failed")}{" "}
        {error?.code === codes.PROVIDER_FAILED || !error ? (
          <Button type="link" size="small" onClick={() => void forecast.refetch()}>
            {t("home.weather.retry")}
          </Button>
        ) : null}
      </Typography.Text>
    );

  return (
    <Card title={<h2 className="card-heading">{heading}</h2>} size="small" className="weather-card" aria-busy={forecast.isPending}>
      {body}
    </Card>
  );
}
