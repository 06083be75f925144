import { functionCodes } from "@sbo/contract/functions";
import { login } from "@sbo/contract/session";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setNavigator } from "@/platform/api-client";
import { refusalOf, stubContractFetch } from "@/test/contract-fetch";
import { testQueryClient } from "@/test/render";
import { Providers } from "./providers";
import { buildRouteObjects } from "./router";
import { routes } from "./routes";

/** The real route table in a memory router, as a visitor without a session meets it. */
function visit(url: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [url] });
  setNavigator((to) => void router.navigate(to));
  render(
    <Providers queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

// Screens load lazily; on a loaded two-core machine the first load takes seconds.
const slow = { timeout: 60_000 };

describe("the route table, as a visitor without a session meets it", () => {
  it("when /login is opened, then it becomes /login/toLogin with the login form", { timeout: 60_000 }, async () => {
    stubContractFetch(() => undefined);
    const router = visit("/login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login/toLogin"), slow);
    expect(await screen.findByRole("heading", { name: "Log in", level: 1 }, slow)).not.toBeNull();
  });

  it("when an account with no seller organisation logs in (001109), then /login/403 explains and leads back to log in", {
    timeout: 180_000,
  }, async () => {
    stubContractFetch((entry) => (entry === login.login ? refusalOf("001109", "not a seller") : undefined));
    const router = visit("/login/toLogin");
    fireEvent.change(await screen.findByLabelText("Login name", {}, slow), { target: { value: "buyer-only" } });
    fireEvent.change(screen.getByLabelText("Password", { selector: "input" }), { target: { value: "Right#Pass2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login/403"), slow);
    expect(await screen.findByRole("heading", { name: "No permission" }, slow)).not.toBeNull();
    expect(screen.getByText("This account may not log in to the seller back office.")).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Log in again" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login/toLogin"), slow);
  });
});

describe("the route table's entries", () => {
  it("guards private routes only with functions that exist in the function tree", () => {
    for (const def of routes.filter((r) => !r.public && r.func)) expect(functionCodes.has(def.func ?? ""), def.path).toBe(true);
  });

  it("lists every path once, each with a title in both languages", () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    for (const def of routes) {
      expect(def.title.en, def.path).not.toBe("");
      expect(def.title.zh, def.path).not.toBe("");
    }
  });

  it("loads every screen's module, each exporting the Component the router renders", { timeout: 120_000 }, async () => {
    for (const def of routes.filter((r) => r.screen)) {
      const module = await def.screen?.();
      expect(module?.Component, def.path).toBeTypeOf("function");
    }
  });
});
