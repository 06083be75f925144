import { text, timestamp } from "drizzle-orm/pg-core";
import { newId } from "./ids";

/** Shared column builders: a time-ordered string id, created/updated instants (UTC). */
export const idColumn = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
export const boIdColumn = () => text("bo_id").notNull();
export const instantColumn = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const timestamps = {
  createdAt: instantColumn("created_at").notNull().defaultNow(),
  updatedAt: instantColumn("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
};
