import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/recommend";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListRequest } from "@/components/list-page";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const recommendKeys = queryKeys("recommend");

export type GroupRow = OutputOf<typeof contract.recommend.selRecommendClassifyList>[number];
export type RecommendRow = OutputOf<typeof contract.recommend.selExistRecommendByPage>["list"][number];

export const groupsQuery = () =>
  queryOptions({
    queryKey: recommendKeys.list("groups", {}),
    queryFn: ({ signal }) => call(contract.recommend.selRecommendClassifyList, {}, { notify: false, signal }),
  });
export const useGroups = () => useQuery(groupsQuery());

/** A group's goods, in the seller's order (the goods screen's list). */
export const fetchGroupGoods = (classifyId: string) => (request: ListRequest, signal: AbortSignal) =>
  call(contract.recommend.selExistRecommendByPage, { ...request, classifyId }, { signal });
export const groupGoodsKey = (classifyId: string) => recommendKeys.list("goods", { classifyId });
/** The goods screen's page size (a group holds at most MAX_RECOMMEND_GOODS). */
export const GROUP_GOODS_PAGE = 100;
