import { contract } from "@sbo/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isBuilt } from "@/app/route-match";
import { PublicPage } from "@/components/public-page";
import { useMember } from "@/features/session/session.api";
import { call, LOGIN_PATH } from "@/platform/api-client";

const SHOP_SETTINGS = "/transaction/shopSetting";

/** Shown on code 003301: the active shop is closed. The owner can reopen it; staff cannot. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const member = useMember();
  const isOwner = member.data?.isOwner ?? false;

  const logout = async () => {
    try {
      await call(contract.session.logout, {});
    } catch {
      // Leaving anyway: a failed logout must not trap the user on this screen.
    }
    queryClient.clear();
    await navigate(LOGIN_PATH);
  };

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
