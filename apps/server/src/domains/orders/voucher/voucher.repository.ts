import type { VoucherStatus } from "@sbo/contract";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../../platform/db/client";
import { startingWith } from "../../../platform/db/like";
import { rowsOf } from "../../../platform/db/rows";
import { COUNT_CAP } from "../../../platform/http/paging";
import { memberView } from "../../identity/identity.port";
import { buyerFile, fileNameSql } from "../../system/system.port";
import { orderInfo, orderPayment } from "../orders.tables";

/* Every query of offline payment vouchers (order_payment rows of method `offline`). */

export interface VoucherRow {
  id: string;
  order_id: string;
  order_no: string;
  order_status: string;
  order_pay_amount: string | number;
  amount: string | number;
  payer_name: string | null;
  bank_ref: string | null;
  voucher_file_id: string | null;
  file_name: string | null;
  status: string;
  reject_reason: string | null;
  buyer_name: string | null;
  buyer_phone: string | null;
  created_at: string | Date;
  settled_at: string | Date | null;
  /** The upload time as PostgreSQL's exact text (the export's keyset). */
  created_key: string;
}

const voucherSelect = sql`
  select p.id, p.order_id, o.order_no, o.status as order_status, o.pay_amount as order_pay_amount, p.amount, p.payer_name,
         p.bank_ref, p.voucher_file_id, ${fileNameSql(sql`p.voucher_file_id`)} as file_name, p.status, p.reject_reason, m.name as buyer_name,
         m.phone as buyer_phone, p.created_at, p.settled_at, p.created_at::text as created_key
  from ${orderPayment} p
  join ${orderInfo} o on o.id = p.order_id
  left join ${memberView} m on m.id = p.buyer_member_id`;

export interface QueueFilters {
  status: VoucherStatus;
  orderNo?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The queue's conditions: the organisation's offline vouchers of one status (the statuses of offline payments are
 * their own, so `(bo_id, status, created_at)` — order_payment_bo_status_idx — serves every filter but the order number).
 */
export function queueWhere(boId: string, f: QueueFilters): SQL {
  const parts: SQL[] = [sql`p.bo_id = ${boId}`, sql`p.method = 'offline'`, sql`p.status = ${f.status}`];
  if (f.from) parts.push(sql`p.created_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`p.created_at < ${f.to}::timestamptz`);
  if (f.orderNo)
    parts.push(sql`p.order_id in (select id from ${orderInfo} where bo_id = ${boId} and order_no like ${startingWith(f.orderNo)})`);
  return sql.join(parts, sql` and `);
}

/** A bounded page of the queue: in review oldest first (work the queue from its head), reviewed newest first. */
export async function queuePage(db: Executor, boId: string, f: QueueFilters, limit: number, offset: number): Promise<VoucherRow[]> {
  const order = f.status === "reviewing" ? sql`p.created_at asc, p.id asc` : sql`p.created_at desc, p.id desc`;
  return rowsOf<VoucherRow>(db, sql`${voucherSelect} where ${queueWhere(boId, f)} order by ${order} limit ${limit} offset ${offset}`);
}

/** The queue in the list's order: in review oldest first, reviewed newest first (the export's keyset direction). */
export const queueDirection = (f: QueueFilters): "asc" | "desc" => (f.status === "reviewing" ? "asc" : "desc");

/** The payment table under the queue's alias `p`, for the export's keyset batches (`keysetBatches` keys). */
export const paymentAlias = alias(orderPayment, "p");

/** The vouchers matching `where` (queueWhere) in `orderBy`, at most `limit`: a batch of the export. */
export function queueBatch(db: Executor, where: SQL, orderBy: SQL[], limit: number): Promise<VoucherRow[]> {
  return rowsOf<VoucherRow>(db, sql`${voucherSelect} where ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit}`);
}

/** How many vouchers the queue holds, capped at COUNT_CAP. */
export async function queueCount(db: Executor, boId: string, f: QueueFilters): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${orderPayment} p where ${queueWhere(boId, f)} limit ${COUNT_CAP}) x`,
  );
  return Number(row?.n ?? 0);
}

export async function findVoucher(db: Executor, boId: string, id: string): Promise<VoucherRow | undefined> {
  const [row] = await rowsOf<VoucherRow>(db, sql`${voucherSelect} where p.id = ${id} and p.bo_id = ${boId} and p.method = 'offline'`);
  return row;
}

/** The voucher row locked for its review (after its order's row: the machine locks the order first). */
export async function lockVoucher(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(orderPayment)
    .where(and(eq(orderPayment.id, id), eq(orderPayment.boId, boId), eq(orderPayment.method, "offline")))
    .for("update");
  return row;
}

/** The order a voucher pays, for the machine to lock (another organisation's voucher: none). */
export async function orderIdOfVoucher(db: Executor, boId: string, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ orderId: orderPayment.orderId })
    .from(orderPayment)
    .where(and(eq(orderPayment.id, id), eq(orderPayment.boId, boId), eq(orderPayment.method, "offline")));
  return row?.orderId;
}

export async function reviewingVoucherOf(db: Executor, orderId: string) {
  const [row] = await db
    .select({ id: orderPayment.id })
    .from(orderPayment)
    .where(and(eq(orderPayment.orderId, orderId), eq(orderPayment.method, "offline"), eq(orderPayment.status, "reviewing")))
    .limit(1);
  return row;
}

/** A file the buyer uploaded through the buyer API (the system domain's port). */
export const buyerImage = buyerFile;

export type { StoredFileRow } from "../../system/system.port";

export async function insertVoucher(db: Executor, row: typeof orderPayment.$inferInsert) {
  const [p] = await db.insert(orderPayment).values(row).returning();
  return p;
}

/** A voucher passed or rejected. */
export async function settleVoucher(
  db: Executor,
  id: string,
  patch: Pick<typeof orderPayment.$inferInsert, "status" | "settledAt" | "rejectReason">,
) {
  await db.update(orderPayment).set(patch).where(eq(orderPayment.id, id));
}
