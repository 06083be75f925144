import { bigint, customType, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { instantColumn } from "../../../platform/db/columns";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/*
 * What goods search reads (docs/domains/catalogue.md, "Search at scale"): one narrow row per live goods listing
 * (not deleted, listing type goods), kept by the database from `goods` (trigger `goods_search_sync`, migration
 * 0017) — no code writes it. A broad keyword's facets count thousands of matches, and each match is a visit of its
 * row: here a row is the search document and the few columns the search filters, sorts and counts by, instead of
 * an item's whole record (attributes, images, description) on three times as many pages.
 */
export const goodsSearch = pgTable(
  "goods_search",
  {
    // References goods(id) in the migration (on delete cascade); the table is goods', so not named here.
    id: text("id").primaryKey(),
    boId: text("bo_id").notNull(),
    categoryId: text("category_id"),
    status: text("status").notNull(),
    priceMin: bigint("price_min", { mode: "number" }).notNull(),
    priceMax: bigint("price_max", { mode: "number" }).notNull(),
    sales: integer("sales").notNull(),
    createdAt: instantColumn("created_at").notNull(),
    updatedAt: instantColumn("updated_at").notNull(),
    /** lower(name): the exact name ranks first. */
    lowerName: text("lower_name").notNull(),
    /** goods.search_doc: Chinese character pairs and English words of the name and subtitle. */
    doc: tsvector("doc").notNull(),
  },
  (t) => [
    index("goods_search_doc_gin").using("gin", t.doc),
    index("goods_search_name_idx").on(t.boId, t.lowerName),
    // Relevance's order (best sellers first, then the newest change), and the other sorts, each an index walk.
    index("goods_search_relevance_idx").on(t.boId, t.sales.desc(), t.updatedAt.desc(), t.id),
    index("goods_search_price_idx").on(t.boId, t.priceMin, t.id),
    index("goods_search_price_desc_idx").on(t.boId, t.priceMax.desc(), t.id),
    index("goods_search_created_idx").on(t.boId, t.createdAt.desc(), t.id),
    index("goods_search_category_idx").on(t.boId, t.categoryId),
  ],
);

/*
 * The seller's own words, for correcting a misspelt keyword (docs/domains/catalogue.md, "Goods search"): every word
 * with letters (not Chinese, not bare numbers) that some goods_search document of the organisation holds. Kept by
 * the database from goods_search (trigger `goods_search_word_sync`) — no code writes it. A few hundred rows per
 * seller where goods_search has thousands, so finding the known words similar to a misspelt one (a trigram index)
 * takes a few ms instead of checking the similarity of every name.
 */
export const goodsSearchWord = pgTable(
  "goods_search_word",
  {
    boId: text("bo_id").notNull(),
    word: text("word").notNull(),
  },
  (t) => [primaryKey({ columns: [t.boId, t.word] }), index("goods_search_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
);
