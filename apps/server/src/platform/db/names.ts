import { and, eq, getTableName, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client";
import { holdUntilCommit } from "./hold";

/** A table of an organisation's named records (ranks, tags, roles, bases, adverts, categories, templates …). */
type NamedTable = PgTable & { id: AnyPgColumn; boId: AnyPgColumn; name: AnyPgColumn };

/**
 * Whether another of the organisation's records in `table` has this name in any case (a seller reads "Gold" and
 * "gold" as one name), other than `exceptId` (the record being renamed); `within` narrows the records a name competes
 * with (the siblings under one parent, one kind of supplier). The one check behind every domain's "name taken".
 *
 * The check holds the organisation's names of that table until the save commits: without it, saves of one name sent
 * at once all passed the check and all but one hit the unique index, a 500 (an outside probe's 8 at once gave 4 to
 * 7 of them). Now the later ones wait, see the name taken and get the domain's own refusal. Writes run in one
 * transaction (bind-domain.ts), so the hold lasts until the insert is committed.
 */
export async function nameTaken(
  db: Executor,
  table: NamedTable,
  { boId, name, exceptId, within }: { boId: string; name: string; exceptId?: string; within?: SQL },
): Promise<boolean> {
  await holdUntilCommit(db, `name:${getTableName(table)}:${boId}`);
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.boId, boId), sql`lower(${table.name}) = lower(${name})`, exceptId ? ne(table.id, exceptId) : undefined, within))
    .limit(1);
  return rows.length > 0;
}
