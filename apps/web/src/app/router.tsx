import { Spin } from "antd";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { BackOfficeLayout } from "./layout/back-office-layout";
import { RootShell } from "./root-shell";
import { RouteError } from "./route-error";
import { type RouteDef, routes } from "./routes";

function toRoute(def: RouteDef): RouteObject {
  const handle = { def };
  if (def.redirectTo) return { path: def.path, handle, element: <Navigate to={def.redirectTo} replace /> };
  const screen = def.screen;
  if (!screen) throw new Error(`Route ${def.path} has neither a screen nor a redirect`);
  return {
    path: def.path,
    handle,
    lazy: async () => {
      const { Component } = await screen();
      return { Component };
    },
  };
}

/** Public screens and redirects sit outside the layout; private screens inside it, guarded there. */
export function buildRouteObjects(defs: readonly RouteDef[] = routes): RouteObject[] {
  const outside = defs.filter((d) => d.public || d.redirectTo);
  const inside = defs.filter((d) => !d.public && !d.redirectTo);
  return [
    {
      id: "root",
      element: <RootShell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Spin fullscreen />,
      children: [
        ...outside.map(toRoute),
        { id: "layout", element: <BackOfficeLayout />, errorElement: <RouteError />, children: inside.map(toRoute) },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRouteObjects());
