import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "antd";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/platform/api-client";
import { renderScreen } from "@/test/render";
import { QueryTable } from "./query-table";

interface Role {
  id: string;
  name: string;
}

function Roles({ load }: { load: () => Promise<Role[]> }) {
  const query = useQuery({ queryKey: ["roles"], queryFn: load });
  return (
    <QueryTable<Role>
      query={query}
      label="Roles"
      loadFailed="The roles could not be loaded."
      empty={{ description: "No roles yet.", action: <Button>Add a role</Button> }}
      columns={[{ title: "Name", dataIndex: "name" }]}
    />
  );
}

describe("QueryTable", () => {
  it("shows every row, in a table named for screen readers", async () => {
    renderScreen(<Roles load={async () => [{ id: "1", name: "Cashier" }]} />);
    expect(await screen.findByText("Cashier")).toBeTruthy();
    expect(screen.getByRole("table", { name: "Roles" })).toBeTruthy();
  });

  it("shows the empty state with its action", async () => {
    renderScreen(<Roles load={async () => []} />);
    expect(await screen.findByText("No roles yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add a role" })).toBeTruthy();
  });

  it("shows the failure with the server's message and a Retry that loads again", async () => {
    const load = vi
      .fn<() => Promise<Role[]>>()
      .mockRejectedValueOnce(new ApiError({ code: "000500", msg: "The server failed (req-2)", status: 200 }))
      .mockResolvedValue([{ id: "2", name: "Packer" }]);
    renderScreen(<Roles load={load} />);
    expect(await screen.findByText("The roles could not be loaded.")).toBeTruthy();
    expect(screen.getByText("The server failed (req-2)")).toBeTruthy();
    expect(screen.queryByText("No roles yet.")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /retry/i }));
    expect(await screen.findByText("Packer")).toBeTruthy();
  });
});
