import type { Page } from "@sbo/contract/common";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/platform/i18n";
import { NARROW_QUERY } from "@/platform/viewport";
import { renderScreen } from "@/test/render";
import { cardLayout } from "./list-cards-view";
import { ListPage } from "./list-page";
import { actionsColumn } from "./row-actions";

interface Order {
  id: string;
  orderNo: string;
  buyer: string;
  status: string;
  payAmount: string;
  createdAt: string;
  remark: string | null;
}

const rows: Order[] = [
  {
    id: "1",
    orderNo: "202611291015000012345678",
    buyer: "Sun Li",
    status: "To ship",
    payAmount: "¥132.21",
    createdAt: "2026-11-29 10:15",
    remark: null,
  },
  {
    id: "2",
    orderNo: "202611291016000012345679",
    buyer: "Zhao Lei",
    status: "Completed",
    payAmount: "¥8.00",
    createdAt: "2026-11-29 10:16",
    remark: "Gift",
  },
];

/** A window as wide as `width`: antd's and the app's media queries answer for it. */
function windowOf(width: number) {
  vi.stubGlobal("matchMedia", (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}
afterEach(() => vi.unstubAllGlobals());

const ship = vi.fn();
const columns: ColumnsType<Order> = [
  { key: "buyer", title: "Buyer", dataIndex: "buyer" },
  { key: "order", title: "Order", render: (_, r) => <a href={`/o/${r.id}`}>{r.orderNo}</a> },
  { key: "amount", title: "Amount", dataIndex: "payAmount" },
  { key: "status", title: "Status", render: (_, r) => <Tag>{r.status}</Tag> },
  { key: "placedAt", title: "Placed", dataIndex: "createdAt" },
  { key: "remark", title: "Remark", dataIndex: "remark" },
  ...actionsColumn<Order>({
    title: "Actions",
    actions: (r) => [{ key: "ship", label: "Ship", ariaLabel: `Ship: ${r.orderNo}`, onClick: () => ship(r.id) }],
  }),
];
// The order number is the identity: first, as in the screens.
const orderFirst: ColumnsType<Order> = [columns[1], columns[0], ...columns.slice(2)] as ColumnsType<Order>;

const list = (batch: ((rows: Order[]) => undefined) | null = null) => (
  <ListPage<Order>
    title="Orders"
    fetch={async (): Promise<Page<Order>> => ({ list: rows, total: 41, pageNum: 1, pageSize: 20 })}
    columns={orderFirst}
    rowKey="id"
    batchActions={batch ? [{ key: "ship", label: "Ship selected", run: batch }] : undefined}
  />
);

describe("a list below the tablet width", () => {
  it("shows each row as a card: the whole order number, its status, amount and date first, then the rest, its actions as buttons", async () => {
    windowOf(390);
    renderScreen(list());
    const cards = await screen.findByRole("list", { name: "Orders" });
    expect(screen.queryByRole("table")).toBeNull();
    const items = within(cards).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole("link").textContent).toBe("202611291015000012345678");
    expect(first.querySelector(".list-card-status")?.textContent).toBe("To ship");
    // Label: value pairs, the main amount and date before the others; a blank cell shows the dash.
    const labels = [...first.querySelectorAll("dt")].map((d) => d.textContent);
    expect(labels).toEqual(["Amount", "Placed", "Buyer", "Remark"]);
    expect([...first.querySelectorAll("dd")].map((d) => d.textContent)).toEqual(["¥132.21", "2026-11-29 10:15", "Sun Li", "—"]);
    await userEvent.click(within(first).getByRole("button", { name: "Ship: 202611291015000012345678" }));
    expect(ship).toHaveBeenCalledWith("1");
    // Paging stays.
    expect(screen.getByText("41 in total")).toBeTruthy();
  });

  it("selects rows with a labelled checkbox per card (and all on the page) for the batch actions", async () => {
    windowOf(390);
    const run = vi.fn<(rows: Order[]) => undefined>();
    renderScreen(list(run));
    const one = await screen.findByRole("checkbox", { name: "Select 202611291016000012345679" });
    const batch = screen.getByRole("button", { name: "Ship selected" });
    expect((batch as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(one);
    expect(screen.getByText("1 selected")).toBeTruthy();
    await userEvent.click(batch);
    await waitFor(() => expect(run).toHaveBeenCalled());
    expect(run.mock.calls[0]?.[0].map((r) => r.id)).toEqual(["2"]);
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(screen.getByText("2 selected")).toBeTruthy();
  });

  it("words the cards' controls in Chinese for a Chinese user", async () => {
    windowOf(390);
    await i18n.changeLanguage("zh");
    try {
      renderScreen(list(vi.fn()));
      expect(await screen.findByRole("checkbox", { name: "全选本页" })).toBeTruthy();
      expect(screen.getByRole("checkbox", { name: "选择 202611291015000012345678" })).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows the first filter and folds the others behind a button that says how many (open when one of them is in use)", async () => {
    windowOf(390);
    const filtered = (
      <ListPage<Order>
        title="Orders"
        fetch={async (): Promise<Page<Order>> => ({ list: rows, total: 2, pageNum: 1, pageSize: 20 })}
        columns={orderFirst}
        rowKey="id"
        filters={[
          { kind: "text", name: "keyword", label: "Keyword" },
          { kind: "text", name: "buyer", label: "Buyer phone" },
          { kind: "select", name: "need", label: "Needs", options: [{ label: "Voucher", value: "voucher" }] },
        ]}
      />
    );
    const { unmount } = renderScreen(filtered);
    expect(await screen.findByRole("textbox", { name: "Keyword" })).toBeTruthy();
    // antd hides a folded field with its class (display: none, which jsdom does not apply); its value stays.
    const folded = () =>
      screen.getByRole("textbox", { name: "Buyer phone" }).closest(".ant-form-item")?.classList.contains("ant-form-item-hidden");
    expect(folded()).toBe(true);
    const more = screen.getByRole("button", { name: "2 more filters" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(more);
    expect(folded()).toBe(false);
    expect(screen.getByRole("button", { name: "Fewer filters" }).getAttribute("aria-expanded")).toBe("true");
    unmount();

    renderScreen(filtered, { url: "/orders?buyer=138" });
    expect(((await screen.findByRole("textbox", { name: "Buyer phone" })) as HTMLInputElement).value).toBe("138");
    expect(folded()).toBe(false);
  });

  it("stays a table from the tablet width up", async () => {
    windowOf(1024);
    renderScreen(list());
    expect(await screen.findByRole("table")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Orders" })).toBeNull();
    expect(screen.queryByRole("button", { name: /more filters/ })).toBeNull();
    expect(window.matchMedia(NARROW_QUERY).matches).toBe(false);
  });
});

describe("cardLayout", () => {
  it("takes the first column as the identity wherever the status stands, and leaves the actions for the buttons", () => {
    const layout = cardLayout(columns);
    expect(layout.identity?.key).toBe("buyer");
    expect(layout.status?.key).toBe("status");
    expect(layout.fields.map((c) => c.key)).toEqual(["amount", "placedAt", "order", "remark"]);
    expect(layout.actions?.key).toBe("actions");
  });
});
