import { useTranslation } from "react-i18next";
import { ErrorResult } from "./error-result";

export function Component() {
  const { t } = useTranslation();
  return <ErrorResult status="404" title={t("errors.notFoundTitle")} subTitle={t("errors.notFound")} ways={["home", "back"]} />;
}
