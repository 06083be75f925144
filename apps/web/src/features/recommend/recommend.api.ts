import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/recommend";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const recommendKeys = queryKeys("recommend");

export type GroupRow = OutputOf<typeof contract.recommend.selRecommendClassifyList>[number];
export type RecommendRow = OutputOf<typeof contract.recommend.selExistRecommendByPage>["list"][number];

export const useGroups = () =>
  useQuery({
    queryKey: recommendKeys.list("groups", {}),
    queryFn: ({ signal }) => call(contract.recommend.selRecommendClassifyList, {}, { notify: false, signal }),
  });
