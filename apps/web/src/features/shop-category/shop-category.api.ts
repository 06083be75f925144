import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/shop-category";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const shopCategoryKeys = queryKeys("shopCategory");

export type CategoryNode = OutputOf<typeof contract.shopCategory.selShopClassifyListByBoId>["tree"][number];
export type CategoryGoodsRow = OutputOf<typeof contract.shopCategory.selShopClassifyGoodsByPage>["list"][number];

export const useCategoryTree = () =>
  useQuery({
    queryKey: shopCategoryKeys.list("tree", {}),
    queryFn: ({ signal }) => call(contract.shopCategory.selShopClassifyListByBoId, {}, { notify: false, signal }),
  });
