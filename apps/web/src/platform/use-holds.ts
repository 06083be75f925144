import type { Call } from "@sbo/contract/define";
import { holds } from "./route-match";
import { useSessionMember } from "./session/session.api";

/** Whether the signed-in member holds `func` (the owner holds every function); false while no one is signed in. */
export function useHolds(func: string): boolean {
  const member = useSessionMember();
  return member ? holds(member, func) : false;
}

/** Whether the signed-in member may make `entry`: the function guarding it, if any (an export's own export function). */
export function useMayCall(entry: Pick<Call, "access"> | undefined): boolean {
  const access = entry?.access;
  return useHolds(typeof access === "object" ? access.func : "");
}
