import { Button, Result, Steps } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { myShopQuery } from "../shop.api";
import { OpenShopFrame } from "./open-shop-frame";

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(myShopQuery());

/** `paths.openShopResult()`: the application's state (submitted, approved) and the way into the back office. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <OpenShopFrame step={2} title={t("shop.open.steps.result")}>
      {(shop) => {
        const approved = shop?.openedAt ? dayjs(shop.openedAt).format("YYYY-MM-DD HH:mm") : "";
        return (
          <Result
            status="success"
            title={<h2 className="result-title">{t("shop.open.resultTitle")}</h2>}
            subTitle={t("shop.open.resultBody", { date: approved })}
            extra={
              <Button type="primary" onClick={() => void navigate(paths.home())}>
                {t("shop.open.enter")}
              </Button>
            }
          >
            <Steps
              size="small"
              current={1}
              status="finish"
              items={[
                { title: t("shop.open.submitted"), description: approved },
                { title: t("shop.open.approved"), description: approved },
              ]}
            />
          </Result>
        );
      }}
    </OpenShopFrame>
  );
}
