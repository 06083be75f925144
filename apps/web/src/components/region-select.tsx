import * as reference from "@sbo/contract/reference";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { TreeSelect } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";

type Area = Awaited<ReturnType<typeof loadAreas>>[number];

const loadAreas = (pid: string | null, signal?: AbortSignal) =>
  call(reference.reference.selSpecAreaListByPid, { pid }, { signal, notify: false });
// The same cache as the shared AreaCascader: a level is fetched once per session.
const areasKey = (pid: string | null) => ["reference", "areas", pid] as const;
const STALE = 30 * 60_000;
const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;

export interface RegionSelectProps {
  /** Province (…0000) and city (…00) codes. */
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  "aria-label"?: string;
}

/**
 * Provinces and their cities on a tree with checkboxes (the platform's areas, `reference`), named in the UI language and
 * found by typing either language's name: a province checked whole is
 * kept as the province, otherwise its checked cities. A province's cities load when it is opened, and those of the
 * provinces a saved value names load at once, so the value shows names. Bind it to a Form.Item.
 */
export function RegionSelect({ value = [], onChange, id, placeholder, disabled, ...rest }: RegionSelectProps) {
  const zh = currentLanguage() === "zh";
  const client = useQueryClient();
  const provinces = useQuery({ queryKey: areasKey(null), queryFn: ({ signal }) => loadAreas(null, signal), staleTime: STALE });
  const [cities, setCities] = useState<Record<string, Area[]>>({});
  const load = useCallback(
    async (pid: string) => {
      const list = await client.fetchQuery({ queryKey: areasKey(pid), queryFn: ({ signal }) => loadAreas(pid, signal), staleTime: STALE });
      setCities((c) => (c[pid] ? c : { ...c, [pid]: list }));
    },
    [client],
  );
  const wanted = [...new Set(value.filter((code) => !code.endsWith("0000")).map(provinceOf))].join(",");
  useEffect(() => {
    for (const pid of wanted ? wanted.split(",") : []) void load(pid).catch(() => undefined);
  }, [wanted, load]);

  const treeData = useMemo(
    () => [
      ...(provinces.data ?? []).map((p) => ({
        id: p.code,
        pId: 0,
        value: p.code,
        title: zh ? p.name : p.nameEn,
        names: `${p.name} ${p.nameEn}`,
        isLeaf: false,
      })),
      ...Object.entries(cities).flatMap(([pid, list]) =>
        list.map((c) => ({
          id: c.code,
          pId: pid,
          value: c.code,
          title: zh ? c.name : c.nameEn,
          names: `${c.name} ${c.nameEn}`,
          isLeaf: true,
        })),
      ),
    ],
    [provinces.data, cities, zh],
  );

  return (
    <TreeSelect<string[]>
      id={id}
      aria-label={rest["aria-label"]}
      disabled={disabled}
      treeDataSimpleMode
      treeData={treeData}
      loadData={async (node) => {
        const code = String(node.value);
        if (!cities[code]) await load(code);
      }}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      value={value}
      onChange={(v) => onChange?.((v ?? []).map(String))}
      loading={provinces.isPending}
      placeholder={placeholder}
      maxTagCount={12}
      // Typing finds an area by either name: "杭州" in English mode, "hangzhou" in Chinese.
      filterTreeNode={(input, node) =>
        String(node.names ?? node.title ?? "")
          .toLowerCase()
          .includes(input.trim().toLowerCase())
      }
      showSearch
      allowClear
      style={{ width: "100%" }}
    />
  );
}
