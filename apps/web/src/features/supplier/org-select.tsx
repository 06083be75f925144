import * as contract from "@sbo/contract/supplier";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { supplierKeys } from "./supplier.api";

const DEBOUNCE_MS = 300;

export interface OrgSelectProps {
  value?: string | null;
  onChange?: (boId: string | null) => void;
  id?: string;
  /** Left out of the choices (the shop's own organisation). */
  excludeBoId?: string;
}

/** Picks a platform organisation by the start of its name (selOrgShortByNameList), searching as one types. */
export function OrgSelect({ value, onChange, id, excludeBoId }: OrgSelectProps) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const [typed, setTyped] = useState("");
  const [name, setName] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const orgs = useQuery({
    queryKey: supplierKeys.orgs(name),
    queryFn: ({ signal }) => call(contract.supplier.selOrgShortByNameList, { name, limit: 10 }, { notify: false, signal }),
    enabled: name.length > 0,
    placeholderData: keepPreviousData,
  });
  const options = (orgs.data ?? [])
    .filter((o) => o.boId !== excludeBoId)
    .map((o) => {
      const place = o.area ? (zh ? o.area.name : o.area.nameEn) : null;
      const details = [o.shortName, place, o.hasShop ? t("supplier.hasShop") : null].filter(Boolean).join(" · ");
      return {
        value: o.boId,
        label: o.name,
        title: o.name,
        render: (
          <span>
            {o.name} {details ? <Typography.Text type="secondary">({details})</Typography.Text> : null}
          </span>
        ),
      };
    });
  let notFound: string | null = null;
  if (orgs.isError) notFound = t("supplier.orgSearchFailed");
  else if (!name) notFound = t("supplier.orgSearchHint");
  else if (!orgs.isFetching) notFound = t("supplier.orgNoMatch");
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      placeholder={t("supplier.orgSearchHint")}
      options={options}
      optionRender={(option) => options.find((o) => o.value === option.value)?.render ?? option.label}
      loading={orgs.isFetching}
      notFoundContent={notFound}
      allowClear
      style={{ width: "100%" }}
    />
  );
}
