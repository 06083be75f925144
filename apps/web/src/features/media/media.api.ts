import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/media";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const mediaKeys = queryKeys("media");

export type VideoRow = OutputOf<typeof contract.media.page>["list"][number];
export type VideoDetail = OutputOf<typeof contract.media.detail>;

/** Seconds as m:ss. */
export const clock = (seconds: number | null) =>
  seconds === null ? null : `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

/** One video: the edit screen's query, and its prefetch. */
export const videoDetailQuery = (id: string) => ({
  queryKey: mediaKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.media.detail, { id }, { notify: false, signal }),
});

export const useVideoDetail = (id: string) => useQuery({ ...videoDetailQuery(id), enabled: id !== "" });
