import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/freight";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const freightKeys = queryKeys("freight");

export type FreightRow = OutputOf<typeof contract.freight.selByParam>["list"][number];
export type FreightDetail = OutputOf<typeof contract.freight.selById>;

export const useFreightDetail = (id: string | null) =>
  useQuery({
    queryKey: freightKeys.detail(id ?? ""),
    queryFn: ({ signal }) => call(contract.freight.selById, { id: id ?? "" }, { notify: false, signal }),
    enabled: Boolean(id),
  });
