import { and, asc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { shop, shopSetting } from "./shop.tables";

/* What the shop domain offers the domains above it (reads and SQL fragments), so none names its tables. */

// ---- for goods and adverts (goods & marketing helper) ----

/** The names of shops among `ids` (any organisation's: an advert may link to a supplier's shop). */
export async function shopNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: shop.id, name: shop.name }).from(shop).where(inArray(shop.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

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

/** The time zone of the organisation `boId` (an expression of the outer row) keeps, or null (a scalar subquery). */
export const timeZoneOfOrg = (boId: SQL): SQL => sql`(select ss.time_zone from ${shopSetting} ss where ss.bo_id = ${boId} limit 1)`;

/** A derived table of the shops (`id`, `bo_id`, `name`, `status`, `area_code`, `time_zone`) to join in one statement. */
export const shops = (): SQL =>
  sql`(select s.id, s.bo_id, s.name, s.status, s.area_code, ss.time_zone from ${shop} s left join ${shopSetting} ss on ss.shop_id = s.id)`;
