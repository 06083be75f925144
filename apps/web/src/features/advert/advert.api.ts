import * as contract from "@sbo/contract/advert";
import type { OutputOf } from "@sbo/contract/define";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const advertKeys = queryKeys("advert");

export type AdvertRow = OutputOf<typeof contract.advert.selAdvertById>;
export type AdvertItemRow = OutputOf<typeof contract.advertDetail.addAdvertDetail>;

export const advertQuery = (id: string) =>
  queryOptions({
    queryKey: advertKeys.detail(id),
    queryFn: ({ signal }) => call(contract.advert.selAdvertById, { id }, { notify: false, signal }),
  });
export const useAdvert = (id: string) => useQuery(advertQuery(id));

/** Every advert of the shop (at most MAX_ADVERTS): the list's rows, its filters and pages cut from them. */
export const advertsQuery = () =>
  queryOptions({
    queryKey: advertKeys.list("all", {}),
    queryFn: ({ signal }) => call(contract.advert.selAdvertListByParam, {}, { notify: false, signal }),
  });

export const useAdvertCategories = (enabled: boolean) =>
  useQuery({
    queryKey: advertKeys.list("categories", {}),
    queryFn: ({ signal }) => call(contract.advertDetail.queryAdvertCategoryList, {}, { notify: false, signal }),
    enabled,
  });

/** The new order of `ids` after moving the one at `from` to `to`. */
export function moved<T>(ids: readonly T[], from: number, to: number): T[] {
  const out = [...ids];
  const [x] = out.splice(from, 1);
  if (x === undefined) return out;
  out.splice(Math.max(0, Math.min(to, out.length)), 0, x);
  return out;
}
