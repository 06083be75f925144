import type { OutputOf } from "@sbo/contract/define";
import { evaluation } from "@sbo/contract/evaluation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const evaluationKeys = queryKeys("evaluation");

export type EvalRow = OutputOf<typeof evaluation.selEvalOrderByPage>["list"][number];
export type EvalDetail = NonNullable<OutputOf<typeof evaluation.selEvalByOrderId>>;
export type ShopScore = OutputOf<typeof evaluation.selEvalShop>;

/** The shop's scores and the list's tab counts (kept current by the server as evaluations arrive). */
export const shopScoreQuery = () =>
  queryOptions({
    queryKey: evaluationKeys.list("shop", {}),
    queryFn: ({ signal }) => call(evaluation.selEvalShop, {}, { notify: false, signal }),
  });
export const useShopScore = () => useQuery(shopScoreQuery());

/** How many evaluated lines got each score, 1 to 5 (the shop's, from its aggregate). */
export const scoreDistributionQuery = () =>
  queryOptions({
    queryKey: evaluationKeys.list("distribution", {}),
    queryFn: ({ signal }) => call(evaluation.selEvalScoreByParam, {}, { notify: false, signal }),
  });
export const useScoreDistribution = () => useQuery(scoreDistributionQuery());

/** An order's evaluation, or null while it has none. */
export const orderEvaluationQuery = (orderId: string) =>
  queryOptions({
    queryKey: evaluationKeys.detail(orderId),
    queryFn: ({ signal }) => call(evaluation.selEvalByOrderId, { id: orderId }, { notify: false, signal }),
  });
export const useOrderEvaluation = (orderId: string | undefined, enabled = true) =>
  useQuery({ ...orderEvaluationQuery(orderId ?? ""), enabled: Boolean(orderId) && enabled });

/** Hundredths of a star as "4.67"; a rate in basis points as "96.5%". */
export const starsOf = (hundredths: number | null) => (hundredths === null ? null : (hundredths / 100).toFixed(2));
export const percentOf = (bp: number | null) => (bp === null ? null : `${(bp / 100).toFixed(1)}%`);
