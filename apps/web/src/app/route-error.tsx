import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { Problem } from "./problem";

/** A screen failed to load or render (often a stale chunk after a deployment): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main">
      <Problem
        tone="error"
        title={t("errors.routeFailed")}
        actions={
          <>
            <Button type="primary" onClick={() => window.location.reload()}>
              {t("errors.reload")}
            </Button>
            <Button href="/transaction/index">{t("common.backHome")}</Button>
          </>
        }
      />
    </main>
  );
}
