import { getTableColumns, type InferSelectModel, type sql, type Table } from "drizzle-orm";
import type { Executor } from "./client";

/** Rows of a raw SQL query, the same on PGlite and node-postgres. */
export async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A table's row read as JSON (`to_jsonb(t)`, so that one statement can answer several tables' rows) → the row Drizzle
 * would answer for it: keys by the table's field names, each value through its column's own mapping (instants to
 * Dates, bigints to numbers); JSON columns as they are.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const v = json[column.name];
    row[key] =
      v === null || v === undefined
        ? null
        : column.columnType === "PgJsonb" || column.columnType === "PgJson"
          ? v
          : column.mapFromDriverValue(v);
  }
  return row as InferSelectModel<T>;
}
