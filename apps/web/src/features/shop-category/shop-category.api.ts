import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/shop-category";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListRequest } from "@/components/list-page";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const shopCategoryKeys = queryKeys("shopCategory");

export type CategoryNode = OutputOf<typeof contract.shopCategory.selShopClassifyListByBoId>["tree"][number];
export type CategoryGoodsRow = OutputOf<typeof contract.shopCategory.selShopClassifyGoodsByPage>["list"][number];

export const categoryTreeQuery = () =>
  queryOptions({
    queryKey: shopCategoryKeys.list("tree", {}),
    queryFn: ({ signal }) => call(contract.shopCategory.selShopClassifyListByBoId, {}, { notify: false, signal }),
  });
export const useCategoryTree = () => useQuery(categoryTreeQuery());

/** One category (its goods screen's title). */
export const categoryQuery = (id: string) =>
  queryOptions({
    queryKey: shopCategoryKeys.detail(id),
    queryFn: ({ signal }) => call(contract.shopCategory.selShopClassifyById, { id }, { signal }),
  });

/** A category's goods (its goods screen's list). */
export const fetchCategoryGoods = (id: string) => (request: ListRequest, signal: AbortSignal) =>
  call(contract.shopCategory.selShopClassifyGoodsByPage, { ...request, classifyId: id }, { signal });
export const categoryGoodsKey = (id: string) => shopCategoryKeys.list("goods", { id });
