import type { AdvertItemState } from "@sbo/contract";

/* Pure checks of adverts and their items: an item's state at an instant, and the places of a reordered list. */

export function itemStateOf(r: { enabled: boolean; startAt: Date | null; endAt: Date | null }, now: Date): AdvertItemState {
  if (!r.enabled) return "disabled";
  if (r.endAt && r.endAt <= now) return "ended";
  if (r.startAt && r.startAt > now) return "scheduled";
  return "showing";
}

/** `ids` names every row of `rows` exactly once: otherwise the list changed since it was shown. */
export function sameSet(rows: readonly { id: string }[], ids: readonly string[]): boolean {
  const unique = new Set(ids);
  return unique.size === ids.length && unique.size === rows.length && rows.every((r) => unique.has(r.id));
}

/** The rows' new places 1..n in the order of `ids`, only those that changed. */
export const newPlaces = (rows: readonly { id: string; sort: number }[], ids: readonly string[]) => {
  const was = new Map(rows.map((r) => [r.id, r.sort]));
  return ids.map((id, i) => ({ id, sort: i + 1 })).filter((p) => was.get(p.id) !== p.sort);
};

/** Positions 1..n again after a delete. */
export const renumber = (rows: readonly { id: string; sort: number }[]) =>
  newPlaces(
    rows,
    rows.map((r) => r.id),
  );
