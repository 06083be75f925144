import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { startingWith } from "../../../platform/db/like";
import { rowsOf } from "../../../platform/db/rows";
import { memberView } from "../../identity/identity.port";
import { expressCompanies, expressNamesSql } from "../../reference/reference.port";
import { orderInfo, orderLine, orderShipment, orderTimeline } from "../orders.tables";
import { complaintInform, orderDeliveryRound, orderFulfil } from "./fulfil.tables";

/* Every query of the fulfilment paths (repeated delivery, pickup, batch ship, warehouses, tracking, complaints). */

export type FulfilRow = typeof orderFulfil.$inferSelect;
export type RoundRow = typeof orderDeliveryRound.$inferSelect;

export async function fulfilOf(db: Executor, orderId: string): Promise<FulfilRow | undefined> {
  const [row] = await db.select().from(orderFulfil).where(eq(orderFulfil.orderId, orderId));
  return row;
}

export async function fulfilsOf(db: Executor, orderIds: string[]): Promise<FulfilRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderFulfil).where(inArray(orderFulfil.orderId, orderIds));
}

/** Inserts the row; a pickup code already used in the shop answers false (the caller draws another). */
export async function insertFulfil(db: Executor, row: typeof orderFulfil.$inferInsert): Promise<boolean> {
  const done = await db.insert(orderFulfil).values(row).onConflictDoNothing().returning({ id: orderFulfil.id });
  return done.length > 0;
}

export async function findByPickupCode(db: Executor, boId: string, code: string): Promise<FulfilRow | undefined> {
  const [row] = await db
    .select()
    .from(orderFulfil)
    .where(and(eq(orderFulfil.boId, boId), eq(orderFulfil.pickupCode, code), eq(orderFulfil.mode, "pickup")));
  return row;
}

export async function markPickedUp(db: Executor, id: string, at: Date) {
  await db.update(orderFulfil).set({ pickedUpAt: at }).where(eq(orderFulfil.id, id));
}

// ---- rounds ----

export interface RoundView extends RoundRow {
  expressName: string | null;
  expressNameEn: string | null;
}

export async function roundsOf(db: Executor, orderId: string): Promise<RoundView[]> {
  return rowsOf<RoundView>(
    db,
    sql`select r.id, r.order_id as "orderId", r.bo_id as "boId", r.seq, r.planned_on as "plannedOn", r.status,
               r.express_code as "expressCode", r.tracking_no as "trackingNo", r.lines, r.remark,
               r.shipment_id as "shipmentId", r.shipped_at as "shippedAt", r.delivered_at as "deliveredAt",
               r.created_at as "createdAt", r.updated_at as "updatedAt",
               d.name as "expressName", d.name_en as "expressNameEn"
        from ${orderDeliveryRound} r left join lateral ${expressNamesSql(sql`r.express_code`)} d on true
        where r.order_id = ${orderId} order by r.seq`,
  );
}

export async function findRound(db: Executor, boId: string, orderId: string, roundId: string): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderDeliveryRound)
    .where(and(eq(orderDeliveryRound.id, roundId), eq(orderDeliveryRound.orderId, orderId), eq(orderDeliveryRound.boId, boId)));
  return row;
}

export async function insertRound(db: Executor, row: typeof orderDeliveryRound.$inferInsert): Promise<RoundRow> {
  const [out] = await db.insert(orderDeliveryRound).values(row).returning();
  if (!out) throw new Error("round not written");
  return out;
}

export async function updateRound(db: Executor, id: string, patch: Partial<typeof orderDeliveryRound.$inferInsert>) {
  await db.update(orderDeliveryRound).set(patch).where(eq(orderDeliveryRound.id, id));
}

// ---- pickup ----

export interface AwaitingRow {
  order_id: string;
  order_no: string;
  buyer_name: string | null;
  buyer_phone: string | null;
  pay_amount: string | number;
  pieces: number;
  first_name: string | null;
  pickup_point: { id: string | null; detail: string } | null;
  paid_at: string | Date | null;
  created_at: string | Date;
}

/** Pickup orders of the shop, paid and not handed over: the filter and its tables for a page and its count. */
export function awaitingWhere(boId: string, f: { keyword?: string; pickupPointId?: string }): { from: SQL; where: SQL } {
  const conditions: SQL[] = [
    sql`f.bo_id = ${boId}`,
    sql`f.mode = 'pickup'`,
    sql`f.picked_up_at is null`,
    sql`o.status = 'paid'`,
    sql`o.seller_deleted_at is null`,
  ];
  if (f.pickupPointId) conditions.push(sql`f.pickup_point->>'id' = ${f.pickupPointId}`);
  if (f.keyword) {
    const k = f.keyword;
    conditions.push(
      /^1\d{10}$/.test(k)
        ? sql`o.buyer_member_id in (select b.id from ${memberView} b where b.phone = ${k})`
        : sql`o.order_no like ${startingWith(k)}`,
    );
  }
  return {
    from: sql`${orderFulfil} f join ${orderInfo} o on o.id = f.order_id`,
    where: sql.join(conditions, sql` and `),
  };
}

export async function awaitingPage(db: Executor, q: { from: SQL; where: SQL }, limit: number, offset: number): Promise<AwaitingRow[]> {
  return rowsOf<AwaitingRow>(
    db,
    sql`select o.id as order_id, o.order_no, m.name as buyer_name, m.phone as buyer_phone, o.pay_amount,
               (select coalesce(sum(quantity), 0)::int from order_line where order_id = o.id) as pieces,
               (select goods_name from order_line where order_id = o.id order by sort limit 1) as first_name,
               f.pickup_point, o.paid_at, o.created_at
        from ${q.from} left join ${memberView} m on m.id = o.buyer_member_id
        where ${q.where}
        order by f.created_at desc, f.id desc
        limit ${limit} offset ${offset}`,
  );
}

// ---- addresses (pickup points, warehouses) ----

/** Through the address domain's port (the addresses are its rows). */
export { ownAddress, warehousesOf } from "../../address/address.port";

// ---- tracking, complaints, batch ship ----

/** The timeline entries about one shipment (shipped, logistics changed, a delivery shipped or delivered). */
export async function shipmentEvents(db: Executor, orderId: string, shipmentId: string) {
  return db
    .select({ at: orderTimeline.at, event: orderTimeline.event })
    .from(orderTimeline)
    .where(and(eq(orderTimeline.orderId, orderId), sql`${orderTimeline.detail}->>'shipmentId' = ${shipmentId}`))
    .orderBy(asc(orderTimeline.at), asc(orderTimeline.id));
}

export async function complaintCount(db: Executor, orderId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${complaintInform} where order_id = ${orderId}`);
  return Number(row?.n ?? 0);
}

/** One order's reports, newest first (at most MAX_COMPLAINTS_PER_ORDER). */
export async function complaintsOf(db: Executor, orderId: string) {
  return db
    .select({
      id: complaintInform.id,
      about: complaintInform.about,
      category: complaintInform.category,
      content: complaintInform.content,
      status: complaintInform.status,
      createdAt: complaintInform.createdAt,
    })
    .from(complaintInform)
    .where(eq(complaintInform.orderId, orderId))
    .orderBy(desc(complaintInform.createdAt), desc(complaintInform.id));
}

export async function insertComplaint(db: Executor, row: typeof complaintInform.$inferInsert) {
  const [out] = await db.insert(complaintInform).values(row).returning();
  if (!out) throw new Error("complaint not written");
  return out;
}

/** The shop's orders with these numbers (not deleted by the seller), with their delivery mode. */
export async function ordersByNo(db: Executor, boId: string, orderNos: string[]) {
  if (orderNos.length === 0) return [];
  return rowsOf<{ id: string; order_no: string; status: string; mode: string | null }>(
    db,
    sql`select o.id, o.order_no, o.status, f.mode from ${orderInfo} o left join ${orderFulfil} f on f.order_id = o.id
        where o.bo_id = ${boId} and o.seller_deleted_at is null and o.order_no in ${orderNos}`,
  );
}

/** The `express` dictionary: code, Chinese and English names. */
export async function expressDictionary(db: Executor) {
  return expressCompanies(db);
}

/* Shipping writes (the seller's ship, a repeated delivery's round, a pickup handed over). */

/** Adds to a line's shipped quantity. */
export async function addShipped(db: Executor, lineId: string, quantity: number) {
  await db
    .update(orderLine)
    .set({ shippedQuantity: sql`${orderLine.shippedQuantity} + ${quantity}` })
    .where(eq(orderLine.id, lineId));
}

/** Every line of the order shipped in full. */
export async function shipAllLines(db: Executor, orderId: string) {
  await db
    .update(orderLine)
    .set({ shippedQuantity: sql`${orderLine.quantity}` })
    .where(eq(orderLine.orderId, orderId));
}

export async function insertShipment(db: Executor, row: typeof orderShipment.$inferInsert) {
  const [shipment] = await db.insert(orderShipment).values(row).returning();
  return shipment;
}

export async function setShipmentExpress(db: Executor, id: string, expressCode: string, trackingNo: string) {
  await db.update(orderShipment).set({ expressCode, trackingNo }).where(eq(orderShipment.id, id));
}
