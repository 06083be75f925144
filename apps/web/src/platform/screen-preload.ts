import type { QueryClient } from "@tanstack/react-query";

/**
 * What a screen module may export beside its `Component`: the queries its first render would make, started before
 * it renders — by its route's loader while the router commits the navigation, and by `preloadScreen` before the
 * screen is even opened (a menu item or a row pointed at, the browser idle). Same keys and functions as the screen's
 * own queries, so the screen finds them in the cache or in flight instead of asking after its first render.
 */
export type Prefetch = (client: QueryClient, params: Readonly<Record<string, string | undefined>>, search: URLSearchParams) => void;

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

type IdleWindow = { requestIdleCallback?: (fn: () => void, opts?: { timeout: number }) => number };

/**
 * Paths waiting to load when the browser is idle, one at a time: evaluating a screen's modules is a long task on a
 * busy machine, and several at once would stand in the way of the next click.
 */
const idleQueue: string[] = [];
/** Paths loaded (or loading) while idle in this page: their modules stay loaded, so each is asked once. */
const idleTaken = new Set<string>();
let idleRunning = false;

function nextWhenIdle() {
  const path = idleQueue.shift();
  if (path === undefined) {
    idleRunning = false;
    return;
  }
  idleRunning = true;
  idleTaken.add(path);
  const run = () => void (preloader?.(path, false) ?? Promise.resolve()).finally(nextWhenIdle);
  const w = window as unknown as IdleWindow;
  if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

/** Its code and texts only (no query: nobody may open it), when the browser is idle, after those asked before; answers a cancel. */
export function preloadScreenWhenIdle(path: string): () => void {
  if (!idleQueue.includes(path) && !idleTaken.has(path)) idleQueue.push(path);
  if (!idleRunning) nextWhenIdle();
  return () => {
    const at = idleQueue.indexOf(path);
    if (at >= 0) idleQueue.splice(at, 1);
  };
}
