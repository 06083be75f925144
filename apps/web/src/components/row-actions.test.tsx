import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Table } from "antd";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import { actionsColumn, actionsWidth, RowActions } from "./row-actions";

interface Role {
  id: string;
  name: string;
}

const rows: Role[] = [
  { id: "1", name: "Cashier" },
  { id: "2", name: "Packer" },
];

function Roles({ show, remove = vi.fn() }: { show: boolean; remove?: (r: Role) => void }) {
  return (
    <Table<Role>
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: "Name", dataIndex: "name" },
        ...actionsColumn<Role>({
          title: "Actions",
          show,
          actions: (r) => [
            { key: "edit", label: "Edit", ariaLabel: `Edit: ${r.name}`, onClick: vi.fn() },
            r.name !== "Packer" && {
              key: "delete",
              label: "Delete",
              ariaLabel: `Delete: ${r.name}`,
              danger: true,
              confirm: { title: `Delete the role ${r.name}?`, description: "Staff keep their other roles." },
              onClick: () => remove(r),
            },
          ],
        }),
      ]}
    />
  );
}

describe("RowActions", () => {
  it("shows the actions as text links on one line, named after their row", () => {
    renderScreen(<RowActions actions={[{ key: "edit", label: "Edit", ariaLabel: "Edit: Cashier", onClick: () => {} }]} />);
    const link = screen.getByRole("button", { name: "Edit: Cashier" });
    expect(link.className).toContain("ant-btn-link");
    expect(link.closest(".row-actions")).not.toBeNull();
  });

  it("when a danger action is clicked, then it asks first (question, consequence, Cancel and the action), and runs only once confirmed", async () => {
    const remove = vi.fn();
    renderScreen(<Roles show remove={remove} />);
    await userEvent.click(screen.getByRole("button", { name: "Delete: Cashier" }));
    const ask = await screen.findByRole("tooltip");
    expect(within(ask).getByText("Delete the role Cashier?")).toBeTruthy();
    expect(within(ask).getByText("Staff keep their other roles.")).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    // Cancel takes the focus first, so Enter after the click never deletes by accident.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Cancel"));
    await userEvent.click(within(ask).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(rows[0]));
  });

  it("when the confirmation is cancelled, then nothing runs", async () => {
    const remove = vi.fn();
    renderScreen(<Roles show remove={remove} />);
    await userEvent.click(screen.getByRole("button", { name: "Delete: Cashier" }));
    await userEvent.click(within(await screen.findByRole("tooltip")).getByRole("button", { name: "Cancel" }));
    expect(remove).not.toHaveBeenCalled();
  });

  it("when a row offers nothing, then its cell shows the dash", () => {
    const { container } = renderScreen(<RowActions actions={[false, null]} />);
    expect(container.textContent).toBe("—");
  });

  it("a danger action without a confirmation does not typecheck", () => {
    // @ts-expect-error — danger needs confirm
    const _unconfirmed = <RowActions actions={[{ key: "x", label: "Delete", danger: true, onClick: () => {} }]} />;
    expect(_unconfirmed).toBeTruthy();
  });
});

describe("actionsColumn", () => {
  it("is fixed at the right edge, after every other column", () => {
    const [column] = actionsColumn<Role>({ title: "Actions", actions: () => [] });
    expect(column?.fixed).toBe("right");
    expect(column?.key).toBe("actions");
  });

  it("when the member can do nothing here, then there is no Actions column at all (not an empty one)", () => {
    expect(actionsColumn<Role>({ title: "Actions", show: false, actions: () => [] })).toEqual([]);
    renderScreen(<Roles show={false} />);
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
    expect(screen.getByRole("columnheader", { name: "Name" })).toBeTruthy();
  });

  it("when given the widest row's labels, then its width holds them in English and in Chinese", () => {
    const en = actionsWidth(["Edit", "Start", "End"], "Actions");
    const zh = actionsWidth(["编辑", "开始", "结束"], "操作");
    // Each link: its text (≤ 8 px a Latin letter, 14 px a Chinese character) and 14 px padding; 4 px between; 32 px of cell padding.
    expect(en).toBeGreaterThanOrEqual(4 * 8 + 5 * 8 + 3 * 8 + 3 * 14 + 2 * 4 + 32);
    expect(zh).toBeGreaterThanOrEqual(6 * 14 + 3 * 14 + 2 * 4 + 32);
    // A long title widens the column too.
    expect(actionsWidth(["OK"], "A very long actions title")).toBeGreaterThan(actionsWidth(["OK"], "Actions"));
    const [column] = actionsColumn<Role>({ title: "Actions", widest: ["Details"], actions: () => [] });
    expect(column?.width).toBe(actionsWidth(["Details"], "Actions"));
  });
});
