import * as contract from "@sbo/contract/content";
import type { OutputOf } from "@sbo/contract/define";
import { useQuery } from "@tanstack/react-query";
import type { ListRequest } from "@/components/list-page";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const contentKeys = queryKeys("content");

export type ContentRow = OutputOf<typeof contract.content.selWebContentListByParam>["list"][number];
export type ContentPage = OutputOf<typeof contract.content.selWebContentById>;

/** The list's pages (the `published` filter from its yes/no choice). */
export const fetchContentPages = (request: ListRequest, signal: AbortSignal) => {
  const { published, ...rest } = request;
  return call(
    contract.content.selWebContentListByParam,
    { ...rest, ...(published === "yes" ? { published: true } : published === "no" ? { published: false } : {}) },
    { signal },
  );
};
export const contentPagesKey = contentKeys.list("pages", {});

/** One page of custom content: the edit screen's query, and its prefetch. */
export const contentPageQuery = (id: string) => ({
  queryKey: contentKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.content.selWebContentById, { id }, { notify: false, signal }),
});

export const useContentPage = (id: string | null) => useQuery({ ...contentPageQuery(id ?? ""), enabled: id !== null });
