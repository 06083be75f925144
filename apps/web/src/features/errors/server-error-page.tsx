import { useTranslation } from "react-i18next";
import { ErrorResult } from "./error-result";

export function Component() {
  const { t } = useTranslation();
  return <ErrorResult status="500" title={t("errors.serverTitle")} subTitle={t("errors.server")} ways={["retry", "home"]} />;
}
