import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/promotion";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const promotionKeys = queryKeys("promotion");

export type PromotionRow = OutputOf<typeof contract.promotion.queryList>["list"][number];
export type PromotionDetail = OutputOf<typeof contract.promotion.selPronmotionById>;

/** An instant in the browser's local time, 24-hour. */

export const usePromotionDetail = (id: string) =>
  useQuery({
    queryKey: promotionKeys.detail(id),
    queryFn: ({ signal }) => call(contract.promotion.selPronmotionById, { id }, { notify: false, signal }),
    enabled: id !== "",
  });

/** What the state allows (the server's machine decides; this chooses what to offer). */
export const canEdit = (state: PromotionRow["state"]) => state === "notStarted" || state === "running";
