import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/shop-category";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const shopCategoryKeys = queryKeys("shopCategory");
export const CATEGORY_TREE = "/transaction/goodsTypeManage";

export type CategoryNode = OutputOf<typeof contract.shopCategory.selShopClassifyListByBoId>["tree"][number];
export type CategoryGoodsRow = OutputOf<typeof contract.shopCategory.selShopClassifyGoodsByPage>["list"][number];

/** The spec's path of a category's goods: `/children/:id&:shopId&:name`, each part encoded. */
export const categoryGoodsPath = (id: string, shopId: string, name: string) =>
  `${CATEGORY_TREE}/children/${[id, shopId, name].map(encodeURIComponent).join("&")}`;

export const useCategoryTree = () =>
  useQuery({
    queryKey: shopCategoryKeys.list("tree", {}),
    queryFn: ({ signal }) => call(contract.shopCategory.selShopClassifyListByBoId, {}, { notify: false, signal }),
  });
