import type { InputOf, OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/organization";
import { App, Card, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AreaCascader } from "@/components/area-cascader";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { TextArea, TextInput } from "@/components/text-input";
import { FileUpload, type UploadValue } from "@/components/upload";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useShopChanged } from "@/platform/session/use-shop-changed";
import { enterpriseQuery, useEnterprise } from "./enterprise.api";
import type { shopEn } from "./shop.messages.en";

type Info = OutputOf<typeof contract.organization.selById>;
type SaveInput = InputOf<typeof contract.organization.updById>;
interface Values extends Omit<SaveInput, "licenceFileId" | "idFrontFileId" | "idBackFileId" | "areaCode" | "legalPersonIdNo"> {
  legalPersonIdNo: string;
  licenceFileId: UploadValue | null;
  idFrontFileId: UploadValue | null;
  idBackFileId: UploadValue | null;
  areaCode: string[];
}

const toValues = (i: Info): Values => ({
  name: i.name,
  shortName: i.shortName,
  creditCode: i.creditCode,
  legalPersonName: i.legalPersonName,
  // The server answers the number masked only; the field starts empty, and empty keeps the stored one.
  legalPersonIdNo: "",
  licenceFileId: i.licence,
  idFrontFileId: i.idFront,
  idBackFileId: i.idBack,
  areaCode: i.area?.codes ?? [],
  address: i.address,
  industry: i.industry,
  contactName: i.contactName,
  contactPhone: i.contactPhone,
  contactEmail: i.contactEmail,
  intro: i.intro,
});

const toInput = (v: Values): SaveInput => ({
  ...v,
  legalPersonIdNo: v.legalPersonIdNo?.trim() ? v.legalPersonIdNo : undefined,
  licenceFileId: v.licenceFileId?.id ?? null,
  idFrontFileId: v.idFrontFileId?.id ?? null,
  idBackFileId: v.idBackFileId?.id ?? null,
  areaCode: v.areaCode?.length ? (v.areaCode[v.areaCode.length - 1] ?? null) : null,
  contactPhone: v.contactPhone ?? "",
  contactEmail: v.contactEmail ?? "",
});

const INFO = paths.enterpriseInfo();

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(enterpriseQuery());

/** `paths.enterpriseEdit()`: edit the enterprise information (beyond the spec's calls: updById). */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const query = useEnterprise();
  const changed = useShopChanged();
  const e = (key: Exclude<keyof typeof shopEn.enterprise, "verifications">) => t(`shop.enterprise.${key}`);
  const required = (key: Exclude<keyof typeof shopEn.enterprise, "verifications">) => ({
    required: true,
    message: t("form.required", { field: e(key) }),
  });

  return (
    <>
      <PageHeader title={e("editTitle")} />
      <Card>
        <QueryState query={query} failed={t("shop.manage.loadFailed")}>
          {(info) => (
            <ContractForm<typeof contract.organization.updById, Values>
              entry={contract.organization.updById}
              form={form}
              initialValues={toValues(info)}
              // The ID number is not kept in a draft (item 10: shown only at the moment of entry).
              draft={{ key: `enterprise.edit:${info.boId}`, omit: ["legalPersonIdNo"] }}
              toInput={toInput}
              onSuccess={async () => {
                await changed();
                void message.success(e("saved"));
                await navigate(INFO);
              }}
              submitText={t("common.save")}
              onCancel={() => void navigate(INFO)}
              style={{ maxWidth: 720 }}
            >
              <Form.Item name="name" label={e("name")} rules={[required("name")]}>
                <TextInput maxLength={100} />
              </Form.Item>
              <Form.Item name="shortName" label={e("shortName")}>
                <TextInput maxLength={30} />
              </Form.Item>
              <Form.Item name="creditCode" label={e("creditCode")} rules={[required("creditCode")]}>
                <TextInput maxLength={18} autoComplete="off" />
              </Form.Item>
              <Form.Item name="legalPersonName" label={e("legalPersonName")} rules={[required("legalPersonName")]}>
                <TextInput maxLength={30} />
              </Form.Item>
              <Form.Item
                name="legalPersonIdNo"
                label={e("legalPersonIdNo")}
                extra={info.legalPersonIdNo ? t("shop.enterprise.idNoKeep", { masked: info.legalPersonIdNo }) : undefined}
              >
                <TextInput maxLength={18} autoComplete="off" />
              </Form.Item>
              <Form.Item name="areaCode" label={e("area")}>
                <AreaCascader />
              </Form.Item>
              <Form.Item name="address" label={e("address")}>
                <TextInput maxLength={200} />
              </Form.Item>
              <Form.Item name="industry" label={e("industry")}>
                <TextInput maxLength={60} />
              </Form.Item>
              <Form.Item name="contactName" label={e("contactName")}>
                <TextInput maxLength={30} />
              </Form.Item>
              <Form.Item name="contactPhone" label={e("contactPhone")}>
                <Input inputMode="tel" maxLength={11} />
              </Form.Item>
              <Form.Item name="contactEmail" label={e("contactEmail")}>
                <TextInput type="email" maxLength={120} />
              </Form.Item>
              <Form.Item name="intro" label={e("intro")}>
                <TextArea maxLength={1000} rows={4} />
              </Form.Item>
              <Form.Item name="licenceFileId" label={e("licence")}>
                <FileUpload purpose="licence" image accept="image/*,application/pdf" limits={{ accept: ["image", "pdf"], maxKb: 5120 }} />
              </Form.Item>
              <Form.Item name="idFrontFileId" label={e("idFront")}>
                <FileUpload purpose="idCard" image accept="image/*" limits={{ accept: ["image"], maxKb: 5120 }} />
              </Form.Item>
              <Form.Item name="idBackFileId" label={e("idBack")}>
                <FileUpload purpose="idCard" image accept="image/*" limits={{ accept: ["image"], maxKb: 5120 }} />
              </Form.Item>
            </ContractForm>
          )}
        </QueryState>
      </Card>
    </>
  );
}
