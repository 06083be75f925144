import type { Call } from "@sbo/contract/define";
import type { FunctionCode } from "@sbo/contract/functions";
import { holds } from "./route-match";
import { useSessionMember } from "./session/session.api";

/**
 * Whether the signed-in member holds `func` (the owner holds every function); false while no one is signed in. The
 * code is one of the function tree's, so a misspelled one fails the typecheck.
 */
export function useHolds(func: FunctionCode): boolean {
  return useHoldsCode(func);
}

/** Whether the signed-in member may make `entry`: the function guarding it, if any (an export's own export function). */
export function useMayCall(entry: Pick<Call, "access"> | undefined): boolean {
  const access = entry?.access;
  return useHoldsCode(typeof access === "object" ? access.func : "");
}

/** A code the contract's calls name (a call's guard is a plain string there); `""` is held by any member. */
function useHoldsCode(func: string): boolean {
  const member = useSessionMember();
  return member ? holds(member, func) : false;
}
