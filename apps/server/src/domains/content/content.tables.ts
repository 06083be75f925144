import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, timestamps } from "../../platform/db/columns";

/**
 * A seller's custom content page (docs/domains/content.md): sanitised HTML under a code unique in the shop. Not the
 * platform's `web_content` (agreements, one row per code and language, reference data nobody audits): these are a
 * seller's records, scoped by organisation and audited.
 */
export const shopContent = pgTable(
  "shop_content",
  {
    id: idColumn(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    code: text("code").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    /** Characters of the text without markup, kept with each save for the list. */
    textLength: integer("text_length").notNull().default(0),
    published: boolean("published").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("shop_content_code_ck", sql`${t.code} ~ '^[a-z][a-z0-9-]{1,31}$'`),
    uniqueIndex("shop_content_code_uq").on(t.boId, t.code),
    index("shop_content_bo_updated_idx").on(t.boId, t.updatedAt, t.id),
  ],
);
