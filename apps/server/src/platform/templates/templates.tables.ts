import { jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, timestamps } from "../db/columns";

/** A staff member's saved list templates per kind (saved list filters, export column sets), in one organisation. */
export const dataTemp = pgTable(
  "data_temp",
  {
    id: idColumn(),
    boId: boIdColumn(),
    memberId: text("member_id").notNull(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("data_temp_owner_type_name_uq").on(t.boId, t.memberId, t.type, t.name)],
);
