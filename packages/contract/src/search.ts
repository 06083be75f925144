import { z } from "zod";
import { cents, id, page, pageInput } from "./common";
import { read } from "./define";
import { goodsListItem, goodsStatus } from "./goods";

/*
 * Goods search (issue 10): the seller's own goods by keyword (Chinese and English), category, price range and status,
 * with facet counts. Served by a search engine behind an interface (PostgreSQL by default: full text over
 * Chinese character pairs and English words, then trigram similarity for misspellings); see docs/domains/catalogue.md (Goods search).
 */

export const searchSorts = ["relevance", "priceAsc", "priceDesc", "sales", "newest"] as const;
export const searchSort = z.enum(searchSorts);
export type SearchSort = z.infer<typeof searchSort>;

/** How an item matched the keyword: the whole name, every word, or a similar spelling. */
export const searchMatches = ["exact", "words", "similar"] as const;

/** The price bands of the price facet, in cents: [from, to) with the last open-ended. */
export const PRICE_BANDS = [0, 1000, 3000, 10000, 30000] as const;

export const searchHit = goodsListItem.extend({ match: z.enum(searchMatches).nullable() });
export type SearchHit = z.infer<typeof searchHit>;

export const searchFacets = z.object({
  /** Matching items per category (the items' own categories), most first, at most 20. */
  categories: z.array(z.object({ id, name: z.string(), nameEn: z.string(), count: z.int() })),
  /** Matching items per price band (by the lowest SKU price). */
  prices: z.array(z.object({ from: cents, to: cents.nullable(), count: z.int() })),
  /** Matching items per status. */
  statuses: z.array(z.object({ status: goodsStatus, count: z.int() })),
});
export type SearchFacets = z.infer<typeof searchFacets>;

export const search = {
  goodsListV3: read({
    path: "/api/es/search/goodsListV3",
    summary:
      "Search the organisation's goods: keyword (Chinese or English; exact name first, then every word, then similar spellings), category with its subcategories, price range, status, sort; with facet counts",
    access: { func: "goods.manage" },
    input: pageInput({
      keyword: z.string().trim().max(60).optional(),
      categoryId: id.optional(),
      priceMin: cents.optional(),
      priceMax: cents.optional(),
      status: goodsStatus.optional(),
      sort: searchSort.default("relevance"),
    }),
    output: page(searchHit).extend({ facets: searchFacets }),
  }),
};
