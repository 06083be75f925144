import * as contract from "@sbo/contract/dashboard";
import { orderDesk } from "@sbo/contract/orders-desk";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as DashboardPage } from "./dashboard-page";
import { trendOption, trendSummary } from "./trend-option";

// jsdom has no canvas: the chart shows what it was given instead.
vi.mock("./trend-chart", () => ({
  default: ({ points, description }: { points: { day: string; paidOrders: number }[]; description: string }) => (
    <output aria-label="trend" title={description}>
      {points.map((p) => `${p.day}:${p.paidOrders}`).join(",")}
    </output>
  ),
}));

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage("en");
});

const figures = (n: number) => ({
  paidOrders: n,
  salesAmount: n * 1000,
  buyers: Math.max(1, n - 1),
  averageOrderAmount: 1000,
  refundAmount: n * 10,
  refunds: 1,
});

function stub() {
  return stubContractFetch((entry) => {
    if (entry === orderDesk.selCountBuyerBoIdByOrder) return { buyers: 40, repeatBuyers: 9, orders: 57 };
    if (entry === orderDesk.statisticalOrder)
      return {
        timeZone: "Asia/Shanghai",
        today: { orders: 57, paidOrders: 51, paidAmount: 123450, cancelled: 3 },
        yesterday: { orders: 44, paidOrders: 40, paidAmount: 88800, cancelled: 2 },
        last7Days: { orders: 301, paidOrders: 280, paidAmount: 777700, cancelled: 11 },
      };
    if (entry === orderDesk.statisticalDuringOrder)
      return {
        timeZone: "Asia/Shanghai",
        days: [
          { day: "2026-03-30", orders: 500, paidOrders: 450, paidAmount: 1_000_000, cancelled: 20 },
          { day: "2026-03-31", orders: 57, paidOrders: 51, paidAmount: 123450, cancelled: 3 },
        ],
      };
    if (entry === contract.dashboard.selCountTradingDataView)
      return {
        at: "2026-03-31T04:00:00.000Z",
        timeZone: "Asia/Shanghai",
        periods: { today: figures(2), yesterday: figures(5), last7: figures(17), last30: figures(61) },
        trend: [
          { day: "2026-03-30", paidOrders: 5, salesAmount: 5000, refundAmount: 50 },
          { day: "2026-03-31", paidOrders: 2, salesAmount: 2000, refundAmount: 20 },
        ],
        topGoods: [{ goodsId: "g1", name: "West Lake tea", quantity: 12, salesAmount: 36000 }],
      };
    return undefined;
  });
}

describe("the data dashboard", () => {
  it("when it opens, then today's figures, the trend and the top goods show; choosing 30 days shows theirs", async () => {
    stub();
    renderScreen(<DashboardPage />, { member: owner });
    expect(await screen.findByText("West Lake tea")).toBeTruthy();
    expect(screen.getByText("¥360.00")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("¥20.00")).toBeTruthy());
    expect(await screen.findByLabelText("trend")).toBeTruthy();
    expect(screen.getByLabelText("trend").textContent).toBe("2026-03-30:5,2026-03-31:2");
    // The chart's words for a screen reader: the days, the totals and the busiest day.
    expect(screen.getByLabelText("trend").getAttribute("title")).toBe(
      "Line chart of the days 2026-03-30 to 2026-03-31: 7 paid orders, sales of ¥70.00 and refunds of ¥0.70 in all; the most orders, 5, on 2026-03-30.",
    );
    fireEvent.click(screen.getByText("Last 30 days"));
    await waitFor(() => expect(screen.getByText("¥610.00")).toBeTruthy());
    expect(screen.getByText("61")).toBeTruthy();
  }, 60_000);
});

describe("the dashboard's buyer counts (issue 27 §2)", () => {
  it("asks for the chosen period's days in the shop's time zone and shows buyers, repeat buyers and orders", async () => {
    const { requests } = stub();
    renderScreen(<DashboardPage />, { member: owner });
    expect(await screen.findByText("Of them, ordered more than once")).toBeTruthy();
    expect(await screen.findByText("57")).toBeTruthy();
    fireEvent.click(screen.getByText("Yesterday"));
    await waitFor(() =>
      expect(requests.filter((r) => r.entry === orderDesk.selCountBuyerBoIdByOrder).map((r) => r.body)).toContainEqual({
        from: "2026-03-29T16:00:00.000Z",
        to: "2026-03-30T16:00:00.000Z",
      }),
    );
  }, 60_000);

  it("is left out for a member who may see the dashboard but not the orders", async () => {
    const { requests } = stub();
    const analyst = { memberId: "m2", boId: "b1", isOwner: false, functions: ["home.dashboard"] } as unknown as MemberInfo;
    renderScreen(<DashboardPage />, { member: analyst });
    expect(await screen.findByText("West Lake tea")).toBeTruthy();
    expect(screen.queryByText("Of them, ordered more than once")).toBeNull();
    expect(requests.some((r) => r.entry === orderDesk.selCountBuyerBoIdByOrder)).toBe(false);
    expect(requests.some((r) => r.entry === orderDesk.statisticalOrder || r.entry === orderDesk.statisticalDuringOrder)).toBe(false);
  }, 60_000);
});

describe("the dashboard's orders placed (issue 27 §2: statisticalOrder, statisticalDuringOrder)", () => {
  const figure = (title: string) => screen.getByText(title).closest(".ant-statistic")?.querySelector(".ant-statistic-content")?.textContent;

  it("today, yesterday and 7 days come from one call; 30 days add up the daily series of the shop's last 30 days", async () => {
    const { requests } = stub();
    renderScreen(<DashboardPage />, { member: owner });
    expect(await screen.findByText("Orders placed in this period")).toBeTruthy();
    await waitFor(() => expect(figure("Paid for them")).toBe("¥1,234.50"));
    expect(figure("Of them, paid")).toBe("51");
    expect(figure("Of them, cancelled")).toBe("3");
    fireEvent.click(screen.getByText("Last 7 days"));
    await waitFor(() => expect(figure("Paid for them")).toBe("¥7,777.00"));
    expect(figure("Of them, cancelled")).toBe("11");
    fireEvent.click(screen.getByText("Last 30 days"));
    await waitFor(() => expect(figure("Paid for them")).toBe("¥11,234.50"));
    expect(figure("Of them, paid")).toBe("501");
    expect(figure("Of them, cancelled")).toBe("23");
    // The 30 days end today in the shop's calendar (the dashboard's last trend day).
    expect(requests.filter((r) => r.entry === orderDesk.statisticalDuringOrder).map((r) => r.body)).toEqual([
      { fromDay: "2026-03-02", toDay: "2026-03-31" },
    ]);
    expect(requests.filter((r) => r.entry === orderDesk.statisticalOrder)).toHaveLength(1);
  }, 60_000);

  it("speaks Chinese on a Chinese screen", async () => {
    await setLanguage("zh");
    stub();
    renderScreen(<DashboardPage />, { member: owner });
    expect(await screen.findByText("本时段下单情况")).toBeTruthy();
    await waitFor(() => expect(figure("支付金额")).toBe("¥1,234.50"));
    expect(figure("其中已支付")).toBe("51");
    expect(figure("其中已取消")).toBe("3");
  }, 60_000);
});

describe("the trend chart's drawing", () => {
  const points = [
    { day: "2026-03-29", paidOrders: 0, salesAmount: 0, refundAmount: 0 },
    { day: "2026-03-30", paidOrders: 9, salesAmount: 9000, refundAmount: 150 },
    { day: "2026-03-31", paidOrders: 0, salesAmount: 0, refundAmount: 0 },
  ];
  const labels = { orders: "Paid orders", sales: "Sales", refunds: "Refunded" };

  it("when drawn, then lines are straight (no curve dips below zero), the legend has its own row and the canvas carries its description", () => {
    const option = trendOption(points, labels, "described");
    expect(option.series.map((s) => s.smooth)).toEqual([false, false, false]);
    expect(option.legend.top).toBe(0);
    expect(option.grid.top).toBeGreaterThanOrEqual(32);
    expect(option.grid.containLabel).toBe(true);
    expect(option.aria).toEqual({ enabled: true, label: { enabled: true, description: "described" } });
    expect(option.series[1]?.data).toEqual([0, 90, 0]);
  });

  it("when summarised, then totals and the busiest day come from the points, and nothing for no days", () => {
    expect(trendSummary(points)).toEqual({
      from: "2026-03-29",
      to: "2026-03-31",
      orders: 9,
      sales: 9000,
      refunds: 150,
      busiestDay: "2026-03-30",
      busiestOrders: 9,
    });
    expect(trendSummary([])).toMatchObject({ orders: 0, busiestDay: "" });
  });
});
