import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/like";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP, exactAt } from "../../platform/http/paging";
import { coupon, couponRule } from "./coupon.tables";

/*
 * Every query of the coupon domain. Seller reads are scoped by the seller's organisation (`bo_id`), buyer reads by the
 * buyer's account (`member_id`). "Expired" is an unused coupon past its validity, worked out in SQL (`STATE_SQL`).
 */

export type RuleRow = typeof couponRule.$inferSelect;
export type CouponRow = typeof coupon.$inferSelect;

/** A coupon's state as read: unused past `valid_to` is expired. */
export const STATE_SQL = sql`case when c.state = 'unused' and c.valid_to <= now() then 'expired' else c.state end`;

export function stateWhere(state: string): SQL {
  if (state === "expired") return sql`c.state = 'unused' and c.valid_to <= now()`;
  if (state === "unused") return sql`c.state = 'unused' and c.valid_to > now()`;
  return sql`c.state = ${state}`;
}

// ---- rules ----

export interface RuleFilters {
  keyword?: string | undefined;
  discountType?: string | undefined;
}

export const TAB_STATES: Record<string, string | null> = { all: null, draft: "draft", active: "active", ended: "ended" };

export function ruleWhere(boId: string, kind: string, f: RuleFilters, state: string | null): SQL {
  const parts: SQL[] = [sql`r.bo_id = ${boId}`, sql`r.kind = ${kind}`];
  if (state) parts.push(sql`r.state = ${state}`);
  if (f.discountType) parts.push(sql`r.discount_type = ${f.discountType}`);
  if (f.keyword) parts.push(sql`(r.name ilike ${containing(f.keyword)} or r.reg_code ilike ${containing(f.keyword)})`);
  return sql.join(parts, sql` and `);
}

export async function rulePage(db: Executor, where: SQL, limit: number, offset: number): Promise<RuleRow[]> {
  return db
    .select()
    .from(couponRule)
    .where(
      sql`${couponRule.id} in (select r.id from ${couponRule} r where ${where} order by r.created_at desc, r.id desc limit ${limit} offset ${offset})`,
    )
    .orderBy(desc(couponRule.createdAt), desc(couponRule.id));
}

/** Up to `limit` rules where `where` (on `r`), in `orderBy` (an export's keyset batch), each with its exact created_at. */
export async function ruleRows(db: Executor, where: SQL, orderBy: SQL[], limit: number): Promise<(RuleRow & { at: string })[]> {
  return db
    .select({ ...getTableColumns(couponRule), at: exactAt(couponRule.createdAt) })
    .from(couponRule)
    .where(sql`${couponRule.id} in (select r.id from ${couponRule} r where ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit})`)
    .orderBy(desc(couponRule.createdAt), desc(couponRule.id));
}

export async function ruleTabCounts(db: Executor, boId: string, kind: string, f: RuleFilters): Promise<Record<string, number>> {
  const parts = Object.entries(TAB_STATES).map(
    ([tab, state]) =>
      sql`(select count(*)::int from (select 1 from ${couponRule} r where ${ruleWhere(boId, kind, f, state)} limit ${COUNT_CAP}) x) as ${sql.identifier(tab)}`,
  );
  const [row] = await rowsOf<Record<string, number>>(db, sql`select ${sql.join(parts, sql`, `)}`);
  return Object.fromEntries(Object.keys(TAB_STATES).map((t) => [t, Number(row?.[t] ?? 0)]));
}

export async function findRule(db: Executor, boId: string, where: { id: string } | { regCode: string }, lock = false) {
  const q = db
    .select()
    .from(couponRule)
    .where(and(eq(couponRule.boId, boId), "id" in where ? eq(couponRule.id, where.id) : eq(couponRule.regCode, where.regCode)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function findRuleById(db: Executor, id: string, lock = false) {
  const q = db.select().from(couponRule).where(eq(couponRule.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function findExchangeRule(db: Executor, boId: string, code: string) {
  const [row] = await db
    .select()
    .from(couponRule)
    .where(and(eq(couponRule.boId, boId), eq(couponRule.exchangeCode, code)))
    .for("update");
  return row;
}

export async function regCodeTaken(db: Executor, boId: string, regCode: string, exceptId: string | null) {
  const [row] = await db
    .select({ id: couponRule.id })
    .from(couponRule)
    .where(and(eq(couponRule.boId, boId), eq(couponRule.regCode, regCode), exceptId ? sql`${couponRule.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
}

export async function exchangeCodeTaken(db: Executor, boId: string, code: string, exceptId: string | null) {
  const [row] = await db
    .select({ id: couponRule.id })
    .from(couponRule)
    .where(and(eq(couponRule.boId, boId), eq(couponRule.exchangeCode, code), exceptId ? sql`${couponRule.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
}

/** Holds a seller's code for the rest of the transaction: two rules saved with one code run one after the other. */
export async function lockCode(db: Executor, boId: string, code: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`coupon:${boId}:${code}`}, 0))`);
}

export async function insertRule(db: Executor, row: typeof couponRule.$inferInsert): Promise<RuleRow> {
  const [saved] = await db.insert(couponRule).values(row).returning();
  if (!saved) throw new Error("insert returned nothing");
  return saved;
}

export async function updateRule(db: Executor, id: string, patch: Partial<typeof couponRule.$inferInsert>): Promise<RuleRow> {
  const [saved] = await db.update(couponRule).set(patch).where(eq(couponRule.id, id)).returning();
  if (!saved) throw new Error("update returned nothing");
  return saved;
}

/** Deletes the rule only while none of its coupons was issued (a receipt in between wins: nothing is deleted). */
export async function deleteUnissuedRule(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(couponRule)
    .where(and(eq(couponRule.id, id), eq(couponRule.issuedQuantity, 0)))
    .returning({ id: couponRule.id });
  return rows.length > 0;
}

/** One more coupon of an active rule, if any is left: the conditional update is the guard against overselling. */
export async function takeOne(db: Executor, ruleId: string): Promise<boolean> {
  const rows = await db
    .update(couponRule)
    .set({ issuedQuantity: sql`${couponRule.issuedQuantity} + 1` })
    .where(and(eq(couponRule.id, ruleId), eq(couponRule.state, "active"), sql`${couponRule.issuedQuantity} < ${couponRule.totalQuantity}`))
    .returning({ id: couponRule.id });
  return rows.length > 0;
}

export async function addUsed(db: Executor, ruleIds: string[], delta: number) {
  for (const id of ruleIds)
    await db
      .update(couponRule)
      .set({ usedQuantity: sql`${couponRule.usedQuantity} + ${delta}` })
      .where(eq(couponRule.id, id));
}

/** Each state's number of one rule's coupons, in one statement. */
export async function numbersOf(db: Executor, ruleId: string) {
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select count(*)::int as issued,
          count(*) filter (where c.state = 'unused' and c.valid_to > now())::int as unused,
          count(*) filter (where c.state = 'frozen')::int as frozen,
          count(*) filter (where c.state = 'used')::int as used,
          count(*) filter (where c.state = 'unused' and c.valid_to <= now())::int as expired,
          count(*) filter (where c.state = 'invalid')::int as invalid
        from ${coupon} c where c.rule_id = ${ruleId}`,
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return { issued: n("issued"), unused: n("unused"), frozen: n("frozen"), used: n("used"), expired: n("expired"), invalid: n("invalid") };
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
  left join member m on m.id = c.member_id`;
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
