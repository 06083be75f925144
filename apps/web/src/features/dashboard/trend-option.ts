import type { TrendPoint } from "@sbo/contract/dashboard";

/**
 * The trend chart's ECharts option: the legend on its own row above the plot (never over the axis labels), the
 * grid sized to hold its labels, counts and amounts drawn as straight lines between the days (a smoothed curve
 * overshoots: it drew orders below zero between two quiet days), and the chart's description as its aria-label.
 */
export function trendOption(points: TrendPoint[], labels: { orders: string; sales: string; refunds: string }, description: string) {
  return {
    animation: false,
    aria: { enabled: true, label: { enabled: true, description } },
    tooltip: { trigger: "axis" },
    legend: { top: 0, left: "center", data: [labels.orders, labels.sales, labels.refunds] },
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: points.map((p) => p.day.slice(5)) },
    yAxis: [
      { type: "value", minInterval: 1 },
      { type: "value", axisLabel: { formatter: "¥{value}" } },
    ],
    series: [
      { name: labels.orders, type: "line", data: points.map((p) => p.paidOrders), smooth: false },
      { name: labels.sales, type: "line", yAxisIndex: 1, data: points.map((p) => p.salesAmount / 100), smooth: false },
      { name: labels.refunds, type: "line", yAxisIndex: 1, data: points.map((p) => p.refundAmount / 100), smooth: false },
    ],
  };
}

/** The numbers a description of the trend needs: its days, totals and busiest day (the first of equals). */
export function trendSummary(points: TrendPoint[]) {
  const busiest = points.reduce<TrendPoint | null>((best, p) => (best === null || p.paidOrders > best.paidOrders ? p : best), null);
  return {
    from: points[0]?.day ?? "",
    to: points[points.length - 1]?.day ?? "",
    orders: points.reduce((n, p) => n + p.paidOrders, 0),
    sales: points.reduce((n, p) => n + p.salesAmount, 0),
    refunds: points.reduce((n, p) => n + p.refundAmount, 0),
    busiestDay: busiest?.day ?? "",
    busiestOrders: busiest?.paidOrders ?? 0,
  };
}
