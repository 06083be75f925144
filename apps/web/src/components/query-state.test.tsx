import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/platform/api-client";
import { renderScreen } from "@/test/render";
import { QueryState } from "./query-state";

function Screen({ load }: { load: () => Promise<{ name: string }> }) {
  const query = useQuery({ queryKey: ["query-state-test"], queryFn: load, retry: false });
  return (
    <QueryState query={query} failed="The record could not be loaded.">
      {(d) => <p>{d.name}</p>}
    </QueryState>
  );
}

describe("QueryState", () => {
  it("shows the busy frame while the record loads, then the record", async () => {
    let answer: (v: { name: string }) => void = () => {};
    const load = () => new Promise<{ name: string }>((resolve) => (answer = resolve));
    const { container } = renderScreen(<Screen load={load} />);
    expect(container.querySelector('.list-page[aria-busy="true"]')).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    answer({ name: "Green Valley" });
    expect(await screen.findByText("Green Valley")).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it("shows the failure with the server's message and a Retry that loads again", async () => {
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new ApiError({ code: "000500", msg: "The server failed (req-1)", status: 200 }))
      .mockResolvedValue({ name: "Green Valley" });
    renderScreen(<Screen load={load} />);

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The record could not be loaded.");
    expect(alert.textContent).toContain("The server failed (req-1)");
    await userEvent.click(screen.getByRole("button", { name: /retry/i }));

    expect(await screen.findByText("Green Valley")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps the record when a later refetch fails", async () => {
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockResolvedValueOnce({ name: "Green Valley" })
      .mockRejectedValue(new ApiError({ code: "000500", msg: "The server failed (req-2)", status: 200 }));
    const { queryClient } = renderScreen(<Screen load={load} />);
    expect(await screen.findByText("Green Valley")).toBeTruthy();

    await queryClient.refetchQueries({ queryKey: ["query-state-test"] });

    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText("Green Valley")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
