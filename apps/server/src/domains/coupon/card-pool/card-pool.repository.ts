import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { containing } from "../../../platform/db/like";
import { rowsOf } from "../../../platform/db/rows";
import { COUNT_CAP } from "../../../platform/http/paging";
import { memberView } from "../../identity/identity.port";
import { couponCard, couponCardPool, couponRule } from "../coupon.tables";

/* The queries of card pools and their password cards, scoped by the seller's organisation. */

export type PoolRow = typeof couponCardPool.$inferSelect;
export type CardRow = typeof couponCard.$inferSelect;

export interface PoolViewRow {
  id: string;
  name: string;
  rule_id: string;
  reg_code: string;
  rule_name: string;
  quantity: number;
  redeemed: number;
  invalid: number;
  state: string;
  exported_at: string | Date | null;
  created_at: string | Date;
}

/** A pool with its rule and its cards' numbers (one aggregate per pool of the page, in the same statement). */
const poolSelect = sql`
  select p.id, p.name, p.rule_id, r.reg_code, r.name as rule_name, p.quantity, p.state, p.exported_at, p.created_at,
         coalesce(n.redeemed, 0)::int as redeemed, coalesce(n.invalid, 0)::int as invalid
  from ${couponCardPool} p
  join ${couponRule} r on r.id = p.rule_id
  left join lateral (
    select count(*) filter (where c.state = 'redeemed') as redeemed, count(*) filter (where c.state = 'invalid') as invalid
    from ${couponCard} c where c.pool_id = p.id
  ) n on true`;

export function poolWhere(boId: string, f: { state?: string | undefined; keyword?: string | undefined }): SQL {
  const parts: SQL[] = [sql`p.bo_id = ${boId}`];
  if (f.state) parts.push(sql`p.state = ${f.state}`);
  if (f.keyword) parts.push(sql`p.name ilike ${containing(f.keyword)}`);
  return sql.join(parts, sql` and `);
}

export async function poolPage(db: Executor, where: SQL, limit: number, offset: number) {
  return rowsOf<PoolViewRow>(db, sql`${poolSelect} where ${where} order by p.created_at desc, p.id desc limit ${limit} offset ${offset}`);
}

export async function poolCount(db: Executor, where: SQL) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${couponCardPool} p where ${where} limit ${COUNT_CAP}) x`,
  );
  return Number(row?.n ?? 0);
}

export async function findPoolView(db: Executor, boId: string, id: string) {
  const [row] = await rowsOf<PoolViewRow>(db, sql`${poolSelect} where p.id = ${id} and p.bo_id = ${boId}`);
  return row;
}

export async function findPool(db: Executor, boId: string, id: string, lock = false) {
  const q = db
    .select()
    .from(couponCardPool)
    .where(and(eq(couponCardPool.id, id), eq(couponCardPool.boId, boId)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function insertPool(db: Executor, row: typeof couponCardPool.$inferInsert): Promise<PoolRow> {
  const [saved] = await db.insert(couponCardPool).values(row).returning();
  if (!saved) throw new Error("insert returned nothing");
  return saved;
}

export async function insertCards(db: Executor, rows: (typeof couponCard.$inferInsert)[]) {
  // In chunks: one statement's parameters stay well under PostgreSQL's limit.
  for (let i = 0; i < rows.length; i += 1000) await db.insert(couponCard).values(rows.slice(i, i + 1000));
}

export async function updatePool(db: Executor, id: string, patch: Partial<typeof couponCardPool.$inferInsert>) {
  await db.update(couponCardPool).set(patch).where(eq(couponCardPool.id, id));
}

/** Claims the pool's one export: answers false when it was already exported (the conditional update is the guard). */
export async function claimExport(db: Executor, boId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(couponCardPool)
    .set({ exportedAt: sql`now()` })
    .where(and(eq(couponCardPool.id, id), eq(couponCardPool.boId, boId), sql`${couponCardPool.exportedAt} is null`))
    .returning({ id: couponCardPool.id });
  return rows.length > 0;
}

export async function cardsForExport(db: Executor, poolId: string) {
  return db
    .select({ cardNo: couponCard.cardNo, password: couponCard.passwordPlain, state: couponCard.state })
    .from(couponCard)
    .where(eq(couponCard.poolId, poolId))
    .orderBy(couponCard.cardNo);
}

export async function dropPasswords(db: Executor, poolId: string) {
  await db.update(couponCard).set({ passwordPlain: null }).where(eq(couponCard.poolId, poolId));
}

export interface CardViewRow {
  id: string;
  card_no: string;
  state: string;
  member_name: string | null;
  coupon_id: string | null;
  redeemed_at: string | Date | null;
}

const cardSelect = sql`
  select c.id, c.card_no, c.state, m.name as member_name, c.coupon_id, c.redeemed_at
  from ${couponCard} c left join ${memberView} m on m.id = c.member_id`;

export function cardWhere(poolId: string, f: { state?: string | undefined; cardNo?: string | undefined }): SQL {
  const parts: SQL[] = [sql`c.pool_id = ${poolId}`];
  if (f.state) parts.push(sql`c.state = ${f.state}`);
  if (f.cardNo) parts.push(sql`c.card_no >= ${f.cardNo} and c.card_no < ${`${f.cardNo}~`}`);
  return sql.join(parts, sql` and `);
}

export async function cardPage(db: Executor, where: SQL, limit: number, offset: number) {
  return rowsOf<CardViewRow>(db, sql`${cardSelect} where ${where} order by c.card_no limit ${limit} offset ${offset}`);
}

export async function cardCount(db: Executor, where: SQL) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${couponCard} c where ${where} limit ${COUNT_CAP}) x`,
  );
  return Number(row?.n ?? 0);
}

export async function findCardView(db: Executor, id: string) {
  const [row] = await rowsOf<CardViewRow>(db, sql`${cardSelect} where c.id = ${id}`);
  return row;
}

export async function lockCard(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(couponCard)
    .where(and(eq(couponCard.id, id), eq(couponCard.boId, boId)))
    .for("update");
  return row;
}

export async function lockCardByNo(db: Executor, boId: string, cardNo: string) {
  const [row] = await db
    .select()
    .from(couponCard)
    .where(and(eq(couponCard.boId, boId), eq(couponCard.cardNo, cardNo)))
    .for("update");
  return row;
}

export async function updateCard(db: Executor, id: string, patch: Partial<typeof couponCard.$inferInsert>) {
  await db.update(couponCard).set(patch).where(eq(couponCard.id, id));
}

export async function invalidateUnused(db: Executor, poolId: string) {
  await db
    .update(couponCard)
    .set({ state: "invalid", invalidatedAt: sql`now()` })
    .where(and(eq(couponCard.poolId, poolId), eq(couponCard.state, "unused")));
}

export const newestFirst = [desc(couponCardPool.createdAt)];
