import type { QueryClient } from "@tanstack/react-query";

/**
 * What a screen module may export beside its `Component`: the queries its first render would make, started before
 * it renders — by its route's loader while the router commits the navigation, and by `preloadScreen` before the
 * screen is even opened (a menu item or a row pointed at, the browser idle). Same keys and functions as the screen's
 * own queries, so the screen finds them in the cache or in flight instead of asking after its first render.
 */
export type Prefetch = (client: QueryClient, params: Readonly<Record<string, string | undefined>>, search: URLSearchParams) => void;

/**
 * The `prefetch` of a screen that opens on no query of its own (a blank form, a static page, one that reads only the
 * session the layout already holds): said once beside the export with the reason, so every screen of the route table
 * says what it prefetches (app/routes.test.tsx). Its route gets no loader.
 */
export const none: Prefetch = () => undefined;

type Preloader = (path: string, withData: boolean) => Promise<void>;
let preloader: Preloader | null = null;

/** Set once by the app (main.tsx): loads the code and texts of the screen at a path, then (`withData`) runs its `prefetch`. */
export function setScreenPreloader(fn: Preloader): void {
  preloader = fn;
}

/**
 * The screen at `path` (a URL path, not a pattern) loads its code and texts now, and its first queries too when the
 * user is about to open it (pointing at its menu item or row).
 */
export function preloadScreen(path: string, withData = true): void {
  void preloader?.(path, withData);
}

type IdleWindow = {
  requestIdleCallback?: (fn: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Paths loaded (or loading) while idle in this page: their modules stay loaded, so each is asked once. (Loading them one
 * after the other instead of each at its own idle moment was tried: a page reloaded before each click then often
 * lacked the screen clicked, and the clerk's timings were worse; bench/README.md.)
 */
const idleTaken = new Set<string>();

/** Its code and texts only (no query: nobody may open it), when the browser is next idle; answers a cancel. */
export function preloadScreenWhenIdle(path: string): () => void {
  if (idleTaken.has(path)) return () => undefined;
  const run = () => {
    if (idleTaken.has(path)) return;
    idleTaken.add(path);
    preloadScreen(path, false);
  };
  const w = window as unknown as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(run, { timeout: 2000 });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}
