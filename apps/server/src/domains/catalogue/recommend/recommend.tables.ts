import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, timestamps } from "../../../platform/db/columns";

/** A recommendation group of the shop's front page. `sort` is 1..n, renumbered under the organisation's lock. */
export const recommendClassify = pgTable(
  "recommend_classify",
  {
    id: idColumn(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    name: text("name").notNull(),
    visible: boolean("visible").notNull().default(true),
    sort: integer("sort").notNull(),
    ...timestamps,
  },
  (t) => [
    check("recommend_classify_sort_ck", sql`${t.sort} >= 1`),
    index("recommend_classify_bo_sort_idx").on(t.boId, t.sort),
    uniqueIndex("recommend_classify_name_uq").on(t.boId, sql`lower(${t.name})`),
  ],
);

/** A goods item in a recommendation group; `sort` is 1..n within the group. */
export const recommendInfo = pgTable(
  "recommend_info",
  {
    id: idColumn(),
    boId: boIdColumn(),
    classifyId: text("classify_id")
      .notNull()
      .references(() => recommendClassify.id),
    // References goods(id) in the migration; the table is goods', so not named here.
    goodsId: text("goods_id").notNull(),
    sort: integer("sort").notNull(),
    ...timestamps,
  },
  (t) => [
    check("recommend_info_sort_ck", sql`${t.sort} >= 1`),
    uniqueIndex("recommend_info_uq").on(t.classifyId, t.goodsId),
    index("recommend_info_classify_sort_idx").on(t.classifyId, t.sort),
    index("recommend_info_goods_idx").on(t.goodsId),
  ],
);
