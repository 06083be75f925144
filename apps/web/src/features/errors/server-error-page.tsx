import { useTranslation } from "react-i18next";
import { none } from "@/platform/screen-preload";
import { ErrorResult } from "./error-result";

/** Opens on no query: a fixed message with ways out. */
export const prefetch = none;

export function Component() {
  const { t } = useTranslation();
  return <ErrorResult status="500" title={t("errors.serverTitle")} subTitle={t("errors.server")} ways={["retry", "home"]} />;
}
