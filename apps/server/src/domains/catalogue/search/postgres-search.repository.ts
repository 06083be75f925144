import { PRICE_BANDS } from "@sbo/contract";
import { and, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { type Executor, readTogether } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { COUNT_CAP } from "../../../platform/http/paging";
import { categoryAndBelow } from "../../reference/reference.port";
import type { GoodsSearchEngine, SearchAnswer, SearchQuery } from "./search.rules";
import { searchWords, tsqueryText } from "./search.rules";
import { goodsSearch } from "./search.tables";

/*
 * Search on PostgreSQL (migrations 0007 and 0017), over `goods_search`: one narrow row per live goods listing, kept
 * by the database from `goods` (search.tables.ts), so that counting a broad keyword's matches visits small rows.
 * - full text over `doc` (`sbo_search_words(name || ' ' || subtitle)`: Chinese character pairs, English words; a GIN
 *   index); every word of the keyword must match (English words as prefixes);
 * - misspelt words corrected against the seller's own words (`goods_search_word`, kept by the database from the
 *   documents; pg_trgm similarity over a trigram index), then the same full-text match: the hits are `similar`;
 * - ranked: the exact name first, then items matching every word, best sellers first; corrected spellings only when
 *   no item holds every word. Counts and facets stop at COUNT_CAP matches like every list.
 * Best sellers first (then the newest change) is an index's order (`goods_search_relevance_idx`), so a page of a
 * broad keyword walks that index instead of ranking every match; the exact names are one probe of
 * `goods_search_name_idx`, read on their own (a fence), so the planner never looks for them along the sales order.
 */

/** The indexed document. */
const DOCUMENT = sql`"goods_search"."doc"`;

/** The price facet's band of an item, 0 … PRICE_BANDS.length − 1. */
const BAND = sql`width_bucket("goods_search"."price_min", ${sql.raw(`array[${PRICE_BANDS.slice(1).join(",")}]::bigint[]`)})`;

type Match = "exact" | "words" | "similar" | null;

/** Best sellers first, then the newest change: the order of `goods_search_relevance_idx`. */
const BY_SALES = sql`"goods_search"."sales" desc nulls last, "goods_search"."updated_at" desc nulls last`;

/**
 * One way of matching: which rows, how they rank, what a hit's match is, how many rows the facets count at most;
 * `exact`: the rows ranked before the others (each group best sellers first), when ranked by relevance: `rows` finds
 * them (an exact name holds every word, so without the full-text match: one index probe), `test` tells them apart.
 */
interface Pass {
  matched: SQL;
  relevance: SQL;
  match: SQL;
  cap: number;
  exact?: { rows: SQL; test: SQL };
}

/** The page's ids by relevance when the exact names come first: each group read in its index's order, then merged. */
function exactFirst(q: SearchQuery, pass: Pass, exact: { rows: SQL; test: SQL }): SQL {
  const upTo = q.offset + q.limit;
  return sql`select id, match from (
      (select id, 'exact' as match, 0 as grp, sales, updated_at
        from (select "goods_search"."id", "goods_search"."sales", "goods_search"."updated_at" from goods_search
              where ${exact.rows} offset 0) e
        order by sales desc, updated_at desc, id limit ${upTo})
      union all
      (select "goods_search"."id", 'words' as match, 1 as grp, "goods_search"."sales", "goods_search"."updated_at" from goods_search
        where ${pass.matched} and not (${exact.test}) order by ${BY_SALES}, "goods_search"."id" limit ${upTo})
    ) p order by grp, sales desc nulls last, updated_at desc nulls last, id limit ${q.limit} offset ${q.offset}`;
}

/** The page's ranked ids, and the total and facets of the matches (at most `cap` of them), at once. */
async function run(db: Executor, q: SearchQuery, pass: Pass): Promise<SearchAnswer> {
  const order = {
    relevance: pass.relevance,
    priceAsc: sql`"goods_search"."price_min" asc`,
    priceDesc: sql`"goods_search"."price_max" desc`,
    sales: BY_SALES,
    newest: sql`"goods_search"."created_at" desc`,
  }[q.sort];
  const [hits, groups] = await readTogether(db, [
    () =>
      rowsOf<{ id: string; match: Match }>(
        db,
        q.sort === "relevance" && pass.exact
          ? exactFirst(q, pass, pass.exact)
          : sql`select "goods_search"."id", ${pass.match} as match from goods_search where ${pass.matched}
            order by ${order}, "goods_search"."id" limit ${q.limit} offset ${q.offset}`,
      ),
    // The total and the three facets in one pass over the matches (grouping sets: one aggregate, where four
    // aggregates over a materialised list of up to 10,000 matches cost a third of the statement on the bench).
    // `g` tells the groups apart: 3 by category, 5 by status, 6 by price band, 7 all the matches.
    () =>
      rowsOf<{ category_id: string | null; status: "draft" | "on" | "off" | null; band: number | null; g: number; n: number }>(
        db,
        sql`select category_id, status, band, grouping(category_id, status, band) as g, count(*)::int as n from (
              select "goods_search"."category_id", "goods_search"."status", ${BAND} as band from goods_search
              where ${pass.matched} limit ${pass.cap}) m
            group by grouping sets ((category_id), (status), (band), ())`,
      ),
  ]);
  const of = (g: number) => groups.filter((r) => r.g === g);
  return {
    hits,
    total: of(7)[0]?.n ?? 0,
    facets: {
      categories: of(3)
        .flatMap((r) => (r.category_id === null ? [] : [{ id: r.category_id, count: r.n }]))
        .sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(0, 20),
      prices: of(6)
        .flatMap((r) => (r.band === null ? [] : [r.band]).map((band) => ({ band, count: r.n })))
        .sort((a, b) => a.band - b.band)
        .map((b) => ({ from: PRICE_BANDS[b.band] ?? 0, to: PRICE_BANDS[b.band + 1] ?? null, count: b.count })),
      statuses: of(5)
        .flatMap((r) => (r.status === null ? [] : [{ status: r.status, count: r.n }]))
        .sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0)),
    },
  };
}

/** The organisation's goods matching the query's filters. */
function searchWhere(q: SearchQuery): SQL {
  const c: SQL[] = [eq(goodsSearch.boId, q.boId)];
  // The categories as an array computed first (`= any(array(…))`, not `in (…)`): a value the planner can look up in
  // the category index and intersect with the document's GIN bitmap, so a keyword within a category visits the
  // rows of both (1,786 on the bench) instead of every row holding the keyword (12,500: 49 ms → 8 ms for the facets).
  if (q.categoryId) c.push(sql`${goodsSearch.categoryId} = any(array${categoryAndBelow(q.categoryId)})`);
  if (q.priceMin !== undefined) c.push(gte(goodsSearch.priceMin, q.priceMin));
  if (q.priceMax !== undefined) c.push(lte(goodsSearch.priceMin, q.priceMax));
  if (q.status) c.push(eq(goodsSearch.status, q.status));
  return and(...c) as SQL;
}

/** A misspelt word is replaced by at most this many known words, those within SIMILAR_SPREAD of the most similar. */
const CORRECTIONS = 3;
const SIMILAR_SPREAD = 0.1;

/**
 * The keyword's words with letters that no known word of the organisation starts with, each with the known words
 * most similar to it (pg_trgm `similarity` ≥ its threshold, 0.3), from `goods_search_word` (a few hundred rows per
 * seller, a trigram index): spelling corrected against the seller's own words, like a search engine's dictionary.
 */
async function corrections(db: Executor, boId: string, words: string[]): Promise<Map<string, string[]>> {
  const spelt = words.filter((w) => /\p{L}/u.test(w));
  if (spelt.length === 0) return new Map();
  const rows = await rowsOf<{ input: string; known: boolean; similar: { word: string; s: number }[] }>(
    db,
    sql`select i.w as input,
          exists (select 1 from goods_search_word k where k.bo_id = ${boId} and left(k.word, length(i.w)) = i.w) as known,
          coalesce((select json_agg(json_build_object('word', c.word, 's', c.s) order by c.s desc, c.word) from (
            select k.word, similarity(k.word, i.w) as s from goods_search_word k
            where k.bo_id = ${boId} and k.word % i.w order by 2 desc, 1 limit ${CORRECTIONS}) c), '[]') as similar
        from unnest(array[${sql.join(
          spelt.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]) i(w)`,
  );
  return new Map(
    rows
      .filter((r) => !r.known)
      .map((r) => {
        const best = r.similar[0]?.s ?? 0;
        return [r.input, r.similar.filter((c) => c.s >= best - SIMILAR_SPREAD && /^[\p{L}\p{N}]+$/u.test(c.word)).map((c) => c.word)];
      }),
  );
}

export const postgresSearchEngine: GoodsSearchEngine = {
  async search(db: Executor, q: SearchQuery): Promise<SearchAnswer> {
    // Goods only (goods_search holds no services: they are never found where goods are sold).
    const where = searchWhere(q);
    const keyword = q.keyword?.trim().toLowerCase() ?? "";
    const { pairs, words } = searchWords(keyword);
    if (pairs.length + words.length === 0) {
      return run(db, q, {
        matched: where,
        relevance: BY_SALES,
        match: sql`null`,
        cap: COUNT_CAP,
      });
    }
    const tsq = sql`to_tsquery('simple', ${tsqueryText(keyword)})`;
    const exact = sql`"goods_search"."lower_name" = ${keyword}`;
    const byWords = await run(db, q, {
      matched: sql`${where} and ${DOCUMENT} @@ ${tsq}`,
      relevance: sql`(${exact}) desc, ${BY_SALES}`,
      match: sql`case when ${exact} then 'exact' else 'words' end`,
      cap: COUNT_CAP,
      exact: { rows: sql`${where} and ${exact}`, test: exact },
    });
    // Spelling is corrected only when no item holds every word, and only for keywords with letters (Chinese is
    // matched by character pairs: there is no spelling to correct). Each word with letters that no known word starts
    // with becomes the seller's known words most similar to it; the others stay; then the same full-text match.
    if (byWords.total > 0 || !words.some((w) => /\p{L}/u.test(w))) return byWords;
    const corrected = await corrections(db, q.boId, words);
    if (corrected.size === 0 || [...corrected.values()].some((c) => c.length === 0)) return byWords;
    const text = [
      ...pairs,
      ...words.map((w) => {
        const c = corrected.get(w);
        return c ? `(${c.map((k) => `${k}:*`).join(" | ")})` : `${w}:*`;
      }),
    ].join(" & ");
    return run(db, q, {
      matched: sql`${where} and ${DOCUMENT} @@ to_tsquery('simple', ${text})`,
      relevance: BY_SALES,
      match: sql`'similar'`,
      cap: COUNT_CAP,
    });
  },
};
