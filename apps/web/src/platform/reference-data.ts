import { reference } from "@sbo/contract/reference";
import { useQuery } from "@tanstack/react-query";
import { call } from "./api-client";
import type { Lang } from "./i18n";

/*
 * The platform's reference data as every screen reads it, cached once for all of them: the goods category tree
 * (two levels) by parent. It changes with a release, not during a session.
 */

/** The query key of one level of the category tree (`null`: the top level). */
export const categoriesKey = (parent: string | null) => ["reference", "categories", parent ?? ""] as const;

/** One level of the category tree. */
export const fetchCategories = (parent: string | null, signal?: AbortSignal) =>
  call(reference.selSubCateListByPcateId, { pcateId: parent }, { notify: false, signal });

export interface CategoryNode {
  value: string;
  title: string;
  children: { value: string; title: string }[];
}

/** The category tree, named in `lang` (TreeSelect data): one call for the whole tree, cached for the session. */
export function useCategoryTree(lang: Lang): { loading: boolean; tree: CategoryNode[] } {
  const all = useQuery({
    queryKey: ["reference", "categoryTree"],
    queryFn: ({ signal }) => call(reference.selCategoryTree, {}, { notify: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const label = (c: { name: string; nameEn: string }) => (lang === "zh" ? c.name : c.nameEn);
  const rows = all.data ?? [];
  return {
    loading: all.isPending,
    tree: rows
      .filter((c) => c.parentId === null)
      .map((c) => ({
        value: c.id,
        title: label(c),
        children: rows.filter((s) => s.parentId === c.id).map((s) => ({ value: s.id, title: label(s) })),
      })),
  };
}

/** The category tree as a flat option list: each top category, then its children as "Parent / Child". */
export function categoryOptions(tree: CategoryNode[]): { value: string; label: string }[] {
  return tree.flatMap((c) => [
    { value: c.value, label: c.title },
    ...c.children.map((s) => ({ value: s.value, label: `${c.title} / ${s.title}` })),
  ]);
}
