import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { category, dictItem } from "./reference.tables";

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
