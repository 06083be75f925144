import { Tabs } from "antd";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";

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
