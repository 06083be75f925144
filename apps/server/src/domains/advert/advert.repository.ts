import { and, asc, count, eq, ilike, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { nameTaken as nameTakenIn } from "../../platform/db/names";
import { rowsOf } from "../../platform/db/rows";
import { shopClassify } from "../catalogue/shop-category/shop-category.tables";
import { goods } from "../goods/goods.tables";
import { shop } from "../shop/shop.tables";
import { shopSupplier } from "../supplier/supplier.tables";
import { storedFile } from "../system/system.tables";
import { shopAdvert, shopAdvertItem } from "./advert.tables";

export type AdvertRow = typeof shopAdvert.$inferSelect;
export type ItemRow = typeof shopAdvertItem.$inferSelect;
export type FileRow = typeof storedFile.$inferSelect;

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

// ---- what items show and link to ----

export async function filesByIds(db: Executor, ids: string[]): Promise<Map<string, FileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(storedFile).where(inArray(storedFile.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function ownFile(db: Executor, boId: string, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.boId, boId), eq(storedFile.id, id)));
  return row;
}

/** Names of the link targets, by kind: goods (not deleted), shop categories, shops. Three queries at most. */
export async function targetNames(
  db: Executor,
  boId: string,
  t: { goods: string[]; category: string[]; shop: string[] },
): Promise<{ goods: Map<string, string>; category: Map<string, string>; shop: Map<string, string> }> {
  const [g, c, s] = await Promise.all([
    t.goods.length
      ? db
          .select({ id: goods.id, name: goods.name })
          .from(goods)
          .where(and(eq(goods.boId, boId), inArray(goods.id, t.goods), isNull(goods.deletedAt)))
      : [],
    t.category.length
      ? db
          .select({ id: shopClassify.id, name: shopClassify.name })
          .from(shopClassify)
          .where(and(eq(shopClassify.boId, boId), inArray(shopClassify.id, t.category)))
      : [],
    t.shop.length ? db.select({ id: shop.id, name: shop.name }).from(shop).where(inArray(shop.id, t.shop)) : [],
  ]);
  const map = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  return { goods: map(g), category: map(c), shop: map(s) };
}

/** A goods item of the organisation an advert may link to: not deleted, sold goods (no service), on or off shelf. */
export async function linkableGoods(db: Executor, boId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        eq(goods.boId, boId),
        eq(goods.id, id),
        isNull(goods.deletedAt),
        eq(goods.listingType, "goods"),
        inArray(goods.status, ["on", "off"]),
      ),
    );
  return row !== undefined;
}

/** The shop's categories, top level first, each list in order (at most MAX_SHOP_CATEGORIES). */
export async function categoriesOf(db: Executor, boId: string) {
  return db
    .select({ id: shopClassify.id, name: shopClassify.name, parentId: shopClassify.parentId })
    .from(shopClassify)
    .where(eq(shopClassify.boId, boId))
    .orderBy(sql`${shopClassify.parentId} is not null`, asc(shopClassify.sort), asc(shopClassify.id))
    .limit(500);
}

export async function ownCategory(db: Executor, boId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shopClassify.id })
    .from(shopClassify)
    .where(and(eq(shopClassify.boId, boId), eq(shopClassify.id, id)));
  return row !== undefined;
}

/** The shops an advert of `boId` may link to: its own, and the open shops of authorised suppliers that accepted. */
export function linkableShopWhere(boId: string, name?: string): SQL {
  const c: SQL[] = [
    sql`(${shop.boId} = ${boId} or (${shop.status} = 'open' and ${shop.boId} in (
      select ${shopSupplier.supplierBoId} from ${shopSupplier}
      where ${shopSupplier.boId} = ${boId} and ${shopSupplier.kind} = 'authorised' and ${shopSupplier.consent} = 'accepted'
        and ${shopSupplier.status} = 'enabled')))`,
  ];
  if (name) c.push(ilike(shop.name, `%${name.replace(/[\\%_]/g, "\\$&")}%`));
  return and(...c) as SQL;
}

export const shopCountSource = (where: SQL) => ({ from: sql`${shop}`, where });

export async function shopPage(db: Executor, boId: string, where: SQL, limit: number, offset: number) {
  return db
    .select({ id: shop.id, name: shop.name, brand: shop.brand, boId: shop.boId })
    .from(shop)
    .where(where)
    .orderBy(sql`${shop.boId} <> ${boId}`, asc(shop.name), asc(shop.id))
    .limit(limit)
    .offset(offset);
}

export async function linkableShop(db: Executor, boId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shop.id })
    .from(shop)
    .where(and(eq(shop.id, id), linkableShopWhere(boId)));
  return row !== undefined;
}
