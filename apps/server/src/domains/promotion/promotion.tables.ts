import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * Promotions (docs/domains/promotion.md). Times timestamptz (UTC), money in cents. The state is not stored: it comes
 * from the clock (starts_at, ends_at) and cancelled_at.
 */

export const promotion = pgTable(
  "promotion",
  {
    id: idColumn(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    name: text("name").notNull(),
    /** percent | price */
    kind: text("kind").notNull(),
    /** percent: 1–99 off every SKU of the chosen items. */
    percentOff: integer("percent_off"),
    startsAt: instantColumn("starts_at").notNull(),
    endsAt: instantColumn("ends_at").notNull(),
    perBuyerLimit: integer("per_buyer_limit"),
    cancelledAt: instantColumn("cancelled_at"),
    createdBy: text("created_by"),
    ...timestamps,
  },
  (t) => [
    check("promotion_kind_ck", sql`${t.kind} in ('percent', 'price')`),
    check(
      "promotion_percent_ck",
      sql`(${t.kind} = 'percent') = (${t.percentOff} is not null) and (${t.percentOff} is null or ${t.percentOff} between 1 and 99)`,
    ),
    check("promotion_period_ck", sql`${t.endsAt} > ${t.startsAt}`),
    check("promotion_limit_ck", sql`${t.perBuyerLimit} is null or ${t.perBuyerLimit} > 0`),
    // The list, newest first.
    index("promotion_bo_created_idx").on(t.boId, t.createdAt, t.id),
    // The running promotions of a seller (checkout, the goods pickers).
    index("promotion_bo_period_idx").on(t.boId, t.endsAt, t.startsAt).where(sql`${t.cancelledAt} is null`),
  ],
);

/** The SKUs of a promotion: `price` is the promotion price of a by-spec promotion (null for percent off). */
export const promotionSku = pgTable(
  "promotion_sku",
  {
    id: idColumn(),
    boId: boIdColumn(),
    promotionId: text("promotion_id")
      .notNull()
      .references(() => promotion.id, { onDelete: "cascade" }),
    // References goods(id) in the migration; the table is goods', so not named here.
    goodsId: text("goods_id").notNull(),
    // References goods_sku(id) in the migration; the table is goods', so not named here.
    skuId: text("sku_id").notNull(),
    price: bigint("price", { mode: "number" }),
    ...timestamps,
  },
  (t) => [
    check("promotion_sku_price_ck", sql`${t.price} is null or ${t.price} >= 0`),
    uniqueIndex("promotion_sku_uq").on(t.promotionId, t.skuId),
    index("promotion_sku_sku_idx").on(t.skuId),
    index("promotion_sku_goods_idx").on(t.goodsId),
  ],
);
