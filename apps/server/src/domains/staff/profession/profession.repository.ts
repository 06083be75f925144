import { and, asc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { holdUntilCommit } from "../../../platform/db/hold";
import { containing as like } from "../../../platform/db/like";
import { profession } from "../staff.tables";
import { professionOut } from "./profession.view";

/** A profession the organisation may use: a standard one or its own. */
export async function findProfession(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(profession)
    .where(and(eq(profession.id, id), or(isNull(profession.boId), eq(profession.boId, boId))))
    .limit(1);
  return row;
}

export async function listProfessions(db: Executor, boId: string, name?: string) {
  const conditions = [or(isNull(profession.boId), eq(profession.boId, boId)) as SQL];
  if (name) conditions.push(sql`(${profession.name} ilike ${like(name)} or ${profession.nameEn} ilike ${like(name)})`);
  const rows = await db
    .select()
    .from(profession)
    .where(and(...conditions))
    .orderBy(sql`${profession.boId} is null desc`, asc(profession.createdAt), asc(profession.id))
    .limit(500);
  return rows.map(professionOut);
}

export async function professionNameTaken(db: Executor, boId: string, name: string) {
  await holdUntilCommit(db, `name:profession:${boId}`);
  const rows = await db
    .select({ id: profession.id })
    .from(profession)
    .where(
      and(
        or(isNull(profession.boId), eq(profession.boId, boId)),
        or(sql`lower(${profession.name}) = lower(${name})`, sql`lower(${profession.nameEn}) = lower(${name})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertProfession(db: Executor, values: { boId: string; name: string; nameEn: string }) {
  const [row] = await db.insert(profession).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}
