import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../platform/db/client";
import { base } from "./staff.tables";

/* What the staff domain offers the domains above it (reads and SQL fragments), so none names its tables. */

// ---- for goods (goods & marketing helper) ----

/** The organisation's base `baseId` (its id and name), if it is one of theirs. */
export async function ownBase(db: Executor, boId: string, baseId: string) {
  const [row] = await db
    .select({ id: base.id, name: base.name })
    .from(base)
    .where(and(eq(base.boId, boId), eq(base.id, baseId)));
  return row;
}

/** The name of the base `baseId` names, or null (a scalar subquery: to select in one statement). */
export const baseNameOf = (baseId: SQL | AnyPgColumn): SQL<string | null> =>
  sql<string | null>`(select ${base.name} from ${base} where ${base.id} = ${baseId})`;
