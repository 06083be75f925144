import { contract } from "@sbo/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { sessionKeys } from "@/features/session/session.api";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const shopKeys = {
  ...queryKeys("shop"),
  mine: () => ["shop", "mine"] as const,
  manage: () => ["shop", "manage"] as const,
  settings: (shopId: string) => ["shop", "settings", shopId] as const,
  enterprise: () => ["shop", "enterprise"] as const,
  areas: (pid: string | null) => ["shop", "areas", pid] as const,
  categories: () => ["shop", "categories"] as const,
};

/** The active organisation's shop (null: none yet); readable in every state. */
export const useMyShop = () =>
  useQuery({ queryKey: shopKeys.mine(), queryFn: ({ signal }) => call(contract.shop.selShopByBoId, {}, { signal, notify: false }) });

export const useShopAndOrg = () =>
  useQuery({ queryKey: shopKeys.manage(), queryFn: ({ signal }) => call(contract.shop.selShopAndOrg, {}, { signal, notify: false }) });

export const useShopSettings = (shopId: string | undefined) =>
  useQuery({
    queryKey: shopKeys.settings(shopId ?? ""),
    queryFn: ({ signal }) => call(contract.shop.selShopSettingByShopId, { shopId: shopId ?? "" }, { signal, notify: false }),
    enabled: Boolean(shopId),
  });

export const useEnterprise = () =>
  useQuery({
    queryKey: shopKeys.enterprise(),
    queryFn: ({ signal }) => call(contract.organization.selById, {}, { signal, notify: false }),
  });

export const useTopCategories = () =>
  useQuery({
    queryKey: shopKeys.categories(),
    queryFn: ({ signal }) => call(contract.reference.selSubCateListByPcateId, {}, { signal, notify: false }),
    staleTime: 30 * 60_000,
  });

/** After the shop changes: every shop query, and the session (its shop summary and openShopUrl). */
export function useShopChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shopKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.member() }),
    ]);
}
