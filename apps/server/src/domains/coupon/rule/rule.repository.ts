import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { containing } from "../../../platform/db/like";
import { rowsOf } from "../../../platform/db/rows";
import { COUNT_CAP, exactAt } from "../../../platform/http/paging";
import { coupon, couponRule } from "../coupon.tables";

/* Coupon rules: every query. */

export type RuleRow = typeof couponRule.$inferSelect;

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

/** The seller's coupon rules a buyer may receive now: active, not sold out, not ended. */
export const receivableRulesWhere = (boId: string): SQL =>
  sql`r.bo_id = ${boId} and r.kind = 'coupon' and r.state = 'active' and r.issued_quantity < r.total_quantity
      and (r.valid_to is null or r.valid_to > now())`;
