import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { memberView } from "../identity/identity.port";
import { orderView } from "../orders/orders.port";
import { storedFileView } from "../system/system.port";
import { invoiceRequest, type TitleSnapshot } from "./invoice.tables";

/*
 * The invoice requests' queries (titles: title/title.repository.ts). Seller reads are scoped by the seller's
 * organisation (`bo_id`), buyer reads by the buyer's account (`buyer_member_id`); orders and files are joined through
 * their owners' views (orders.port.ts, system.port.ts).
 */

// ---- requests ----

export interface RequestRow {
  id: string;
  order_id: string;
  order_no: string;
  order_status: string;
  amount: string | number;
  paid_amount: string | number;
  refunded_amount: string | number;
  state: string;
  title: TitleSnapshot;
  requested_by: string;
  buyer_name: string | null;
  buyer_phone: string | null;
  invoice_no: string | null;
  issued_at: string | Date | null;
  file_id: string | null;
  file_name: string | null;
  refuse_reason: string | null;
  created_at: string | Date;
  /** The creation time as PostgreSQL's exact text (the keyset cursor). */
  created_key: string;
  decided_at: string | Date | null;
}

const requestSelect = sql`
  select r.id, r.order_id, r.order_no, o.status as order_status,
         case when r.state = 'requested' then greatest(o.pay_amount - o.refunded_amount, 0) else r.amount end as amount,
         o.pay_amount as paid_amount, o.refunded_amount, r.state, r.title, r.requested_by,
         m.name as buyer_name, m.phone as buyer_phone, r.invoice_no, r.issued_at, r.file_id, f.name as file_name,
         r.refuse_reason, r.created_at, r.created_at::text as created_key, r.decided_at
  from ${invoiceRequest} r
  join ${orderView} o on o.id = r.order_id
  left join ${memberView} m on m.id = r.buyer_member_id
  left join ${storedFileView} f on f.id = r.file_id`;

export interface SellerFilters {
  invoiceType?: string | undefined;
  orderNo?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const TAB_STATES: Record<string, string | null> = { all: null, requested: "requested", issued: "issued", refused: "refused" };

/** The seller list's conditions (alias `r`): (bo_id, state, created_at, id) serves the tabs and the dates. */
export function sellerWhere(boId: string, f: SellerFilters, state: string | null): SQL {
  const parts: SQL[] = [sql`r.bo_id = ${boId}`];
  if (state) parts.push(sql`r.state = ${state}`);
  if (f.invoiceType) parts.push(sql`r.invoice_type = ${f.invoiceType}`);
  // Order numbers are digits: a prefix is a range the (bo_id, order_no) index serves in any collation.
  if (f.orderNo) parts.push(sql`r.order_no >= ${f.orderNo} and r.order_no < ${`${f.orderNo}:`}`);
  if (f.from) parts.push(sql`r.created_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`r.created_at < ${f.to}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** The seller list's conditions for its filters and state tab: the list and its export both read through this. */
export const sellerListWhere = (boId: string, f: SellerFilters & { tab: string }): SQL => sellerWhere(boId, f, TAB_STATES[f.tab] ?? null);

/** The request table under the list's alias `r`, for the export's keyset batches (`keysetBatches` keys). */
export const requestAlias = alias(invoiceRequest, "r");

/** The seller's requests matching `where` (alias `r`) in `orderBy`, at most `limit`: a batch of the export. */
export function sellerBatch(db: Executor, where: SQL, orderBy: SQL[], limit: number): Promise<RequestRow[]> {
  return rowsOf<RequestRow>(db, sql`${requestSelect} where ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit}`);
}

/** A page of the seller's requests, newest first: after a keyset cursor, or at a bounded offset. */
export async function sellerPage(
  db: Executor,
  where: SQL,
  limit: number,
  after: { at: string; id: string } | null,
  offset: number,
): Promise<RequestRow[]> {
  const cursor = after ? sql` and (r.created_at, r.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
  return rowsOf<RequestRow>(
    db,
    sql`${requestSelect} where ${where}${cursor} order by r.created_at desc, r.id desc limit ${limit} offset ${after ? 0 : offset}`,
  );
}

/** Each tab's count, capped at COUNT_CAP, in one statement. */
export async function tabCounts(db: Executor, boId: string, f: SellerFilters): Promise<Record<string, number>> {
  const parts = Object.entries(TAB_STATES).map(
    ([tab, state]) =>
      sql`(select count(*)::int from (select 1 from ${invoiceRequest} r where ${sellerWhere(boId, f, state)} limit ${COUNT_CAP}) x) as ${sql.identifier(tab)}`,
  );
  const [row] = await rowsOf<Record<string, number>>(db, sql`select ${sql.join(parts, sql`, `)}`);
  return Object.fromEntries(Object.keys(TAB_STATES).map((t) => [t, Number(row?.[t] ?? 0)]));
}

export async function findSellerRequest(db: Executor, boId: string, id: string): Promise<RequestRow | undefined> {
  const [row] = await rowsOf<RequestRow>(db, sql`${requestSelect} where r.id = ${id} and r.bo_id = ${boId}`);
  return row;
}

export async function findBuyerRequest(db: Executor, memberId: string, id: string): Promise<RequestRow | undefined> {
  const [row] = await rowsOf<RequestRow>(
    db,
    sql`${requestSelect} where r.id = ${id} and r.buyer_member_id = ${memberId} and r.requested_by = 'buyer'`,
  );
  return row;
}

/** A request an organisation made for its own purchase (the request's seller is the shop it bought from). */
export async function findRequesterRequest(db: Executor, requesterBoId: string, id: string): Promise<RequestRow | undefined> {
  const [row] = await rowsOf<RequestRow>(db, sql`${requestSelect} where r.id = ${id} and r.requester_bo_id = ${requesterBoId}`);
  return row;
}

export async function buyerPage(db: Executor, memberId: string, state: string | undefined, limit: number, offset: number) {
  return rowsOf<RequestRow>(
    db,
    sql`${requestSelect} where r.buyer_member_id = ${memberId} and r.requested_by = 'buyer' ${state ? sql`and r.state = ${state}` : sql``}
        order by r.created_at desc, r.id desc limit ${limit} offset ${offset}`,
  );
}

export async function buyerCount(db: Executor, memberId: string, state: string | undefined) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${invoiceRequest} r where r.buyer_member_id = ${memberId}
        and r.requested_by = 'buyer' ${state ? sql`and r.state = ${state}` : sql``} limit ${COUNT_CAP}) x`,
  );
  return Number(row?.n ?? 0);
}

/** The request's row locked for a decision (FOR UPDATE): of two decisions, the second sees the first's state. */
export async function lockRequest(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(invoiceRequest)
    .where(and(eq(invoiceRequest.id, id), eq(invoiceRequest.boId, boId)))
    .for("update");
  return row;
}

/** The order's open (requested) or issued request, if any. */
export async function openRequestOf(db: Executor, orderId: string) {
  const [row] = await db
    .select({ id: invoiceRequest.id, state: invoiceRequest.state })
    .from(invoiceRequest)
    .where(and(eq(invoiceRequest.orderId, orderId), sql`${invoiceRequest.state} in ('requested', 'issued')`));
  return row;
}

/** The latest request of an order of the seller (the order detail's "Invoice" item). */
export async function latestOfOrder(db: Executor, boId: string, orderId: string) {
  const [row] = await db
    .select({ id: invoiceRequest.id, state: invoiceRequest.state })
    .from(invoiceRequest)
    .where(and(eq(invoiceRequest.orderId, orderId), eq(invoiceRequest.boId, boId)))
    .orderBy(desc(invoiceRequest.createdAt))
    .limit(1);
  return row;
}

export async function insertRequest(db: Executor, row: typeof invoiceRequest.$inferInsert): Promise<string> {
  const [saved] = await db.insert(invoiceRequest).values(row).returning({ id: invoiceRequest.id });
  if (!saved) throw new Error("insert returned nothing");
  return saved.id;
}

export async function updateRequest(db: Executor, id: string, patch: Partial<typeof invoiceRequest.$inferInsert>) {
  await db.update(invoiceRequest).set(patch).where(eq(invoiceRequest.id, id));
}

/**
 * Holds the seller's invoice number for the rest of the transaction (an advisory lock): two requests issued with one
 * number at once run one after the other, so the second finds it taken instead of tripping the unique index.
 */
export async function lockInvoiceNumber(db: Executor, boId: string, invoiceNo: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invoice:${boId}:${invoiceNo}`}, 0))`);
}

/** Another request of the seller already issued with this number. */
export async function numberTaken(db: Executor, boId: string, invoiceNo: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoiceRequest.id })
    .from(invoiceRequest)
    .where(and(eq(invoiceRequest.boId, boId), eq(invoiceRequest.invoiceNo, invoiceNo), sql`${invoiceRequest.id} <> ${exceptId}`))
    .limit(1);
  return row !== undefined;
}
