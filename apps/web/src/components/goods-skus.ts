import * as contract from "@sbo/contract/goods";
import { useQueries } from "@tanstack/react-query";
import { call } from "@/platform/api-client";

export interface GoodsSku {
  goodsId: string;
  skuId: string;
  specValues: string[];
  price: number;
}

/** The SKUs (spec values, price) of chosen items, one read per item: for screens that price each SKU. */
export function useGoodsSkus(goodsIds: readonly string[]): { skus: GoodsSku[]; loading: boolean } {
  const results = useQueries({
    queries: goodsIds.map((goodsId) => ({
      queryKey: ["goods", "detail", goodsId, "prices"],
      queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.goods.selGoodsPromotion, { goodsId }, { notify: false, signal }),
    })),
  });
  return {
    skus: results.flatMap((r) =>
      (r.data?.skus ?? []).map((s) => ({ goodsId: r.data?.goodsId ?? "", skuId: s.skuId, specValues: s.specValues, price: s.price })),
    ),
    loading: results.some((r) => r.isPending),
  };
}
