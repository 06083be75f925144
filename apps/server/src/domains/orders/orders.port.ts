import { SERVICE_FEE_BP } from "@sbo/contract";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { OrderRow } from "./order.machine";
import { orderInfo, orderLine, orderTimeline, paymentRefund } from "./orders.tables";
import type { TimelineRow } from "./orders.view";

/*
 * The orders domain's declared module for others (docs/architecture.md, "Inside a domain"): what after-sales,
 * evaluation, invoices, statements, finance and the dashboard read of the orders and ask of them. They never name the
 * orders' tables: they join the views below (sub-selects with the columns others may read, which the planner inlines,
 * so the tables' indexes serve them as before), call the reads and the writes, and compute the platform's service fee
 * with the one function here. This is the only orders file those domains import.
 */

export type { OrderRow };

// ---- the service fee ----

/** The platform's service fee of one order: SERVICE_FEE_BP of the goods paid for (pay − freight), half up, in cents. */
export const serviceFee = (payAmount: number, freightAmount: number): number =>
  Math.floor((Math.max(0, payAmount - freightAmount) * SERVICE_FEE_BP + 5_000) / 10_000);

/** serviceFee in SQL, of the order row aliased `o` (integer arithmetic, the same half up): for reads that list or sum fees. */
export const serviceFeeSql = (o: string): SQL =>
  sql.raw(`((greatest(${o}.pay_amount - ${o}.freight_amount, 0) * ${SERVICE_FEE_BP} + 5000) / 10000)`);

// ---- views: join them under an alias, as a table ----

/** Every order, with the columns others read. */
export const orderView: SQL = sql`(select id, order_no, bo_id, shop_id, buyer_member_id, buyer_bo_id, status, pay_amount, freight_amount,
  refunded_amount, pay_method, paid_at, seller_deleted_at, buyer_deleted_at, created_at from ${orderInfo})`;

/**
 * The orders paid and not cancelled (the reports' orders: `order_info_bo_paid_idx` and `order_info_buyer_bo_paid_idx`
 * serve them by seller or buying organisation and paid time), with each one's `service_fee` (serviceFeeSql).
 */
export const paidOrderView: SQL = sql`(select o.id, o.order_no, o.bo_id, o.buyer_bo_id, o.status, o.pay_amount, o.freight_amount,
  o.refunded_amount, o.pay_method, o.paid_at, ${serviceFeeSql("o")} as service_fee
  from ${orderInfo} o where o.paid_at is not null and o.status <> 'cancelled')`;

/** Every order line as it was bought (goods, quantity, amount as revised), with its order. */
export const orderLineView: SQL = sql`(select id, order_id, bo_id, goods_id, sku_id, goods_name, spec_values, image, quantity, amount,
  revised_amount, sort from ${orderLine})`;

/**
 * Payments an order could not take (a second payment, or one after a cancel): `due` until given back to the buyer,
 * then `refunded` (payment_refund_bo_created_idx, payment_refund_bo_refunded_idx).
 */
export const paymentRefundView: SQL = sql`(select id, order_id, payment_id, bo_id, status, amount, provider, created_at, refunded_at
  from ${paymentRefund})`;

/** The ids of the seller's orders whose number starts with `prefix` (a LIKE pattern), for an `in (…)` condition. */
export const sellerOrderIdsLike = (boId: string, pattern: string): SQL =>
  sql`(select id from ${orderInfo} where ${orderInfo.boId} = ${boId} and ${orderInfo.orderNo} like ${pattern})`;

/** The id of the order with this number (any seller's), for an `= (…)` condition. */
export const orderIdOfNo = (orderNo: string): SQL => sql`(select id from ${orderInfo} where order_no = ${orderNo})`;

/** Every organisation that sold or bought through an order, or has to-do counts (the rollups' rebuild), for a union. */
export const organisationsWithOrders: SQL = sql`select bo_id from ${orderInfo}
  union select buyer_bo_id from ${orderInfo} where buyer_bo_id is not null
  union select bo_id from order_todo_count`;

// ---- reads ----

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orderInfo).where(eq(orderInfo.id, id));
  return row;
}

/** Whose order: the seller's (`boId`), the buyer's (`buyerMemberId`) or an organisation's own purchase (`buyerBoId`). */
export type OrderOwner = { boId: string } | { buyerMemberId: string } | { buyerBoId: string };

const ownerWhere = (o: OrderOwner): SQL =>
  "boId" in o
    ? eq(orderInfo.boId, o.boId)
    : "buyerMemberId" in o
      ? eq(orderInfo.buyerMemberId, o.buyerMemberId)
      : eq(orderInfo.buyerBoId, o.buyerBoId);

/**
 * The owner's order locked FOR UPDATE (two writes about one order run one after the other), or nothing;
 * `notBuyerDeleted` leaves out an order the buyer deleted.
 */
export async function lockOrderOf(
  db: Executor,
  orderId: string,
  owner: OrderOwner,
  opts: { notBuyerDeleted?: boolean } = {},
): Promise<OrderRow | undefined> {
  const parts = [eq(orderInfo.id, orderId), ownerWhere(owner)];
  if (opts.notBuyerDeleted) parts.push(sql`${orderInfo.buyerDeletedAt} is null`);
  const [row] = await db
    .select()
    .from(orderInfo)
    .where(and(...parts))
    .for("update");
  return row;
}

/** One of the seller's orders. */
export async function findSellerOrder(db: Executor, boId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orderInfo)
    .where(and(eq(orderInfo.id, orderId), eq(orderInfo.boId, boId)));
  return row;
}

/** Whether the order is the shop's and not deleted by the seller. */
export const isShopOrder = async (db: Executor, boId: string, orderId: string): Promise<boolean> =>
  (await rowsOf(db, sql`select 1 from ${orderInfo} where id = ${orderId} and bo_id = ${boId} and seller_deleted_at is null`)).length > 0;

export type OrderLineRow = typeof orderLine.$inferSelect;

/** An order's lines, in their order. */
export const linesOf = (db: Executor, orderId: string): Promise<OrderLineRow[]> =>
  db.select().from(orderLine).where(eq(orderLine.orderId, orderId)).orderBy(orderLine.sort, orderLine.id);

/** One line, optionally locked FOR UPDATE (its batches are about to change). */
export async function findLine(db: Executor, lineId: string, lock = false): Promise<OrderLineRow | undefined> {
  const q = db.select().from(orderLine).where(eq(orderLine.id, lineId));
  const [row] = await (lock ? q.for("update") : q);
  return row;
}

/** The order's steps that carry `detail.<key> = value` (an after-sale's, say), oldest first (`timelineEntryOf` reads them). */
export function timelineWith(db: Executor, orderId: string, key: string, value: string) {
  return rowsOf<TimelineRow>(
    db,
    sql`select id, at, actor, event, from_status as "fromStatus", to_status as "toStatus", detail from ${orderTimeline}
        where order_id = ${orderId} and detail ->> ${key} = ${value} order by at, id limit 50`,
  );
}

/**
 * The online payment the order took: succeeded and not given back (a second payment of the order was, by a
 * payment_refund row). Null when it was paid otherwise (a voucher).
 */
export async function paidPayment(
  db: Executor,
  orderId: string,
): Promise<{ id: string; provider: string; providerRef: string | null; amount: number } | null> {
  const [row] = await rowsOf<{ id: string; provider: string; provider_ref: string | null; amount: string | number }>(
    db,
    sql`select p.id, p.provider, p.provider_ref, p.amount from order_payment p
        where p.order_id = ${orderId} and p.method = 'online' and p.status = 'succeeded'
          and not exists (select 1 from ${paymentRefund} r where r.payment_id = p.id)
        order by p.settled_at limit 1`,
  );
  return row ? { id: row.id, provider: row.provider, providerRef: row.provider_ref, amount: Number(row.amount) } : null;
}

/** What the organisation still owes buyers for payments its orders could not take, as a scalar sub-select. */
export const dueToBuyersSql = (boId: string): SQL =>
  sql`(select coalesce(sum(d.amount), 0) from ${paymentRefund} d where d.bo_id = ${boId} and d.status = 'due')`;

// ---- writes others ask of the orders ----

/** Sets a line's record of the stock batches its pieces came from (pieces returned, or an exchange's sent). */
export async function setLineBatches(db: Executor, lineId: string, batches: OrderLineRow["batches"]): Promise<void> {
  await db.update(orderLine).set({ batches }).where(eq(orderLine.id, lineId));
}

/** Records an entry on the order's timeline. */
export async function recordTimeline(db: Executor, entry: typeof orderTimeline.$inferInsert): Promise<void> {
  await db.insert(orderTimeline).values(entry);
}

/**
 * Raises the order's refunded total by `amount` only while it stays within what was paid: the conditional UPDATE
 * (and behind it the CHECK on `order_info`) is what makes over-refunding impossible, whatever runs concurrently.
 */
export async function addRefunded(db: Executor, orderId: string, amount: number): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update ${orderInfo} set refunded_amount = refunded_amount + ${amount}, updated_at = now()
        where id = ${orderId} and refunded_amount + ${amount} <= pay_amount returning id`,
  );
  return rows.length === 1;
}

// ---- the orders' rules and views others use ----

export { giveBack } from "./change/change.service";
export { once } from "./idempotency.service";
export { emitOrderEvent } from "./live/live.service";
export { type Actor, lockOrder } from "./order.machine";
export { detailOf, seesFullPhones, sellerDetail, type TimelineRow, timelineEntryOf } from "./orders.view";
export { type OrderPorts, refunderOf } from "./orders-needs.port";
