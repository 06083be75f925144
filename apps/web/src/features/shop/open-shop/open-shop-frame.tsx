import type { OutputOf } from "@sbo/contract/define";
import type * as contract from "@sbo/contract/shop";
import { Card, Result, Steps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { paths } from "@/platform/paths";
import { useMember } from "@/platform/session/session.api";
import { useMyShop } from "../shop.api";

export const OPEN_SHOP = paths.openShop();
export const ACCOUNT_OPENING = paths.accountOpening();
export const OPEN_RESULT = paths.openShopResult();

type Shop = OutputOf<typeof contract.shop.selShopByBoId>;
type Step = 0 | 1 | 2;

/**
 * The step the shop is at: no shop → details (0); opening → account opening (1), or details again when
 * the owner went back (`?step=shop`); open or closed → result (2).
 */
export function stepOf(shop: Shop, backToDetails: boolean): Step {
  if (!shop) return 0;
  if (shop.status === "opening") return backToDetails ? 0 : 1;
  return 2;
}

const pathOf: Record<Step, string> = { 0: OPEN_SHOP, 1: ACCOUNT_OPENING, 2: OPEN_RESULT };

/**
 * The three open-shop screens share this frame: the Steps indicator, staff told that only the owner
 * can open the shop, and a reload sent to the step the shop is really at.
 */
export function OpenShopFrame({ step, title, children }: { step: Step; title: string; children: (shop: Shop) => ReactNode }) {
  const { t } = useTranslation();
  const member = useMember().data;
  const shopQuery = useMyShop();
  const [params] = useSearchParams();

  if (member && !member.isOwner && member.openShopUrl) {
    return (
      <Result
        status="info"
        title={<h1 className="result-title">{t("shop.open.staffTitle")}</h1>}
        subTitle={t("shop.open.staffBody", { org: member.orgName })}
      />
    );
  }
  return (
    <QueryState query={shopQuery} failed={t("shop.open.loadFailed")}>
      {(shop) => {
        const at = stepOf(shop, params.get("step") === "shop");
        if (at !== step) return <Navigate to={pathOf[at]} replace />;
        return (
          <>
            <PageHeader title={title} />
            <Card>
              <nav aria-label={t("shop.open.stepsLabel")}>
                <Steps
                  current={step}
                  status={step === 2 ? "finish" : "process"}
                  items={[
                    { title: t("shop.open.steps.shop") },
                    { title: t("shop.open.steps.account") },
                    { title: t("shop.open.steps.result") },
                  ]}
                  style={{ marginBottom: 32 }}
                />
              </nav>
              {children(shop)}
            </Card>
          </>
        );
      }}
    </QueryState>
  );
}
