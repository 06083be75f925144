import { integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The function tree (menus and permissions), synced from the contract at start. What a role grants of it
 * (`role_function`) and who holds which role are the identity domain's (domains/identity/identity.tables.ts).
 */
export const sysFunction = pgTable("sys_function", {
  code: text("code").primaryKey(),
  parentCode: text("parent_code"),
  kind: text("kind").notNull(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  path: text("path"),
  icon: text("icon"),
  sort: integer("sort").notNull(),
});
