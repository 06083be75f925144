import { type FuncNode, funcNodes, type MemberInfo } from "@sbo/contract/session";
import { useMemo } from "react";
import { holds, landingOf, mayOpen } from "../route-match";
import { useSessionMember } from "./session.api";

/**
 * The menus, computed from the session (the member's functions) and the contract's function tree:
 * the same rule the server's menu calls apply, without waiting for them, so the shell shows its
 * menus with the member and nothing moves when they arrive.
 */
const bySort = (a: FuncNode, b: FuncNode) => a.sort - b.sort;

/** Top menu: the areas the member holds that lead to a screen they may open. */
export const areasOf = (member: MemberInfo): FuncNode[] =>
  funcNodes.filter((n) => n.kind === "area" && holds(member, n.code) && landingOf(n.code, n.path, member) !== null).sort(bySort);

/** Left menu of an area: its built screens the member may open. */
export const screensOf = (member: MemberInfo, area: string): FuncNode[] =>
  funcNodes
    .filter((n) => n.parentCode === area && n.kind === "screen" && n.path !== null && holds(member, n.code) && mayOpen(member, n.path))
    .sort(bySort);

/** The signed-in member's areas (empty until the session is known). */
export function useAreas(): FuncNode[] {
  const member = useSessionMember();
  return useMemo(() => (member ? areasOf(member) : []), [member]);
}
