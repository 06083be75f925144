import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PublicPage } from "@/components/public-page";
import { paths } from "@/platform/paths";
import { holds, isBuilt } from "@/platform/route-match";
import type { Prefetch } from "@/platform/screen-preload";
import { memberQuery, useMember } from "@/platform/session/session.api";
import { useLogout } from "@/platform/session/use-logout";
import { ShopStatusAction } from "./shop-status-action";

const SHOP_SETTINGS = paths.shopSetting();

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(memberQuery());

/** Shown on code 003301: the active shop is closed. Holders of shop.manage.status (the owner) can reopen it here. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const isOwner = member.data?.isOwner ?? false;
  const mayReopen = member.data?.shop?.status === "closed" && holds(member.data, "shop.manage.status");

  const logout = useLogout();

  return (
    <PublicPage wide>
      <Result
        status="warning"
        title={<h1 className="result-title">{t("shopClose.title")}</h1>}
        subTitle={
          <>
            {t("shopClose.body")} {mayReopen ? t("shopClose.owner") : t("shopClose.staff")}
          </>
        }
        extra={[
          mayReopen ? <ShopStatusAction key="reopen" status="closed" type="primary" onDone={() => void navigate(paths.home())} /> : null,
          // Offered once the shop settings screen is built; until then it would only lead to "Page not found".
          isOwner && isBuilt(SHOP_SETTINGS) ? (
            <Button key="settings" onClick={() => void navigate(SHOP_SETTINGS)}>
              {t("shopClose.settings")}
            </Button>
          ) : null,
          <Button key="logout" onClick={() => void logout()}>
            {t("common.logout")}
          </Button>,
        ]}
      />
    </PublicPage>
  );
}
