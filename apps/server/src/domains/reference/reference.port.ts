import { type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { area, dictItem } from "./reference.tables";

/* What the reference domain offers other domains: reads of its dictionaries and areas. */

// ---- for orders (shipments, addresses): subqueries on a code, so a list stays one query ----

/** An express company's names by code: a subquery of one row (`name`, `name_en`) or none, for `left join lateral … on true`. */
export const expressNamesSql = (code: SQLWrapper) =>
  sql`(select d.name, d.name_en from ${dictItem} d where d.dict_code = 'express' and d.code = ${code})`;

/** The express companies (the `express` dictionary). */
export const expressCompanies = (db: Executor) =>
  rowsOf<{ code: string; name: string; name_en: string | null }>(
    db,
    sql`select code, name, name_en from ${dictItem} where dict_code = 'express'`,
  );

/** The express company of this code, if the dictionary has it. */
export async function findExpress(db: Executor, code: string) {
  const [row] = await rowsOf<{ code: string }>(
    db,
    sql`select code from ${dictItem} where dict_code = 'express' and code = ${code} limit 1`,
  );
  return row;
}

/** An area's name with its province and city ("浙江省 杭州市 西湖区") for an area code column or value; null for no such area. */
export const areaFullNameSql = (code: SQLWrapper) =>
  sql`(select string_agg(x.name, ' ' order by x.level) from ${area} x
        where x.code in (substr(${code}, 1, 2) || '0000', substr(${code}, 1, 4) || '00', ${code}))`;

export async function areaExists(db: Executor, code: string) {
  const [row] = await rowsOf<{ code: string }>(db, sql`select code from ${area} where code = ${code}`);
  return !!row;
}

/** An area's full name, or null when there is no such area (one statement). */
export async function areaFullName(db: Executor, code: string): Promise<string | null> {
  const [row] = await rowsOf<{ name: string | null; found: boolean }>(
    db,
    sql`select exists (select 1 from ${area} where code = ${code}) as found, ${areaFullNameSql(sql`${code}`)} as name`,
  );
  return row?.found ? (row.name ?? code) : null;
}
