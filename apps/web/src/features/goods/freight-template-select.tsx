import * as freight from "@sbo/contract/freight";
import { useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";

/**
 * The shop's freight templates to choose from (`freight.selListByShopId`); empty: none (free shipping). Bind it to a
 * Form.Item: the value is the template's id or null.
 */
export function FreightTemplateSelect({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const templates = useQuery({
    queryKey: ["freight", "list", "byShop"],
    queryFn: ({ signal }) => call(freight.freight.selListByShopId, {}, { notify: false, signal }),
    staleTime: 60_000,
  });
  return (
    <Select<string>
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={templates.isPending}
      style={{ maxWidth: 360 }}
      placeholder={t("goods.form.freightTemplateNone")}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={(templates.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
    />
  );
}
