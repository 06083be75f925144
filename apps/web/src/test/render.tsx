import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Providers } from "@/app/providers";

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } } });

/** Renders a screen inside the app's providers and a memory router at `url`. */
export function renderScreen(ui: ReactNode, { url = "/", path = "*" }: { url?: string; path?: string } = {}) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [url] });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}
