import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * The goods domain's tables (docs/domains/goods.md). Money in cents (bigint), quantities integers, times timestamptz,
 * calendar dates (production, expiry, harvest) as dates of the shop's time zone. Every row carries its organisation.
 */

/** An item (SPU) or a package (kind = 'package'). Soft-deleted: orders keep pointing at it. */
export const goods = pgTable(
  "goods",
  {
    id: idColumn(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    /** goods | package */
    kind: text("kind").notNull().default("goods"),
    name: text("name").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    categoryId: text("category_id"),
    unitId: text("unit_id"),
    attrs: jsonb("attrs").$type<Record<string, string | number | string[]>>().notNull().default({}),
    /** Spec dimensions in order: [{ name, values }]. */
    specs: jsonb("specs").$type<{ name: string; values: string[] }[]>().notNull().default([]),
    /** File ids; the first is the main image. */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    videoFileId: text("video_file_id"),
    descriptionHtml: text("description_html").notNull().default(""),
    logistics: jsonb("logistics").$type<string[]>().notNull().default([]),
    fresh: boolean("fresh").notNull().default(false),
    /** draft | on | off */
    status: text("status").notNull().default("draft"),
    /** Kept from the SKUs by every write of them: the list filters and sorts on these without a join. */
    priceMin: bigint("price_min", { mode: "number" }).notNull().default(0),
    priceMax: bigint("price_max", { mode: "number" }).notNull().default(0),
    stockTotal: integer("stock_total").notNull().default(0),
    /** Packages: at most this many are sold (null: only the parts limit it). */
    stockLimit: integer("stock_limit"),
    sales: integer("sales").notNull().default(0),
    /**
     * The freight template express delivery charges by (catalogue domain). Checked through the FreightTemplates port
     * and by a foreign key on (bo_id, freight_template_id), written by hand in the catalogue's migration (this lower
     * domain does not import the catalogue's tables).
     */
    freightTemplateId: text("freight_template_id"),
    /** Where the goods sit in the warehouse (shelf, bin), as the seller writes it; pick lists sort by it. */
    storageLocation: text("storage_location"),
    /** goods | serviceOffer | serviceWant: fixed once saved (docs/domains/goods.md, "Listing types and rebates"). */
    listingType: text("listing_type").notNull().default("goods"),
    /** Services: province and city codes served (offered) or where the service is wanted. */
    serviceAreas: jsonb("service_areas").$type<string[]>().notNull().default([]),
    /** Goods: the rebate a reseller or promoter earns on each sale, basis points of the price (0–5000); null: none. */
    rebateBp: integer("rebate_bp"),
    onShelfAt: instantColumn("on_shelf_at"),
    deletedAt: instantColumn("deleted_at"),
    ...timestamps,
  },
  (t) => [
    check("goods_kind_ck", sql`${t.kind} in ('goods', 'package')`),
    check("goods_status_ck", sql`${t.status} in ('draft', 'on', 'off')`),
    check("goods_stock_ck", sql`${t.stockTotal} >= 0 and (${t.stockLimit} is null or ${t.stockLimit} >= 0)`),
    check("goods_price_ck", sql`${t.priceMin} >= 0 and ${t.priceMax} >= ${t.priceMin}`),
    check("goods_listing_type_ck", sql`${t.listingType} in ('goods', 'serviceOffer', 'serviceWant')`),
    check("goods_rebate_ck", sql`${t.rebateBp} is null or ${t.rebateBp} between 0 and 5000`),
    // What a service never has (the contract refuses it field by field; this keeps the data right whatever writes it).
    check(
      "goods_service_ck",
      sql`${t.listingType} = 'goods' or (${t.kind} = 'goods' and not ${t.fresh} and ${t.freightTemplateId} is null
        and ${t.stockTotal} = 0 and ${t.rebateBp} is null and ${t.logistics} = '[]'::jsonb)`,
    ),
    check("goods_goods_areas_ck", sql`${t.listingType} <> 'goods' or ${t.serviceAreas} = '[]'::jsonb`),
    // The status tabs (keyset on updated_at, id; ascending: read backwards, see member.tables.ts), and "all".
    index("goods_bo_kind_status_upd_idx").on(t.boId, t.kind, t.status, t.updatedAt, t.id).where(sql`${t.deletedAt} is null`),
    index("goods_bo_kind_upd_idx").on(t.boId, t.kind, t.updatedAt, t.id).where(sql`${t.deletedAt} is null`),
    index("goods_bo_category_idx").on(t.boId, t.categoryId).where(sql`${t.deletedAt} is null`),
    index("goods_bo_freight_idx").on(t.boId, t.freightTemplateId).where(sql`${t.deletedAt} is null and ${t.freightTemplateId} is not null`),
    index("goods_bo_sales_idx").on(t.boId, t.sales).where(sql`${t.deletedAt} is null and ${t.status} = 'on'`),
    // The service boards: every seller's on-shelf services of a type, newest first (keyset), and by area.
    index("goods_service_board_idx")
      .on(t.listingType, t.onShelfAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'on' and ${t.listingType} <> 'goods'`),
    index("goods_service_areas_idx")
      .using("gin", t.serviceAreas)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'on' and ${t.listingType} <> 'goods'`),
    // The rebate list: every seller's on-shelf goods paying a rebate, by rebate amount or newest first (keyset).
    index("goods_rebate_amount_idx")
      .on(sql`(${t.priceMin} * ${t.rebateBp} / 10000)`, t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'on' and ${t.rebateBp} > 0`),
    // Whether a file is an image of goods on shelf, which anyone may see (the public renditions, `images ? id`).
    index("goods_images_on_shelf_idx").using("gin", t.images).where(sql`${t.deletedAt} is null and ${t.status} = 'on'`),
    index("goods_rebate_newest_idx").on(t.onShelfAt, t.id).where(sql`${t.deletedAt} is null and ${t.status} = 'on' and ${t.rebateBp} > 0`),
  ],
);

/** A SKU: one combination of spec values with its price and stock. Retired (not deleted) when its combination goes. */
export const goodsSku = pgTable(
  "goods_sku",
  {
    id: idColumn(),
    boId: boIdColumn(),
    goodsId: text("goods_id")
      .notNull()
      .references(() => goods.id),
    /** One value per spec dimension, in dimension order ([] without specs). */
    specValues: jsonb("spec_values").$type<string[]>().notNull().default([]),
    price: bigint("price", { mode: "number" }).notNull(),
    marketPrice: bigint("market_price", { mode: "number" }),
    costPrice: bigint("cost_price", { mode: "number" }),
    /** Fresh goods: the sum of the unexpired batches' `left`, rewritten with every batch change. */
    stock: integer("stock").notNull().default(0),
    code: text("code"),
    barcode: text("barcode"),
    weightG: integer("weight_g"),
    volumeCm3: integer("volume_cm3"),
    sort: integer("sort").notNull().default(0),
    retiredAt: instantColumn("retired_at"),
    ...timestamps,
  },
  (t) => [
    check("goods_sku_stock_ck", sql`${t.stock} >= 0`),
    check(
      "goods_sku_price_ck",
      sql`${t.price} >= 0 and (${t.marketPrice} is null or ${t.marketPrice} >= 0) and (${t.costPrice} is null or ${t.costPrice} >= 0)`,
    ),
    index("goods_sku_goods_idx").on(t.goodsId, t.sort),
    uniqueIndex("goods_sku_combo_uq").on(t.goodsId, t.specValues).where(sql`${t.retiredAt} is null`),
    uniqueIndex("goods_sku_bo_code_uq").on(t.boId, sql`lower(${t.code})`).where(sql`${t.code} is not null and ${t.retiredAt} is null`),
    index("goods_sku_bo_code_idx").on(t.boId, t.code.op("text_pattern_ops")).where(sql`${t.retiredAt} is null`),
  ],
);

/** A package's parts: SKUs of the seller's normal items with quantities. */
export const goodsPackageItem = pgTable(
  "goods_package_item",
  {
    boId: boIdColumn(),
    packageId: text("package_id")
      .notNull()
      .references(() => goods.id),
    /** The part's item (kept with the SKU, to name it and to find the packages an item is in). */
    goodsId: text("goods_id")
      .notNull()
      .references(() => goods.id),
    skuId: text("sku_id")
      .notNull()
      .references(() => goodsSku.id),
    quantity: integer("quantity").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.skuId] }),
    check("goods_package_item_qty_ck", sql`${t.quantity} >= 1`),
    index("goods_package_item_goods_idx").on(t.goodsId),
  ],
);

/** Origin and batch trace records: where it comes from, which farm, harvest date, inspection report. */
export const goodsTrace = pgTable(
  "goods_trace",
  {
    id: idColumn(),
    boId: boIdColumn(),
    goodsId: text("goods_id")
      .notNull()
      .references(() => goods.id),
    origin: text("origin").notNull(),
    areaCode: text("area_code"),
    farm: text("farm").notNull().default(""),
    baseId: text("base_id"),
    harvestDate: date("harvest_date", { mode: "string" }),
    inspectionFileId: text("inspection_file_id"),
    remark: text("remark").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("goods_trace_bo_created_idx").on(t.boId, t.createdAt, t.id), index("goods_trace_goods_idx").on(t.goodsId, t.createdAt)],
);

/** A batch of a fresh SKU: what came in, what is left, when it was made and when it expires. */
export const goodsBatch = pgTable(
  "goods_batch",
  {
    id: idColumn(),
    boId: boIdColumn(),
    goodsId: text("goods_id")
      .notNull()
      .references(() => goods.id),
    skuId: text("sku_id")
      .notNull()
      .references(() => goodsSku.id),
    batchNo: text("batch_no").notNull(),
    quantity: integer("quantity").notNull(),
    left: integer("left").notNull(),
    productionDate: date("production_date", { mode: "string" }).notNull(),
    /** The last day it may be sold (the shop's date). */
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    traceId: text("trace_id").references(() => goodsTrace.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("goods_batch_left_ck", sql`${t.left} >= 0 and ${t.quantity} >= 0`),
    check("goods_batch_dates_ck", sql`${t.expiresOn} >= ${t.productionDate}`),
    uniqueIndex("goods_batch_sku_no_uq").on(t.skuId, t.batchNo),
    // FEFO reads a SKU's batches in expiry order.
    index("goods_batch_sku_expiry_idx").on(t.skuId, t.expiresOn),
    // Near expiry: the organisation's batches with something left, by expiry.
    index("goods_batch_bo_expiry_idx").on(t.boId, t.expiresOn, t.goodsId).where(sql`${t.left} > 0`),
    index("goods_batch_goods_idx").on(t.goodsId, t.expiresOn),
  ],
);

/** A batch on/off shelf, kept so the latest can be undone for 10 minutes: each item it moved and from where. */
export const goodsShelfBatch = pgTable(
  "goods_shelf_batch",
  {
    id: idColumn(),
    boId: boIdColumn(),
    memberId: text("member_id").notNull(),
    /** on | off */
    direction: text("direction").notNull(),
    changes: jsonb("changes").$type<{ id: string; from: string }[]>().notNull(),
    undoneAt: instantColumn("undone_at"),
    ...timestamps,
  },
  (t) => [index("goods_shelf_batch_bo_created_idx").on(t.boId, t.createdAt)],
);

/** A member price: (SKU, rank) → cents. */
export const goodsMemberPrice = pgTable(
  "goods_member_price",
  {
    boId: boIdColumn(),
    goodsId: text("goods_id")
      .notNull()
      .references(() => goods.id),
    skuId: text("sku_id")
      .notNull()
      .references(() => goodsSku.id),
    rankId: text("rank_id").notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.rankId] }),
    check("goods_member_price_ck", sql`${t.price} >= 1`),
    index("goods_member_price_goods_idx").on(t.goodsId),
    // The rank-usage port counts by rank.
    index("goods_member_price_bo_rank_idx").on(t.boId, t.rankId),
  ],
);

/** A SKU's ladder: tiers [{ minQuantity, price }] ascending by quantity, descending by price. */
export const goodsLadderPrice = pgTable(
  "goods_ladder_price",
  {
    boId: boIdColumn(),
    goodsId: text("goods_id")
      .notNull()
      .references(() => goods.id),
    skuId: text("sku_id")
      .primaryKey()
      .references(() => goodsSku.id),
    tiers: jsonb("tiers").$type<{ minQuantity: number; price: number }[]>().notNull(),
    ...timestamps,
  },
  (t) => [index("goods_ladder_price_goods_idx").on(t.goodsId)],
);

/** Where same-city delivery reaches: an item's own range, or the shop's default (goods_id null). */
export const goodsDeliveryRange = pgTable(
  "goods_delivery_range",
  {
    id: idColumn(),
    boId: boIdColumn(),
    goodsId: text("goods_id").references(() => goods.id),
    shapes: jsonb("shapes").$type<unknown[]>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("goods_delivery_range_bo_goods_uq").on(t.boId, sql`coalesce(${t.goodsId}, '')`)],
);

/** Platform reference data: the attributes a category's goods describe (its own and its parents'). */
export const goodsAttrDef = pgTable(
  "goods_attr_def",
  {
    id: text("id").primaryKey(),
    categoryId: text("category_id").notNull(),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    /** text | number | select | multiSelect */
    type: text("type").notNull(),
    options: jsonb("options").$type<{ code: string; name: string; nameEn: string }[]>().notNull().default([]),
    required: boolean("required").notNull().default(false),
    unit: text("unit"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("goods_attr_def_category_idx").on(t.categoryId, t.sort)],
);

/**
 * How many live items of each kind an organisation has in each status: kept by statement-level triggers on `goods`
 * (migration 0006, from the statements' transition tables, so a batch or an import costs one upsert per status), so the
 * goods list's tab counts are read, not counted, when no other filter applies.
 */
export const goodsStatusCount = pgTable(
  "goods_status_count",
  {
    boId: boIdColumn(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boId, t.kind, t.status] })],
);
