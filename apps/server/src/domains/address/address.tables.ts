import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, timestamps } from "../../platform/db/columns";

/**
 * A seller's shipping (send-from), return and pickup addresses. Exactly one default per type while the
 * type has any address: the partial unique index makes a second default impossible, the service keeps one.
 */
export const sellerAddress = pgTable(
  "seller_address",
  {
    id: idColumn(),
    boId: boIdColumn(),
    /** shipping | return | pickup */
    type: text("type").notNull(),
    contactName: text("contact_name").notNull(),
    phone: text("phone").notNull(),
    provinceCode: text("province_code").notNull(),
    cityCode: text("city_code").notNull(),
    districtCode: text("district_code"),
    detail: text("detail").notNull(),
    postcode: text("postcode"),
    /** Pickup points only. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Pickup points only: opening hours as HH:mm. */
    openTime: text("open_time"),
    closeTime: text("close_time"),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("seller_address_bo_type_idx").on(t.boId, t.type, t.createdAt),
    uniqueIndex("seller_address_default_uq").on(t.boId, t.type).where(sql`${t.isDefault}`),
  ],
);
