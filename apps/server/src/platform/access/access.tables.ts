import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, timestamps } from "../db/columns";

/** A seller organisation: the tenant. Its id is the `boId` of everything it owns. */
export const organization = pgTable(
  "organization",
  {
    id: idColumn(),
    name: text("name").notNull(),
    ...timestamps,
  },
  // Name search by prefix (organisation pickers): byte order so `like 'x%'` and the sort both use it.
  (t) => [index("organization_name_search_idx").on(sql`lower(${t.name}) collate "C"`)],
);

/** A member's place in an organisation: its owner, or staff with roles. */
export const employee = pgTable(
  "employee",
  {
    id: idColumn(),
    boId: boIdColumn(),
    memberId: text("member_id").notNull(),
    isOwner: boolean("is_owner").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("employee_bo_member_uq").on(t.boId, t.memberId), index("employee_member_idx").on(t.memberId)],
);

export const role = pgTable(
  "role",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("role_bo_name_uq").on(t.boId, t.name)],
);

export const roleFunction = pgTable(
  "role_function",
  {
    roleId: text("role_id").notNull(),
    funcCode: text("func_code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.funcCode] })],
);

export const employeeRole = pgTable(
  "employee_role",
  {
    employeeId: text("employee_id").notNull(),
    roleId: text("role_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.roleId] }), index("employee_role_role_idx").on(t.roleId)],
);

/** The function tree (menus and permissions), synced from the contract at start. */
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

/** Producers an organisation sells for; the manufacturer switch picks one per session. */
export const manufacturer = pgTable(
  "manufacturer",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("manufacturer_bo_code_uq").on(t.boId, t.code)],
);
