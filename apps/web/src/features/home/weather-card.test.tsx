import { basicShop } from "@sbo/contract/basic";
import { codes } from "@sbo/contract/codes";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { refusalOf, stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { WEATHER_DAYS, WeatherCard } from "./weather-card";

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage("en");
});

const forecast = {
  place: { code: "330100", codes: ["330000", "330100"], name: "浙江省 杭州市", nameEn: "浙江省 杭州市" },
  days: [
    { date: "2026-11-20", condition: "clear" as const, tempMax: 18, tempMin: 10, precipitationChance: 0 },
    { date: "2026-11-21", condition: "rain" as const, tempMax: 12, tempMin: 8, precipitationChance: 85 },
    { date: "2026-11-22", condition: "unknown" as const, tempMax: null, tempMin: null, precipitationChance: null },
  ],
};

describe("the home page's weather card", () => {
  it("when the forecast comes, then it names the shop's city and each day's weather", async () => {
    const { requests } = stubContractFetch((entry) => (entry === basicShop.selWeatherList ? forecast : undefined));
    renderScreen(<WeatherCard />);
    expect(await screen.findByRole("heading", { name: "Weather in 浙江省 杭州市" })).toBeTruthy();
    const days = screen.getByRole("list", { name: "Weather in 浙江省 杭州市" });
    expect(days.querySelectorAll("li")).toHaveLength(3);
    expect(days.textContent).toContain("Clear");
    expect(days.textContent).toContain("10–18 °C");
    expect(days.textContent).toContain("Rain or snow 85%");
    expect(days.textContent).toContain("No forecast");
    expect(requests.map((r) => r.body)).toEqual([{ days: WEATHER_DAYS }]);
  });

  it("when weather is not configured on the server, then the card is not shown at all (an operator's matter)", async () => {
    setLanguage("zh");
    const { requests } = stubContractFetch(() => refusalOf(codes.NOT_CONFIGURED, "Weather forecasts are not configured on this server"));
    const { container } = renderScreen(<WeatherCard />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(container.querySelector(".weather-card")).toBeNull());
    expect(container.textContent).not.toContain("天气");
    expect(container.textContent).not.toContain("not configured");
  });

  it("when the weather service fails, then it says so and offers to try again", async () => {
    let calls = 0;
    stubContractFetch(() => {
      calls += 1;
      return calls === 1 ? refusalOf(codes.PROVIDER_FAILED, "The weather service did not answer; try again later") : forecast;
    });
    renderScreen(<WeatherCard />);
    (await screen.findByRole("button", { name: "Try again" })).click();
    await waitFor(() => expect(screen.getByRole("heading", { name: "Weather in 浙江省 杭州市" })).toBeTruthy());
  });
});
