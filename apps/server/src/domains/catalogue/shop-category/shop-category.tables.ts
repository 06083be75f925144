import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../../platform/db/columns";

/**
 * The seller's shop categories: two levels (parent_id null at the top). `sort` is 1..n among siblings, renumbered
 * under the organisation's category lock by every write (shop-category.repository.ts `lockTree`).
 */
export const shopClassify = pgTable(
  "shop_classify",
  {
    id: idColumn(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    parentId: text("parent_id"),
    name: text("name").notNull(),
    sort: integer("sort").notNull(),
    ...timestamps,
  },
  (t) => [
    check("shop_classify_sort_ck", sql`${t.sort} >= 1`),
    index("shop_classify_bo_parent_sort_idx").on(t.boId, t.parentId, t.sort),
    uniqueIndex("shop_classify_name_uq").on(t.boId, sql`coalesce(${t.parentId}, '')`, sql`lower(${t.name})`),
  ],
);

/** A goods item in a shop category (any number of categories per item). */
export const shopClassifyGoods = pgTable(
  "shop_classify_goods",
  {
    id: idColumn(),
    boId: boIdColumn(),
    classifyId: text("classify_id")
      .notNull()
      .references(() => shopClassify.id),
    // References goods(id) in the migration; the table is goods', so not named here.
    goodsId: text("goods_id").notNull(),
    createdAt: instantColumn("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shop_classify_goods_uq").on(t.classifyId, t.goodsId),
    // The goods counts (grouped by category) and a category's page, newest link first.
    index("shop_classify_goods_bo_classify_idx").on(t.boId, t.classifyId, t.createdAt),
    index("shop_classify_goods_goods_idx").on(t.goodsId),
  ],
);
