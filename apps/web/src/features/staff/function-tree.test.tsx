import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import { ALL_NODES, FunctionPicker } from "./function-tree";
import { toTree } from "./staff.api";

/** The checkbox of a function, found by its code (antd labels each box by the node's key). */
const checkboxOf = (code: string) => {
  const box = document.querySelector(`.ant-tree-checkbox[aria-labelledby$="-${code}"]`);
  if (!box) throw new Error(`no checkbox for ${code}`);
  return box;
};

describe("toTree", () => {
  it("nests screens under areas and actions under screens, in menu order", () => {
    const tree = toTree(ALL_NODES, (n) => n.nameEn);
    const order = tree.find((n) => n.key === "order");
    expect(order?.children?.[0]?.key).toBe("order.manage");
    expect(order?.children?.[0]?.children?.map((n) => n.key)).toContain("order.manage.ship");
    expect(tree.map((n) => n.key)).toEqual(
      ALL_NODES.filter((n) => n.kind === "area")
        .sort((a, b) => a.sort - b.sort)
        .map((n) => n.code),
    );
  });
});

describe("FunctionPicker", () => {
  it("when a held function is checked, then its code alone is added; unheld ones cannot be checked", async () => {
    const onChange = vi.fn();
    renderScreen(
      <FunctionPicker held={new Set(["order", "order.manage", "order.manage.ship"])} value={["order.manage"]} onChange={onChange} />,
    );
    expect(checkboxOf("order.manage.ship").className).not.toContain("disabled");
    expect(checkboxOf("goods").className).toContain("ant-tree-checkbox-disabled");
    expect(checkboxOf("order.manage.price").className).toContain("ant-tree-checkbox-disabled");
    expect(screen.getByText("Ship orders")).toBeTruthy();
    await userEvent.click(checkboxOf("order.manage.ship"));
    expect(onChange).toHaveBeenLastCalledWith(["order.manage", "order.manage.ship"]);
  });
});
