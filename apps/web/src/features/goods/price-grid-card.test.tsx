import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/platform/api-client";
import { renderScreen } from "@/test/render";
import { PriceGridCard } from "./price-grid-card";

function grid(opts: { hasEntries: boolean; send: () => Promise<unknown> }) {
  const send = vi.fn(opts.send);
  const view = renderScreen(
    <PriceGridCard
      title="Apples"
      help="A price per rank"
      hasEntries={opts.hasEntries}
      nothing="Enter at least one price"
      saved="Member prices saved"
      backTo="/transaction/members"
      send={send}
      cellOf={(path) => (path[0] === "prices" && path[1] === 1 ? "Gold price for 500 g" : undefined)}
    >
      <p>the grid</p>
    </PriceGridCard>,
    { url: "/transaction/members/addmembers", path: "*" },
  );
  return { send, router: view.router };
}

describe("a price grid's save", () => {
  it("when nothing is entered, then it says so and sends nothing", async () => {
    const g = grid({ hasEntries: false, send: async () => ({}) });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Enter at least one price");
    expect(g.send).not.toHaveBeenCalled();
  });

  it("when the server refuses a cell, then the sentence names that cell and the grid stays", async () => {
    const g = grid({
      hasEntries: true,
      send: async () => {
        throw new ApiError({
          code: "000001",
          msg: "bad input",
          status: 400,
          data: { issues: [{ path: "prices.1.price", message: "Too high", reason: "field.tooBig", params: { max: 10 } }] },
        });
      },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Gold price for 500 g");
    expect(g.router.state.location.pathname).toBe("/transaction/members/addmembers");
  });

  it("when saved, then it goes back to the list", async () => {
    const g = grid({ hasEntries: true, send: async () => ({}) });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(g.router.state.location.pathname).toBe("/transaction/members"));
    expect(g.send).toHaveBeenCalledTimes(1);
  });
});
