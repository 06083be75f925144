import type { TrendPoint } from "@sbo/contract/dashboard";
import { LineChart } from "echarts/charts";
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";
import { trendOption } from "./trend-option";

// Only what this chart draws: lines on a grid with a tooltip, a legend and its text alternative, on canvas
// (tree-shaken ECharts).
echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, CanvasRenderer]);

export interface TrendChartProps {
  points: TrendPoint[];
  labels: { orders: string; sales: string; refunds: string };
  /** The chart in words, for screen readers (the canvas's aria-label). */
  description: string;
}

/** The last 30 days: paid orders (left axis), sales and refunds in yuan (right axis). Loaded only by the dashboard. */
export default function TrendChart({ points, labels, description }: TrendChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: "canvas" });
    chart.setOption(trendOption(points, labels, description));
    const resize = () => chart.resize();
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      chart.dispose();
    };
  }, [points, labels, description]);
  return <div ref={ref} className="dashboard-trend" style={{ width: "100%", height: 320 }} />;
}
