import { useSyncExternalStore } from "react";

/**
 * The widths the layout changes at, on antd's breakpoints (docs/decisions.md, "Phones"): below `lg` (992 px, a tablet
 * held upright and every phone) the menus move into the navigation drawer and lists show cards; below `md` (768 px, a
 * phone) dialogs and drawers take the whole screen. The CSS of the shell uses the same numbers.
 */
export const NARROW_QUERY = "(max-width: 991.98px)";
export const PHONE_QUERY = "(max-width: 767.98px)";

// One subscribe function per query, so React does not subscribe again at every render.
const subscribers = new Map<string, (onChange: () => void) => () => void>();
const subscribe = (query: string) => {
  let found = subscribers.get(query);
  if (!found) {
    found = (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener?.("change", onChange);
      return () => list.removeEventListener?.("change", onChange);
    };
    subscribers.set(query, found);
  }
  return found;
};

/** Whether the window matches a media query, followed live and known at the first render (no table-then-cards flash). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribe(query),
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below the tablet width (992 px): the navigation drawer and list cards. */
export const useNarrow = () => useMediaQuery(NARROW_QUERY);
