import { Card, Tabs } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import type { Prefetch } from "@/platform/screen-preload";
import { memberQuery, useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { AddressPanel } from "./address-panel";
import { shopSettingsQuery, useShopSettings } from "./shop.api";
import { ShopSettingsForm } from "./shop-settings-form";

// The delivery range tab brings the map and the goods contract's range calls: its own chunk, loaded when opened.
const DeliveryRangePanel = lazy(() => import("./delivery-range-panel"));

/** The settings of the session's shop (the layout holds the session), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => {
  const shopId = client.getQueryData(memberQuery().queryKey)?.shop?.shopId;
  if (shopId) void client.prefetchQuery(shopSettingsQuery(shopId));
};

/** `paths.shopSetting()`: the shop's settings, one tab per concern (the tab is kept in the URL). */
export function Component() {
  const { t } = useTranslation();
  // The function `goods.selGoodsRangeByParam` names (read by code: the goods contract stays in the tab's chunk).
  const mayReadRange = useHolds("goods.manage");
  const shopId = useSessionMember()?.shop?.shopId;
  const settings = useShopSettings(shopId);
  const [params, setParams] = useSearchParams();
  const tabs = [
    {
      key: "settings",
      label: t("shop.settings.tab"),
      children: (
        <QueryState query={settings} failed={t("shop.manage.loadFailed")}>
          {(data) => <ShopSettingsForm settings={data} />}
        </QueryState>
      ),
    },
    { key: "addresses", label: t("address.title"), children: <AddressPanel /> },
    ...(mayReadRange
      ? [
          {
            key: "range",
            label: t("shop.range.tab"),
            children: (
              <Suspense fallback={null}>
                <DeliveryRangePanel />
              </Suspense>
            ),
          },
        ]
      : []),
  ];
  const active = tabs.some((tab) => tab.key === params.get("tab")) ? (params.get("tab") as string) : "settings";

  return (
    <>
      <PageHeader title={t("shop.settings.title")} />
      <Card>
        <Tabs activeKey={active} onChange={(key) => setParams({ tab: key }, { replace: true })} items={tabs} />
      </Card>
    </>
  );
}
