import { Button, Result, type ResultProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PublicPage } from "@/components/public-page";
import { LOGIN_PATH } from "@/platform/api-client";
import { paths } from "@/platform/paths";

/** "retry" and "back" both return to the previous screen; they differ in what the button says. */
export type Way = "home" | "login" | "back" | "retry";

/** An error screen: what happened, and always at least one way forward. */
export function ErrorResult({
  status,
  title,
  subTitle,
  ways,
  extra,
}: {
  status: ResultProps["status"];
  title: ReactNode;
  subTitle: ReactNode;
  ways: readonly Way[];
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buttons = ways.map((way, i) => {
    const type = i === 0 ? "primary" : "default";
    if (way === "home")
      return (
        <Button key={way} type={type} onClick={() => void navigate(paths.home())}>
          {t("common.backHome")}
        </Button>
      );
    if (way === "login")
      return (
        <Button key={way} type={type} onClick={() => void navigate(LOGIN_PATH)}>
          {t("common.loginAgain")}
        </Button>
      );
    return (
      <Button key={way} type={type} onClick={() => void navigate(-1)}>
        {way === "retry" ? t("common.retry") : t("common.back")}
      </Button>
    );
  });
  return (
    <PublicPage wide>
      <Result status={status} title={<h1 className="result-title">{title}</h1>} subTitle={subTitle} extra={[...buttons, extra]} />
    </PublicPage>
  );
}
