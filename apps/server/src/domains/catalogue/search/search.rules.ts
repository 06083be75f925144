import type { GoodsStatus, SearchFacets, SearchSort } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";

/*
 * The search interface: an engine answers the ranked ids of one page, the total and the facets; the service turns
 * the ids into list items from the database. PostgreSQL is the engine by default (postgres-search.repository.ts); an external
 * one (OpenSearch, Elasticsearch) implements this interface, registers in `searchEngines` and is chosen with
 * SEARCH_ENGINE.
 */

export interface SearchQuery {
  boId: string;
  keyword: string | undefined;
  categoryId: string | undefined;
  priceMin: number | undefined;
  priceMax: number | undefined;
  status: GoodsStatus | undefined;
  sort: SearchSort;
  limit: number;
  offset: number;
}

export interface SearchAnswer {
  hits: { id: string; match: "exact" | "words" | "similar" | null }[];
  total: number;
  /** Facets with category ids only: the service names them. */
  facets: Omit<SearchFacets, "categories"> & { categories: { id: string; count: number }[] };
}

export interface GoodsSearchEngine {
  search(db: Executor, query: SearchQuery): Promise<SearchAnswer>;
}

/**
 * A keyword as the engine's words: Chinese runs as overlapping character pairs (a single character alone), other
 * letters and digits as lower-case words. The database splits names the same way (`sbo_search_words`).
 */
export function searchWords(keyword: string): { pairs: string[]; words: string[] } {
  const pairs: string[] = [];
  const words: string[] = [];
  for (const run of keyword.toLowerCase().match(/[\u3400-\u4dbf\u4e00-\u9fff]+|[\p{L}\p{N}]+/gu) ?? []) {
    if (/^[\u3400-\u4dbf\u4e00-\u9fff]/.test(run)) {
      if (run.length === 1) pairs.push(run);
      for (let i = 0; i + 1 < run.length; i++) pairs.push(run.slice(i, i + 2));
    } else {
      words.push(run);
    }
  }
  return { pairs: [...new Set(pairs)], words: [...new Set(words)] };
}

/**
 * A keyword as a tsquery text over `sbo_search_words` documents: every pair and every word (words as prefixes), or
 * null when the keyword holds neither. Pairs and words are letters and digits only, so nothing needs quoting.
 */
export function tsqueryText(keyword: string): string | null {
  const { pairs, words } = searchWords(keyword);
  return pairs.length + words.length === 0 ? null : [...pairs, ...words.map((w) => `${w}:*`)].join(" & ");
}
