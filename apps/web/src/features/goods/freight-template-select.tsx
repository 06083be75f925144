import * as freight from "@sbo/contract/freight";
import { useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";

/**
 * The shop's freight templates to choose from (`freight.selListByShopId`); empty: none (free shipping). Bind it to a
 * Form.Item: the value is the template's id or null.
 */
/** The shop's freight templates (one cached answer for the form's picker and the detail's name). */
function useFreightTemplates() {
  return useQuery({
    queryKey: ["freight", "list", "byShop"],
    queryFn: ({ signal }) => call(freight.freight.selListByShopId, {}, { notify: false, signal }),
    staleTime: 60_000,
  });
}

/** A freight template's name for the goods detail (none: free shipping; still loading: nothing yet). */
export function FreightTemplateName({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const templates = useFreightTemplates();
  if (!id) return <>{t("goods.form.freightTemplateNone")}</>;
  if (templates.isPending) return null;
  return <>{templates.data?.find((f) => f.id === id)?.name ?? t("goods.detail.freightTemplateGone")}</>;
}

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
  const templates = useFreightTemplates();
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
