import { AFTER_SALE_AUTO_APPROVE_DAYS, closedAfterSaleStates } from "@sbo/contract";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { startingWith } from "../../platform/db/like";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { memberView } from "../identity/identity.port";
import { orderLineView, orderView, sellerOrderIdsLike } from "../orders/orders.port";
import { dictItemView } from "../reference/reference.port";
import { shopSettingView } from "../shop/shop.port";
import { afterSaleApply } from "./aftersale.tables";

/* Every query of the after-sales domain; the orders, dictionaries and shop settings through their owners' ports. */

export type ApplyRow = typeof afterSaleApply.$inferSelect;

/** An application as lists show it: with its order number, line, buyer and reason names. */
export interface ItemRow {
  id: string;
  after_sale_no: string;
  order_id: string;
  order_no: string;
  line_id: string;
  goods_name: string;
  spec_values: string[] | null;
  image: string | null;
  type: string;
  state: string;
  quantity: number;
  amount: string | number;
  reason_code: string;
  reason_name: string | null;
  reason_name_en: string | null;
  buyer_name: string | null;
  buyer_phone: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  auto_days: number | null;
}

const itemSelect = sql`
  select a.id, a.after_sale_no, a.order_id, o.order_no, a.line_id, l.goods_name, l.spec_values, l.image, a.type, a.state,
         a.quantity, a.amount, a.reason_code, d.name as reason_name, d.name_en as reason_name_en,
         m.name as buyer_name, m.phone as buyer_phone, a.created_at, a.updated_at, st.after_sale_auto_approve_days as auto_days
  from ${afterSaleApply} a
  join ${orderView} o on o.id = a.order_id
  join ${orderLineView} l on l.id = a.line_id
  left join ${memberView} m on m.id = a.buyer_member_id
  left join ${dictItemView} d on d.dict_code = 'afterSaleReason' and d.code = a.reason_code
  left join ${shopSettingView} st on st.shop_id = a.shop_id`;

export interface ListFilters {
  type: string;
  state: string;
  orderNo?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The seller's conditions on `after_sale_apply` (alias-free, for the list, its counts and its export). */
export function sellerWhere(boId: string, f: Omit<ListFilters, "type" | "state">, type: string, state: string): SQL {
  const parts: SQL[] = [sql`${afterSaleApply.boId} = ${boId}`];
  if (type !== "all") parts.push(sql`${afterSaleApply.type} = ${type}`);
  if (state === "closed") parts.push(sql`${afterSaleApply.state} in ${closedAfterSaleStates}`);
  else if (state !== "all") parts.push(sql`${afterSaleApply.state} = ${state}`);
  if (f.from) parts.push(sql`${afterSaleApply.createdAt} >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`${afterSaleApply.createdAt} < ${f.to}::timestamptz`);
  if (f.orderNo) parts.push(sql`${afterSaleApply.orderId} in ${sellerOrderIdsLike(boId, startingWith(f.orderNo))}`);
  return and(...parts) as SQL;
}

/** A page of the seller's applications, newest first, at a bounded offset (the index on bo_id, state/type, created_at). */
export async function sellerPage(db: Executor, boId: string, f: ListFilters, limit: number, offset: number): Promise<ItemRow[]> {
  const ids = await rowsOf<{ id: string }>(
    db,
    sql`select ${afterSaleApply.id} as id from ${afterSaleApply} where ${sellerWhere(boId, f, f.type, f.state)}
        order by ${afterSaleApply.createdAt} desc, ${afterSaleApply.id} desc limit ${limit} offset ${offset}`,
  );
  return itemsByIds(
    db,
    ids.map((r) => r.id),
  );
}

/**
 * The seller's applications matching `where` (sellerWhere), newest first, for the export's keyset batches: each with
 * its `created_at` as PostgreSQL's exact text (`at`, the batches' key).
 */
export async function sellerBatch(db: Executor, where: SQL, orderBy: SQL[], limit: number): Promise<(ItemRow & { at: string })[]> {
  const keys = await rowsOf<{ id: string; at: string }>(
    db,
    sql`select ${afterSaleApply.id} as id, ${afterSaleApply.createdAt}::text as at from ${afterSaleApply}
        where ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit}`,
  );
  const atOf = new Map(keys.map((k) => [k.id, k.at]));
  const rows = await itemsByIds(
    db,
    keys.map((k) => k.id),
  );
  return rows.map((r) => ({ ...r, at: atOf.get(r.id) ?? "" }));
}

export async function itemsByIds(db: Executor, ids: string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<ItemRow>(db, sql`${itemSelect} where a.id in ${ids}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
}

/** Each state tab's count within the type, and each type tab's count within the state, capped, in one statement. */
export async function tabCounts(
  db: Executor,
  boId: string,
  f: ListFilters,
  stateTabs: readonly string[],
  typeTabs: readonly string[],
): Promise<{ states: Record<string, number>; types: Record<string, number> }> {
  const count = (type: string, state: string, as: string) =>
    sql`(select count(*)::int from (select 1 from ${afterSaleApply} where ${sellerWhere(boId, f, type, state)} limit ${COUNT_CAP}) x) as ${sql.identifier(as)}`;
  const parts = [...stateTabs.map((s) => count(f.type, s, `s_${s}`)), ...typeTabs.map((t) => count(t, f.state, `t_${t}`))];
  const [row] = await rowsOf<Record<string, number>>(db, sql`select ${sql.join(parts, sql`, `)}`);
  return {
    states: Object.fromEntries(stateTabs.map((s) => [s, Number(row?.[`s_${s}`] ?? 0)])),
    types: Object.fromEntries(typeTabs.map((t) => [t, Number(row?.[`t_${t}`] ?? 0)])),
  };
}

/** The home page's to-dos: applications awaiting a decision and returns awaiting receipt, capped. */
export async function todoCounts(db: Executor, boId: string): Promise<{ applied: number; buyerShipped: number }> {
  const [row] = await rowsOf<{ applied: number; shipped: number }>(
    db,
    sql`select (select count(*)::int from (select 1 from ${afterSaleApply} where bo_id = ${boId} and state = 'applied' limit ${COUNT_CAP}) x) as applied,
               (select count(*)::int from (select 1 from ${afterSaleApply} where bo_id = ${boId} and state = 'buyerShipped' limit ${COUNT_CAP}) y) as shipped`,
  );
  return { applied: Number(row?.applied ?? 0), buyerShipped: Number(row?.shipped ?? 0) };
}

const buyerState = (state: string) =>
  state === "all" ? sql`` : state === "closed" ? sql`and state in ${closedAfterSaleStates}` : sql`and state = ${state}`;

/** The buyer's own applications, newest first. */
export async function buyerPage(db: Executor, memberId: string, state: string, limit: number, offset: number) {
  const ids = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${afterSaleApply} where buyer_member_id = ${memberId} ${buyerState(state)}
        order by created_at desc, id desc limit ${limit} offset ${offset}`,
  );
  return itemsByIds(
    db,
    ids.map((r) => r.id),
  );
}

export async function buyerCount(db: Executor, memberId: string, state: string) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${afterSaleApply} where buyer_member_id = ${memberId}
        ${buyerState(state)} limit ${COUNT_CAP}) x`,
  );
  return Number(row?.n ?? 0);
}

export type Scope = { boId: string } | { buyerMemberId: string } | { system: true };

const scopeOf = (scope: Scope): SQL | undefined => {
  if ("boId" in scope) return eq(afterSaleApply.boId, scope.boId);
  if ("buyerMemberId" in scope) return eq(afterSaleApply.buyerMemberId, scope.buyerMemberId);
  return undefined;
};

/** An application of the scope (another seller's or buyer's answers nothing), optionally locked FOR UPDATE. */
export async function findApply(db: Executor, id: string, scope: Scope, lock = false): Promise<ApplyRow | undefined> {
  const q = db
    .select()
    .from(afterSaleApply)
    .where(and(eq(afterSaleApply.id, id), scopeOf(scope)));
  const [row] = await (lock ? q.for("update") : q);
  return row;
}

export async function appliesOfOrder(db: Executor, orderId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${afterSaleApply} where order_id = ${orderId} order by created_at desc, id desc limit 200`,
  );
  return rows.map((r) => r.id);
}

/** What a line already has in open or finished applications (rejected and withdrawn ones do not count). */
export async function lineTaken(db: Executor, lineId: string): Promise<{ quantity: number; amount: number }> {
  const [row] = await rowsOf<{ q: number; a: string | number }>(
    db,
    sql`select coalesce(sum(quantity), 0)::int as q, coalesce(sum(amount), 0) as a from ${afterSaleApply}
        where line_id = ${lineId} and state not in ('rejected', 'withdrawn')`,
  );
  return { quantity: Number(row?.q ?? 0), amount: Number(row?.a ?? 0) };
}

/** The default days before an unanswered application is approved (a shop without settings). */
export const DEFAULT_AUTO_APPROVE_DAYS = AFTER_SALE_AUTO_APPROVE_DAYS.default;

/**
 * Applications awaiting a decision past their shop's days, oldest first; each application and its order locked, rows
 * another process holds skipped (so two runners never take one application, and the job never waits on a seller).
 */
export async function dueApprove(db: Executor, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select a.id from ${afterSaleApply} a
        join ${orderView} o on o.id = a.order_id
        left join ${shopSettingView} st on st.shop_id = a.shop_id
        where a.state = 'applied'
          and a.created_at < now() - make_interval(days => coalesce(st.after_sale_auto_approve_days, ${DEFAULT_AUTO_APPROVE_DAYS}))
        order by a.created_at limit ${limit}
        for update of a, o skip locked`,
  );
  return rows.map((r) => r.id);
}

export async function insertApply(db: Executor, row: typeof afterSaleApply.$inferInsert): Promise<ApplyRow> {
  const [a] = await db.insert(afterSaleApply).values(row).returning();
  if (!a) throw new Error("insert returned nothing");
  return a;
}

export async function updateApply(
  db: Executor,
  id: string,
  patch: Partial<typeof afterSaleApply.$inferInsert>,
): Promise<ApplyRow | undefined> {
  const [row] = await db.update(afterSaleApply).set(patch).where(eq(afterSaleApply.id, id)).returning();
  return row;
}
