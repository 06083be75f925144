import { useEffect, useState } from "react";
import { type Location, useLocation, useNavigate } from "react-router";
import { removeByPrefix } from "./storage";

/**
 * Screens that keep their state when left and revisited (spec: "kept alive"): a list's filters and page live in the
 * URL's query (docs/decisions.md), so the query is remembered for this tab (sessionStorage) and put back when the
 * screen is opened again without one (from the menu, a breadcrumb, a link).
 *
 * The query is remembered from the router's own notice of each navigation, not from the screen's render: React Router
 * renders a navigation as a transition, and a click elsewhere before that render commits (a user quick on the menu,
 * a busy machine) supersedes it, so a screen would never render the query it was left with.
 */
const keptPaths = new Set<string>();
export const KEPT_PREFIX = "sbo:kept:";
const storageKey = (pathname: string) => `${KEPT_PREFIX}${pathname}`;

function remember(pathname: string, search: string) {
  try {
    sessionStorage.setItem(storageKey(pathname), search);
  } catch {
    // Storage disabled: the screen starts afresh next time.
  }
}

function remembered(pathname: string): string | null {
  try {
    const saved = sessionStorage.getItem(storageKey(pathname));
    return saved && saved !== "?" ? saved : null;
  } catch {
    return null;
  }
}

/** Forgets every kept query in the tab (at logout: they are the filters of who was signed in). */
export function forgetKeptSearches(storage: Storage = sessionStorage): void {
  removeByPrefix(storage, [KEPT_PREFIX]);
}

type Subscribable = { state: { location: Location }; subscribe(fn: (state: { location: Location }) => void): () => void };

/** Called once with the app's router (main.tsx): remembers each kept screen's query as it changes. */
export function keepSearches(router: Subscribable): () => void {
  let last = router.state.location;
  return router.subscribe(({ location }) => {
    const previous = last;
    last = location;
    if (location === previous || !keptPaths.has(location.pathname)) return;
    // A change on the screen is remembered, to no query too; arriving without one leaves the remembered one to put back.
    if (location.search || previous.pathname === location.pathname) remember(location.pathname, location.search);
  });
}

/**
 * Makes the current screen a kept one. Answers false for the one render before the remembered query is back, so the
 * screen does not first load its default page.
 */
export function useKeptSearch(): boolean {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(() => {
    keptPaths.add(pathname);
    if (!search) return remembered(pathname);
    remember(pathname, search);
    return null;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening the screen
  useEffect(() => {
    if (pending === null) return;
    void navigate({ search: pending }, { replace: true });
    setPending(null);
  }, []);
  return pending === null;
}
