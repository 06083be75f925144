import * as contract from "@sbo/contract/shop";
import { Form, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ContractForm } from "@/components/form";
import type { Prefetch } from "@/platform/screen-preload";
import { myShopQuery, useShopChanged } from "../shop.api";
import { profileInput, profileValues, ShopProfileFields, type ShopProfileValues } from "../shop-profile-fields";
import { ACCOUNT_OPENING, OpenShopFrame } from "./open-shop-frame";

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(myShopQuery());

/** `paths.openShop()`: step 1, the shop's details (creates the shop as `opening`, or updates the draft). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ShopProfileValues>();
  const changed = useShopChanged();
  return (
    <OpenShopFrame step={0} title={t("shop.open.shopTitle")}>
      {(shop) => (
        <>
          <Typography.Paragraph>{t("shop.open.shopIntro")}</Typography.Paragraph>
          <ContractForm<typeof contract.shop.openShop, ShopProfileValues>
            entry={contract.shop.openShop}
            form={form}
            initialValues={profileValues(shop)}
            draft={{ key: "open-shop.shop" }}
            toInput={profileInput}
            onSuccess={async () => {
              await changed();
              await navigate(ACCOUNT_OPENING);
            }}
            submitText={t("shop.open.next")}
            style={{ maxWidth: 640 }}
          >
            <ShopProfileFields />
          </ContractForm>
        </>
      )}
    </OpenShopFrame>
  );
}
