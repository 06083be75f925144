import * as contract from "@sbo/contract/content";
import type { OutputOf } from "@sbo/contract/define";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const contentKeys = queryKeys("content");

export type ContentRow = OutputOf<typeof contract.content.selWebContentListByParam>["list"][number];
export type ContentPage = OutputOf<typeof contract.content.selWebContentById>;

export const useContentPage = (id: string | null) =>
  useQuery({
    queryKey: contentKeys.detail(id ?? ""),
    queryFn: ({ signal }) => call(contract.content.selWebContentById, { id: id ?? "" }, { notify: false, signal }),
    enabled: id !== null,
  });
