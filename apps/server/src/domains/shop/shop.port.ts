import { DEFAULT_TIME_ZONE } from "@sbo/contract";
import { and, asc, eq, ilike, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { ShopStateSource } from "../../platform/auth/session-resolver";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { ShopOpener } from "../identity/identity.port";
import { shop, shopSetting } from "./shop.tables";

/*
 * The shop domain's declared module for others: what other domains read of shops and their settings without naming
 * the shop's tables (docs/architecture.md, "Inside a domain"). Lists stay one statement: the derived tables and scalar
 * subqueries below join into the reader's own query.
 */

// ---- for the platform and the session ----

/**
 * What the platform needs of the shop, handed to it when the app is built (the platform never imports a
 * domain): the shop's state for the session resolver's one query, and the row a new seller's shop starts as.
 */
export const shopStateSource: ShopStateSource = {
  relation: sql`(select ${shop.boId} as bo_id, ${shop.id} as id, ${shop.name} as name, ${shop.brand} as brand, ${shop.status} as status,
    (select ${shopSetting.timeZone} from ${shopSetting} where ${shopSetting.shopId} = ${shop.id}) as time_zone from ${shop})`,
};

export const openShopRow: ShopOpener = async (tx, boId, s) => {
  const [created] = await tx.insert(shop).values({ boId, name: s.name, brand: s.brand }).returning({ id: shop.id });
  if (!created) throw new Error("insert returned nothing");
  return created.id;
};

/** The organisation's shop (its status and name), or undefined before one is opened. */
export { findByBoId as findShopOf } from "./shop.repository";

// ---- derived tables and scalar subqueries, to join in one statement ----

/** A derived table of the shops (`id`, `bo_id`, `name`, `status`, `area_code`, `time_zone`) to join in one statement. */
export const shops = (): SQL =>
  sql`(select s.id, s.bo_id, s.name, s.status, s.area_code, ss.time_zone from ${shop} s left join ${shopSetting} ss on ss.shop_id = s.id)`;

/** Shop settings the order readers use (shop_id, time_zone, after_sale_auto_approve_days, invoice), to join as a table. */
export const shopSettingView: SQL = sql`(select shop_id, time_zone, after_sale_auto_approve_days, invoice from ${shopSetting})`;

/** The shop's name, for a shop id column or value. */
export const shopNameSql = (shopId: SQLWrapper) => sql`(select sh.name from ${shop} sh where sh.id = ${shopId})`;

/** The shop's `auto_close_minutes` (null without settings: the caller's default applies). */
export const shopAutoCloseMinutesSql = (shopId: SQLWrapper) =>
  sql`(select st.auto_close_minutes from ${shopSetting} st where st.shop_id = ${shopId})`;

/** The shop's `auto_confirm_days` (null without settings). */
export const shopAutoConfirmDaysSql = (shopId: SQLWrapper) =>
  sql`(select st.auto_confirm_days from ${shopSetting} st where st.shop_id = ${shopId})`;

/** The shop's time zone (null without settings). */
export const shopTimeZoneSql = (shopId: SQLWrapper) => sql`(select st.time_zone from ${shopSetting} st where st.shop_id = ${shopId})`;

/** The time zone of the organisation `boId` (an expression of the outer row) keeps, or null (a scalar subquery). */
export const timeZoneOfOrg = (boId: SQL): SQL => sql`(select ss.time_zone from ${shopSetting} ss where ss.bo_id = ${boId} limit 1)`;

// ---- reads ----

/** The shop's time zone (the default zone without settings). */
export async function shopTimeZone(db: Executor, shopId: string): Promise<string> {
  const [row] = await rowsOf<{ time_zone: string | null }>(db, sql`select ${shopTimeZoneSql(sql`${shopId}`)} as time_zone`);
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** The settings an order's deadlines come from; undefined for a shop without settings. */
export async function shopDeadlineSettings(db: Executor, shopId: string) {
  const [row] = await rowsOf<{ auto_close_minutes: number; auto_confirm_days: number; time_zone: string }>(
    db,
    sql`select auto_close_minutes, auto_confirm_days, time_zone from ${shopSetting} where shop_id = ${shopId}`,
  );
  return row;
}

/** What invoices the shop issues (its settings): none, ordinary, or ordinary and special VAT; none without settings. */
export async function invoiceSupportOf(db: Executor, shopId: string): Promise<string> {
  const [row] = await rowsOf<{ invoice: string }>(db, sql`select invoice from ${shopSetting} where shop_id = ${shopId}`);
  return row?.invoice ?? "none";
}

/** Whether the shop offers self pickup. */
export async function selfPickupOn(db: Executor, shopId: string): Promise<boolean> {
  const [row] = await db.select({ on: shopSetting.selfPickup }).from(shopSetting).where(eq(shopSetting.shopId, shopId));
  return row?.on ?? false;
}

/** The time zones the organisations' shops keep (without the default). */
export async function shopTimeZones(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ zone: shopSetting.timeZone }).from(shopSetting);
  return rows.map((r) => r.zone);
}

/** The names of shops among `ids` (any organisation's: an advert may link to a supplier's shop). */
export async function shopNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: shop.id, name: shop.name }).from(shop).where(inArray(shop.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Of `boIds`, the organisations that have a shop. */
export async function organizationsWithShop(db: Executor, boIds: string[]) {
  if (boIds.length === 0) return new Set<string>();
  const rows = await db.select({ boId: shop.boId }).from(shop).where(inArray(shop.boId, boIds));
  return new Set(rows.map((r) => r.boId));
}

// ---- the shop directory (goods and adverts link to shops) ----

/** Shops of `boId`, or open shops of the organisations in `openOf` (a subquery of bo ids); by name (contains). */
export function shopsWhere(boId: string, openOf: SQL, name?: string): SQL {
  const c: SQL[] = [sql`(${shop.boId} = ${boId} or (${shop.status} = 'open' and ${shop.boId} in ${openOf}))`];
  if (name) c.push(ilike(shop.name, `%${name.replace(/[\\%_]/g, "\\$&")}%`));
  return and(...c) as SQL;
}

export const shopCountSource = (where: SQL) => ({ from: sql`${shop}`, where });

/** A page of the shops `where` picks, `boId`'s own first, then by name. */
export async function shopPage(db: Executor, boId: string, where: SQL, limit: number, offset: number) {
  return db
    .select({ id: shop.id, name: shop.name, brand: shop.brand, boId: shop.boId })
    .from(shop)
    .where(where)
    .orderBy(sql`${shop.boId} <> ${boId}`, asc(shop.name), asc(shop.id))
    .limit(limit)
    .offset(offset);
}

/** Whether shop `id` is one `where` picks. */
export async function isShopWhere(db: Executor, id: string, where: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: shop.id })
    .from(shop)
    .where(and(eq(shop.id, id), where));
  return row !== undefined;
}
