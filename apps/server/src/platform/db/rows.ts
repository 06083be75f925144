import type { sql } from "drizzle-orm";
import type { Executor } from "./client";

/** Rows of a raw SQL query, the same on PGlite and node-postgres. */
export async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
