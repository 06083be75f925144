import { evaluation } from "@sbo/contract/evaluation";
import * as invoices from "@sbo/contract/invoice";
import type { MemberInfo } from "@sbo/contract/session";
import * as shops from "@sbo/contract/shop";
import type { Query } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { none } from "@/platform/screen-preload";
import { sessionKeys } from "@/platform/session/session.api";
import { stubContractFetch } from "@/test/contract-fetch";
import { testQueryClient } from "@/test/render";
import { shopSettings } from "@/test/shop-fixtures";
import { Providers } from "./providers";
import { routes, type ScreenModule } from "./routes";

// Screens load lazily; on a loaded two-core machine loading them all takes a while.
const slow = { timeout: 180_000 };

afterEach(() => vi.unstubAllGlobals());

describe("every screen of the route table says what it prefetches (issue 26 §4)", () => {
  it("exports a prefetch from each screen module: its first queries, or `none` where it opens on no query", slow, async () => {
    const without: string[] = [];
    for (const def of routes.filter((r) => r.screen)) {
      const module = await def.screen?.();
      if (typeof module?.prefetch !== "function") without.push(def.path);
    }
    expect(without).toEqual([]);
  });

  it("when a screen opens on a query, then its prefetch starts at least one (only the declared ones start none)", slow, async () => {
    // A module serving a blank "add" path and an edit path by id (freight, package, promotion) starts its query on the latter.
    const startedBy = new Map<unknown, boolean>();
    const pathsOf = new Map<unknown, string[]>();
    stubContractFetch(() => undefined);
    const member = { memberId: "m1", boId: "b1", isOwner: true, functions: [], shop: { shopId: "s1" } } as unknown as MemberInfo;
    for (const def of routes.filter((r) => r.screen && r.path !== "*")) {
      const module = await def.screen?.();
      if (!module?.prefetch || module.prefetch === none) continue;
      const client = testQueryClient();
      client.setQueryData(sessionKeys.member(), member);
      const started = vi.spyOn(client, "prefetchQuery");
      const params = Object.fromEntries((def.path.match(/:\w+/g) ?? []).map((p) => [p.slice(1), "x1"]));
      // A plain visit, and one naming a record in the query (`?id=`, `?regCode=`, `?goodsId=`, the print pages' `ids`).
      module.prefetch(client, params, new URLSearchParams());
      module.prefetch(client, params, new URLSearchParams({ id: "x1", regCode: "x1", goodsId: "x1", ids: "x1" }));
      // A lazily loaded query factory (the audit log's) starts its queries a moment later.
      const ok = await vi
        .waitFor(() => expect(started).toHaveBeenCalled(), { timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      startedBy.set(module.prefetch, (startedBy.get(module.prefetch) ?? false) || ok);
      pathsOf.set(module.prefetch, [...(pathsOf.get(module.prefetch) ?? []), def.path]);
    }
    const idle = [...startedBy].filter(([, ok]) => !ok).flatMap(([prefetch]) => pathsOf.get(prefetch) ?? []);
    expect(idle).toEqual([]);
  });
});

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [], shop: { shopId: "s1" } } as unknown as MemberInfo;

/**
 * Runs a screen's prefetch as its route's loader would, then renders the screen on the same client: each prefetched
 * query must be the one the screen then reads (it has an observer: same key), and each call made once (no second
 * fetch under another key).
 */
async function prefetchThenRender(module: ScreenModule, { path, url }: { path: string; url: string }) {
  const client = testQueryClient();
  client.setQueryData(sessionKeys.member(), owner);
  const router = createMemoryRouter([{ path, Component: module.Component }], { initialEntries: [url] });
  const params = router.state.matches.at(-1)?.params ?? {};
  const before = new Set<Query>(client.getQueryCache().getAll());
  module.prefetch?.(client, params, new URLSearchParams(url.split("?")[1] ?? ""));
  const prefetched = client
    .getQueryCache()
    .getAll()
    .filter((q) => !before.has(q));
  expect(prefetched.length).toBeGreaterThan(0);
  render(
    <Providers queryClient={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  await waitFor(() => {
    for (const query of prefetched) expect(query.getObserversCount(), JSON.stringify(query.queryKey)).toBeGreaterThan(0);
  });
  return prefetched;
}

const calls = (requests: { entry: unknown }[], entry: unknown) => requests.filter((r) => r.entry === entry).length;

describe("a screen's prefetch is the query its first render reads", () => {
  it("a list with status tabs (invoices): the first page of the first tab, fetched once", slow, async () => {
    const { requests } = stubContractFetch((entry) =>
      entry === invoices.invoice.selInvoiceListByPage
        ? { list: [], total: 0, pageNum: 1, pageSize: 20, nextCursor: null, counts: { all: 0, requested: 0, issued: 0, refused: 0 } }
        : undefined,
    );
    const module = await import("@/features/invoice/invoice-list-page");
    const [query] = await prefetchThenRender(module, { path: "/invoices", url: "/invoices" });
    expect(query?.queryKey.at(-1)).toMatchObject({ tab: "all", pageNum: 1 });
    expect(await screen.findByRole("tab", { name: /Issued/ })).not.toBeNull();
    await waitFor(() => expect(query?.state.status).toBe("success"));
    expect(calls(requests, invoices.invoice.selInvoiceListByPage)).toBe(1);
  });

  it("a detail by the id in its path (an order's evaluation): fetched once", slow, async () => {
    const { requests } = stubContractFetch((entry) => (entry === evaluation.selEvalByOrderId ? null : undefined));
    const module = await import("@/features/evaluation/evaluation-detail-page");
    const [query] = await prefetchThenRender(module, { path: "/evaluation/:id", url: "/evaluation/o7" });
    expect(query?.queryKey).toContain("o7");
    await waitFor(() => expect(query?.state.status).toBe("success"));
    expect(calls(requests, evaluation.selEvalByOrderId)).toBe(1);
  });

  it("a settings screen (the shop's settings, by the session's shop): fetched once", slow, async () => {
    const settings = shopSettings();
    const { requests } = stubContractFetch((entry) => (entry === shops.shop.selShopSettingByShopId ? settings : undefined));
    const module = await import("@/features/shop/shop-setting-page");
    const [query] = await prefetchThenRender(module, { path: "/settings", url: "/settings" });
    expect(query?.queryKey).toContain("s1");
    expect(await screen.findByLabelText("Monday closes at")).not.toBeNull();
    expect(calls(requests, shops.shop.selShopSettingByShopId)).toBe(1);
  });
});
