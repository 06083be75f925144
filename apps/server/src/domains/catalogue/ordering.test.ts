import { describe, expect, it } from "vitest";
import { changedPlaces, moveTo, type Placed, renumbered, siblingsOf } from "./ordering.rules";

const tree: Placed[] = [
  { id: "a", parentId: null, sort: 1 },
  { id: "b", parentId: null, sort: 2 },
  { id: "c", parentId: null, sort: 3 },
  { id: "a1", parentId: "a", sort: 1 },
  { id: "a2", parentId: "a", sort: 2 },
];
const order = (rows: Placed[], p: string | null) => siblingsOf(rows, p);

describe("sibling order", () => {
  it("when an item moves within its list, then the list is renumbered 1..n and others keep theirs", () => {
    const after = moveTo(tree, "c", null, 0);
    expect(order(after, null)).toEqual(["c", "a", "b"]);
    expect(after.filter((r) => r.parentId === null).map((r) => r.sort)).toEqual([2, 3, 1]);
    expect(changedPlaces(tree, after).map((r) => r.id)).toEqual(["a", "b", "c"]);
  });

  it("when an item moves to another list, then both lists are gapless and the index is clamped", () => {
    const after = moveTo(tree, "b", "a", 99);
    expect(order(after, null)).toEqual(["a", "c"]);
    expect(order(after, "a")).toEqual(["a1", "a2", "b"]);
    expect(after.find((r) => r.id === "c")?.sort).toBe(2);
    expect(after.find((r) => r.id === "b")).toEqual({ id: "b", parentId: "a", sort: 3 });
    expect(
      changedPlaces(tree, after)
        .map((r) => r.id)
        .sort(),
    ).toEqual(["b", "c"]);
  });

  it("when rows were deleted, then renumbering closes the gaps in each list", () => {
    const left = tree.filter((r) => r.id !== "a1" && r.id !== "b");
    const after = renumbered(left);
    expect(after.map((r) => [r.id, r.sort])).toEqual([
      ["a", 1],
      ["c", 2],
      ["a2", 1],
    ]);
  });

  it("when a move changes nothing, then nothing is written", () => {
    expect(changedPlaces(tree, moveTo(tree, "a", null, 0))).toEqual([]);
  });
});
