import type { TrendPoint } from "@sbo/contract/dashboard";
import { LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

// Only what this chart draws: lines on a grid with a tooltip and a legend, on canvas (tree-shaken ECharts).
echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface TrendChartProps {
  points: TrendPoint[];
  labels: { orders: string; sales: string; refunds: string };
}

/** The last 30 days: paid orders (left axis), sales and refunds in yuan (right axis). Loaded only by the dashboard. */
export default function TrendChart({ points, labels }: TrendChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: "canvas" });
    chart.setOption({
      animation: false,
      tooltip: { trigger: "axis" },
      legend: { data: [labels.orders, labels.sales, labels.refunds] },
      grid: { left: 48, right: 64, top: 40, bottom: 32 },
      xAxis: { type: "category", data: points.map((p) => p.day.slice(5)) },
      yAxis: [
        { type: "value", minInterval: 1 },
        { type: "value", axisLabel: { formatter: "¥{value}" } },
      ],
      series: [
        { name: labels.orders, type: "line", data: points.map((p) => p.paidOrders), smooth: true },
        { name: labels.sales, type: "line", yAxisIndex: 1, data: points.map((p) => p.salesAmount / 100), smooth: true },
        { name: labels.refunds, type: "line", yAxisIndex: 1, data: points.map((p) => p.refundAmount / 100), smooth: true },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      chart.dispose();
    };
  }, [points, labels]);
  return <div ref={ref} className="dashboard-trend" style={{ width: "100%", height: 320 }} />;
}
