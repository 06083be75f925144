import { Button, Card, Descriptions, Empty, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LinkCards } from "@/components/link-cards";
import { PageHeader } from "@/components/page-header";
import { currentLanguage } from "@/platform/i18n";
import { holds, landingOf } from "@/platform/route-match";
import type { Prefetch } from "@/platform/screen-preload";
import { useAreas } from "@/platform/session/menus";
import { memberQuery, useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { TodayCard, todayQuery } from "./today-card";
import { TodoCard, todoQuery } from "./todo-card";
import { WeatherCard, weatherQuery } from "./weather-card";

/** The cards' queries the session (held by the layout) will show, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => {
  const member = client.getQueryData(memberQuery().queryKey);
  if (!member?.shop) return;
  if (holds(member, "home.dashboard")) void client.prefetchQuery(todayQuery());
  if (holds(member, "order.manage")) void client.prefetchQuery(todoQuery());
  void client.prefetchQuery(weatherQuery());
};

/**
 * `paths.home()`: greeting, the shop at a glance, today's figures (for who may see the dashboard), the to-dos,
 * the weather where it is, and the member's areas.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const member = useSessionMember();
  const seesOrders = useHolds("order.manage");
  const seesFigures = useHolds("home.dashboard");
  const areas = useAreas()
    .filter((n) => n.kind === "area")
    .sort((a, b) => a.sort - b.sort);
  if (!member) return null;
  const shop = member.shop;

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeader title={t("home.greeting", { name: member.name })} description={`${t("home.organization")}: ${member.orgName}`} />
      <Card title={<h2 className="card-heading">{t("home.shop")}</h2>}>
        {shop ? (
          <Descriptions column={{ xs: 1, sm: 3 }} size="small">
            <Descriptions.Item label={t("home.shop")}>{shop.name}</Descriptions.Item>
            <Descriptions.Item label={t("home.brand")}>{shop.brand}</Descriptions.Item>
            <Descriptions.Item label={t("home.status")}>
              <Typography.Text type={shop.status === "open" ? "success" : "danger"}>{t(`home.shopStatus.${shop.status}`)}</Typography.Text>
              {member.openShopUrl ? (
                <Button type="link" onClick={() => void navigate(member.openShopUrl ?? "/")}>
                  {t("home.openShop")}
                </Button>
              ) : null}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={t("home.noShop")}>
            {member.openShopUrl ? (
              <Button type="primary" onClick={() => void navigate(member.openShopUrl ?? "/")}>
                {t("home.openShop")}
              </Button>
            ) : null}
          </Empty>
        )}
      </Card>
      {shop && seesFigures ? <TodayCard /> : null}
      {shop && seesOrders ? <TodoCard /> : null}
      {shop ? <WeatherCard /> : null}
      <LinkCards
        id="home-areas"
        title={t("home.areas")}
        empty={t("home.noAreas")}
        items={areas.map((area) => ({
          key: area.code,
          to: landingOf(area.code, area.path, member) ?? "/404",
          icon: area.icon,
          title: lang === "zh" ? area.name : area.nameEn,
        }))}
      />
    </Space>
  );
}
