import { contract } from "@sbo/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PublicPage } from "@/components/public-page";
import { useMember } from "@/features/session/session.api";
import { call, LOGIN_PATH } from "@/platform/api-client";

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
          isOwner ? (
            <Button key="settings" type="primary" onClick={() => void navigate("/transaction/shopSetting")}>
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
