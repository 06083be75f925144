import * as contract from "@sbo/contract/content";
import type { OutputOf } from "@sbo/contract/define";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const contentKeys = queryKeys("content");

export type ContentRow = OutputOf<typeof contract.content.selWebContentListByParam>["list"][number];
export type ContentPage = OutputOf<typeof contract.content.selWebContentById>;

/** One page of custom content: the edit screen's query, and its prefetch. */
export const contentPageQuery = (id: string) => ({
  queryKey: contentKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.content.selWebContentById, { id }, { notify: false, signal }),
});

export const useContentPage = (id: string | null) => useQuery({ ...contentPageQuery(id ?? ""), enabled: id !== null });
