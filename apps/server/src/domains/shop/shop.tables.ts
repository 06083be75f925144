import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, timestamps } from "../../platform/db/columns";

/** The organisation's shop. Platform fields only; the shop domain adds its settings. */
export const shop = pgTable(
  "shop",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    /** open | closed */
    status: text("status").notNull().default("open"),
    ...timestamps,
  },
  (t) => [uniqueIndex("shop_bo_uq").on(t.boId)],
);
