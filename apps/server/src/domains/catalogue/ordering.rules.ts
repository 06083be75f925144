/*
 * Sibling order, the same for shop categories, recommendation groups and the goods in a group: positions are 1..n
 * with no gaps or repeats. Every write takes the organisation's lock first (the repositories' `lock…`), reads the
 * siblings, and writes back only the rows whose place changed, so two moves at once run one after the other and
 * each starts from what the other left.
 */

export interface Placed {
  id: string;
  /** The sibling list it belongs to (a category's parent; null for the top level or a flat list). */
  parentId: string | null;
  sort: number;
}

/** The ids of one sibling list in their current order (by sort, then id, so a damaged list still reads the same). */
export function siblingsOf(rows: readonly Placed[], parentId: string | null): string[] {
  return rows
    .filter((r) => r.parentId === parentId)
    .sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);
}

/**
 * Every row's place after `id` moves to position `index` (0-based, clamped) among the children of `parentId`:
 * the list it leaves and the list it joins are renumbered 1..n; other lists keep their numbers.
 */
export function moveTo(rows: readonly Placed[], id: string, parentId: string | null, index: number): Placed[] {
  const moving = rows.find((r) => r.id === id);
  if (!moving) throw new Error(`moveTo: ${id} is not in the list`);
  const target = siblingsOf(rows, parentId).filter((x) => x !== id);
  target.splice(Math.max(0, Math.min(index, target.length)), 0, id);
  const placed = new Map<string, Placed>();
  siblingsOf(rows, moving.parentId)
    .filter((x) => x !== id)
    .forEach((x, i) => {
      placed.set(x, { id: x, parentId: moving.parentId, sort: i + 1 });
    });
  target.forEach((x, i) => {
    placed.set(x, { id: x, parentId, sort: i + 1 });
  });
  return rows.map((r) => placed.get(r.id) ?? r);
}

/** Every list renumbered 1..n in its current order (after deletes). */
export function renumbered(rows: readonly Placed[]): Placed[] {
  const parents = [...new Set(rows.map((r) => r.parentId))];
  const placed = new Map<string, Placed>();
  for (const p of parents)
    siblingsOf(rows, p).forEach((x, i) => {
      placed.set(x, { id: x, parentId: p, sort: i + 1 });
    });
  return rows.map((r) => placed.get(r.id) ?? r);
}

/** The rows of `after` whose parent or position differ from `before`: the only ones to write. */
export function changedPlaces(before: readonly Placed[], after: readonly Placed[]): Placed[] {
  const was = new Map(before.map((r) => [r.id, r]));
  return after.filter((r) => {
    const b = was.get(r.id);
    return !b || b.parentId !== r.parentId || b.sort !== r.sort;
  });
}
