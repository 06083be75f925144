import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isBuilt } from "@/app/route-match";
import { PublicPage } from "@/components/public-page";
import { useMember } from "@/features/session/session.api";
import { useLogout } from "@/features/session/use-logout";

const SHOP_SETTINGS = "/transaction/shopSetting";

/** Shown on code 003301: the active shop is closed. The owner can reopen it; staff cannot. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const isOwner = member.data?.isOwner ?? false;

  const logout = useLogout();

  return (
    <PublicPage wide>
      <Result
        status="warning"
        title={<h1 className="result-title">{t("shopClose.title")}</h1>}
        subTitle={
          <>
            {t("shopClose.body")} {isOwner ? t("shopClose.owner") : t("shopClose.staff")}
          </>
        }
        extra={[
          // Offered once the shop settings screen is built; until then it would only lead to "Page not found".
          isOwner && isBuilt(SHOP_SETTINGS) ? (
            <Button key="settings" type="primary" onClick={() => void navigate(SHOP_SETTINGS)}>
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
