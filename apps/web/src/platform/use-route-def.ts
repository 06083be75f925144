import { useMatches } from "react-router";
import type { ScreenDef } from "./screens";

/** The screen definition of the deepest match (the router puts it in each route's `handle`). */
export function useRouteDef(): ScreenDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (handle && typeof handle === "object" && "def" in handle) return handle.def as ScreenDef;
  }
  return undefined;
}
