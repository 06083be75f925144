import { createBrowserRouter, type DataRouteMatch, Navigate, type RouteObject } from "react-router";
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

function toRoute(def: RouteDef): RouteObject {
  const handle = { def };
  if (def.redirectTo) return { path: def.path, handle, element: <Navigate to={def.redirectTo} replace /> };
  const screen = def.screen;
  if (!screen) throw new Error(`Route ${def.path} has neither a screen nor a redirect`);
  return {
    path: routerPathOf(def.path),
    handle,
    lazy: async () => {
      const { Component } = await screen();
      return { Component };
    },
  };
}

/** Public screens and redirects sit outside the layout; private screens (and /403) inside it, guarded there. */
export function buildRouteObjects(defs: readonly RouteDef[] = routes): RouteObject[] {
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
        ...outside.map(toRoute),
        {
          id: "layout",
          // Loaded with the first private screen: the login and error screens do not download the menus.
          lazy: async () => ({ Component: (await import("./layout/back-office-layout")).BackOfficeLayout }),
          errorElement: <RouteError />,
          children: inside.map(toRoute),
        },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRouteObjects());

/** Whether the first matched screen is a private one (inside the layout and not public): it needs the session. */
export function opensPrivateScreen(matches: readonly DataRouteMatch[]): boolean {
  const def = (matches.at(-1)?.route.handle as { def?: RouteDef } | undefined)?.def;
  return matches.some((m) => m.route.id === "layout") && def !== undefined && def.public !== true;
}
