import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * Coupons (docs/domains/coupon.md). Money in cents, times timestamptz (UTC). Orders stand above this domain: a coupon
 * keeps the id and number of the order holding or using it as plain text (no foreign key upwards).
 */

/**
 * A coupon rule (regCode unique per seller): its discount, validity, quantities and goods scope. `kind` exchange is an
 * exchange voucher: buyers receive its coupons by typing `exchange_code`. `issued_quantity` and `used_quantity` are
 * kept by the receipts and payments (conditional updates; a CHECK keeps issued within the total).
 */
export const couponRule = pgTable(
  "coupon_rule",
  {
    id: idColumn(),
    boId: text("bo_id").notNull(),
    shopId: text("shop_id").notNull(),
    regCode: text("reg_code").notNull(),
    /** coupon | exchange | card */
    kind: text("kind").notNull().default("coupon"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** amount | percent | threshold */
    discountType: text("discount_type").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
    percentOff: integer("percent_off").notNull().default(0),
    maxDiscount: bigint("max_discount", { mode: "number" }).notNull().default(0),
    minSpend: bigint("min_spend", { mode: "number" }).notNull().default(0),
    /** fixed | days */
    validityType: text("validity_type").notNull(),
    validFrom: instantColumn("valid_from"),
    validTo: instantColumn("valid_to"),
    validDays: integer("valid_days"),
    totalQuantity: integer("total_quantity").notNull(),
    perMemberLimit: integer("per_member_limit").notNull().default(1),
    issuedQuantity: integer("issued_quantity").notNull().default(0),
    usedQuantity: integer("used_quantity").notNull().default(0),
    /** all | goods */
    goodsScope: text("goods_scope").notNull().default("all"),
    goodsIds: jsonb("goods_ids").$type<string[]>().notNull().default([]),
    exchangeCode: text("exchange_code"),
    /** draft | active | ended */
    state: text("state").notNull().default("draft"),
    ...timestamps,
  },
  (t) => [
    check("coupon_rule_kind_ck", sql`${t.kind} in ('coupon', 'exchange', 'card')`),
    check("coupon_rule_type_ck", sql`${t.discountType} in ('amount', 'percent', 'threshold')`),
    check("coupon_rule_validity_ck", sql`${t.validityType} in ('fixed', 'days')`),
    check(
      "coupon_rule_validity_fields_ck",
      sql`(${t.validityType} = 'fixed' and ${t.validFrom} is not null and ${t.validTo} > ${t.validFrom}) or (${t.validityType} = 'days' and ${t.validDays} >= 1)`,
    ),
    check("coupon_rule_state_ck", sql`${t.state} in ('draft', 'active', 'ended')`),
    check("coupon_rule_scope_ck", sql`${t.goodsScope} in ('all', 'goods')`),
    check(
      "coupon_rule_money_ck",
      sql`${t.amount} >= 0 and ${t.maxDiscount} >= 0 and ${t.minSpend} >= 0 and ${t.percentOff} between 0 and 99`,
    ),
    check(
      "coupon_rule_quantity_ck",
      sql`${t.totalQuantity} >= 1 and ${t.issuedQuantity} between 0 and ${t.totalQuantity} and ${t.usedQuantity} between 0 and ${t.issuedQuantity}`,
    ),
    check("coupon_rule_exchange_ck", sql`(${t.kind} = 'exchange') = (${t.exchangeCode} is not null)`),
    uniqueIndex("coupon_rule_bo_code_uq").on(t.boId, t.regCode),
    uniqueIndex("coupon_rule_bo_exchange_uq").on(t.boId, t.exchangeCode).where(sql`${t.exchangeCode} is not null`),
    // The lists: one kind, every state or one, newest first (keyset-friendly, read backwards).
    index("coupon_rule_bo_kind_created_idx").on(t.boId, t.kind, t.createdAt, t.id),
    index("coupon_rule_bo_kind_state_created_idx").on(t.boId, t.kind, t.state, t.createdAt, t.id),
  ],
);

/**
 * A coupon issued to a buyer from a rule. Stored states: unused | frozen (held by an unpaid order) | used | invalid;
 * an unused coupon past `valid_to` reads as expired. `order_id`/`order_no` name the order holding or using it.
 */
export const coupon = pgTable(
  "coupon",
  {
    id: idColumn(),
    boId: text("bo_id").notNull(),
    ruleId: text("rule_id")
      .notNull()
      .references(() => couponRule.id),
    memberId: text("member_id").notNull(),
    /** receive | exchange | card */
    source: text("source").notNull().default("receive"),
    state: text("state").notNull().default("unused"),
    validFrom: instantColumn("valid_from").notNull(),
    validTo: instantColumn("valid_to").notNull(),
    orderId: text("order_id"),
    orderNo: text("order_no"),
    discountAmount: bigint("discount_amount", { mode: "number" }),
    frozenAt: instantColumn("frozen_at"),
    usedAt: instantColumn("used_at"),
    invalidatedAt: instantColumn("invalidated_at"),
    ...timestamps,
  },
  (t) => [
    check("coupon_state_ck", sql`${t.state} in ('unused', 'frozen', 'used', 'invalid')`),
    check("coupon_source_ck", sql`${t.source} in ('receive', 'exchange', 'card')`),
    check("coupon_held_ck", sql`${t.state} not in ('frozen', 'used') or (${t.orderId} is not null and ${t.discountAmount} >= 0)`),
    check("coupon_valid_ck", sql`${t.validTo} > ${t.validFrom}`),
    index("coupon_rule_created_idx").on(t.ruleId, t.createdAt, t.id),
    index("coupon_rule_state_created_idx").on(t.ruleId, t.state, t.createdAt, t.id),
    index("coupon_rule_used_idx").on(t.ruleId, t.usedAt).where(sql`${t.state} = 'used'`),
    index("coupon_rule_member_idx").on(t.ruleId, t.memberId),
    index("coupon_member_created_idx").on(t.memberId, t.createdAt, t.id),
    index("coupon_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/**
 * A pool of password cards generated for a card rule (kind card). Each card's password is kept as a SHA-256 hash (what
 * redemption checks) and in plain text only until the pool is exported once (`exported_at`), so the seller can print
 * them; the export drops the plain passwords.
 */
export const couponCardPool = pgTable(
  "coupon_card_pool",
  {
    id: idColumn(),
    boId: text("bo_id").notNull(),
    shopId: text("shop_id").notNull(),
    ruleId: text("rule_id")
      .notNull()
      .references(() => couponRule.id),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    /** active | eliminated */
    state: text("state").notNull().default("active"),
    exportedAt: instantColumn("exported_at"),
    ...timestamps,
  },
  (t) => [
    check("coupon_card_pool_state_ck", sql`${t.state} in ('active', 'eliminated')`),
    check("coupon_card_pool_quantity_ck", sql`${t.quantity} >= 1`),
    index("coupon_card_pool_bo_created_idx").on(t.boId, t.createdAt, t.id),
    index("coupon_card_pool_rule_idx").on(t.ruleId),
  ],
);

/** One password card of a pool: unused | redeemed (into `coupon_id`) | invalid. */
export const couponCard = pgTable(
  "coupon_card",
  {
    id: idColumn(),
    boId: text("bo_id").notNull(),
    poolId: text("pool_id")
      .notNull()
      .references(() => couponCardPool.id),
    cardNo: text("card_no").notNull(),
    passwordHash: text("password_hash").notNull(),
    passwordPlain: text("password_plain"),
    state: text("state").notNull().default("unused"),
    memberId: text("member_id"),
    couponId: text("coupon_id").references(() => coupon.id),
    redeemedAt: instantColumn("redeemed_at"),
    invalidatedAt: instantColumn("invalidated_at"),
    ...timestamps,
  },
  (t) => [
    check("coupon_card_state_ck", sql`${t.state} in ('unused', 'redeemed', 'invalid')`),
    check("coupon_card_redeemed_ck", sql`${t.state} <> 'redeemed' or ${t.couponId} is not null`),
    uniqueIndex("coupon_card_bo_no_uq").on(t.boId, t.cardNo),
    index("coupon_card_pool_no_idx").on(t.poolId, t.cardNo),
  ],
);
