import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

/** A table of an organisation's named records (ranks, tags, roles, bases, adverts, categories, templates …). */
type NamedTable = PgTable & { id: AnyPgColumn; boId: AnyPgColumn; name: AnyPgColumn };

/**
 * Whether another of the organisation's records in `table` has this name in any case (a seller reads "Gold" and
 * "gold" as one name), other than `exceptId` (the record being renamed); `within` narrows the records a name competes
 * with (the siblings under one parent, one kind of supplier). The one check behind every domain's "name taken".
 */
export async function nameTaken(
  db: Executor,
  table: NamedTable,
  { boId, name, exceptId, within }: { boId: string; name: string; exceptId?: string; within?: SQL },
): Promise<boolean> {
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.boId, boId), sql`lower(${table.name}) = lower(${name})`, exceptId ? ne(table.id, exceptId) : undefined, within))
    .limit(1);
  return rows.length > 0;
}
