import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { area, category, dictItem } from "./reference.tables";

/*
 * The reference domain's declared module for others: what other domains read of the reference data without naming its
 * tables (docs/architecture.md, "Inside a domain").
 */

// ---- for the order readers (after-sales, evaluation, invoices) ----

/** Dictionary items (dict_code, code, name, name_en), to join under an alias as a table. */
export const dictItemView: SQL = sql`(select dict_code, code, name, name_en from ${dictItem})`;

/** The dictionary's item with this code (its names), or nothing. */
export async function dictItemOf(
  db: Executor,
  dictCode: string,
  code: string,
): Promise<{ code: string; name: string; name_en: string } | undefined> {
  const [row] = await rowsOf<{ code: string; name: string; name_en: string }>(
    db,
    sql`select code, name, name_en from ${dictItem} where dict_code = ${dictCode} and code = ${code} limit 1`,
  );
  return row;
}

/* What the reference domain offers the domains above it (SQL fragments for their one-statement lists), so none names
 * its tables. */

// ---- for goods and search (goods & marketing helper) ----

/** A subquery of the ids of a category and of every category under it (the platform's tree is a few levels deep). */
export const categoryAndBelow = (categoryId: string): SQL =>
  sql`(with recursive sub(id) as (select ${categoryId}::text union all select k.id from ${category} k join sub on k.parent_id = sub.id) select id from sub)`;

/**
 * A derived table of every category with its top-level category (`category_id`, `id`, `name`, `name_en`, `sort`: the
 * top level's), to group by the top level in one statement.
 */
export const categoryTops = (): SQL =>
  sql`(select c.id as category_id, top.id, top.name, top.name_en, top.sort
       from ${category} c
       join ${category} top on top.id = coalesce((select p.id from ${category} p where p.id = c.parent_id and p.parent_id is null), c.id))`;

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
