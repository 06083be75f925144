import { holds } from "./route-match";
import { useSessionMember } from "./session/session.api";

/** Whether the signed-in member holds `func` (the owner holds every function); false while no one is signed in. */
export function useHolds(func: string): boolean {
  const member = useSessionMember();
  return member ? holds(member, func) : false;
}
