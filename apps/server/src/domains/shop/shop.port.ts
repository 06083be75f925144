import { type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { shop, shopSetting } from "./shop.tables";

/* What the shop domain offers other domains: reads of its shops and their settings. */

// ---- for orders (lists, deadlines, timed jobs): scalar subqueries on a shop id, so a list stays one query ----

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

/** The settings an order's deadlines come from; undefined for a shop without settings. */
export async function shopDeadlineSettings(db: Executor, shopId: string) {
  const [row] = await rowsOf<{ auto_close_minutes: number; auto_confirm_days: number; time_zone: string }>(
    db,
    sql`select auto_close_minutes, auto_confirm_days, time_zone from ${shopSetting} where shop_id = ${shopId}`,
  );
  return row;
}
