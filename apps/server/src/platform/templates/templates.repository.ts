import { and, asc, count, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { dataTemp } from "./templates.tables";

export type TemplateRow = typeof dataTemp.$inferSelect;
/** Whose templates: a staff member in one organisation. */
export interface Owner {
  boId: string;
  memberId: string;
}

const ownedBy = (o: Owner) => and(eq(dataTemp.boId, o.boId), eq(dataTemp.memberId, o.memberId));

export async function listOfType(db: Executor, o: Owner, type: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(dataTemp)
    .where(and(ownedBy(o), eq(dataTemp.type, type)))
    .orderBy(asc(dataTemp.name));
}

export async function findByName(db: Executor, o: Owner, type: string, name: string) {
  const [row] = await db
    .select({ id: dataTemp.id })
    .from(dataTemp)
    .where(and(ownedBy(o), eq(dataTemp.type, type), eq(dataTemp.name, name)));
  return row;
}

export async function countOfType(db: Executor, o: Owner, type: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dataTemp)
    .where(and(ownedBy(o), eq(dataTemp.type, type)));
  return Number(row?.n ?? 0);
}

/** Saves under (type, name): an existing template of that name is overwritten. */
export async function upsert(db: Executor, o: Owner, v: { type: string; name: string; content: Record<string, unknown> }) {
  const [row] = await db
    .insert(dataTemp)
    .values({ boId: o.boId, memberId: o.memberId, ...v })
    .onConflictDoUpdate({
      target: [dataTemp.boId, dataTemp.memberId, dataTemp.type, dataTemp.name],
      set: { content: v.content, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error("write returned nothing");
  return row;
}

/** Deletes one of the owner's templates; answers whether there was one. */
export async function remove(db: Executor, o: Owner, id: string): Promise<boolean> {
  const gone = await db
    .delete(dataTemp)
    .where(and(eq(dataTemp.id, id), ownedBy(o)))
    .returning({ id: dataTemp.id });
  return gone.length > 0;
}
