import * as contract from "@sbo/contract/dashboard";
import type { MemberInfo } from "@sbo/contract/session";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { TodayCard } from "./today-card";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage("en");
});

const figures = (orders: number, sales: number) => ({
  paidOrders: orders,
  salesAmount: sales,
  buyers: orders,
  averageOrderAmount: orders ? Math.round(sales / orders) : 0,
  refundAmount: 0,
  refunds: 0,
});
const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-03-${String(i + 1).padStart(2, "0")}`,
  paidOrders: i,
  salesAmount: i * 1000,
  refundAmount: 0,
}));

describe("the home's figures of today", () => {
  it("when the owner opens the home, then today's sales and orders show beside yesterday's, with the week's sales in words, in both languages", async () => {
    for (const lang of ["en", "zh"] as const) {
      setLanguage(lang);
      const { requests } = stubContractFetch((entry) =>
        entry === contract.dashboard.selCountTradingDataView
          ? {
              at: "2026-03-30T04:00:00.000Z",
              timeZone: "Asia/Shanghai",
              periods: { today: figures(3, 13221), yesterday: figures(5, 20000), last7: figures(20, 90000), last30: figures(60, 300000) },
              trend: days,
              topGoods: [],
            }
          : undefined,
      );
      const { unmount } = renderScreen(<TodayCard />, { member: owner });
      expect(await screen.findByText("¥132.21")).toBeTruthy();
      expect(screen.getByText(lang === "en" ? "Yesterday ¥200.00" : "昨日 ¥200.00")).toBeTruthy();
      expect(screen.getByText(lang === "en" ? "Yesterday 5" : "昨日 5")).toBeTruthy();
      const spark = screen.getByRole("img");
      const week = "03-24 ¥230.00, 03-25 ¥240.00, 03-26 ¥250.00, 03-27 ¥260.00, 03-28 ¥270.00, 03-29 ¥280.00, 03-30 ¥290.00";
      expect(spark.getAttribute("aria-label")).toBe(lang === "en" ? `Sales of the last 7 days: ${week}` : `近 7 天销售额：${week}`);
      expect(spark.querySelector("polyline")?.getAttribute("points")?.split(" ")).toHaveLength(7);
      expect(screen.getByRole("link", { name: lang === "en" ? "Open the data dashboard" : "查看数据看板" }).getAttribute("href")).toBe(
        "/transaction/dmpStatDataView",
      );
      expect(requests.filter((r) => r.entry === contract.dashboard.selCountTradingDataView)).toHaveLength(1);
      unmount();
      vi.unstubAllGlobals();
    }
  }, 60_000);
});
