import { DEFAULT_TIME_ZONE } from "@sbo/contract";
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { todayIn } from "../../platform/days";
import type { Executor } from "../../platform/db/client";
import { containing, startingWith } from "../../platform/db/like";
import { rowsOf } from "../../platform/db/rows";
import { buyerRankIn } from "../member/member.port";
import { shops } from "../shop/shop.port";
import { refreshFreshStock } from "./batch/batch.repository";
import { takeStock, takeStockOfOrder } from "./batch/batch.service";
import { type LadderTier, type PriceSource, unitPrice } from "./goods.rules";
import { goods, goodsBatch, goodsLadderPrice, goodsMemberPrice, goodsSku } from "./goods.tables";

/*
 * What goods gives the orders domain (rank 6 takes it through its OrderPorts, handed in by app.ts): SKUs as checkout
 * sees them, the one pricing function, FEFO takes and putting stock back where it came from.
 */

export interface SkuForOrder {
  skuId: string;
  goodsId: string;
  boId: string;
  shopId: string;
  shopName: string;
  timeZone: string;
  goodsName: string;
  specValues: string[];
  image: string | null;
  price: number;
  stock: number;
  weightG: number | null;
  volumeCm3: number | null;
  freightTemplateId: string | null;
  /** How the item may reach its buyer (goods' `logistics`: express, cityDelivery, selfPickup). */
  logistics: string[];
  /** Live, its goods on shelf, a normal item (not a package), its shop open. */
  onSale: boolean;
  /** Fresh goods: its stock is its batches', taken first expiry first out. */
  fresh: boolean;
  /** What the pricing function needs beside the quantity (`priceOf`): ladder tiers, member prices per rank. */
  ladder: LadderTier[];
  memberPrices: Map<string, number>;
  /** The buyer's rank in this SKU's shop (asked with the buyer's phone), or null. */
  rank: { id: string; discountBp: number } | null;
}

interface Row {
  sku_id: string;
  goods_id: string;
  bo_id: string;
  shop_id: string;
  shop_name: string | null;
  shop_status: string | null;
  time_zone: string | null;
  name: string;
  spec_values: string[];
  images: string[];
  price: number | string;
  stock: number;
  weight_g: number | null;
  volume_cm3: number | null;
  freight_template_id: string | null;
  logistics: string[];
  status: string;
  kind: string;
  live: boolean;
  fresh: boolean;
  tiers: LadderTier[] | null;
  member_prices: { rankId: string; price: number | string }[] | null;
  rank_id: string | null;
  rank_discount: number | null;
}

/**
 * The SKUs (any seller's: a buyer buys from every shop) with what checkout needs, in one statement: the item and its
 * shop, the pricing function's inputs (ladder tiers, member prices) and, given the buyer's phone, the buyer's rank in
 * each SKU's shop (the shop's active member with that phone), so that a checkout prices every line without a query per
 * line.
 */
export async function skusForOrder(db: Executor, skuIds: string[], buyerPhone: string | null = null): Promise<SkuForOrder[]> {
  if (skuIds.length === 0) return [];
  const rows = await rowsOf<Row>(
    db,
    sql`select s.id as sku_id, g.id as goods_id, g.bo_id, g.shop_id, sh.name as shop_name, sh.status as shop_status,
               sh.time_zone, g.name, s.spec_values, g.images, s.price, s.stock, s.weight_g, s.volume_cm3,
               g.freight_template_id, g.logistics, g.status, g.kind, (s.retired_at is null and g.deleted_at is null) as live,
               g.fresh, lp.tiers,
               (select json_agg(json_build_object('rankId', mp.rank_id, 'price', mp.price)) from ${goodsMemberPrice} mp
                 where mp.sku_id = s.id) as member_prices,
               r.rank_id, r.rank_discount
        from ${goodsSku} s join ${goods} g on g.id = s.goods_id
        left join ${shops()} sh on sh.id = g.shop_id
        left join ${goodsLadderPrice} lp on lp.sku_id = s.id
        left join lateral ${buyerRankIn(sql`g.bo_id`, buyerPhone)} r on true
        where s.id in ${skuIds}`,
  );
  return rows.map((r) => ({
    skuId: r.sku_id,
    goodsId: r.goods_id,
    boId: r.bo_id,
    shopId: r.shop_id,
    shopName: r.shop_name ?? "",
    timeZone: r.time_zone ?? DEFAULT_TIME_ZONE,
    goodsName: r.name,
    specValues: r.spec_values,
    image: r.images[0] ?? null,
    price: Number(r.price),
    stock: r.stock,
    weightG: r.weight_g,
    volumeCm3: r.volume_cm3,
    freightTemplateId: r.freight_template_id,
    logistics: r.logistics,
    onSale: r.live && r.status === "on" && r.kind === "goods" && r.shop_status === "open",
    fresh: r.fresh,
    ladder: r.tiers ?? [],
    memberPrices: new Map((r.member_prices ?? []).map((m) => [m.rankId, Number(m.price)])),
    rank: r.rank_id === null ? null : { id: r.rank_id, discountBp: Number(r.rank_discount) },
  }));
}

/** The one pricing function (goods.rules.ts `unitPrice`) on a SKU read by `skusForOrder`: no query. */
export const priceOf = (sku: SkuForOrder, quantity: number): { price: number; source: PriceSource } =>
  unitPrice({ price: sku.price, memberPrices: sku.memberPrices, ladder: sku.ladder, rank: sku.rank, quantity });

/**
 * Puts a line's stock back (a cancelled order): into the fresh batches it was taken from (FEFO's record), or into the
 * SKU's stock; the item's total follows. In the caller's transaction, the SKU locked first as `takeStock` does.
 */
export async function returnStock(
  tx: Executor,
  skuId: string,
  quantity: number,
  batches: { batchId: string; quantity: number }[],
  timeZone: string,
): Promise<void> {
  await tx.execute(sql`select id from ${goodsSku} where id = ${skuId} for update`);
  if (batches.length === 0) {
    await tx.execute(sql`update ${goodsSku} set stock = stock + ${quantity}, updated_at = now() where id = ${skuId}`);
    await tx.execute(
      sql`update ${goods} set stock_total = stock_total + ${quantity} where id = (select goods_id from ${goodsSku} where id = ${skuId})`,
    );
    return;
  }
  for (const b of batches)
    await tx.execute(sql`update ${goodsBatch} set "left" = "left" + ${b.quantity}, updated_at = now() where id = ${b.batchId}`);
  await refreshFreshStock(tx, [skuId], todayIn(timeZone));
}

/** Adds sold pieces to the items' sales counts (the goods lists sort by them). */
export async function addSales(tx: Executor, lines: { goodsId: string; quantity: number }[]): Promise<void> {
  for (const l of lines) await tx.execute(sql`update ${goods} set sales = greatest(sales + ${l.quantity}, 0) where id = ${l.goodsId}`);
}

/** What a warehouse needs beside an order line: the SKU's code and the goods' storage location, by SKU id. */
export interface SkuWarehouseFacts {
  code: string | null;
  storageLocation: string | null;
}

/**
 * The organisation's SKUs (retired ones too: an order keeps its lines) with their codes and storage locations, and its
 * batches with their numbers and expiry dates; ids of other organisations are absent. Two statements.
 */
export async function warehouseFacts(
  db: Executor,
  boId: string,
  skuIds: string[],
  batchIds: string[],
): Promise<{ skus: Map<string, SkuWarehouseFacts>; batches: Map<string, { batchNo: string; expiresOn: string }> }> {
  const [skus, batches] = await Promise.all([
    skuIds.length === 0
      ? []
      : rowsOf<{ id: string; code: string | null; storage_location: string | null }>(
          db,
          sql`select s.id, s.code, g.storage_location from ${goodsSku} s join ${goods} g on g.id = s.goods_id
              where s.bo_id = ${boId} and s.id in ${skuIds}`,
        ),
    batchIds.length === 0
      ? []
      : rowsOf<{ id: string; batch_no: string; expires_on: string }>(
          db,
          sql`select id, batch_no, expires_on::text as expires_on from ${goodsBatch} where bo_id = ${boId} and id in ${batchIds}`,
        ),
  ]);
  return {
    skus: new Map(skus.map((r) => [r.id, { code: r.code, storageLocation: r.storage_location }])),
    batches: new Map(batches.map((r) => [r.id, { batchNo: r.batch_no, expiresOn: r.expires_on }])),
  };
}

export const goodsForOrders = { skusForOrder, priceOf, takeStock, takeStockOfOrder, returnStock, addSales, warehouseFacts };
export type GoodsForOrders = typeof goodsForOrders;

// ---- What goods offers its other readers (catalogue, coupon, promotion, advert, media) ----
// They name neither goods' tables nor its repository: they call these reads, or put these fragments into their own
// one-statement lists (a join's speed without the join: `exists` on goods' primary key).

/** `id` (a column or expression of the reader's row) is a live goods item: not deleted. */
export const isLiveGoods = (id: SQL | AnyPgColumn): SQL =>
  sql`exists (select 1 from ${goods} where ${goods.id} = ${id} and ${goods.deletedAt} is null)`;

/** `id` is a goods item deleted since. */
export const isDeletedGoods = (id: SQL | AnyPgColumn): SQL =>
  sql`exists (select 1 from ${goods} where ${goods.id} = ${id} and ${goods.deletedAt} is not null)`;

/** `id` is a goods item of `boId` named like `keyword` (contains) or with a live SKU whose code starts with it. */
export const goodsMatching = (id: SQL | AnyPgColumn, boId: string, keyword: string): SQL =>
  sql`exists (select 1 from ${goods} where ${goods.id} = ${id} and (${goods.name} ilike ${containing(keyword)} or ${goods.id} in (
        select ${goodsSku.goodsId} from ${goodsSku}
        where ${goodsSku.boId} = ${boId} and ${goodsSku.retiredAt} is null and ${goodsSku.code} like ${startingWith(keyword)})))`;

/**
 * A derived table of SKUs as promotions list them (`sku_id`, `goods_id`, `goods_name`, `spec_values`, `sku_price`,
 * `sku_sort`), to join in one statement.
 */
export const skuCards = (): SQL =>
  sql`(select k.id as sku_id, k.goods_id, g.name as goods_name, k.spec_values, k.price as sku_price, k.sort as sku_sort
       from ${goodsSku} k join ${goods} g on g.id = k.goods_id)`;

/** Of these ids, the seller's live goods with their names (ordered by name). */
export async function liveGoodsNames(db: Executor, boId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: goods.id, name: goods.name })
    .from(goods)
    .where(and(eq(goods.boId, boId), inArray(goods.id, ids), isNull(goods.deletedAt)))
    .orderBy(asc(goods.name));
}

/** The names of the organisation's goods among `ids`, deleted ones too (a report still names them). */
export async function goodsNames(db: Executor, boId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: goods.id, name: goods.name })
    .from(goods)
    .where(and(eq(goods.boId, boId), inArray(goods.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Which of `ids` are live goods listings of the organisation (items and packages; no service listings). */
export async function liveListedGoodsIds(db: Executor, boId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.boId, boId), inArray(goods.id, ids), isNull(goods.deletedAt), eq(goods.listingType, "goods")));
  return new Set(rows.map((r) => r.id));
}

/** A goods item of the organisation others may link to: not deleted, sold goods (no service), on or off shelf. */
export async function isLinkableGoods(db: Executor, boId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        eq(goods.boId, boId),
        eq(goods.id, id),
        isNull(goods.deletedAt),
        eq(goods.listingType, "goods"),
        inArray(goods.status, ["on", "off"]),
      ),
    );
  return row !== undefined;
}

export interface SellableSku {
  sku_id: string;
  goods_id: string;
  price: number | string;
}

const sellable = sql`g.deleted_at is null and g.status = 'on' and g.kind = 'goods' and g.listing_type = 'goods' and k.retired_at is null`;

/** The live SKUs of the seller's on-shelf ordinary items among `goodsIds` (packages and services excluded). */
export async function sellableSkusOfGoods(db: Executor, boId: string, goodsIds: string[]): Promise<SellableSku[]> {
  if (goodsIds.length === 0) return [];
  return rowsOf<SellableSku>(
    db,
    sql`select k.id as sku_id, k.goods_id, k.price from ${goodsSku} k join ${goods} g on g.id = k.goods_id
        where g.bo_id = ${boId} and g.id in ${goodsIds} and ${sellable}`,
  );
}

/** The SKUs among `skuIds` that are live SKUs of the seller's on-shelf ordinary items. */
export async function sellableSkus(db: Executor, boId: string, skuIds: string[]): Promise<SellableSku[]> {
  if (skuIds.length === 0) return [];
  return rowsOf<SellableSku>(
    db,
    sql`select k.id as sku_id, k.goods_id, k.price from ${goodsSku} k join ${goods} g on g.id = k.goods_id
        where g.bo_id = ${boId} and k.id in ${skuIds} and ${sellable}`,
  );
}
