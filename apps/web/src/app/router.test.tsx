import type { MemberInfo } from "@sbo/contract/session";
import * as contract from "@sbo/contract/session";
import { configure, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setNavigator } from "@/platform/api-client";
import { testQueryClient } from "@/test/render";
import { Providers } from "./providers";
import { buildRouteObjects, opensPrivateScreen } from "./router";
import { type RouteDef, routes } from "./routes";

const member: MemberInfo = {
  memberId: "m1",
  loginName: "li.lei",
  name: "Li Lei",
  phone: null,
  boId: "b1",
  orgName: "Fresh Farm",
  isOwner: false,
  employeeId: "e1",
  shop: { shopId: "s1", name: "Fresh Farm Shop", brand: "FreshFarm", status: "open" },
  roles: [],
  functions: [],
  organizations: [{ boId: "b1", name: "Fresh Farm", isOwner: false }],
  manufacturerId: null,
  openShopUrl: null,
};

const answers: Record<string, unknown> = {
  [contract.session.getMemberByToken.path]: member,
  [contract.session.selFuncListByParam.path]: [],
  [contract.session.selSubFuncListByParam.path]: [],
  [contract.session.platformInfo.path]: null,
};

function renderAt(url: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [url] });
  setNavigator((to) => void router.navigate(to));
  render(
    <Providers queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

// Load every screen's code once: on a busy machine the first lazy import outlasts waitFor's second.
beforeAll(async () => {
  configure({ asyncUtilTimeout: 10_000 });
  await Promise.all(routes.map((r) => r.screen?.()));
}, 120_000);

beforeEach(() => {
  answers[contract.session.getMemberByToken.path] = member;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => new Response(JSON.stringify({ code: "0", msg: "", data: answers[url] ?? null }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("router", () => {
  it("renders an unknown path with the not-found screen and titles it", async () => {
    renderAt("/no/such/screen");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Page not found - Merchant Platform"));
  });

  it("redirects /setup to /setup/index", async () => {
    answers[contract.session.getMemberByToken.path] = { ...member, functions: ["setup.home"] };
    const router = renderAt("/setup");
    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/index"));
    expect(await screen.findByRole("heading", { name: "Settings", level: 1 })).toBeTruthy();
  });

  it("sends a member who lacks the screen's function to /403", async () => {
    const router = renderAt("/setup/index");
    await waitFor(() => expect(router.state.location.pathname).toBe("/403"));
    expect(await screen.findByRole("heading", { name: "No permission" })).toBeTruthy();
  });

  it("when a store manager lacks the settings home, then Settings leads to the first settings screen they may open", async () => {
    // The demo store manager's functions: staff and members in Settings, but not the settings home.
    answers[contract.session.getMemberByToken.path] = { ...member, functions: ["home", "setup", "setup.staff", "setup.rank"] };
    const router = renderAt("/transaction/index");
    const areas = await screen.findByRole("navigation", { name: "Areas" });
    (await within(areas).findByText("Settings")).click();
    await waitFor(() => expect(router.state.location.pathname).toBe("/transaction/setup/member"));
  });

  it("when a signed-in member lacks the screen's function, then the 403 page keeps the header and menus", async () => {
    answers[contract.session.getMemberByToken.path] = { ...member, functions: ["home", "setup", "setup.staff"] };
    const router = renderAt("/setup/index");
    await waitFor(() => expect(router.state.location.pathname).toBe("/403"));
    expect(await screen.findByRole("heading", { name: "No permission" })).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
    const areas = screen.getByRole("navigation", { name: "Areas" });
    expect(within(areas).getByText("Settings")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Account menu for Li Lei/ })).toBeTruthy();
  });

  it("when a visitor opens /403, then it shows alone, without asking for a session", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: "001107", msg: "Please log in", data: null }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const router = renderAt("/403");
    expect(await screen.findByRole("heading", { name: "No permission" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/403");
    expect(screen.queryByRole("navigation", { name: "Areas" })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("titles a private screen with the shop's brand and greets the member", async () => {
    renderAt("/transaction/index");
    expect(await screen.findByRole("heading", { name: "Hello, Li Lei" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Home - FreshFarm"));
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Areas" })).toBeTruthy();
  });

  it("sends a visitor without a session to the login page", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ code: "001107", msg: "Please log in", data: null }), { status: 200 })),
    );
    const router = renderAt("/transaction/index");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login/toLogin"));
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeTruthy();
  });
});

describe("the session call at start", () => {
  const first = (url: string) => opensPrivateScreen(createMemoryRouter(buildRouteObjects(), { initialEntries: [url] }).state.matches);

  it("when a private screen opens first, then the session call starts with the entry; on a public screen, /403 and unknown paths it does not", () => {
    expect(first("/transaction/setup/rank/member")).toBe(true);
    expect(first("/transaction/setup/member/update/e1")).toBe(true);
    expect(first("/login/toLogin")).toBe(false);
    expect(first("/403")).toBe(false);
    expect(first("/no/such/screen")).toBe(false);
  });
});

describe("a screen's first queries", () => {
  it("when a screen exports prefetch, then its route runs it with the path's params and query as the navigation commits", async () => {
    const client = testQueryClient();
    const seen: unknown[] = [];
    const probe: RouteDef = {
      path: "/probe/:id",
      public: true,
      title: { en: "Probe", zh: "探针" },
      screen: async () => ({
        Component: () => <p>probe screen</p>,
        prefetch: (c, params, search) => seen.push([c === client, params.id, search.get("tab")]),
      }),
    };
    const router = createMemoryRouter(buildRouteObjects([probe], client), { initialEntries: ["/probe/o7?tab=toShip"] });
    render(
      <Providers queryClient={client}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect((await screen.findByText("probe screen")).tagName).toBe("P");
    expect(seen).toEqual([[true, "o7", "toShip"]]);
  });
});
