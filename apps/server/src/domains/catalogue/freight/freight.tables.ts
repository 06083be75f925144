import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, timestamps } from "../../../platform/db/columns";

/*
 * Freight templates (docs/domains/catalogue.md). The template holds its way of charging, its default rule and the
 * areas not delivered to; its rows (`freight_template_info`) are the region rules and the free-shipping conditions.
 * Units are pieces, grams or cm³ by the charge type; fees integer cents. Goods name a template through
 * `goods.freight_template_id` (a foreign key on (bo_id, id), added by hand at the end of the migration, since goods
 * — a lower domain — does not import this file).
 */
export const freightTemplate = pgTable(
  "freight_template",
  {
    id: idColumn(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    name: text("name").notNull(),
    /** piece | weight | volume */
    chargeType: text("charge_type").notNull(),
    firstUnit: integer("first_unit").notNull(),
    firstFee: bigint("first_fee", { mode: "number" }).notNull(),
    additionalUnit: integer("additional_unit").notNull(),
    additionalFee: bigint("additional_fee", { mode: "number" }).notNull(),
    /** Province and city codes. */
    notDelivered: jsonb("not_delivered").$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    check("freight_template_charge_ck", sql`${t.chargeType} in ('piece', 'weight', 'volume')`),
    check(
      "freight_template_rule_ck",
      sql`${t.firstUnit} >= 1 and ${t.additionalUnit} >= 1 and ${t.firstFee} >= 0 and ${t.additionalFee} >= 0`,
    ),
    uniqueIndex("freight_template_bo_name_uq").on(t.boId, sql`lower(${t.name})`),
    // Goods reference (bo_id, id): a goods row can only name a template of its own organisation.
    uniqueIndex("freight_template_bo_id_uq").on(t.boId, t.id),
    // The list: newest change first.
    index("freight_template_bo_upd_idx").on(t.boId, t.updatedAt, t.id),
  ],
);

/** A region rule (`fee`: first and further units and fees) or a free-shipping condition (`free`) of a template. */
export const freightTemplateInfo = pgTable(
  "freight_template_info",
  {
    id: idColumn(),
    boId: boIdColumn(),
    templateId: text("template_id")
      .notNull()
      .references(() => freightTemplate.id, { onDelete: "cascade" }),
    /** fee | free */
    kind: text("kind").notNull(),
    /** Province and city codes; a `free` row with none applies everywhere delivered to. */
    areas: jsonb("areas").$type<string[]>().notNull().default([]),
    firstUnit: integer("first_unit"),
    firstFee: bigint("first_fee", { mode: "number" }),
    additionalUnit: integer("additional_unit"),
    additionalFee: bigint("additional_fee", { mode: "number" }),
    /** amount | quantity */
    freeBy: text("free_by"),
    /** Cents (amount) or pieces (quantity). */
    threshold: bigint("threshold", { mode: "number" }),
    sort: integer("sort").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check(
      "freight_template_info_kind_ck",
      sql`(${t.kind} = 'fee' and ${t.firstUnit} >= 1 and ${t.additionalUnit} >= 1 and ${t.firstFee} >= 0 and ${t.additionalFee} >= 0 and ${t.freeBy} is null)
        or (${t.kind} = 'free' and ${t.freeBy} in ('amount', 'quantity') and ${t.threshold} >= 1 and ${t.firstUnit} is null)`,
    ),
    index("freight_template_info_template_idx").on(t.templateId, t.kind, t.sort),
  ],
);
