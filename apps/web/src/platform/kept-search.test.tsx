import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, expect, it } from "vitest";
import { forgetKeptSearches, keepSearches, useKeptSearch } from "./kept-search";

function KeptScreen() {
  const ready = useKeptSearch();
  const { search } = useLocation();
  return <p>{ready ? `kept screen: ${search || "no query"}` : "restoring"}</p>;
}

function setup() {
  const router = createMemoryRouter(
    [
      { path: "/push", element: <KeptScreen /> },
      { path: "/orders", element: <p>orders</p> },
    ],
    { initialEntries: ["/push"] },
  );
  keepSearches(router);
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => sessionStorage.clear());

it("puts back the query a screen was left with, even when it was left before it rendered that query", async () => {
  const router = setup();
  expect(screen.getByText("kept screen: no query")).toBeTruthy();
  // The search and the click on another menu land before React renders the search (one act: one render).
  await act(async () => {
    await router.navigate("/push?orderNo=2026");
    await router.navigate("/orders");
  });
  expect(screen.getByText("orders")).toBeTruthy();

  await act(() => router.navigate("/push"));
  expect(await screen.findByText("kept screen: ?orderNo=2026")).toBeTruthy();
  expect(router.state.location.search).toBe("?orderNo=2026");
});

it("remembers a query cleared on the screen, and a query it was opened with", async () => {
  const router = setup();
  await act(() => router.navigate("/push?status=failed"));
  await act(() => router.navigate("/push"));
  await act(() => router.navigate("/orders"));
  await act(() => router.navigate("/push"));
  expect(screen.getByText("kept screen: no query")).toBeTruthy();

  await act(() => router.navigate("/orders"));
  await act(() => router.navigate("/push?orderNo=7"));
  await act(() => router.navigate("/orders"));
  await act(() => router.navigate("/push"));
  expect(await screen.findByText("kept screen: ?orderNo=7")).toBeTruthy();
});

it("forgets every kept query when asked (at logout)", async () => {
  const router = setup();
  await act(() => router.navigate("/push?orderNo=7"));
  await act(() => router.navigate("/orders"));
  forgetKeptSearches();
  await act(() => router.navigate("/push"));
  expect(screen.getByText("kept screen: no query")).toBeTruthy();
});
