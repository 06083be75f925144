import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
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
