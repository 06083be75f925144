import { holds } from "./route-match";
import { useAppStore } from "./store";

/** Whether the signed-in member holds `func` (the owner holds every function); false while no one is signed in. */
export const useHolds = (func: string): boolean => useAppStore((s) => (s.member ? holds(s.member, func) : false));
