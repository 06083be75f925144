import { and, asc, count, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { nameTaken as nameTakenIn } from "../../platform/db/names";
import { rowsOf } from "../../platform/db/rows";
import { shopsWhere } from "../shop/shop.port";
import { authorisedSupplierBoIds } from "../supplier/supplier.port";
import { shopAdvert, shopAdvertItem } from "./advert.tables";

export type AdvertRow = typeof shopAdvert.$inferSelect;
export type ItemRow = typeof shopAdvertItem.$inferSelect;

/** The organisation's advert lock for this transaction: every write of adverts or their items takes it first. */
export async function lockAdverts(tx: Executor, boId: string): Promise<void> {
  await rowsOf(tx, sql`select pg_advisory_xact_lock(71000051, hashtext(${boId}))`);
}

export async function advertsOf(db: Executor, boId: string): Promise<AdvertRow[]> {
  return db.select().from(shopAdvert).where(eq(shopAdvert.boId, boId)).orderBy(asc(shopAdvert.sort), asc(shopAdvert.id));
}

/**
 * Whether the file is the image of an advert item showing now (any seller's: item and advert switched on, inside its
 * window): buyers see it (the public renditions).
 */
export async function isShowingImage(db: Executor, fileId: string): Promise<boolean> {
  const rows = await db
    .select({ id: shopAdvertItem.id })
    .from(shopAdvertItem)
    .innerJoin(shopAdvert, eq(shopAdvert.id, shopAdvertItem.adId))
    .where(and(eq(shopAdvertItem.imageFileId, fileId), eq(shopAdvert.enabled, true), itemStateWhere("showing", new Date())))
    .limit(1);
  return rows.length > 0;
}

export async function findAdvert(db: Executor, boId: string, id: string): Promise<AdvertRow | undefined> {
  const [row] = await db
    .select()
    .from(shopAdvert)
    .where(and(eq(shopAdvert.boId, boId), eq(shopAdvert.id, id)));
  return row;
}

export function advertWhere(
  boId: string,
  f: { position?: string | undefined; name?: string | undefined; enabled?: boolean | undefined },
): SQL {
  const c: SQL[] = [eq(shopAdvert.boId, boId)];
  if (f.position) c.push(eq(shopAdvert.position, f.position));
  if (f.name) c.push(ilike(shopAdvert.name, `%${f.name.replace(/[\\%_]/g, "\\$&")}%`));
  if (f.enabled !== undefined) c.push(eq(shopAdvert.enabled, f.enabled));
  return and(...c) as SQL;
}

export const advertCountSource = (where: SQL) => ({ from: sql`${shopAdvert}`, where });

export async function advertPage(db: Executor, where: SQL, limit: number, offset: number): Promise<AdvertRow[]> {
  return db.select().from(shopAdvert).where(where).orderBy(asc(shopAdvert.sort), asc(shopAdvert.id)).limit(limit).offset(offset);
}

/** Per advert of `adIds`: its items, and those showing at `now` (enabled, inside their window). One query. */
export async function itemCounts(db: Executor, adIds: string[], now: Date): Promise<Map<string, { items: number; showing: number }>> {
  if (adIds.length === 0) return new Map();
  const rows = await db
    .select({
      adId: shopAdvertItem.adId,
      items: count(),
      showing: sql<number>`count(*) filter (where ${shopAdvertItem.enabled}
        and (${shopAdvertItem.startAt} is null or ${shopAdvertItem.startAt} <= ${now})
        and (${shopAdvertItem.endAt} is null or ${shopAdvertItem.endAt} > ${now}))::int`,
    })
    .from(shopAdvertItem)
    .where(inArray(shopAdvertItem.adId, adIds))
    .groupBy(shopAdvertItem.adId);
  return new Map(rows.map((r) => [r.adId, { items: Number(r.items), showing: Number(r.showing) }]));
}

export const nameTaken = (db: Executor, boId: string, name: string, exceptId?: string) =>
  nameTakenIn(db, shopAdvert, { boId, name, exceptId });

export async function insertAdvert(db: Executor, values: typeof shopAdvert.$inferInsert): Promise<AdvertRow> {
  const [row] = await db.insert(shopAdvert).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateAdvert(db: Executor, id: string, patch: { name: string; position: string; enabled: boolean }): Promise<void> {
  await db.update(shopAdvert).set(patch).where(eq(shopAdvert.id, id));
}

/** Deletes an advert with its items; answers how many items went. */
export async function deleteAdvert(db: Executor, boId: string, id: string): Promise<number> {
  const items = await db
    .delete(shopAdvertItem)
    .where(and(eq(shopAdvertItem.boId, boId), eq(shopAdvertItem.adId, id)))
    .returning({ id: shopAdvertItem.id });
  await db.delete(shopAdvert).where(and(eq(shopAdvert.boId, boId), eq(shopAdvert.id, id)));
  return items.length;
}

/** Writes new sort positions of a table's rows in one statement. */
async function placeIn(
  db: Executor,
  table: "shop_advert" | "shop_advert_item",
  boId: string,
  rows: readonly { id: string; sort: number }[],
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::text, ${r.sort}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${sql.identifier(table)} t set sort = v.sort, updated_at = now()
    from (values ${values}) as v(id, sort)
    where t.id = v.id and t.bo_id = ${boId}`);
}

export const placeAdverts = (db: Executor, boId: string, rows: readonly { id: string; sort: number }[]) =>
  placeIn(db, "shop_advert", boId, rows);
export const placeItems = (db: Executor, boId: string, rows: readonly { id: string; sort: number }[]) =>
  placeIn(db, "shop_advert_item", boId, rows);

// ---- items ----

/** An advert's items in order. */
export async function itemsOf(db: Executor, adId: string): Promise<ItemRow[]> {
  return db.select().from(shopAdvertItem).where(eq(shopAdvertItem.adId, adId)).orderBy(asc(shopAdvertItem.sort), asc(shopAdvertItem.id));
}

export async function findItem(db: Executor, boId: string, id: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(shopAdvertItem)
    .where(and(eq(shopAdvertItem.boId, boId), eq(shopAdvertItem.id, id)));
  return row;
}

/** Items of one advert showing / waiting / ended / switched off at `now`. */
export function itemStateWhere(state: string, now: Date): SQL {
  const started = sql`(${shopAdvertItem.startAt} is null or ${shopAdvertItem.startAt} <= ${now})`;
  const notEnded = sql`(${shopAdvertItem.endAt} is null or ${shopAdvertItem.endAt} > ${now})`;
  switch (state) {
    case "disabled":
      return sql`not ${shopAdvertItem.enabled}`;
    case "scheduled":
      return sql`${shopAdvertItem.enabled} and not ${started} and ${notEnded}`;
    case "showing":
      return sql`${shopAdvertItem.enabled} and ${started} and ${notEnded}`;
    default:
      return sql`${shopAdvertItem.enabled} and not ${notEnded}`;
  }
}

export const itemPageWhere = (adId: string, state?: SQL): SQL => and(eq(shopAdvertItem.adId, adId), state) as SQL;
export const itemCountSource = (where: SQL) => ({ from: sql`${shopAdvertItem}`, where });

export async function itemPage(db: Executor, where: SQL, limit: number, offset: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(shopAdvertItem)
    .where(where)
    .orderBy(asc(shopAdvertItem.sort), asc(shopAdvertItem.id))
    .limit(limit)
    .offset(offset);
}

export async function insertItem(db: Executor, values: typeof shopAdvertItem.$inferInsert): Promise<ItemRow> {
  const [row] = await db.insert(shopAdvertItem).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateItem(db: Executor, id: string, patch: Partial<typeof shopAdvertItem.$inferInsert>): Promise<void> {
  await db.update(shopAdvertItem).set(patch).where(eq(shopAdvertItem.id, id));
}

export async function deleteItem(db: Executor, boId: string, id: string): Promise<void> {
  await db.delete(shopAdvertItem).where(and(eq(shopAdvertItem.boId, boId), eq(shopAdvertItem.id, id)));
}

// ---- what items link to ----

/** The shops an advert of `boId` may link to: its own, and the open shops of authorised suppliers that accepted. */
export const linkableShopWhere = (boId: string, name?: string): SQL => shopsWhere(boId, authorisedSupplierBoIds(boId), name);
