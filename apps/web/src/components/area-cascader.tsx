import * as contract from "@sbo/contract/reference";
import { useQuery, useQueryClient } from "@tanstack/react-query";
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

/** The one area lookup of the reference domain: the areas under a parent, level by level. */
const loadAreas = (pid: string | null, signal?: AbortSignal) =>
  call(contract.reference.selSpecAreaListByPid, { pid }, { signal, notify: false });
const areasKey = (pid: string | null) => ["reference", "areas", pid] as const;
const STALE = 30 * 60_000;

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

/**
 * Picks an area of the national list (province, then city, then district), loading each level when it is
 * opened (levels are cached for the session). Bind it to a Form.Item. Names are in the UI language: English mode
 * shows the areas' English names (provinces' established names, pinyin below them; docs/domains/reference.md).
 */
export function AreaCascader({ value, onChange, id, ...rest }: AreaCascaderProps) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const queryClient = useQueryClient();
  const provinces = useQuery({
    queryKey: areasKey(null),
    queryFn: ({ signal }) => loadAreas(null, signal),
    staleTime: STALE,
  });
  const [children, setChildren] = useState<Record<string, Area[]>>({});
  const load = async (pid: string) => {
    if (children[pid]) return;
    const list = await queryClient.fetchQuery({
      queryKey: areasKey(pid),
      queryFn: ({ signal }) => loadAreas(pid, signal),
      staleTime: STALE,
    });
    setChildren((c) => ({ ...c, [pid]: list }));
  };
  // The levels above a saved value (the province's cities, the city's districts), so that it shows its names.
  const parents = (value ?? []).slice(0, -1).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: load only when the chosen path changes
  useEffect(() => {
    for (const pid of parents ? parents.split(",") : []) void load(pid).catch(() => undefined);
  }, [parents]);

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
