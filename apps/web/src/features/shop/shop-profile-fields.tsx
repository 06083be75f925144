import type { InputOf, OutputOf } from "@sbo/contract/define";
import type * as contract from "@sbo/contract/shop";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { AreaCascader } from "@/components/area-cascader";
import { TextArea, TextInput } from "@/components/text-input";
import { FileUpload, type UploadValue } from "@/components/upload";
import { currentLanguage } from "@/platform/i18n";
import { useTopCategories } from "./shop.api";
import type { shopEn } from "./shop.messages.en";

type Shop = NonNullable<OutputOf<typeof contract.shop.selShopByBoId>>;

export interface ShopProfileValues {
  name: string;
  brand: string;
  /** Holds the uploaded file; the input takes its id (same name, so server issues land on the field). */
  logoFileId: UploadValue | null;
  intro: string;
  contactName: string;
  contactPhone: string;
  servicePhone: string;
  /** The area codes from the province down; the input takes the last. */
  areaCode: string[];
  address: string;
  mainCategoryId: string;
}

export const profileValues = (s: Shop | null | undefined): Partial<ShopProfileValues> =>
  s
    ? {
        name: s.name,
        brand: s.brand,
        logoFileId: s.logo,
        intro: s.intro,
        contactName: s.contactName,
        contactPhone: s.contactPhone,
        servicePhone: s.servicePhone,
        areaCode: s.area?.codes ?? [],
        address: s.address,
        mainCategoryId: s.mainCategory?.id,
      }
    : { logoFileId: null, intro: "", areaCode: [] };

/** The same input for opening a shop and editing its profile. */
export const profileInput = (v: ShopProfileValues): InputOf<typeof contract.shop.updShop> => ({
  name: v.name ?? "",
  brand: v.brand ?? "",
  logoFileId: v.logoFileId?.id ?? null,
  intro: v.intro ?? "",
  contactName: v.contactName ?? "",
  contactPhone: v.contactPhone ?? "",
  servicePhone: v.servicePhone ?? "",
  areaCode: v.areaCode?.[v.areaCode.length - 1] ?? "",
  address: v.address ?? "",
  mainCategoryId: v.mainCategoryId ?? "",
});

/** The shop profile's fields (inside a Form), named as the contract names them. */
export function ShopProfileFields() {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const categories = useTopCategories();
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  const f = (key: keyof typeof shopEn.fields) => t(`shop.fields.${key}`);
  return (
    <>
      <Form.Item name="name" label={f("name")} rules={[required(f("name"))]}>
        <TextInput maxLength={60} />
      </Form.Item>
      <Form.Item name="brand" label={f("brand")} rules={[required(f("brand"))]}>
        <TextInput maxLength={60} />
      </Form.Item>
      <Form.Item name="logoFileId" label={f("logo")}>
        <FileUpload purpose="shopLogo" image accept="image/*" limits={{ accept: ["image"], maxKb: 2048 }} />
      </Form.Item>
      <Form.Item name="mainCategoryId" label={f("mainCategory")} rules={[required(f("mainCategory"))]}>
        <Select
          loading={categories.isPending}
          status={categories.isError ? "error" : undefined}
          placeholder={categories.isError ? t("lookup.categoryFailed") : undefined}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: zh ? c.name : c.nameEn }))}
        />
      </Form.Item>
      <Form.Item name="intro" label={f("intro")}>
        <TextArea maxLength={500} rows={3} />
      </Form.Item>
      <Form.Item name="contactName" label={f("contactName")} rules={[required(f("contactName"))]}>
        <TextInput maxLength={30} />
      </Form.Item>
      <Form.Item name="contactPhone" label={f("contactPhone")} rules={[required(f("contactPhone"))]}>
        <Input inputMode="tel" maxLength={11} />
      </Form.Item>
      <Form.Item name="servicePhone" label={f("servicePhone")} rules={[required(f("servicePhone"))]}>
        <Input inputMode="tel" maxLength={20} />
      </Form.Item>
      <Form.Item name="areaCode" label={f("area")} rules={[required(f("area"))]}>
        <AreaCascader />
      </Form.Item>
      <Form.Item name="address" label={f("address")} rules={[required(f("address"))]}>
        <TextInput maxLength={200} />
      </Form.Item>
    </>
  );
}
