import { sql } from "drizzle-orm";
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * The seller's members: buyers who joined the shop. Not to be confused with the identity domain's `member`
 * table (login accounts, domains/identity/identity.tables.ts).
 */

/** Member ranks of an organisation: level 1 is the lowest; name and level unique per organisation. */
export const memberRank = pgTable(
  "member_rank",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    level: integer("level").notNull(),
    /** spend | points */
    thresholdType: text("threshold_type").notNull(),
    /** Cents of total spend, or points. */
    thresholdValue: bigint("threshold_value", { mode: "number" }).notNull(),
    /** Share of the price paid, in basis points (9500 = pays 95 %). */
    discount: integer("discount").notNull(),
    benefits: text("benefits").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("member_rank_bo_name_uq").on(t.boId, sql`lower(${t.name})`),
    uniqueIndex("member_rank_bo_level_uq").on(t.boId, t.level),
  ],
);

/** A buyer who is a member of the shop. Order count, spend and last order are kept by the orders domain. */
export const shopMember = pgTable(
  "shop_member",
  {
    id: idColumn(),
    boId: boIdColumn(),
    memberNo: text("member_no").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    /** male | female | null */
    gender: text("gender"),
    birthday: date("birthday", { mode: "string" }),
    rankId: text("rank_id"),
    points: integer("points").notNull().default(0),
    totalSpend: bigint("total_spend", { mode: "number" }).notNull().default(0),
    orderCount: integer("order_count").notNull().default(0),
    lastOrderAt: instantColumn("last_order_at"),
    joinedAt: instantColumn("joined_at").notNull().defaultNow(),
    /** active | frozen */
    status: text("status").notNull().default("active"),
    remark: text("remark").notNull().default(""),
    /** Where the member joined: miniapp | store | import | … */
    source: text("source").notNull().default("miniapp"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("shop_member_bo_no_uq").on(t.boId, t.memberNo.op("text_pattern_ops")),
    // The list's sort (joined desc, id desc: these are read backwards) alone and under each equality filter.
    // Ascending on purpose: "desc" here would be DESC NULLS LAST, which ORDER BY … DESC (NULLS FIRST) cannot use.
    index("shop_member_bo_joined_asc_idx").on(t.boId, t.joinedAt, t.id),
    index("shop_member_bo_rank_joined_asc_idx").on(t.boId, t.rankId, t.joinedAt, t.id),
    index("shop_member_bo_status_joined_asc_idx").on(t.boId, t.status, t.joinedAt, t.id),
    // Prefix searches and the spend range.
    index("shop_member_bo_name_idx").on(t.boId, t.name.op("text_pattern_ops")),
    index("shop_member_bo_phone_idx").on(t.boId, t.phone.op("text_pattern_ops")),
    index("shop_member_bo_spend_idx").on(t.boId, t.totalSpend),
  ],
);

/** Member tags of an organisation (name unique per organisation). */
export const memberTag = pgTable(
  "member_tag",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("member_tag_bo_name_uq").on(t.boId, sql`lower(${t.name})`)],
);

/** Which tags a member carries. */
export const shopMemberTag = pgTable(
  "shop_member_tag",
  {
    boId: boIdColumn(),
    memberId: text("member_id")
      .notNull()
      .references(() => shopMember.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => memberTag.id, { onDelete: "cascade" }),
    createdAt: instantColumn("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.tagId] }), index("shop_member_tag_tag_idx").on(t.tagId, t.memberId)],
);

/** Stored-value recharge offers: pay `payAmount`, get `bonusAmount` and/or `bonusPoints`. */
export const rechargePromotion = pgTable(
  "recharge_promotion",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    payAmount: bigint("pay_amount", { mode: "number" }).notNull(),
    bonusAmount: bigint("bonus_amount", { mode: "number" }).notNull().default(0),
    bonusPoints: integer("bonus_points").notNull().default(0),
    validFrom: instantColumn("valid_from").notNull(),
    validTo: instantColumn("valid_to").notNull(),
    /** draft | active | ended (an active offer past valid_to reads as ended). */
    status: text("status").notNull().default("draft"),
    /** Ranks that may use it; empty = every member. */
    rankIds: jsonb("rank_ids").$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index("recharge_promotion_bo_created_asc_idx").on(t.boId, t.createdAt, t.id)],
);
