import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * A screen that keeps its state when left and revisited (spec: "kept alive"): a list's filters and page live in the
 * URL's query (docs/decisions.md), so the query is remembered for this tab (sessionStorage) as it changes and put back
 * when the screen is opened again without one (from the menu, a breadcrumb, a link). Answers false for the one render
 * before the remembered query is back, so the screen does not first load its default page.
 */
export function useKeptSearch(key: string): boolean {
  const { search } = useLocation();
  const navigate = useNavigate();
  const storageKey = `sbo:kept:${key}`;
  const [pending, setPending] = useState<string | null>(() => {
    if (search) return null;
    try {
      const saved = sessionStorage.getItem(storageKey);
      return saved && saved !== "?" ? saved : null;
    } catch {
      return null;
    }
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening the screen
  useEffect(() => {
    if (pending === null) return;
    void navigate({ search: pending }, { replace: true });
    setPending(null);
  }, []);
  useEffect(() => {
    if (pending !== null) return;
    try {
      sessionStorage.setItem(storageKey, search);
    } catch {
      // Storage disabled: the screen starts afresh next time.
    }
  }, [search, pending, storageKey]);
  return pending === null;
}
