import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { dictItem } from "./reference.tables";

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
