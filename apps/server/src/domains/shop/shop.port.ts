import { inArray, type SQL, sql } from "drizzle-orm";
import type { ShopStateSource } from "../../platform/auth/session-resolver";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { ShopOpener } from "../identity/identity.port";
import { shop, shopSetting } from "./shop.tables";

/*
 * The shop domain's declared module for others: what other domains read of shops and their settings without naming
 * the shop's tables (docs/architecture.md, "Inside a domain").
 */

// ---- for the order readers (after-sales, evaluation, invoices) ----

/** Shops (id, bo_id, name), to join under an alias as a table. */
export const shopView: SQL = sql`(select id, bo_id, name from ${shop})`;

/** Shop settings the order readers use (shop_id, time_zone, after_sale_auto_approve_days, invoice), to join as a table. */
export const shopSettingView: SQL = sql`(select shop_id, time_zone, after_sale_auto_approve_days, invoice from ${shopSetting})`;

/** The shop's time zone (Asia/Shanghai without settings). */
export async function shopTimeZone(db: Executor, shopId: string): Promise<string> {
  const [row] = await rowsOf<{ time_zone: string }>(db, sql`select time_zone from ${shopSetting} where shop_id = ${shopId}`);
  return row?.time_zone ?? "Asia/Shanghai";
}

/** What invoices the shop issues (its settings): none, ordinary, or ordinary and special VAT; none without settings. */
export async function invoiceSupportOf(db: Executor, shopId: string): Promise<string> {
  const [row] = await rowsOf<{ invoice: string }>(db, sql`select invoice from ${shopSetting} where shop_id = ${shopId}`);
  return row?.invoice ?? "none";
}

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

// --- people: what the session domain reads of the shop ---

/** The organisation's shop (its status and name), or undefined before one is opened. */
export { findByBoId as findShopOf } from "./shop.repository";

/** Shops' names by id (supplier requests name the requesting shop). */
export async function shopNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: shop.id, name: shop.name }).from(shop).where(inArray(shop.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Of `boIds`, the organisations that have a shop. */
export async function organizationsWithShop(db: Executor, boIds: string[]) {
  if (boIds.length === 0) return new Set<string>();
  const rows = await db.select({ boId: shop.boId }).from(shop).where(inArray(shop.boId, boIds));
  return new Set(rows.map((r) => r.boId));
}

// --- end people ---
