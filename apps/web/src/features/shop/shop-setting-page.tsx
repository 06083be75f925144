import { Card, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { useSessionMember } from "@/platform/session/session.api";
import { AddressPanel } from "./address-panel";
import { useShopSettings } from "./shop.api";
import { ShopSettingsForm } from "./shop-settings-form";

/** `/transaction/shopSetting`: the shop's settings, one tab per concern (the tab is kept in the URL). */
export function Component() {
  const { t } = useTranslation();
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
