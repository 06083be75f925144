import * as reference from "@sbo/contract/reference";
import { useQuery } from "@tanstack/react-query";
import { Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { TextInput } from "./text-input";

/** The logistics companies (the platform's `express` dictionary), cached for half an hour. */
export const useExpressCompanies = () =>
  useQuery({
    queryKey: ["reference", "dict", "express"],
    queryFn: ({ signal }) => call(reference.reference.selSpecItemListByDictId, { dictId: "express" }, { notify: false, signal }),
    staleTime: 30 * 60_000,
  });

export interface ExpressFieldsProps {
  /** The two fields' words in the screen's own texts. */
  labels: { express: string; trackingNo: string; trackingHelp?: string };
  /** Both required (the default: a parcel sent), or both optional with this help under the company. */
  optionalHelp?: string;
  /** Width of both controls on a page (dialogs take their width). */
  maxWidth?: number;
}

/**
 * A parcel's carrier and tracking number, as every form that sends one asks them (shipping an order, correcting its
 * logistics, a planned delivery, an after-sale exchange): `expressCode` from the platform's logistics companies,
 * `trackingNo` of at most 40 characters.
 */
export function ExpressFields({ labels, optionalHelp, maxWidth }: ExpressFieldsProps) {
  const { t } = useTranslation();
  const express = useExpressCompanies();
  const zh = currentLanguage() === "zh";
  const required = optionalHelp === undefined;
  const style = maxWidth ? { maxWidth } : undefined;
  return (
    <>
      <Form.Item
        name="expressCode"
        label={labels.express}
        extra={optionalHelp}
        rules={required ? [{ required: true, message: t("form.required", { field: labels.express }) }] : []}
      >
        <Select
          style={style}
          allowClear={!required}
          showSearch={{ optionFilterProp: "label" }}
          loading={express.isPending}
          options={(express.data ?? []).map((e) => ({ value: e.code, label: zh ? e.name : e.nameEn }))}
        />
      </Form.Item>
      <Form.Item
        name="trackingNo"
        label={labels.trackingNo}
        extra={labels.trackingHelp}
        rules={required ? [{ required: true, whitespace: true, message: t("form.required", { field: labels.trackingNo }) }] : []}
      >
        <TextInput maxLength={40} style={style} />
      </Form.Item>
    </>
  );
}
