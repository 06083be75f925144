import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/freight";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const freightKeys = queryKeys("freight");

export type FreightRow = OutputOf<typeof contract.freight.selByParam>["list"][number];
export type FreightDetail = OutputOf<typeof contract.freight.selById>;

/** One template: the edit screen's query, and its prefetch. */
export const freightDetailQuery = (id: string) => ({
  queryKey: freightKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.freight.selById, { id }, { notify: false, signal }),
});

export const useFreightDetail = (id: string | null) => useQuery({ ...freightDetailQuery(id ?? ""), enabled: Boolean(id) });
