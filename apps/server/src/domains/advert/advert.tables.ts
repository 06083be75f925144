import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * Shop adverts (docs/domains/advert.md). `sort` is 1..n among the shop's adverts and among an advert's items,
 * renumbered under the organisation's advert lock on every change.
 */

/** An advert position of the shop (a home banner, a category banner, a popup). */
export const shopAdvert = pgTable(
  "shop_advert",
  {
    id: idColumn(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    name: text("name").notNull(),
    /** homeBanner | categoryBanner | popup */
    position: text("position").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull(),
    ...timestamps,
  },
  (t) => [
    check("shop_advert_sort_ck", sql`${t.sort} >= 1`),
    check("shop_advert_position_ck", sql`${t.position} in ('homeBanner', 'categoryBanner', 'popup')`),
    index("shop_advert_bo_sort_idx").on(t.boId, t.sort, t.id),
    uniqueIndex("shop_advert_name_uq").on(t.boId, sql`lower(${t.name})`),
  ],
);

/**
 * One item of an advert: an image, a title, where a tap leads (`link_kind` and its target: a goods, shop category or
 * shop id, or a URL; '' for none) and when it shows.
 */
export const shopAdvertItem = pgTable(
  "shop_advert_item",
  {
    id: idColumn(),
    boId: boIdColumn(),
    adId: text("ad_id")
      .notNull()
      .references(() => shopAdvert.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    imageFileId: text("image_file_id").notNull(),
    /** none | goods | category | url | shop */
    linkKind: text("link_kind").notNull().default("none"),
    linkTarget: text("link_target").notNull().default(""),
    startAt: instantColumn("start_at"),
    endAt: instantColumn("end_at"),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull(),
    ...timestamps,
  },
  (t) => [
    check("shop_advert_item_sort_ck", sql`${t.sort} >= 1`),
    check(
      "shop_advert_item_link_ck",
      sql`${t.linkKind} in ('none', 'goods', 'category', 'url', 'shop')
      and (${t.linkKind} = 'none') = (${t.linkTarget} = '')`,
    ),
    check("shop_advert_item_window_ck", sql`${t.startAt} is null or ${t.endAt} is null or ${t.endAt} > ${t.startAt}`),
    index("shop_advert_item_ad_sort_idx").on(t.adId, t.sort, t.id),
    index("shop_advert_item_bo_idx").on(t.boId),
    // Whether a file is a showing advert's image (the public renditions).
    index("shop_advert_item_image_idx").on(t.imageFileId),
  ],
);
