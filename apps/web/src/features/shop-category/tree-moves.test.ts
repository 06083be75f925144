import { describe, expect, it } from "vitest";
import { applyMove, dropMove, keyboardMoves, type TreeNode } from "./tree-moves";

const leaf = (id: string, parentId: string): TreeNode => ({ id, parentId, name: id, children: [] });
const tree: TreeNode[] = [
  { id: "fruit", parentId: null, name: "Fruit", children: [leaf("citrus", "fruit"), leaf("berries", "fruit")] },
  { id: "veg", parentId: null, name: "Veg", children: [] },
  { id: "deals", parentId: null, name: "Deals", children: [] },
];
const ids = (t: readonly TreeNode[]) => t.map((n) => (n.children?.length ? `${n.id}(${n.children.map((c) => c.id).join(",")})` : n.id));

describe("dragging a category", () => {
  it("when dropped before or after a top-level category, then it lands there counted without itself", () => {
    expect(dropMove(tree, "deals", { targetId: "fruit", position: -1 })).toEqual({ move: { id: "deals", parentId: null, index: 0 } });
    expect(dropMove(tree, "fruit", { targetId: "veg", position: 1 })).toEqual({ move: { id: "fruit", parentId: null, index: 1 } });
    expect(dropMove(tree, "fruit", { targetId: "deals", position: 1 })).toEqual({ move: { id: "fruit", parentId: null, index: 2 } });
  });

  it("when dropped onto a top-level category, then it becomes its first sub-category", () => {
    expect(dropMove(tree, "deals", { targetId: "fruit", position: 0 })).toEqual({ move: { id: "deals", parentId: "fruit", index: 0 } });
    expect(dropMove(tree, "deals", { targetId: "veg", position: 0 })).toEqual({ move: { id: "deals", parentId: "veg", index: 0 } });
  });

  it("when dropped just under an open category's title, then it is that category's first sub-category", () => {
    expect(dropMove(tree, "veg", { targetId: "fruit", position: 1, targetExpanded: true })).toEqual({
      move: { id: "veg", parentId: "fruit", index: 0 },
    });
    expect(dropMove(tree, "veg", { targetId: "fruit", position: 1, targetExpanded: false })).toEqual({
      move: { id: "veg", parentId: null, index: 1 },
    });
  });

  it("when a sub-category is dropped beside another or at the top level, then it moves out or along", () => {
    expect(dropMove(tree, "berries", { targetId: "citrus", position: -1 })).toEqual({
      move: { id: "berries", parentId: "fruit", index: 0 },
    });
    expect(dropMove(tree, "citrus", { targetId: "veg", position: 1 })).toEqual({ move: { id: "citrus", parentId: null, index: 2 } });
  });

  it("when a drop would make a third level or nest a category with children, then it is refused", () => {
    expect(dropMove(tree, "veg", { targetId: "citrus", position: 0 })).toEqual({ refused: "tooDeep" });
    expect(dropMove(tree, "fruit", { targetId: "veg", position: 0 })).toEqual({ refused: "hasChildren" });
    // Beside its own sub-category would put it inside itself.
    expect(dropMove(tree, "fruit", { targetId: "citrus", position: 1 })).toEqual({ refused: "self" });
    expect(dropMove(tree, "fruit", { targetId: "fruit", position: 0 })).toEqual({ refused: "self" });
  });
});

describe("the move buttons", () => {
  it("offer up and down within the list, indent under the one above, outdent after the parent", () => {
    expect(keyboardMoves(tree, "fruit")).toEqual({
      up: null,
      down: { id: "fruit", parentId: null, index: 1 },
      indent: null,
      outdent: null,
    });
    expect(keyboardMoves(tree, "veg")).toEqual({
      up: { id: "veg", parentId: null, index: 0 },
      down: { id: "veg", parentId: null, index: 2 },
      indent: { id: "veg", parentId: "fruit", index: 2 },
      outdent: null,
    });
    expect(keyboardMoves(tree, "berries")).toEqual({
      up: { id: "berries", parentId: "fruit", index: 0 },
      down: null,
      indent: null,
      outdent: { id: "berries", parentId: null, index: 1 },
    });
  });

  it("when the category above cannot take children (none above), then indent is not offered", () => {
    expect(keyboardMoves(tree, "fruit").indent).toBeNull();
  });

  it("when a move is applied, then the tree reads as the server will answer it", () => {
    const veg = keyboardMoves(tree, "veg");
    expect(ids(applyMove(tree, veg.indent as never))).toEqual(["fruit(citrus,berries,veg)", "deals"]);
    expect(ids(applyMove(tree, keyboardMoves(tree, "citrus").outdent as never))).toEqual(["fruit(berries)", "citrus", "veg", "deals"]);
    expect(ids(applyMove(tree, veg.up as never))).toEqual(["veg", "fruit(citrus,berries)", "deals"]);
    expect(ids(applyMove(tree, veg.down as never))).toEqual(["fruit(citrus,berries)", "deals", "veg"]);
  });
});
