import type { Page } from "@sbo/contract/common";
import type { MemberInfo } from "@sbo/contract/session";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderScreen } from "@/test/render";
import { columnChoiceKey, type ListColumn } from "./column-picker";
import { ListPage } from "./list-page";
import { actionsColumn } from "./row-actions";

interface Order {
  id: string;
  no: string;
  buyer: string;
  amount: string;
  status: string;
  remark: string;
}

const row: Order = { id: "1", no: "SO-1", buyer: "Ann", amount: "¥12.00", status: "Paid", remark: "Ring first" };
const fetch = async (): Promise<Page<Order>> => ({ list: [row], total: 1, pageNum: 1, pageSize: 20 });
const columns: ListColumn<Order>[] = [
  { key: "no", title: "Order", dataIndex: "no", importance: "key" },
  { key: "buyer", title: "Buyer", dataIndex: "buyer" },
  { key: "amount", title: "Amount", dataIndex: "amount", importance: "key" },
  { key: "status", title: "Status", dataIndex: "status", importance: "key" },
  { key: "remark", title: "Remark", dataIndex: "remark", importance: "secondary" },
  ...actionsColumn<Order>({
    title: "Actions",
    actions: (o) => [{ key: "view", label: "View", ariaLabel: `View: ${o.no}`, onClick: () => {} }],
  }),
];
const member = (memberId: string) => ({ memberId, boId: "b1", isOwner: true, functions: [] }) as unknown as MemberInfo;
const list = <ListPage<Order> title="Orders" fetch={fetch} queryKey={["orders", "list"]} columns={columns} rowKey="id" />;

const headers = () => screen.getAllByRole("columnheader").map((th) => th.textContent);
const openPicker = async () => {
  await userEvent.click(await screen.findByRole("button", { name: "Columns: Orders" }));
  return screen.findByRole("group", { name: "Columns: Orders" });
};

afterEach(() => localStorage.clear());

describe("the column picker", () => {
  it("shows the default columns: secondary ones hidden, the actions always there", async () => {
    renderScreen(list, { member: member("m1") });
    expect(await screen.findByText("SO-1")).toBeTruthy();
    expect(headers()).toEqual(["Order", "Buyer", "Amount", "Status", "Actions"]);
    expect(screen.queryByText("Ring first")).toBeNull();
  });

  it("hides and shows columns, locks the key ones, and keeps the choice per member across a reload", async () => {
    const first = renderScreen(list, { member: member("m1") });
    await screen.findByText("SO-1");
    const picker = await openPicker();
    // Key columns are listed but cannot be hidden; the actions column is not listed at all.
    expect((within(picker).getByRole("checkbox", { name: /Order/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(picker).getByRole("checkbox", { name: /Status/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(picker).queryByRole("checkbox", { name: /Actions/ })).toBeNull();

    await userEvent.click(within(picker).getByRole("checkbox", { name: "Buyer" }));
    await userEvent.click(within(picker).getByRole("checkbox", { name: "Remark" }));
    expect(headers()).toEqual(["Order", "Amount", "Status", "Remark", "Actions"]);
    expect(screen.getByText("Ring first")).toBeTruthy();
    expect(screen.queryByText("Ann")).toBeNull();
    expect(JSON.parse(localStorage.getItem(columnChoiceKey("m1", "orders/list")) ?? "null")).toEqual({
      hidden: ["buyer"],
      shown: ["remark"],
    });
    first.unmount();

    // The same member after a reload: still their choice.
    const again = renderScreen(list, { member: member("m1") });
    await screen.findByText("SO-1");
    expect(headers()).toEqual(["Order", "Amount", "Status", "Remark", "Actions"]);
    again.unmount();

    // Another member on the same browser: the list's defaults.
    renderScreen(list, { member: member("m2") });
    await screen.findByText("SO-1");
    expect(headers()).toEqual(["Order", "Buyer", "Amount", "Status", "Actions"]);
  });

  it("Reset goes back to the list's defaults and forgets the choice", async () => {
    renderScreen(list, { member: member("m1") });
    await screen.findByText("SO-1");
    const picker = await openPicker();
    // The picker's own Reset, below its checklist.
    const reset = within(picker.parentElement as HTMLElement).getByRole("button", { name: "Reset" }) as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    await userEvent.click(within(picker).getByRole("checkbox", { name: "Buyer" }));
    expect(headers()).not.toContain("Buyer");
    expect(reset.disabled).toBe(false);

    await userEvent.click(reset);
    expect(headers()).toEqual(["Order", "Buyer", "Amount", "Status", "Actions"]);
    expect(localStorage.getItem(columnChoiceKey("m1", "orders/list"))).toBeNull();
  });

  it("closes with Escape, giving the focus back to its button", async () => {
    renderScreen(list, { member: member("m1") });
    await screen.findByText("SO-1");
    await openPicker();
    await userEvent.keyboard("{Escape}");
    const button = screen.getByRole("button", { name: "Columns: Orders" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("is not offered on a short list, which fits anyway", async () => {
    renderScreen(<ListPage<Order> title="Orders" fetch={fetch} columns={columns.slice(0, 3)} rowKey="id" />, { member: member("m1") });
    await screen.findByText("SO-1");
    expect(screen.queryByRole("button", { name: /Columns/ })).toBeNull();
  });
});
