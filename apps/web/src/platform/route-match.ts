import { functionTree } from "@sbo/contract/functions";
import type { MemberInfo } from "@sbo/contract/session";
import { matchPath } from "react-router";
import { screens as all, routerPathOf, type ScreenDef } from "./screens";

const screens = all.filter((r) => !r.redirectTo && r.path !== "*");

/** The built screen serving a path, if any. */
export function builtRouteOf(pathname: string): ScreenDef | undefined {
  return screens.find((r) => matchPath({ path: routerPathOf(r.path), end: true }, pathname));
}

export const isBuilt = (pathname: string): boolean => builtRouteOf(pathname) !== undefined;

/** The owner holds every function; others hold what their roles grant. */
export const holds = (member: Pick<MemberInfo, "isOwner" | "functions">, func: string | undefined): boolean =>
  !func || member.isOwner || member.functions.includes(func);

/** The top-menu area a route belongs to: through its function's ancestors, else its `area`. */
export function areaOf(def: ScreenDef | undefined): string | null {
  if (!def) return null;
  let code: string | null | undefined = def.func;
  while (code) {
    const node = functionTree.find((f) => f.code === code);
    if (!node) break;
    if (node.kind === "area") return node.code;
    code = node.parent;
  }
  return def.area ?? null;
}

/** Whether the member may open the built screen at `pathname` (false when nothing is built there). */
export function mayOpen(member: Pick<MemberInfo, "isOwner" | "functions">, pathname: string): boolean {
  const def = builtRouteOf(pathname);
  return def !== undefined && holds(member, def.func);
}

/**
 * Where clicking an area (menu or home card) goes: the first screen in it the member may open — its own
 * path when they may open that, else its screens in menu order. Null when there is none (the area is
 * then left out of the menus).
 */
export function landingOf(areaCode: string, areaPath: string | null, member: Pick<MemberInfo, "isOwner" | "functions">): string | null {
  if (areaPath && mayOpen(member, areaPath)) return areaPath;
  const first = functionTree
    .filter((f) => f.parent === areaCode && f.kind === "screen" && f.path && holds(member, f.code) && mayOpen(member, f.path))
    .sort((a, b) => a.sort - b.sort)[0];
  return first?.path ?? null;
}
