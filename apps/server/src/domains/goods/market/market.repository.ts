import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { containing } from "../../../platform/db/like";
import { rowsOf } from "../../../platform/db/rows";
import { boundedCount } from "../../../platform/http/paging";
import { organizationView } from "../../identity/identity.port";
import { categoryAndBelow } from "../../reference/reference.port";
import { shops } from "../../shop/shop.port";
import { goods } from "../goods.tables";

/*
 * The marketplace lists over every seller's goods (docs/domains/goods.md, "Listing types and rebates"): the service
 * boards and the goods paying a rebate. Only on-shelf rows of open shops; each list is one statement for the page (the
 * seller's names joined in) and one bounded count, over the partial indexes of migration 0010.
 */

/** The rebate on the lowest SKU price, rounded down to the cent: the expression `goods_rebate_amount_idx` indexes. */
export const REBATE_CENTS = sql`("g"."price_min" * "g"."rebate_bp" / 10000)`;

const FROM = sql`${goods} g join ${organizationView} o on o.id = g.bo_id join ${shops()} s on s.bo_id = g.bo_id and s.status = 'open'`;

const SELLER = sql`g.bo_id as "boId", o.name as "orgName", s.name as "shopName", s.area_code as "shopAreaCode"`;

export interface SellerCols {
  boId: string;
  orgName: string;
  shopName: string;
  shopAreaCode: string | null;
}

export interface MarketFilters {
  keyword?: string | undefined;
  categoryId?: string | undefined;
}

/** Name contains (lower-cased, so the trigram index on lower(name) can serve it) and category with everything under it. */
function filtersOf(f: MarketFilters): SQL[] {
  const c: SQL[] = [];
  if (f.keyword) c.push(sql`lower(g.name) like ${containing(f.keyword.toLowerCase())}`);
  if (f.categoryId) c.push(sql`g.category_id in ${categoryAndBelow(f.categoryId)}`);
  return c;
}

const all = (c: SQL[]) => sql.join(c, sql` and `);

// ---- service boards ----

export interface ServiceRow extends SellerCols {
  id: string;
  listingType: "serviceOffer" | "serviceWant";
  name: string;
  subtitle: string;
  /** The main image's file id (images[0]). */
  image: string | null;
  categoryId: string | null;
  unitId: string | null;
  priceMin: number;
  priceMax: number;
  serviceAreas: string[];
  skuCount: number;
  onShelfAt: Date;
  /** on_shelf_at as PostgreSQL's exact text (microseconds), for the keyset cursor. */
  cursorAt: string;
}

/**
 * The on-shelf services of one type: `areas` is the set of codes a listing must name one of (null: any), matched by
 * the GIN index on service_areas.
 */
export function serviceWhere(listingType: string, f: MarketFilters & { areas?: string[] | null }): SQL {
  const c = [
    sql`g.listing_type = ${listingType}`,
    sql`g.status = 'on'`,
    sql`g.deleted_at is null`,
    sql`g.on_shelf_at is not null`,
    ...filtersOf(f),
  ];
  if (f.areas)
    c.push(
      sql`g.service_areas ?| array[${sql.join(
        f.areas.map((a) => sql`${a}`),
        sql`, `,
      )}]::text[]`,
    );
  return all(c);
}

export const afterNewest = (at: string, id: string): SQL => sql`(g.on_shelf_at, g.id) < (${at}::timestamptz, ${id})`;

export async function servicePage(db: Executor, where: SQL, limit: number, offset: number): Promise<ServiceRow[]> {
  const rows = await rowsOf<Omit<ServiceRow, "onShelfAt"> & { onShelfAt: string | Date }>(
    db,
    sql`select g.id, g.listing_type as "listingType", g.name, g.subtitle, g.images->>0 as "image", g.category_id as "categoryId", g.unit_id as "unitId",
          g.price_min::float8 as "priceMin", g.price_max::float8 as "priceMax", g.service_areas as "serviceAreas",
          (select count(*)::int from goods_sku k where k.goods_id = g.id and k.retired_at is null) as "skuCount",
          g.on_shelf_at as "onShelfAt", g.on_shelf_at::text as "cursorAt", ${SELLER}
        from ${FROM} where ${where}
        order by g.on_shelf_at desc, g.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({ ...r, onShelfAt: new Date(r.onShelfAt) }));
}

// ---- goods with a rebate ----

export interface RebateRow extends SellerCols {
  id: string;
  name: string;
  subtitle: string;
  /** The main image's file id (images[0]). */
  image: string | null;
  categoryId: string | null;
  priceMin: number;
  priceMax: number;
  rebateBp: number;
  rebateCents: number;
  sales: number;
  onShelfAt: Date;
  cursorAt: string;
}

export function rebateWhere(f: MarketFilters): SQL {
  return all([
    sql`g.rebate_bp > 0`,
    sql`g.listing_type = 'goods'`,
    sql`g.status = 'on'`,
    sql`g.deleted_at is null`,
    sql`g.on_shelf_at is not null`,
    ...filtersOf(f),
  ]);
}

export const afterRebate = (cents: number, id: string): SQL => sql`(${REBATE_CENTS}, g.id) < (${cents}::bigint, ${id})`;

export async function rebatePage(db: Executor, where: SQL, sort: "rebate" | "newest", limit: number, offset: number): Promise<RebateRow[]> {
  const order = sort === "rebate" ? sql`${REBATE_CENTS} desc, g.id desc` : sql`g.on_shelf_at desc, g.id desc`;
  const rows = await rowsOf<Omit<RebateRow, "onShelfAt"> & { onShelfAt: string | Date }>(
    db,
    sql`select g.id, g.name, g.subtitle, g.images->>0 as "image", g.category_id as "categoryId", g.price_min::float8 as "priceMin",
          g.price_max::float8 as "priceMax", g.rebate_bp as "rebateBp", ${REBATE_CENTS}::float8 as "rebateCents", g.sales,
          g.on_shelf_at as "onShelfAt", g.on_shelf_at::text as "cursorAt", ${SELLER}
        from ${FROM} where ${where}
        order by ${order} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({ ...r, onShelfAt: new Date(r.onShelfAt) }));
}

/** A bounded count of a marketplace list (open shops only, like its page). */
export const marketCount = (db: Executor, where: SQL) => boundedCount(db, FROM, where);
