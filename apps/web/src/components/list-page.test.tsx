import type { Page } from "@sbo/contract/common";
import { exportFile } from "@sbo/contract/define";
import type { MemberInfo } from "@sbo/contract/session";
import * as session from "@sbo/contract/session";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "antd";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "@/platform/api-client";
import { renderScreen } from "@/test/render";
import { ListPage, type ListRequest } from "./list-page";

interface Order {
  id: string;
  no: string;
}

const page = (list: Order[], total = list.length): Page<Order> => ({ list, total, pageNum: 1, pageSize: 20 });
const columns = [{ title: "Order no.", dataIndex: "no" }];

describe("ListPage", () => {
  it("shows the rows the request answers, with the total", async () => {
    const fetch = vi.fn(async () => page([{ id: "1", no: "SO-1" }], 41));
    renderScreen(<ListPage<Order> title="Orders" fetch={fetch} columns={columns} rowKey="id" />);
    expect(await screen.findByText("SO-1")).toBeTruthy();
    expect(screen.getByText("41 in total")).toBeTruthy();
  });

  it("shows a helpful empty state with its action when there is nothing", async () => {
    renderScreen(
      <ListPage<Order>
        title="Orders"
        fetch={async () => page([])}
        columns={columns}
        rowKey="id"
        empty={{ description: "No orders yet.", action: <Button>Share your shop</Button> }}
      />,
    );
    expect(await screen.findByText("No orders yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Share your shop" })).toBeTruthy();
  });

  it("shows the failure with a Retry button that loads again", async () => {
    const fetch = vi
      .fn<(r: ListRequest) => Promise<Page<Order>>>()
      .mockRejectedValueOnce(new ApiError({ code: "000500", msg: "The server failed (req-1)", status: 200 }))
      .mockResolvedValue(page([{ id: "2", no: "SO-2" }]));
    renderScreen(<ListPage<Order> title="Orders" fetch={fetch} columns={columns} rowKey="id" />);

    expect(await screen.findByText("The list could not be loaded.")).toBeTruthy();
    expect(screen.getByText("The server failed (req-1)")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: /retry/i }));

    expect(await screen.findByText("SO-2")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("sends the filters and the page from the URL, so reload and back keep them", async () => {
    const fetch = vi.fn(async (_r: ListRequest) => page([]));
    renderScreen(
      <ListPage<Order>
        title="Orders"
        fetch={fetch}
        columns={columns}
        rowKey="id"
        filters={[{ kind: "text", name: "no", label: "Order no." }]}
      />,
      { url: "/orders?no=SO-9&page=3&size=50" },
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]?.[0]).toEqual({ no: "SO-9", pageNum: 3, pageSize: 50 });
    expect(await screen.findByText("Nothing matches these filters.")).toBeTruthy();
    expect((screen.getByLabelText("Order no.") as HTMLInputElement).value).toBe("SO-9");
  });

  it("searching writes the filters to the URL and starts again at page 1", async () => {
    const fetch = vi.fn(async (_r: ListRequest) => page([]));
    const { router } = renderScreen(
      <ListPage<Order>
        title="Orders"
        fetch={fetch}
        columns={columns}
        rowKey="id"
        filters={[{ kind: "text", name: "no", label: "Order no." }]}
      />,
      { url: "/orders?page=2" },
    );
    await userEvent.type(screen.getByLabelText("Order no."), "SO-7");
    await userEvent.click(screen.getByRole("button", { name: /search/i }));
    await waitFor(() => expect(router.state.location.search).toBe("?no=SO-7"));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ no: "SO-7", pageNum: 1, pageSize: 20 }, expect.anything()));
  });

  it("a change of the URL that is not a filter (a tab, a page) keeps what the user is typing; back to other filters refills", async () => {
    const fetch = vi.fn(async (_r: ListRequest) => page([]));
    const { router } = renderScreen(
      <ListPage<Order>
        title="Orders"
        fetch={fetch}
        columns={columns}
        rowKey="id"
        filters={[{ kind: "text", name: "no", label: "Order no." }]}
      />,
      { url: "/orders" },
    );
    await userEvent.type(screen.getByLabelText("Order no."), "SO-8");
    await router.navigate("/orders?tab=paid&page=2");
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    // Let the render of the new URL and its effects run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((screen.getByLabelText("Order no.") as HTMLInputElement).value).toBe("SO-8");
    await router.navigate("/orders?no=SO-1");
    await waitFor(() => expect((screen.getByLabelText("Order no.") as HTMLInputElement).value).toBe("SO-1"));
  });

  it("exports the filters of the rows on screen: while a new search loads behind the old rows, Export waits", async () => {
    // Issue 22, finding 12: a seller who sends a "filtered" file must never send another set than the list showed.
    let release: (p: Page<Order>) => void = () => {};
    const fetch = vi.fn(async (r: ListRequest) =>
      r.no
        ? new Promise<Page<Order>>((resolve) => (release = resolve))
        : page([
            { id: "1", no: "SO-1" },
            { id: "2", no: "SO-2" },
          ]),
    );
    const sent: unknown[] = [];
    const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return new Response(new Uint8Array(8), { headers: { "content-type": xlsx } });
      }),
    );
    URL.createObjectURL = vi.fn(() => "blob:test");
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    try {
      const { router } = renderScreen(
        <ListPage<Order>
          title="Orders"
          fetch={fetch}
          columns={columns}
          rowKey="id"
          filters={[{ kind: "text", name: "no", label: "Order no." }]}
          exportEntry={session.system.exportAuditLog}
        />,
        { url: "/orders", member: { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo },
      );
      expect(await screen.findByText("SO-2")).toBeTruthy();
      await router.navigate("/orders?no=SO-1");
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
      // The old rows still show while the search loads: exporting now would send a set the list does not show.
      expect(screen.getByText("SO-2")).toBeTruthy();
      const exportButton = () => screen.getByRole("button", { name: /export/i });
      expect(exportButton()).toHaveProperty("disabled", true);
      await userEvent.click(exportButton());
      expect(sent).toEqual([]);

      release(page([{ id: "1", no: "SO-1" }]));
      await waitFor(() => expect(screen.queryByText("SO-2")).toBeNull());
      await waitFor(() => expect(exportButton()).toHaveProperty("disabled", false));
      await userEvent.click(exportButton());
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ no: "SO-1" });
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it("offers Export only to a member who holds the export's own function, not to one who only sees the list", async () => {
    const exportOrders = exportFile({
      path: "/api/x/exportOrders",
      summary: "x",
      access: { func: "order.manage.export" },
      input: z.strictObject({}),
    });
    const seesOnly = {
      memberId: "m4",
      boId: "b1",
      isOwner: false,
      functions: ["order.manage", "order.manage.ship"],
    } as unknown as MemberInfo;
    const list = (
      <ListPage<Order>
        title="Orders"
        fetch={async () => page([{ id: "1", no: "SO-1" }])}
        columns={columns}
        rowKey="id"
        exportEntry={exportOrders}
      />
    );
    const first = renderScreen(list, { member: seesOnly });
    expect(await screen.findByText("SO-1")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /export/i })).toBeNull();
    first.unmount();

    renderScreen(list, { member: { ...seesOnly, functions: [...seesOnly.functions, "order.manage.export"] } });
    expect(await screen.findByText("SO-1")).toBeTruthy();
    expect(screen.getByRole("button", { name: /export/i })).toBeTruthy();
  });
});
