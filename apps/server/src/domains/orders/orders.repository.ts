import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { employee } from "../../platform/access/access.tables";
import type { Executor } from "../../platform/db/client";
import { startingWith } from "../../platform/db/like";
import { rowFromJson, rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { tsqueryText } from "../catalogue/search/search.engine";
import { orderFulfil } from "./fulfil.tables";
import {
  buyerAddress,
  buyerCartItem,
  orderInfo,
  orderLine,
  orderPayment,
  orderShipment,
  orderTimeline,
  paymentRefund,
} from "./orders.tables";

/* Every query of the orders domain. */

export type LineRow = typeof orderLine.$inferSelect;
export type AddressRow = typeof buyerAddress.$inferSelect;
export type PaymentRow = typeof orderPayment.$inferSelect;
export type ShipmentRow = typeof orderShipment.$inferSelect;

/** An order as lists show it: the row with its shop's and buyer's names, line count, pieces and first line. */
export interface SummaryRow {
  id: string;
  order_no: string;
  bo_id: string;
  shop_name: string | null;
  status: string;
  buyer_name: string | null;
  buyer_phone: string | null;
  goods_amount: string | number;
  freight_amount: string | number;
  discount_amount: string | number;
  revise_amount: string | number;
  pay_amount: string | number;
  pay_method: string | null;
  line_count: number;
  pieces: number;
  first_name: string | null;
  first_image: string | null;
  first_specs: string[] | null;
  seller_remark: string;
  flag_color: string | null;
  created_at: string | Date;
  created_key: string;
  paid_at: string | Date | null;
}

const summarySelect = sql`
  select o.id, o.order_no, o.bo_id, sh.name as shop_name, o.status, m.name as buyer_name, m.phone as buyer_phone,
         o.goods_amount, o.freight_amount, o.discount_amount, o.revise_amount, o.pay_amount, o.pay_method,
         l.line_count, l.pieces, f.goods_name as first_name, f.image as first_image, f.spec_values as first_specs,
         o.seller_remark, o.flag_color, o.created_at, o.created_at::text as created_key, o.paid_at
  from ${orderInfo} o
  left join shop sh on sh.id = o.shop_id
  left join member m on m.id = o.buyer_member_id
  left join lateral (select count(*)::int as line_count, coalesce(sum(quantity), 0)::int as pieces from ${orderLine} where order_id = o.id) l on true
  left join lateral (select goods_name, image, spec_values from ${orderLine} where order_id = o.id order by sort limit 1) f on true`;

export async function summariesByIds(db: Executor, ids: string[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<SummaryRow>(db, sql`${summarySelect} where o.id in ${ids}`);
}

export interface SellerFilters {
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The home page's to-dos: orders whose buyer asked for shipping, or with an offline voucher in review. */
  need?: "reminded" | "voucher" | undefined;
}

export const TAB_STATUSES: Record<string, string[] | null> = {
  all: null,
  pendingPayment: ["pendingPayment"],
  toShip: ["paid", "partlyShipped"],
  shipped: ["shipped"],
  received: ["received"],
  completed: ["completed"],
  cancelled: ["cancelled"],
};

/** The seller's conditions on `order_info` (alias-free, for the list and the counts). */
export function sellerWhere(boId: string, f: SellerFilters, statuses: string[] | null): SQL {
  const parts: SQL[] = [sql`${orderInfo.boId} = ${boId}`, sql`${orderInfo.sellerDeletedAt} is null`];
  if (statuses) parts.push(sql`${orderInfo.status} in ${statuses}`);
  if (f.from) parts.push(sql`${orderInfo.createdAt} >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`${orderInfo.createdAt} < ${f.to}::timestamptz`);
  if (f.need === "reminded") parts.push(sql`${orderInfo.remindCount} > 0`);
  if (f.need === "voucher")
    parts.push(
      sql`exists (select 1 from ${orderPayment} p where p.order_id = ${orderInfo.id} and p.method = 'offline' and p.status = 'reviewing')`,
    );
  if (f.keyword) {
    // The keyword is an order number's beginning, a buyer's phone, or words of the goods — each part only when the
    // keyword can be one (a phone is digits; a number has no spaces or Chinese), each with its index (number:
    // text_pattern_ops; phone: an array the planner knows before the scan; goods: GIN), so that a narrow keyword is a
    // bitmap of a few rows. The goods are the order's own document of its lines' names (`goods_doc`, kept by the
    // database: migration 0018), matched as goods search matches names (Chinese character pairs in order, English
    // words as prefixes): a check of the order row, not a look-up of its lines.
    const k = f.keyword.trim();
    const any: SQL[] = [];
    if (/^[0-9A-Za-z-]+$/.test(k)) any.push(sql`${orderInfo.orderNo} like ${startingWith(k)}`);
    if (/^\+?\d{5,20}$/.test(k)) any.push(sql`${orderInfo.buyerMemberId} = any(array(select id from member where phone = ${k}))`);
    const words = tsqueryText(k);
    if (words) any.push(sql`"order_info"."goods_doc" @@ to_tsquery('simple', ${words})`);
    parts.push(any.length > 0 ? sql`(${sql.join(any, sql` or `)})` : sql`false`);
  }
  return and(...parts) as SQL;
}

/** A page of the seller's order ids, newest first: after a keyset cursor, or at a bounded offset. */
export async function sellerPageIds(
  db: Executor,
  where: SQL,
  limit: number,
  after: { at: string; id: string } | null,
  offset: number,
): Promise<string[]> {
  const cursor = after ? sql` and (${orderInfo.createdAt}, ${orderInfo.id}) < (${after.at}::timestamptz, ${after.id})` : sql``;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select ${orderInfo.id} as id from ${orderInfo} where ${where}${cursor}
        order by ${orderInfo.createdAt} desc, ${orderInfo.id} desc limit ${limit} offset ${after ? 0 : offset}`,
  );
  return rows.map((r) => r.id);
}

/** Each tab's count, capped at COUNT_CAP, in one statement (each sub-count stops at the cap). */
export async function tabCounts(db: Executor, boId: string, f: SellerFilters): Promise<Record<string, number>> {
  const parts = Object.entries(TAB_STATUSES).map(
    ([tab, statuses]) =>
      sql`(select count(*)::int from (select 1 from ${orderInfo} where ${sellerWhere(boId, f, statuses)} limit ${COUNT_CAP}) x) as ${sql.identifier(tab)}`,
  );
  const [row] = await rowsOf<Record<string, number>>(db, sql`select ${sql.join(parts, sql`, `)}`);
  return Object.fromEntries(Object.keys(TAB_STATUSES).map((t) => [t, Number(row?.[t] ?? 0)]));
}

export async function buyerPageIds(db: Executor, memberId: string, status: string | undefined, limit: number, offset: number) {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from ${orderInfo} where buyer_member_id = ${memberId} and buyer_deleted_at is null
        ${status ? sql`and status = ${status}` : sql``}
        order by created_at desc, id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.id);
}

export async function buyerCount(db: Executor, memberId: string, status: string | undefined) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${orderInfo} where buyer_member_id = ${memberId} and buyer_deleted_at is null
        ${status ? sql`and status = ${status}` : sql``} limit ${COUNT_CAP}) x`,
  );
  return Number(row?.n ?? 0);
}

// ---- an order's parts ----

export async function linesOf(db: Executor, orderId: string, lock = false): Promise<LineRow[]> {
  const q = db.select().from(orderLine).where(eq(orderLine.orderId, orderId)).orderBy(asc(orderLine.sort));
  return lock ? q.for("update") : q;
}

/** Everything an order's detail shows besides its own row, as `partsOf` answers it. */
export interface OrderParts {
  summary: SummaryRow;
  lines: LineRow[];
  timeline: (typeof orderTimeline.$inferSelect)[];
  shipments: Awaited<ReturnType<typeof shipmentsOf>>;
  payments: PaymentRow[];
  refunds: (typeof paymentRefund.$inferSelect)[];
  fulfil: typeof orderFulfil.$inferSelect | null;
}

type Json = Record<string, unknown>;

/**
 * An order's summary, lines, timeline, shipments, payments, their refunds and its delivery in ONE statement (each
 * part a JSON aggregate over its own index), so that a detail is one round trip after the order's row, not seven.
 */
export async function partsOf(db: Executor, orderId: string): Promise<OrderParts | null> {
  const [row] = await rowsOf<{
    summary: SummaryRow | null;
    lines: Json[];
    timeline: Json[];
    shipments: Awaited<ReturnType<typeof shipmentsOf>>;
    payments: Json[];
    refunds: Json[];
    fulfil: Json | null;
  }>(
    db,
    sql`select
      (select to_jsonb(s) from (${summarySelect} where o.id = ${orderId}) s) as summary,
      coalesce((select jsonb_agg(to_jsonb(l) order by l.sort) from ${orderLine} l where l.order_id = ${orderId}), '[]') as lines,
      coalesce((select jsonb_agg(to_jsonb(t) order by t.at, t.id) from ${orderTimeline} t where t.order_id = ${orderId}), '[]') as timeline,
      coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'expressCode', s.express_code, 'trackingNo', s.tracking_no,
                  'lines', s.lines, 'shippedAt', s.shipped_at, 'expressName', d.name, 'expressNameEn', d.name_en) order by s.shipped_at, s.id)
                from ${orderShipment} s left join dict_item d on d.dict_code = 'express' and d.code = s.express_code
                where s.order_id = ${orderId}), '[]') as shipments,
      coalesce((select jsonb_agg(to_jsonb(p) order by p.created_at) from ${orderPayment} p where p.order_id = ${orderId}), '[]') as payments,
      coalesce((select jsonb_agg(to_jsonb(r)) from ${paymentRefund} r where r.order_id = ${orderId}), '[]') as refunds,
      (select to_jsonb(f) from ${orderFulfil} f where f.order_id = ${orderId}) as fulfil`,
  );
  if (!row?.summary) return null;
  return {
    summary: row.summary,
    lines: row.lines.map((l) => rowFromJson(orderLine, l)),
    timeline: row.timeline.map((t) => rowFromJson(orderTimeline, t)),
    shipments: row.shipments,
    payments: row.payments.map((p) => rowFromJson(orderPayment, p)),
    refunds: row.refunds.map((r) => rowFromJson(paymentRefund, r)),
    fulfil: row.fulfil ? rowFromJson(orderFulfil, row.fulfil) : null,
  };
}

export async function shipmentsOf(db: Executor, orderId: string) {
  return rowsOf<ShipmentRow & { expressName: string | null; expressNameEn: string | null }>(
    db,
    sql`select s.id, s.express_code as "expressCode", s.tracking_no as "trackingNo", s.lines, s.shipped_at as "shippedAt",
               d.name as "expressName", d.name_en as "expressNameEn"
        from ${orderShipment} s left join dict_item d on d.dict_code = 'express' and d.code = s.express_code
        where s.order_id = ${orderId} order by s.shipped_at, s.id`,
  );
}

export async function findShipment(db: Executor, orderId: string, id: string) {
  const [row] = await db
    .select()
    .from(orderShipment)
    .where(and(eq(orderShipment.orderId, orderId), eq(orderShipment.id, id)));
  return row;
}

export async function expressItem(db: Executor, code: string) {
  const [row] = await rowsOf<{ code: string }>(db, sql`select code from dict_item where dict_code = 'express' and code = ${code} limit 1`);
  return row;
}

// ---- buyers ----

/** The buyer's enabled place (owner or staff) in an organisation, if any. */
export async function enabledEmployee(db: Executor, boId: string, memberId: string) {
  const [row] = await db
    .select({ id: employee.id, isOwner: employee.isOwner })
    .from(employee)
    .where(and(eq(employee.boId, boId), eq(employee.memberId, memberId), eq(employee.enabled, true)))
    .limit(1);
  return row;
}

export async function findMember(db: Executor, memberId: string) {
  const [row] = await rowsOf<{ id: string; name: string; phone: string | null }>(
    db,
    sql`select id, name, phone from member where id = ${memberId}`,
  );
  return row;
}

/** The buyer's rank in each shop: the shop's member with the buyer's phone, and their rank's discount. */
export async function ranksOf(db: Executor, phone: string | null, boIds: string[]) {
  if (!phone || boIds.length === 0) return new Map<string, { id: string; discountBp: number }>();
  const rows = await rowsOf<{ bo_id: string; rank_id: string; discount: number }>(
    db,
    sql`select sm.bo_id, r.id as rank_id, r.discount from shop_member sm join member_rank r on r.id = sm.rank_id
        where sm.phone = ${phone} and sm.bo_id in ${boIds} and sm.status = 'active'`,
  );
  return new Map(rows.map((r) => [r.bo_id, { id: r.rank_id, discountBp: r.discount }]));
}

export async function addressesOf(db: Executor, memberId: string) {
  return rowsOf<AddressRow & { areaName: string | null }>(
    db,
    sql`select a.id, a.member_id as "memberId", a.name, a.phone, a.area_code as "areaCode", a.detail, a.is_default as "isDefault",
               (select string_agg(x.name, ' ' order by x.level) from area x
                 where x.code in (substr(a.area_code, 1, 2) || '0000', substr(a.area_code, 1, 4) || '00', a.area_code)) as "areaName"
        from ${buyerAddress} a where a.member_id = ${memberId} order by a.is_default desc, a.created_at desc, a.id`,
  );
}

export async function areaExists(db: Executor, code: string) {
  const [row] = await rowsOf<{ code: string }>(db, sql`select code from area where code = ${code}`);
  return !!row;
}

export async function cartOf(db: Executor, memberId: string) {
  return db.select().from(buyerCartItem).where(eq(buyerCartItem.memberId, memberId)).orderBy(asc(buyerCartItem.createdAt));
}

export async function deleteCartItems(db: Executor, memberId: string, skuIds: string[]) {
  if (skuIds.length === 0) return;
  await db.delete(buyerCartItem).where(and(eq(buyerCartItem.memberId, memberId), inArray(buyerCartItem.skuId, skuIds)));
}

/** The time zone of an order's shop (fresh batches expire by its calendar). */
export async function timeZoneOfShop(db: Executor, orderId: string): Promise<string> {
  const [row] = await rowsOf<{ tz: string | null }>(
    db,
    sql`select st.time_zone as tz from ${orderInfo} o left join shop_setting st on st.shop_id = o.shop_id where o.id = ${orderId}`,
  );
  return row?.tz ?? "Asia/Shanghai";
}

export async function findSellerOrder(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(orderInfo)
    .where(and(eq(orderInfo.id, id), eq(orderInfo.boId, boId), sql`${orderInfo.sellerDeletedAt} is null`));
  return row;
}

/** An area's name with its province and city ("浙江省 杭州市 西湖区"), or null when there is no such area. */
export async function areaNameOf(db: Executor, code: string): Promise<string | null> {
  const [row] = await rowsOf<{ name: string | null; found: boolean }>(
    db,
    sql`select exists (select 1 from area where code = ${code}) as found,
               (select string_agg(x.name, ' ' order by x.level) from area x
                 where x.code in (substr(${code}, 1, 2) || '0000', substr(${code}, 1, 4) || '00', ${code})) as name`,
  );
  return row?.found ? (row.name ?? code) : null;
}
