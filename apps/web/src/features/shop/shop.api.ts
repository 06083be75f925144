import { organization } from "@sbo/contract/organization";
import { reference } from "@sbo/contract/reference";
import { shop } from "@sbo/contract/shop";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

/** The calls of the domains this file uses (their own modules, not the whole contract). */
const contract = { organization, reference, shop };

export const shopKeys = {
  ...queryKeys("shop"),
  mine: () => ["shop", "mine"] as const,
  manage: () => ["shop", "manage"] as const,
  settings: (shopId: string) => ["shop", "settings", shopId] as const,
  areas: (pid: string | null) => ["shop", "areas", pid] as const,
  categories: () => ["shop", "categories"] as const,
};

/** The active organisation's shop (null: none yet); readable in every state. */
export const myShopQuery = () =>
  queryOptions({ queryKey: shopKeys.mine(), queryFn: ({ signal }) => call(contract.shop.selShopByBoId, {}, { signal, notify: false }) });
export const useMyShop = () => useQuery(myShopQuery());

export const shopAndOrgQuery = () =>
  queryOptions({ queryKey: shopKeys.manage(), queryFn: ({ signal }) => call(contract.shop.selShopAndOrg, {}, { signal, notify: false }) });
export const useShopAndOrg = () => useQuery(shopAndOrgQuery());

export const shopSettingsQuery = (shopId: string) =>
  queryOptions({
    queryKey: shopKeys.settings(shopId),
    queryFn: ({ signal }) => call(contract.shop.selShopSettingByShopId, { shopId }, { signal, notify: false }),
  });
export const useShopSettings = (shopId: string | undefined) => useQuery({ ...shopSettingsQuery(shopId ?? ""), enabled: Boolean(shopId) });

export const useTopCategories = () =>
  useQuery({
    queryKey: shopKeys.categories(),
    queryFn: ({ signal }) => call(contract.reference.selSubCateListByPcateId, {}, { signal, notify: false }),
    staleTime: 30 * 60_000,
  });

/** After the shop changes: every shop and organisation query, and the session. */
export { useShopChanged } from "@/platform/session/use-shop-changed";
