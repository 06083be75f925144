import type { InputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/shop";
import { Button, Form, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ContractForm } from "@/components/form";
import { TextInput } from "@/components/text-input";
import { FileUpload, type UploadValue } from "@/components/upload";
import type { Prefetch } from "@/platform/screen-preload";
import { myShopQuery, useShopChanged } from "../shop.api";
import { OPEN_RESULT, OPEN_SHOP, OpenShopFrame } from "./open-shop-frame";

type SaveInput = InputOf<typeof contract.shop.submitAccountOpening>;
interface Values extends Omit<SaveInput, "licenceFileId" | "idFrontFileId" | "idBackFileId"> {
  licenceFileId: UploadValue | null;
  idFrontFileId: UploadValue | null;
  idBackFileId: UploadValue | null;
}

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(myShopQuery());

/** `paths.accountOpening()`: step 2, legal person, ID and licence; checked automatically, then the shop opens. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const changed = useShopChanged();
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  const o = (key: "legalPersonName" | "legalPersonIdNo" | "creditCode" | "licence" | "idFront" | "idBack") => t(`shop.open.${key}`);

  return (
    <OpenShopFrame step={1} title={t("shop.open.accountTitle")}>
      {() => (
        <>
          <Typography.Paragraph>{t("shop.open.accountIntro")}</Typography.Paragraph>
          <ContractForm<typeof contract.shop.submitAccountOpening, Values>
            entry={contract.shop.submitAccountOpening}
            form={form}
            // The uploads are kept as their file ids; the ID number is not kept in a draft.
            draft={{ key: "open-shop.account", omit: ["legalPersonIdNo"] }}
            toInput={(v) => ({
              legalPersonName: v.legalPersonName ?? "",
              legalPersonIdNo: v.legalPersonIdNo ?? "",
              creditCode: v.creditCode ?? "",
              licenceFileId: v.licenceFileId?.id ?? "",
              idFrontFileId: v.idFrontFileId?.id ?? "",
              idBackFileId: v.idBackFileId?.id ?? "",
            })}
            onSuccess={async () => {
              await changed();
              await navigate(OPEN_RESULT);
            }}
            submitText={t("shop.open.submit")}
            actions={<Button onClick={() => void navigate(`${OPEN_SHOP}?step=shop`)}>{t("shop.open.backToShop")}</Button>}
            style={{ maxWidth: 640 }}
          >
            <Form.Item name="legalPersonName" label={o("legalPersonName")} rules={[required(o("legalPersonName"))]}>
              <TextInput maxLength={30} autoComplete="name" />
            </Form.Item>
            <Form.Item name="legalPersonIdNo" label={o("legalPersonIdNo")} rules={[required(o("legalPersonIdNo"))]}>
              <TextInput maxLength={18} autoComplete="off" />
            </Form.Item>
            <Form.Item name="creditCode" label={o("creditCode")} rules={[required(o("creditCode"))]}>
              <TextInput maxLength={18} autoComplete="off" />
            </Form.Item>
            <Form.Item name="licenceFileId" label={o("licence")} rules={[required(o("licence"))]}>
              <FileUpload purpose="licence" image accept="image/*,application/pdf" limits={{ accept: ["image", "pdf"], maxKb: 5120 }} />
            </Form.Item>
            <Form.Item name="idFrontFileId" label={o("idFront")} rules={[required(o("idFront"))]}>
              <FileUpload purpose="idCard" image accept="image/*" limits={{ accept: ["image"], maxKb: 5120 }} />
            </Form.Item>
            <Form.Item name="idBackFileId" label={o("idBack")} rules={[required(o("idBack"))]}>
              <FileUpload purpose="idCard" image accept="image/*" limits={{ accept: ["image"], maxKb: 5120 }} />
            </Form.Item>
          </ContractForm>
        </>
      )}
    </OpenShopFrame>
  );
}
