import { useTranslation } from "react-i18next";
import { ErrorResult } from "./error-result";

export function Component() {
  const { t } = useTranslation();
  return (
    <ErrorResult status="warning" title={t("errors.unauthorizedTitle")} subTitle={t("errors.unauthorized")} ways={["login", "home"]} />
  );
}
