import { useTranslation } from "react-i18next";
import { ErrorResult } from "./error-result";

export function Component() {
  const { t } = useTranslation();
  return <ErrorResult status="403" title={t("errors.forbiddenTitle")} subTitle={t("errors.loginForbidden")} ways={["login"]} />;
}
