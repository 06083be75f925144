import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { newId } from "../../platform/db/ids";
import { startingWith } from "../../platform/db/like";
import { rowFromJson, rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { tsqueryText } from "../catalogue/search/search.rules";
import { findEmployeeByMember, memberView } from "../identity/identity.port";
import { areaFullName, areaFullNameSql, expressNamesSql, findExpress, areaExists as refAreaExists } from "../reference/reference.port";
import { shopNameSql, shopTimeZoneSql } from "../shop/shop.port";
import { orderFulfil } from "./fulfil/fulfil.tables";
import { orderEvent } from "./live/live.tables";
import {
  type AddressSnapshot,
  buyerAddress,
  buyerCartItem,
  orderInfo,
  orderLine,
  orderPayment,
  orderShipment,
  orderStatusCount,
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
  select o.id, o.order_no, o.bo_id, ${shopNameSql(sql`o.shop_id`)} as shop_name, o.status, m.name as buyer_name, m.phone as buyer_phone,
         o.goods_amount, o.freight_amount, o.discount_amount, o.revise_amount, o.pay_amount, o.pay_method,
         l.line_count, l.pieces, f.goods_name as first_name, f.image as first_image, f.spec_values as first_specs,
         o.seller_remark, o.flag_color, o.created_at, o.created_at::text as created_key, o.paid_at
  from ${orderInfo} o
  left join ${memberView} m on m.id = o.buyer_member_id
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

/**
 * What a keyword can be (docs/domains/orders.md, "Search"): an order number or its beginning (letters, digits and
 * dashes), a buyer's phone (5–20 digits, an optional "+", spaces and dashes ignored), and words of the goods (Chinese
 * character pairs in order, English words as prefixes, as goods search reads names). Null parts are kinds it cannot be.
 */
export interface KeywordKinds {
  orderNo: string | null;
  phone: string | null;
  words: string | null;
}

export function keywordKinds(keyword: string): KeywordKinds {
  const k = keyword.trim();
  const phone = k.replace(/[\s-]/g, "");
  return {
    orderNo: /^[0-9A-Za-z-]+$/.test(k) ? k : null,
    phone: /^\+?\d{5,20}$/.test(phone) ? phone : null,
    words: tsqueryText(k),
  };
}

const anyKind = (k: KeywordKinds) => k.orderNo !== null || k.phone !== null || k.words !== null;

/** The members a phone finds: the phone they order with (`buyer_phone`), else their account's phone; each unique. */
const buyersByPhone = (phone: string) =>
  sql`array(select b.id from ${memberView} b where b.buyer_phone = ${phone} union all select s.id from ${memberView} s where s.phone = ${phone} and s.buyer_phone is null)`;

/** Each kind's condition on `order_info`, alias-free; an empty list when the keyword can be no kind. */
function kindConditions(k: KeywordKinds): SQL[] {
  const out: SQL[] = [];
  if (k.orderNo) out.push(sql`${orderInfo.orderNo} like ${startingWith(k.orderNo)}`);
  if (k.phone) out.push(sql`${orderInfo.buyerMemberId} = any(${buyersByPhone(k.phone)})`);
  if (k.words) out.push(sql`"order_info"."goods_doc" @@ to_tsquery('simple', ${k.words})`);
  return out;
}

/** The seller's conditions on `order_info` (alias-free, for the list, the counts, the desk and the export). */
export function sellerWhere(boId: string, f: SellerFilters, statuses: string[] | null): SQL {
  // Each builder's own SQL (embedded as builders, they would be parenthesised, which WITH refuses).
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
    // As a row's check (a date-ordered scan, the desk's lists, the export): any kind the keyword can be. The list and
    // the counts find a keyword's orders through each kind's index first (keywordMatches below).
    const any = kindConditions(keywordKinds(f.keyword));
    parts.push(any.length > 0 ? sql`(${sql.join(any, sql` or `)})` : sql`false`);
  }
  return and(...parts) as SQL;
}

/**
 * A keyword's matches within the seller's other conditions, at most `cap` of them: a UNION of one look-up per kind,
 * each through its own index (the number: `order_info_bo_no_idx`; the phone: the member's phone index, then
 * `order_info_buyer_created_idx`; the goods: the GIN of `goods_doc`) and each stopping at the cap.
 */
function keywordMatches(boId: string, f: SellerFilters, statuses: string[] | null, kinds: KeywordKinds, cap: number): SQL {
  const base = sellerWhere(boId, { ...f, keyword: undefined }, statuses);
  const branches = kindConditions(kinds).map(
    (c) => sql`select * from (select ${orderInfo.id} as id, ${orderInfo.createdAt} as created_at, ${orderInfo.status} as status
                from ${orderInfo} where ${base} and ${c} limit ${cap}) b`,
  );
  return sql`(${sql.join(branches, sql` union `)} limit ${cap})`;
}

/** How many of a list's newest rows a keyword is first looked for in: a keyword many orders hold fills its page there. */
export const KEYWORD_WINDOW = 1000;

/**
 * A page of the seller's order ids, newest first: after a keyset cursor, or at a bounded offset. Without a keyword, the
 * list's own index in date order. With one: (1) the newest KEYWORD_WINDOW rows of the list without it, when they hold
 * the page (a keyword one order in a few holds); else (2) every match through each kind's index, when they are at most
 * COUNT_CAP, sorted and paged here (an order number, a phone, a rare goods word); else (3) the list in date order,
 * checking each row (more than COUNT_CAP matches, so they are not rare in it).
 */
export async function sellerPageIds(
  db: Executor,
  boId: string,
  f: SellerFilters,
  statuses: string[] | null,
  limit: number,
  after: { at: string; id: string } | null,
  offset: number,
): Promise<string[]> {
  const skip = after ? 0 : offset;
  const cursor = after ? sql` and (${orderInfo.createdAt}, ${orderInfo.id}) < (${after.at}::timestamptz, ${after.id})` : sql``;
  const byDate = async (where: SQL) =>
    (
      await rowsOf<{ id: string }>(
        db,
        sql`select ${orderInfo.id} as id from ${orderInfo} where ${where}${cursor}
            order by ${orderInfo.createdAt} desc, ${orderInfo.id} desc limit ${limit} offset ${skip}`,
      )
    ).map((r) => r.id);
  const kinds = f.keyword ? keywordKinds(f.keyword) : null;
  if (!kinds) return byDate(sellerWhere(boId, f, statuses));
  if (!anyKind(kinds)) return [];

  const base = sellerWhere(boId, { ...f, keyword: undefined }, statuses);
  const hit = sql.join(kindConditions(kinds), sql` or `);
  const recent = await rowsOf<{ id: string }>(
    db,
    sql`select id from (select ${orderInfo.id} as id, ${orderInfo.createdAt} as created_at, (${hit}) as hit
                        from ${orderInfo} where ${base}${cursor}
                        order by ${orderInfo.createdAt} desc, ${orderInfo.id} desc limit ${KEYWORD_WINDOW + skip}) r
        where hit order by created_at desc, id desc limit ${limit} offset ${skip}`,
  );
  if (recent.length === limit) return recent.map((r) => r.id);

  const mCursor = after ? sql`where (m.created_at, m.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
  const [found] = await rowsOf<{ n: number; ids: string[] | null }>(
    db,
    sql`with m as materialized (select * from ${keywordMatches(boId, f, statuses, kinds, COUNT_CAP + 1)} k)
        select (select count(*)::int from m) as n,
               (select json_agg(p.id order by p.created_at desc, p.id desc)
                from (select m.id, m.created_at from m ${mCursor} order by m.created_at desc, m.id desc limit ${limit} offset ${skip}) p) as ids`,
  );
  if (found && Number(found.n) <= COUNT_CAP) return found.ids ?? [];
  return byDate(sellerWhere(boId, f, statuses));
}

/** The tabs' counts, each at most COUNT_CAP; `atLeast`: they are lower bounds (the search matched more than COUNT_CAP). */
export interface TabCounts {
  counts: Record<string, number>;
  atLeast: boolean;
}

const tabsOf = (byStatus: Map<string, number>): Record<string, number> =>
  Object.fromEntries(
    Object.entries(TAB_STATUSES).map(([tab, statuses]) => {
      const n = statuses ? statuses.reduce((sum, s) => sum + (byStatus.get(s) ?? 0), 0) : [...byStatus.values()].reduce((a, b) => a + b, 0);
      return [tab, Math.min(n, COUNT_CAP)];
    }),
  );

/**
 * Each tab's count. Without a keyword, dates or need: read from `order_status_count` (kept by the database), exact.
 * Otherwise one grouped pass over at most COUNT_CAP + 1 of the search's matches (a keyword's through each kind's
 * index): exact when they are at most COUNT_CAP; beyond, "all" reads COUNT_CAP ("10,000+") and every tab its count
 * among the matches seen, a lower bound (`atLeast`). A keyword with goods words is first counted in the search's newest
 * KEYWORD_WINDOW rows (exact when they are all of it; lower bounds when the word is common: see below).
 */
export async function tabCounts(db: Executor, boId: string, f: SellerFilters): Promise<TabCounts> {
  const byStatus = new Map<string, number>();
  if (!f.keyword && !f.from && !f.to && !f.need) {
    const rows = await rowsOf<{ status: string; n: string | number }>(
      db,
      sql`select status, sum(n) as n from ${orderStatusCount} where bo_id = ${boId} group by status`,
    );
    for (const r of rows) byStatus.set(r.status, Number(r.n));
    return { counts: tabsOf(byStatus), atLeast: false };
  }
  const kinds = f.keyword ? keywordKinds(f.keyword) : null;
  if (kinds && !anyKind(kinds)) return { counts: tabsOf(byStatus), atLeast: false };
  if (kinds?.words) {
    // A goods word many orders hold costs its GIN posting list (≈ 0.1 s for 125,000 orders) to count through the
    // index. So first the newest KEYWORD_WINDOW rows of the search: when they are all of it, their counts are exact;
    // when they say the word is in more than twice COUNT_CAP of the seller's orders, their counts are lower bounds.
    const base = sellerWhere(boId, { ...f, keyword: undefined }, null);
    const hit = sql.join(kindConditions(kinds), sql` or `);
    const win = await rowsOf<{ status: string; hits: number; n: number; total: string | number | null }>(
      db,
      sql`select r.status, count(*) filter (where r.hit)::int as hits, count(*)::int as n,
                 (select sum(c.n) from ${orderStatusCount} c where c.bo_id = ${boId}) as total
          from (select ${orderInfo.status} as status, (${hit}) as hit from ${orderInfo} where ${base}
                order by ${orderInfo.createdAt} desc, ${orderInfo.id} desc limit ${KEYWORD_WINDOW}) r
          group by r.status`,
    );
    const examined = win.reduce((a, r) => a + Number(r.n), 0);
    const hits = win.reduce((a, r) => a + Number(r.hits), 0);
    const estimate = examined === 0 ? 0 : (hits / examined) * Number(win[0]?.total ?? 0);
    if (examined < KEYWORD_WINDOW || estimate > 2 * COUNT_CAP) {
      for (const r of win) byStatus.set(r.status, Number(r.hits));
      return { counts: tabsOf(byStatus), atLeast: examined >= KEYWORD_WINDOW };
    }
  }
  const source = kinds
    ? keywordMatches(boId, f, null, kinds, COUNT_CAP + 1)
    : sql`(select ${orderInfo.status} as status from ${orderInfo} where ${sellerWhere(boId, f, null)} limit ${COUNT_CAP + 1})`;
  const rows = await rowsOf<{ status: string; n: number }>(db, sql`select m.status, count(*)::int as n from ${source} m group by m.status`);
  for (const r of rows) byStatus.set(r.status, Number(r.n));
  const seen = rows.reduce((a, r) => a + Number(r.n), 0);
  return { counts: tabsOf(byStatus), atLeast: seen > COUNT_CAP };
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
                from ${orderShipment} s left join lateral ${expressNamesSql(sql`s.express_code`)} d on true
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
        from ${orderShipment} s left join lateral ${expressNamesSql(sql`s.express_code`)} d on true
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
  return findExpress(db, code);
}

// ---- buyers ----

/** The buyer's enabled place (owner or staff) in an organisation, if any. */
export async function enabledEmployee(db: Executor, boId: string, memberId: string) {
  const row = await findEmployeeByMember(db, boId, memberId);
  return row?.enabled ? { id: row.id, isOwner: row.isOwner } : undefined;
}

export async function addressesOf(db: Executor, memberId: string) {
  return rowsOf<AddressRow & { areaName: string | null }>(
    db,
    sql`select a.id, a.member_id as "memberId", a.name, a.phone, a.area_code as "areaCode", a.detail, a.is_default as "isDefault",
               ${areaFullNameSql(sql`a.area_code`)} as "areaName"
        from ${buyerAddress} a where a.member_id = ${memberId} order by a.is_default desc, a.created_at desc, a.id`,
  );
}

/** The buyer's phone and one of their addresses (with its area's name), in one statement; `address` null when not theirs. */
export async function buyerForCheckout(db: Executor, memberId: string, addressId: string) {
  const [row] = await rowsOf<{ phone: string | null; address: (AddressRow & { areaName: string | null }) | null }>(
    db,
    sql`select m.phone,
               (select json_build_object('id', a.id, 'memberId', a.member_id, 'name', a.name, 'phone', a.phone, 'areaCode', a.area_code,
                         'detail', a.detail, 'isDefault', a.is_default,
                         'areaName', ${areaFullNameSql(sql`a.area_code`)})
                  from ${buyerAddress} a where a.id = ${addressId} and a.member_id = m.id) as address
        from ${memberView} m where m.id = ${memberId}`,
  );
  return { phone: row?.phone ?? null, address: row?.address ?? null };
}

export interface CheckoutOrderRow {
  id: string;
  orderNo: string;
  boId: string;
  shopId: string;
  buyerMemberId: string;
  buyerBoId: string | null;
  goodsAmount: number;
  freightAmount: number;
  discountAmount: number;
  payAmount: number;
  address: AddressSnapshot;
  buyerRemark: string;
}

export interface CheckoutLineRow {
  id: string;
  orderId: string;
  boId: string;
  goodsId: string;
  skuId: string;
  goodsName: string;
  specValues: string[];
  image: string | null;
  unitPrice: number;
  priceSource: string;
  quantity: number;
  amount: number;
  sort: number;
}

/**
 * A checkout's orders written in one statement: the orders, their lines, their `created` timeline entries (buyer) and
 * live events, and the bought SKUs out of the buyer's cart. Ids are the caller's (each line names its order). Each
 * table's rows travel as one JSON parameter (a checkout's 40-odd values as 4 parameters instead of 70). An order's goods
 * document (migration 0018) is written with it, as its lines' trigger would write it, so that trigger finds nothing to
 * rewrite.
 */
export async function insertCheckout(
  db: Executor,
  c: {
    orders: CheckoutOrderRow[];
    lines: CheckoutLineRow[];
    timeline: { orderId: string; boId: string; actorMemberId: string; detail: Record<string, unknown> }[];
    cart: { memberId: string; skuIds: string[] };
  },
): Promise<void> {
  const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
  const names = c.orders.map((o) =>
    c.lines
      .filter((l) => l.orderId === o.id)
      .map((l) => l.goodsName)
      .join(" "),
  );
  await db.execute(sql`
    with o as (
      insert into ${orderInfo} (id, order_no, bo_id, shop_id, buyer_member_id, buyer_bo_id, goods_amount, freight_amount,
                                discount_amount, pay_amount, address, buyer_remark, goods_doc)
      select x."id", x."orderNo", x."boId", x."shopId", x."buyerMemberId", x."buyerBoId", x."goodsAmount", x."freightAmount",
             x."discountAmount", x."payAmount", x."address", x."buyerRemark",
             to_tsvector('simple', sbo_search_words(coalesce((${json(names)}) ->> (x.n - 1)::int, '')))
      from jsonb_to_recordset(${json(c.orders.map((r, i) => ({ ...r, n: i + 1 })))}) as x(
        "id" text, "orderNo" text, "boId" text, "shopId" text, "buyerMemberId" text, "buyerBoId" text, "goodsAmount" bigint,
        "freightAmount" bigint, "discountAmount" bigint, "payAmount" bigint, "address" jsonb, "buyerRemark" text, n int)
      returning id),
    l as (
      insert into ${orderLine} (id, order_id, bo_id, goods_id, sku_id, goods_name, spec_values, image, unit_price, price_source,
                                quantity, amount, sort)
      select x."id", x."orderId", x."boId", x."goodsId", x."skuId", x."goodsName", x."specValues", x."image", x."unitPrice",
             x."priceSource", x."quantity", x."amount", x."sort"
      from jsonb_to_recordset(${json(c.lines)}) as x(
        "id" text, "orderId" text, "boId" text, "goodsId" text, "skuId" text, "goodsName" text, "specValues" jsonb, "image" text,
        "unitPrice" bigint, "priceSource" text, "quantity" int, "amount" bigint, "sort" int)),
    tl as (
      insert into ${orderTimeline} (id, order_id, bo_id, actor, actor_member_id, event, from_status, to_status, detail)
      select x."id", x."orderId", x."boId", 'buyer', x."actorMemberId", 'created', null, 'pendingPayment', x."detail"
      from jsonb_to_recordset(${json(c.timeline.map((t) => ({ ...t, id: newId() })))}) as x(
        "id" text, "orderId" text, "boId" text, "actorMemberId" text, "detail" jsonb)),
    ev as (
      insert into ${orderEvent} (bo_id, order_id, order_no, kind, actor, pay_amount)
      select x."boId", x."id", x."orderNo", 'created', 'buyer', x."payAmount"
      from jsonb_to_recordset(${json(c.orders)}) as x("id" text, "orderNo" text, "boId" text, "payAmount" bigint)),
    cart as (
      delete from ${buyerCartItem} where member_id = ${c.cart.memberId}
        and sku_id = any(${`{${c.cart.skuIds.join(",")}}`}::text[]))
    select count(*) from o`);
}

/** The fresh batches each line was given (FEFO), once its stock is taken. */
export async function setLineBatches(db: Executor, lines: { id: string; batches: { batchId: string; quantity: number }[] }[]) {
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map((l) => sql`(${l.id}::text, ${JSON.stringify(l.batches)}::jsonb)`),
    sql`, `,
  );
  await db.execute(sql`update ${orderLine} l set batches = v.b from (values ${values}) v(id, b) where l.id = v.id`);
}

export async function areaExists(db: Executor, code: string) {
  return refAreaExists(db, code);
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
    sql`select ${shopTimeZoneSql(sql`o.shop_id`)} as tz from ${orderInfo} o where o.id = ${orderId}`,
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
export const areaNameOf = (db: Executor, code: string): Promise<string | null> => areaFullName(db, code);

/** A line's amount as the seller revised it (orders.service `orderPriceRevision`). */
export async function setLineRevisedAmount(db: Executor, lineId: string, amount: number) {
  await db.update(orderLine).set({ revisedAmount: amount }).where(eq(orderLine.id, lineId));
}
