import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { memberView } from "../identity/identity.port";
import { coupon, couponRule } from "./coupon.tables";

/*
 * Every query of the coupon domain. Seller reads are scoped by the seller's organisation (`bo_id`), buyer reads by the
 * buyer's account (`member_id`). "Expired" is an unused coupon past its validity, worked out in SQL (`STATE_SQL`).
 */

export type CouponRow = typeof coupon.$inferSelect;

/** A coupon's state as read: unused past `valid_to` is expired. */
export const STATE_SQL = sql`case when c.state = 'unused' and c.valid_to <= now() then 'expired' else c.state end`;

export function stateWhere(state: string): SQL {
  if (state === "expired") return sql`c.state = 'unused' and c.valid_to <= now()`;
  if (state === "unused") return sql`c.state = 'unused' and c.valid_to > now()`;
  return sql`c.state = ${state}`;
}

// ---- coupons ----

export interface CouponViewRow {
  id: string;
  rule_id: string;
  reg_code: string;
  rule_name: string;
  state: string;
  member_name: string | null;
  member_phone: string | null;
  source: string;
  valid_from: string | Date;
  valid_to: string | Date;
  created_at: string | Date;
  order_id: string | null;
  order_no: string | null;
  discount_amount: string | number | null;
  used_at: string | Date | null;
  bo_id: string;
  discount_type: string;
  amount: string | number;
  percent_off: number;
  max_discount: string | number;
  min_spend: string | number;
  goods_scope: string;
}

const couponColumns = sql`
  c.id, c.rule_id, r.reg_code, r.name as rule_name, ${STATE_SQL} as state, m.name as member_name,
  m.phone as member_phone, c.source, c.valid_from, c.valid_to, c.created_at, c.order_id, c.order_no,
  c.discount_amount, c.used_at, c.bo_id, r.discount_type, r.amount, r.percent_off, r.max_discount, r.min_spend,
  r.goods_scope`;
const couponFrom = sql`
  from ${coupon} c
  join ${couponRule} r on r.id = c.rule_id
  left join ${memberView} m on m.id = c.member_id`;
const couponSelect = sql`select ${couponColumns} ${couponFrom}`;

/** One rule's received coupons, optionally of one state (the coupon detail's list and its export). */
export const couponListWhere = (ruleId: string, state: string | undefined): SQL =>
  state ? sql`c.rule_id = ${ruleId} and ${stateWhere(state)}` : sql`c.rule_id = ${ruleId}`;

/** Up to `limit` coupons where `where`, in `orderBy` (an export's keyset batch), each with its exact created_at. */
export const couponRows = (db: Executor, where: SQL, orderBy: SQL[], limit: number) =>
  rowsOf<CouponViewRow & { at: string }>(
    db,
    sql`select ${couponColumns}, c.created_at::text as at ${couponFrom} where ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit}`,
  );

/** The orders the coupon lists come in. */
export const COUPON_ORDER = {
  newest: sql`c.created_at desc, c.id desc`,
  lastUsed: sql`c.used_at desc, c.id desc`,
  oldest: sql`c.created_at, c.id`,
} as const;

/** One coupon by id, of the organisation `boId` when given. */
export const couponIdWhere = (id: string, boId?: string): SQL => (boId ? sql`c.id = ${id} and c.bo_id = ${boId}` : sql`c.id = ${id}`);

/** A rule's used coupons. */
export const usedOfRuleWhere = (ruleId: string): SQL => sql`c.rule_id = ${ruleId} and c.state = 'used'`;

/** The organisation's coupons an order holds or used. */
export const ofOrderWhere = (orderId: string, boId: string): SQL => sql`c.order_id = ${orderId} and c.bo_id = ${boId}`;

/** A buyer's coupons, by state and seller when given. */
export function memberCouponsWhere(memberId: string, f: { state?: string | undefined; boId?: string | undefined }): SQL {
  const parts: SQL[] = [sql`c.member_id = ${memberId}`];
  if (f.state) parts.push(stateWhere(f.state));
  if (f.boId) parts.push(sql`c.bo_id = ${f.boId}`);
  return sql.join(parts, sql` and `);
}

export async function couponPage(db: Executor, where: SQL, order: SQL, limit: number, offset: number) {
  return rowsOf<CouponViewRow>(db, sql`${couponSelect} where ${where} order by ${order} limit ${limit} offset ${offset}`);
}

export async function couponCount(db: Executor, where: SQL) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${coupon} c where ${where} limit ${COUNT_CAP}) x`,
  );
  return Number(row?.n ?? 0);
}

export async function discountTotal(db: Executor, ruleId: string) {
  const [row] = await rowsOf<{ n: string | number | null }>(
    db,
    sql`select coalesce(sum(c.discount_amount), 0) as n from ${coupon} c where c.rule_id = ${ruleId} and c.state = 'used'`,
  );
  return Number(row?.n ?? 0);
}

export async function findCouponView(db: Executor, where: SQL) {
  const [row] = await rowsOf<CouponViewRow>(db, sql`${couponSelect} where ${where} limit 1`);
  return row;
}

export async function lockCoupon(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(coupon)
    .where(and(eq(coupon.id, id), eq(coupon.boId, boId)))
    .for("update");
  return row;
}

export async function countMemberCoupons(db: Executor, ruleId: string, memberId: string) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${coupon} c where c.rule_id = ${ruleId} and c.member_id = ${memberId}`,
  );
  return Number(row?.n ?? 0);
}

export async function insertCoupon(db: Executor, row: typeof coupon.$inferInsert): Promise<CouponRow> {
  const [saved] = await db.insert(coupon).values(row).returning();
  if (!saved) throw new Error("insert returned nothing");
  return saved;
}

export async function updateCoupon(db: Executor, id: string, patch: Partial<typeof coupon.$inferInsert>) {
  await db.update(coupon).set(patch).where(eq(coupon.id, id));
}

/** The buyer's coupon with its rule, for checkout. */
export async function buyerCouponWithRule(db: Executor, memberId: string, boId: string, id: string) {
  const [row] = await db
    .select({ c: coupon, r: couponRule })
    .from(coupon)
    .innerJoin(couponRule, eq(couponRule.id, coupon.ruleId))
    .where(and(eq(coupon.id, id), eq(coupon.memberId, memberId), eq(coupon.boId, boId)));
  return row;
}

/**
 * Freezes an unused, valid coupon for an order: the conditional update is the guard — of two orders submitted with
 * one coupon at once, the second finds it no longer unused and changes nothing.
 */
export async function freeze(db: Executor, o: { id: string; memberId: string; orderId: string; orderNo: string; discount: number }) {
  const rows = await db
    .update(coupon)
    .set({ state: "frozen", orderId: o.orderId, orderNo: o.orderNo, discountAmount: o.discount, frozenAt: sql`now()` })
    .where(
      and(
        eq(coupon.id, o.id),
        eq(coupon.memberId, o.memberId),
        eq(coupon.state, "unused"),
        sql`${coupon.validFrom} <= now() and ${coupon.validTo} > now()`,
      ),
    )
    .returning({ id: coupon.id });
  return rows.length > 0;
}

/** An order was paid: its frozen coupons are used. Answers their rules (one id per coupon). */
export async function useOfOrder(db: Executor, orderId: string): Promise<string[]> {
  const rows = await db
    .update(coupon)
    .set({ state: "used", usedAt: sql`now()` })
    .where(and(eq(coupon.orderId, orderId), eq(coupon.state, "frozen")))
    .returning({ ruleId: coupon.ruleId });
  return rows.map((r) => r.ruleId);
}

/** An unpaid order ended: its frozen coupons are unused again. */
export async function releaseOfOrder(db: Executor, orderId: string) {
  await db
    .update(coupon)
    .set({ state: "unused", orderId: null, orderNo: null, discountAmount: null, frozenAt: null })
    .where(and(eq(coupon.orderId, orderId), eq(coupon.state, "frozen")));
}
