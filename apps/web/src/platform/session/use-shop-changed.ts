import { useQueryClient } from "@tanstack/react-query";
import { sessionKeys } from "./session.api";

/**
 * After the seller's shop or organisation changes (opening, settings, status, enterprise details):
 * every shop and organisation query, and the session (its shop summary and openShopUrl).
 */
export function useShopChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["shop"] }),
      queryClient.invalidateQueries({ queryKey: ["organization"] }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.member() }),
    ]);
}
