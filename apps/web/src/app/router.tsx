import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter, type DataRouteMatch, matchRoutes, Navigate, type RouteObject } from "react-router";
import { none } from "../platform/screen-preload";
import { routerPathOf } from "../platform/screens";
import { RootShell } from "./root-shell";
import { RouteError } from "./route-error";
import { type RouteDef, routes } from "./routes";

/** The same frame as index.html's `#root` content, so nothing blinks while the first screen loads. */
function BootFrame() {
  return (
    <div className="app-boot" aria-busy="true">
      <div className="app-boot-header">
        <span className="app-mark-logo" aria-hidden="true">
          S
        </span>
      </div>
    </div>
  );
}

function toRoute(def: RouteDef, queryClient?: QueryClient): RouteObject {
  const handle = { def };
  if (def.redirectTo) return { path: def.path, handle, element: <Navigate to={def.redirectTo} replace /> };
  const screen = def.screen;
  if (!screen) throw new Error(`Route ${def.path} has neither a screen nor a redirect`);
  return {
    path: routerPathOf(def.path),
    handle,
    lazy: async () => {
      const { Component, prefetch } = await screen();
      // The screen's first queries start as the navigation commits, not after its first render (never awaited: the
      // screen shows its own loading state).
      if (!prefetch || prefetch === none || !queryClient) return { Component };
      return {
        Component,
        loader: ({ params, request }) => {
          prefetch(queryClient, params, new URL(request.url).searchParams);
          return null;
        },
      };
    },
  };
}

/** Public screens and redirects sit outside the layout; private screens (and /403) inside it, guarded there. */
export function buildRouteObjects(defs: readonly RouteDef[] = routes, queryClient?: QueryClient): RouteObject[] {
  const insideLayout = (d: RouteDef) => !d.redirectTo && (!d.public || d.inShellWhenSignedIn === true);
  const outside = defs.filter((d) => !insideLayout(d));
  const inside = defs.filter(insideLayout);
  return [
    {
      id: "root",
      element: <RootShell />,
      errorElement: <RouteError />,
      // While the first screen's code loads: the header index.html drew before any script ran, not a
      // spinner (the screen then appears at once).
      hydrateFallbackElement: <BootFrame />,
      children: [
        ...outside.map((d) => toRoute(d, queryClient)),
        {
          id: "layout",
          // Loaded with the first private screen: the login and error screens do not download the menus.
          lazy: async () => ({ Component: (await import("./layout/back-office-layout")).BackOfficeLayout }),
          errorElement: <RouteError />,
          children: inside.map((d) => toRoute(d, queryClient)),
        },
      ],
    },
  ];
}

export const createAppRouter = (queryClient?: QueryClient) => createBrowserRouter(buildRouteObjects(routes, queryClient));

/**
 * Loads the code and texts of the screen at a URL path and starts its first queries (`preloadScreen`): what a click
 * on a menu item or a row would otherwise wait for. Redirects and unknown paths load nothing.
 */
export function screenPreloader(router: ReturnType<typeof createAppRouter>, queryClient: QueryClient) {
  return async (path: string, withData: boolean): Promise<void> => {
    const match = matchRoutes(router.routes, path.split("?")[0] ?? path)?.at(-1);
    const def = (match?.route.handle as { def?: RouteDef } | undefined)?.def;
    if (!match || !def?.screen || def.path === "*") return;
    await def.screen().then(
      (module) => (withData ? module.prefetch?.(queryClient, match.params, new URLSearchParams(path.split("?")[1] ?? "")) : undefined),
      // A chunk that failed to load is loaded again when the screen opens, and fails there visibly.
      () => undefined,
    );
  };
}

/** Whether the first matched screen is a private one (inside the layout and not public): it needs the session. */
export function opensPrivateScreen(matches: readonly DataRouteMatch[]): boolean {
  const def = (matches.at(-1)?.route.handle as { def?: RouteDef } | undefined)?.def;
  return matches.some((m) => m.route.id === "layout") && def !== undefined && def.public !== true;
}
