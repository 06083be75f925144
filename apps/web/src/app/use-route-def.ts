import { useMatches } from "react-router";
import type { RouteDef } from "./routes";

/** The route definition of the deepest match (the router puts it in each route's `handle`). */
export function useRouteDef(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (handle && typeof handle === "object" && "def" in handle) return handle.def as RouteDef;
  }
  return undefined;
}
