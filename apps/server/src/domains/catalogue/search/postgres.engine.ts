import { PRICE_BANDS } from "@sbo/contract";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, readTogether } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { goodsWhere } from "../../goods/goods.repository";
import type { GoodsSearchEngine, SearchAnswer, SearchQuery } from "./search.engine";
import { searchWords } from "./search.engine";

/*
 * Search on PostgreSQL (migration 0007_goods_search.sql):
 * - full text over the generated column `search_doc` (`sbo_search_words(name || ' ' || subtitle)`: Chinese character
 *   pairs, English words; a GIN index); every word of the keyword must match (English words as prefixes);
 * - trigram word similarity of the name (pg_trgm, a GIN index on lower(name)) for misspelt English words;
 * - ranked: the exact name first, then items matching every word (by ts_rank), then similar names (by similarity).
 */

/** The indexed document (a generated column). */
const DOCUMENT = sql`"goods"."search_doc"`;

/** Words to a tsquery text: pairs and words are letters and digits only, so nothing needs quoting. */
function tsqueryOf(pairs: string[], words: string[]): string {
  return [...pairs, ...words.map((w) => `${w}:*`)].join(" & ");
}

/** The price facet's band of an item, 0 … PRICE_BANDS.length − 1. */
const BAND = sql`width_bucket("goods"."price_min", ${sql.raw(`array[${PRICE_BANDS.slice(1).join(",")}]::bigint[]`)})`;

export const postgresSearchEngine: GoodsSearchEngine = {
  async search(db: Executor, q: SearchQuery): Promise<SearchAnswer> {
    const where = goodsWhere(q.boId, {
      categoryId: q.categoryId,
      priceMin: q.priceMin,
      priceMax: q.priceMax,
      status: q.status,
    });
    const keyword = q.keyword?.trim().toLowerCase() ?? "";
    const { pairs, words } = searchWords(keyword);
    const text = pairs.length + words.length > 0 ? tsqueryOf(pairs, words) : null;
    const tsq = sql`to_tsquery('simple', ${text})`;
    // Misspellings only for keywords with letters (trigrams of Chinese characters say little).
    const fuzzy = text !== null && words.some((w) => /\p{L}/u.test(w));
    const matches: SQL | null =
      text === null ? null : fuzzy ? sql`(${DOCUMENT} @@ ${tsq} or ${keyword} <% lower("goods"."name"))` : sql`${DOCUMENT} @@ ${tsq}`;
    const matched = matches ? sql`${where} and ${matches}` : where;

    const relevance =
      text === null
        ? sql`"goods"."sales" desc, "goods"."updated_at" desc`
        : sql`(lower("goods"."name") = ${keyword}) desc, (${DOCUMENT} @@ ${tsq}) desc, ts_rank(${DOCUMENT}, ${tsq}) desc,
              ${fuzzy ? sql`word_similarity(${keyword}, lower("goods"."name")) desc,` : sql``} "goods"."sales" desc`;
    const order = {
      relevance,
      priceAsc: sql`"goods"."price_min" asc`,
      priceDesc: sql`"goods"."price_max" desc`,
      sales: sql`"goods"."sales" desc`,
      newest: sql`"goods"."created_at" desc`,
    }[q.sort];
    const match =
      text === null
        ? sql`null`
        : sql`case when lower("goods"."name") = ${keyword} then 'exact' when ${DOCUMENT} @@ ${tsq} then 'words' else 'similar' end`;

    const [hits, [facets]] = await readTogether(db, [
      () =>
        rowsOf<{ id: string; match: "exact" | "words" | "similar" | null }>(
          db,
          sql`select "goods"."id", ${match} as match from goods where ${matched}
            order by ${order}, "goods"."id" limit ${q.limit} offset ${q.offset}`,
        ),
      () =>
        rowsOf<{
          total: number;
          categories: { id: string; count: number }[] | null;
          bands: { band: number; count: number }[] | null;
          statuses: { status: "draft" | "on" | "off"; count: number }[] | null;
        }>(
          db,
          sql`with m as materialized (select "goods"."category_id", "goods"."status", ${BAND} as band from goods where ${matched})
            select (select count(*)::int from m) as total,
              (select json_agg(x) from (select category_id as id, count(*)::int as count from m where category_id is not null
                 group by 1 order by 2 desc, 1 limit 20) x) as categories,
              (select json_agg(x) from (select band, count(*)::int as count from m group by 1 order by 1) x) as bands,
              (select json_agg(x) from (select status, count(*)::int as count from m group by 1 order by 1) x) as statuses`,
        ),
    ]);
    return {
      hits,
      total: facets?.total ?? 0,
      facets: {
        categories: facets?.categories ?? [],
        prices: (facets?.bands ?? []).map((b) => ({
          from: PRICE_BANDS[b.band] ?? 0,
          to: PRICE_BANDS[b.band + 1] ?? null,
          count: b.count,
        })),
        statuses: facets?.statuses ?? [],
      },
    };
  },
};
