import * as contract from "@sbo/contract/organization";
import { useQuery } from "@tanstack/react-query";
import { Cascader } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";

type Area = Awaited<ReturnType<typeof loadAreas>>[number];
interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

const loadAreas = (pid: string | null, signal?: AbortSignal) =>
  call(contract.organization.selSpecAreaListByPid, { pid }, { signal, notify: false });

/**
 * The cascader value of a 6-digit administrative code (GB/T 2260: a province's code ends in 0000, a city's in 00),
 * e.g. "330106" → ["330000", "330100", "330106"]; for a form that stores only the last code.
 */
export function areaCodesOf(code: string | null | undefined): string[] {
  if (!code || !/^\d{6}$/.test(code)) return [];
  return [...new Set([`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code])];
}

export interface AreaCascaderProps {
  /** The codes from the province down, e.g. ["330000", "330100"]. */
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  id?: string;
  "aria-invalid"?: boolean;
}

/** Picks an area (province, then city), loading each level when it is opened. Bind it to a Form.Item. */
export function AreaCascader({ value, onChange, id, ...rest }: AreaCascaderProps) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const provinces = useQuery({
    queryKey: ["reference", "areas", null],
    queryFn: ({ signal }) => loadAreas(null, signal),
    staleTime: 30 * 60_000,
  });
  const [children, setChildren] = useState<Record<string, Area[]>>({});
  const load = async (pid: string) => {
    if (children[pid]) return;
    const list = await loadAreas(pid);
    setChildren((c) => ({ ...c, [pid]: list }));
  };
  // The chosen province's cities, so that a saved value shows its names.
  const first = value?.[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: load only when the chosen province changes
  useEffect(() => {
    if (first) void load(first).catch(() => undefined);
  }, [first]);

  const options = useMemo(() => {
    const toOption = (a: Area): AreaOption => ({
      value: a.code,
      label: zh ? a.name : a.nameEn,
      isLeaf: a.isLeaf,
      children: children[a.code]?.map(toOption),
    });
    return (provinces.data ?? []).map(toOption);
  }, [provinces.data, children, zh]);

  return (
    <Cascader<AreaOption>
      id={id}
      aria-invalid={rest["aria-invalid"]}
      options={options}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v ?? []).map(String))}
      loadData={(selected) => {
        const last = selected[selected.length - 1];
        if (last) void load(last.value).catch(() => undefined); // a failed level can be opened again
      }}
      changeOnSelect={false}
      showSearch={false}
      loading={provinces.isPending}
      status={provinces.isError ? "error" : undefined}
      placeholder={provinces.isError ? t("lookup.areaFailed") : undefined}
      style={{ width: "100%" }}
    />
  );
}
