import { type SQL, sql } from "drizzle-orm";
import { category } from "./reference.tables";

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
