import * as contract from "@sbo/contract/organization";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const enterpriseKeys = {
  ...queryKeys("organization"),
  enterprise: () => ["organization", "enterprise"] as const,
};

/** The active organisation's enterprise (company) information. */
export const enterpriseQuery = () =>
  queryOptions({
    queryKey: enterpriseKeys.enterprise(),
    queryFn: ({ signal }) => call(contract.organization.selById, {}, { signal, notify: false }),
  });
export const useEnterprise = () => useQuery(enterpriseQuery());
