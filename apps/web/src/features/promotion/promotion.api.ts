import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/promotion";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const promotionKeys = queryKeys("promotion");

export type PromotionRow = OutputOf<typeof contract.promotion.queryList>["list"][number];
export type PromotionDetail = OutputOf<typeof contract.promotion.selPronmotionById>;

/** An instant in the browser's local time, 24-hour. */

/** One promotion: the detail and edit screens' query, and their prefetch. */
export const promotionDetailQuery = (id: string) => ({
  queryKey: promotionKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.promotion.selPronmotionById, { id }, { notify: false, signal }),
});

export const usePromotionDetail = (id: string) => useQuery({ ...promotionDetailQuery(id), enabled: id !== "" });

/** What the state allows (the server's machine decides; this chooses what to offer). */
export const canEdit = (state: PromotionRow["state"]) => state === "notStarted" || state === "running";
