import { functionTree } from "@sbo/contract/functions";
import type { MemberInfo } from "@sbo/contract/session";
import { areaOf, builtRouteOf, landingOf, mayOpen } from "./route-match";
import type { ScreenDef, Title } from "./screens";

/** One step of the trail: its name in both languages, and where it leads when the member may go there. */
export interface Crumb {
  title: Title;
  to?: string;
}

type Holder = Pick<MemberInfo, "isOwner" | "functions">;

const segments = (path: string) => path.split("/").filter(Boolean);

/** The built screen a screen is reached from: its declared parent, else the longest screen whose path its path continues. */
function parentOf(def: ScreenDef): ScreenDef | undefined {
  if (def.parent) return builtRouteOf(def.parent);
  const own = segments(def.path);
  for (let n = own.length - 1; n > 0; n--) {
    const parent = builtRouteOf(`/${own.slice(0, n).join("/")}`);
    if (parent && !parent.public) return parent;
  }
  return undefined;
}

/**
 * The breadcrumbs of the screen at `pathname`, from the route table and the function tree (spec §2): the
 * area, the screens it is reached from, the screen itself. Empty on an area's top screen, on screens
 * outside any area (public pages, the open-shop flow) and on unknown paths. An ancestor links only where
 * the member may open it; the area links to its landing for the member.
 */
export function breadcrumbsOf(pathname: string, member: Holder): Crumb[] {
  const def = builtRouteOf(pathname);
  if (!def || def.public) return [];
  const areaCode = areaOf(def);
  const area = functionTree.find((f) => f.kind === "area" && f.code === areaCode);
  if (!area) return [];
  if (area.path === def.path) return [];

  const ancestors: ScreenDef[] = [];
  for (let p = parentOf(def); p && p.path !== area.path && ancestors.length < 5; p = parentOf(p)) ancestors.unshift(p);

  const landing = landingOf(area.code, area.path ?? null, member);
  return [
    { title: area.name, ...(landing && landing !== pathname ? { to: landing } : {}) },
    ...ancestors.map((a) => ({ title: a.title, ...(!a.path.includes(":") && mayOpen(member, a.path) ? { to: a.path } : {}) })),
    { title: def.title },
  ];
}
