import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** Platform reference data shared by every seller: categories, units, dictionaries, areas (province → city → district). */
export const category = pgTable(
  "category",
  {
    id: text("id").primaryKey(),
    parentId: text("parent_id"),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    level: integer("level").notNull(),
    sort: integer("sort").notNull(),
  },
  (t) => [index("category_parent_idx").on(t.parentId, t.sort)],
);

export const unit = pgTable("unit", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  sort: integer("sort").notNull(),
});

export const dictItem = pgTable(
  "dict_item",
  {
    id: text("id").primaryKey(),
    dictCode: text("dict_code").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    sort: integer("sort").notNull(),
  },
  (t) => [index("dict_item_dict_idx").on(t.dictCode, t.sort)],
);

export const area = pgTable(
  "area",
  {
    code: text("code").primaryKey(),
    parentCode: text("parent_code"),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    level: integer("level").notNull(),
  },
  (t) => [index("area_parent_idx").on(t.parentCode)],
);

/**
 * Related goods categories, maintained by the platform (seeded with the reference data): each relation once, the
 * smaller id first, and it holds both ways (fresh fruit ↔ fruit gift boxes). A relation made on a parent holds for
 * the categories under it too.
 */
export const categoryRelation = pgTable(
  "category_relation",
  {
    categoryId: text("category_id").notNull(),
    relatedId: text("related_id").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.relatedId] }),
    index("category_relation_related_idx").on(t.relatedId),
    check("category_relation_ordered", sql`${t.categoryId} < ${t.relatedId}`),
  ],
);
