import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import * as reference from "@sbo/contract/reference";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const goodsKeys = queryKeys("goods");

export type GoodsRow = OutputOf<typeof contract.goods.selGoodsListByDefaultShop>["list"][number];
export type GoodsCounts = OutputOf<typeof contract.goods.selGoodsListByDefaultShop>["counts"];
export type PackageRow = OutputOf<typeof contract.goods.selPackageGoodsListByDefaultShop>["list"][number];
export type SkuPick = OutputOf<typeof contract.goods.selAllowPackageByDefaultShop>["list"][number];
export type MemberPriceRow = OutputOf<typeof contract.goods.selGoodsListByMember>["list"][number];
export type LadderRow = OutputOf<typeof contract.goods.selGoodsLadderList>["list"][number];
export type ImportResult = OutputOf<typeof contract.goods.importGoodsList>;
export type ShelfBatch = OutputOf<typeof contract.goods.selLastShelfBatch>;

const STALE = 30 * 60_000;

/** One item's detail: the detail and edit screens' query, and their prefetch. */
export const goodsDetailQuery = (id: string) => ({
  queryKey: goodsKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.goods.selGoodsByIdV2, { id }, { notify: false, signal }),
});

export const useGoodsDetail = (id: string | null) => useQuery({ ...goodsDetailQuery(id ?? ""), enabled: Boolean(id) });

export const unitsQuery = () =>
  queryOptions({
    queryKey: ["reference", "units"],
    queryFn: ({ signal }) => call(reference.reference.selSystemUnitByParam, {}, { notify: false, signal }),
    staleTime: STALE,
  });
export const useUnits = () => useQuery(unitsQuery());

export type DictItem = OutputOf<typeof reference.reference.selSpecItemListByDictId>[number];

/** A platform dictionary's items (cached for the session's half hour, as units are). */
export const useDictItems = (dictId: string | null) =>
  useQuery({
    queryKey: ["reference", "dict", dictId],
    queryFn: ({ signal }) => call(reference.reference.selSpecItemListByDictId, { dictId: dictId ?? "" }, { notify: false, signal }),
    enabled: Boolean(dictId),
    staleTime: STALE,
  });

/** The categories the platform relates to a category (and to its parents), for the goods form's suggestions. */
export const useRelatedCategories = (categoryId: string | null) =>
  useQuery({
    queryKey: ["reference", "relatedCategories", categoryId],
    queryFn: ({ signal }) => call(reference.reference.selRelatedCategoryList, { id: categoryId ?? "" }, { notify: false, signal }),
    enabled: Boolean(categoryId),
    staleTime: STALE,
  });

export const useAttrDefs = (categoryId: string | null) =>
  useQuery({
    queryKey: ["goods", "attrDefs", categoryId],
    queryFn: ({ signal }) => call(contract.goods.selAttrDefByCategoryId, { categoryId: categoryId ?? "" }, { notify: false, signal }),
    enabled: Boolean(categoryId),
    staleTime: STALE,
  });

export const logisticsQuery = () =>
  queryOptions({
    queryKey: goodsKeys.list("logistics", {}),
    queryFn: ({ signal }) => call(contract.goods.selSupportLogistics, {}, { notify: false, signal }),
    staleTime: 60_000,
  });
export const useLogistics = () => useQuery(logisticsQuery());

/** A package (the package form's saved one). */
export const packageQuery = (id: string) =>
  queryOptions({
    queryKey: goodsKeys.detail(id),
    queryFn: ({ signal }) => call(contract.goods.selGoodsById, { id }, { notify: false, signal }),
  });

/** An item's quantity tiers per SKU (the ladder editor's grid). */
export const ladderGridQuery = (goodsId: string) =>
  queryOptions({
    queryKey: goodsKeys.list("ladderGrid", { goodsId }),
    queryFn: ({ signal }) => call(contract.goods.selGoodsLadderById, { goodsId }, { notify: false, signal }),
  });

/** An item's member prices per SKU and rank (the member price editor's grid). */
export const memberPriceGridQuery = (goodsId: string) =>
  queryOptions({
    queryKey: goodsKeys.list("memberPriceGrid", { goodsId }),
    queryFn: ({ signal }) => call(contract.goods.selGoodsMemberPriceById, { goodsId }, { notify: false, signal }),
  });

/**
 * The list screens' query-key prefixes under `lists()` (each its own: the ladder, member price and package lists'
 * first pages would otherwise share one key with different calls' rows).
 */
export const ladderListKey = goodsKeys.list("ladders", {});
export const memberPriceListKey = goodsKeys.list("memberPrices", {});
export const packageListKey = goodsKeys.list("packages", {});

export const useLastShelfBatch = () =>
  useQuery({
    queryKey: goodsKeys.list("lastShelfBatch", {}),
    queryFn: ({ signal }) => call(contract.goods.selLastShelfBatch, {}, { notify: false, signal }),
  });

/** The `id` of `?id=` (the spec's update and detail paths carry no id of their own). */
export const idParam = (search: URLSearchParams) => search.get("id") || search.get("goodsId") || null;
