import type { MemberInfo } from "@sbo/contract/session";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Providers } from "@/app/providers";
import { sessionKeys } from "@/platform/session/session.api";

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } } });

/** Renders a screen inside the app's providers and a memory router at `url`, signed in as `member` when given. */
export function renderScreen(ui: ReactNode, { url = "/", path = "*", member }: { url?: string; path?: string; member?: MemberInfo } = {}) {
  const queryClient = testQueryClient();
  // The session as the layout would have fetched it: permissions read it from the query cache.
  if (member) queryClient.setQueryData(sessionKeys.member(), member);
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [url] });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}
