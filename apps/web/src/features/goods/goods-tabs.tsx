import type { SkuItem } from "@sbo/contract/goods";
import { Tabs } from "antd";
import { lazy, type ReactNode, Suspense } from "react";
import { useSearchParams } from "react-router";

// The batches and trace records load when their tab is first opened: the item's own tab, what most visits are for,
// does not carry them (the goods form and detail stay within their bundle budgets).
const LazyBatchPanel = lazy(() => import("./batch-panel").then((m) => ({ default: m.BatchPanel })));
const LazyTracePanel = lazy(() => import("./trace-panel").then((m) => ({ default: m.TracePanel })));
const waiting = <div className="list-page" aria-busy="true" />;

/** The fresh item's batches, loaded with their tab. */
export function BatchesTab(props: { goodsId: string; skus: readonly SkuItem[] }) {
  return (
    <Suspense fallback={waiting}>
      <LazyBatchPanel {...props} />
    </Suspense>
  );
}

/** The item's trace records, loaded with their tab. */
export function TraceTab(props: { goodsId: string; goodsName: string }) {
  return (
    <Suspense fallback={waiting}>
      <LazyTracePanel {...props} />
    </Suspense>
  );
}

export interface GoodsTab {
  key: string;
  label: string;
  children: ReactNode;
  /** Kept rendered while another tab shows (a form whose fields must stay registered). */
  forceRender?: boolean;
}

/**
 * The goods detail's and the goods form's tabs (the item, its batches, its trace records), the chosen one kept in
 * the URL's `tab` beside the item's `id`, so that a reload or a shared link opens the same tab. The first is the default.
 */
export function GoodsTabs({ tabs }: { tabs: readonly GoodsTab[] }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const active = tabs.some((tab) => tab.key === asked) ? (asked as string) : (tabs[0]?.key ?? "");
  const choose = (key: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (key === tabs[0]?.key) next.delete("tab");
        else next.set("tab", key);
        return next;
      },
      { replace: true },
    );
  return <Tabs className="goods-tabs" activeKey={active} onChange={choose} items={tabs.map((tab) => ({ ...tab }))} />;
}
