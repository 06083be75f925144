/*
 * Where a category goes when it is dragged or moved with the buttons, as the server's move call takes it:
 * `{ id, parentId, index }` with `index` counted in the target list without the moved category. Two levels only:
 * a sub-category cannot take children, and a category with children stays at the top level.
 */

export interface TreeNode {
  id: string;
  parentId: string | null;
  name: string;
  /** Sub-categories (none on a sub-category). */
  children?: readonly TreeNode[];
}

const kids = (n: TreeNode | undefined): readonly TreeNode[] => n?.children ?? [];

export interface Move {
  id: string;
  parentId: string | null;
  index: number;
}

export type MoveRefusal = "tooDeep" | "hasChildren" | "self";
export type MoveResult = { move: Move } | { refused: MoveRefusal };

export function findNode(tree: readonly TreeNode[], id: string): TreeNode | undefined {
  for (const n of tree) {
    if (n.id === id) return n;
    const c = kids(n).find((x) => x.id === id);
    if (c) return c;
  }
  return undefined;
}

/** The list a category sits in (the top level, or its parent's children). */
function siblingsOf(tree: readonly TreeNode[], parentId: string | null): readonly TreeNode[] {
  return parentId === null ? tree : kids(findNode(tree, parentId));
}

/** Into `parentId` at `before` (an id of that list, or null for the end), checked against the two-level rule. */
export function placeIn(tree: readonly TreeNode[], id: string, parentId: string | null, before: string | null): MoveResult {
  const node = findNode(tree, id);
  if (!node) return { refused: "self" };
  if (parentId === id) return { refused: "self" };
  if (parentId !== null) {
    const parent = findNode(tree, parentId);
    if (!parent || parent.parentId !== null) return { refused: "tooDeep" };
    if (kids(node).length > 0) return { refused: "hasChildren" };
  }
  const list = siblingsOf(tree, parentId).filter((n) => n.id !== id);
  const at = before === null ? list.length : list.findIndex((n) => n.id === before);
  return { move: { id, parentId, index: at < 0 ? list.length : at } };
}

/**
 * A drop of antd's Tree: `target` the node dropped on, `position` -1 (before it), 1 (after it) or 0 (onto it:
 * first among its children). `targetExpanded` with children and `position` 1 means the first child too (antd draws
 * the line under an open node's title there).
 */
export function dropMove(
  tree: readonly TreeNode[],
  dragId: string,
  drop: { targetId: string; position: -1 | 0 | 1; targetExpanded?: boolean },
): MoveResult {
  const target = findNode(tree, drop.targetId);
  if (!target || target.id === dragId) return { refused: "self" };
  const intoTarget = drop.position === 0 || (drop.position === 1 && drop.targetExpanded === true && kids(target).length > 0);
  if (intoTarget) return placeIn(tree, dragId, target.id, kids(target).find((c) => c.id !== dragId)?.id ?? null);
  const list = siblingsOf(tree, target.parentId).filter((n) => n.id !== dragId);
  const i = list.findIndex((n) => n.id === target.id);
  const before = drop.position === -1 ? target.id : (list[i + 1]?.id ?? null);
  return placeIn(tree, dragId, target.parentId, before);
}

/** What the buttons can do to a category now (null: not possible there). */
export interface KeyboardMoves {
  up: Move | null;
  down: Move | null;
  /** Into the category above it, as its last sub-category. */
  indent: Move | null;
  /** Out of its parent, to the top level just after it. */
  outdent: Move | null;
}

export function keyboardMoves(tree: readonly TreeNode[], id: string): KeyboardMoves {
  const node = findNode(tree, id);
  const none = { up: null, down: null, indent: null, outdent: null };
  if (!node) return none;
  const list = siblingsOf(tree, node.parentId);
  const i = list.findIndex((n) => n.id === id);
  const above = list[i - 1];
  const ok = (r: MoveResult) => ("move" in r ? r.move : null);
  return {
    up: i > 0 ? { id, parentId: node.parentId, index: i - 1 } : null,
    down: i < list.length - 1 ? { id, parentId: node.parentId, index: i + 1 } : null,
    indent: above && node.parentId === null ? ok(placeIn(tree, id, above.id, null)) : null,
    outdent:
      node.parentId !== null ? ok(placeIn(tree, id, null, tree[tree.findIndex((n) => n.id === node.parentId) + 1]?.id ?? null)) : null,
  };
}

/** The tree after a move, as the server will answer it. */
export function applyMove(tree: readonly TreeNode[], move: Move): TreeNode[] {
  const node = findNode(tree, move.id);
  if (!node) return [...tree];
  const without: TreeNode[] = tree
    .filter((n) => n.id !== move.id)
    .map((n) => ({ ...n, children: kids(n).filter((c) => c.id !== move.id) }));
  const moved: TreeNode = { ...node, parentId: move.parentId };
  if (move.parentId === null) {
    without.splice(Math.min(move.index, without.length), 0, moved);
    return without;
  }
  return without.map((n) => {
    if (n.id !== move.parentId) return n;
    const children = [...kids(n)];
    children.splice(Math.min(move.index, children.length), 0, moved);
    return { ...n, children };
  });
}
