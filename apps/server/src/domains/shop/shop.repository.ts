import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/like";
import { shop, shopSetting } from "./shop.tables";

export type ShopRow = typeof shop.$inferSelect;
export type ShopProfile = Pick<
  typeof shop.$inferInsert,
  "name" | "brand" | "logoFileId" | "intro" | "contactName" | "contactPhone" | "servicePhone" | "areaCode" | "address" | "mainCategoryId"
>;

export async function findByBoId(db: Executor, boId: string) {
  const [row] = await db.select().from(shop).where(eq(shop.boId, boId)).limit(1);
  return row;
}

/** Updates the organisation's shop if its status is one of `from`; answers the row, or undefined when it is not. */
export async function updateInStatus(db: Executor, boId: string, from: string[], patch: Partial<typeof shop.$inferInsert>) {
  const inStatus: SQL = sql`${shop.status} in (${sql.join(
    from.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const [row] = await db
    .update(shop)
    .set(patch)
    .where(and(eq(shop.boId, boId), inStatus))
    .returning();
  return row;
}

/** Creates the shop as `opening`, or updates it while it still is; undefined when it is already open or closed. */
export async function upsertOpening(db: Executor, boId: string, profile: ShopProfile) {
  const [row] = await db
    .insert(shop)
    .values({ ...profile, boId, status: "opening" })
    .onConflictDoUpdate({ target: shop.boId, set: { ...profile, updatedAt: new Date() }, setWhere: sql`${shop.status} = 'opening'` })
    .returning();
  return row;
}

export async function findSetting(db: Executor, shopId: string) {
  const [row] = await db.select().from(shopSetting).where(eq(shopSetting.shopId, shopId)).limit(1);
  return row;
}

export async function upsertSetting(db: Executor, values: typeof shopSetting.$inferInsert) {
  const { shopId: _, boId: __, ...set } = values;
  if (values.timeZone !== undefined && (await findSetting(db, values.shopId))?.timeZone !== values.timeZone) {
    // A new time zone rebuilds the organisation's report rollups within this statement (the shop_setting trigger of
    // migration 0034, docs/domains/statement.md): tens of seconds for a seller with a million orders, past the calls'
    // statement timeout, which this transaction lifts.
    await db.execute(sql`set local statement_timeout = 0`);
  }
  const [row] = await db
    .insert(shopSetting)
    .values(values)
    .onConflictDoUpdate({ target: shopSetting.shopId, set: { ...set, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error("upsert returned nothing");
  return row;
}

export interface DirectoryFilter {
  name?: string | undefined;
  /** Shops in this area or any under it: the code without its trailing zero pairs is their codes' prefix (GB/T 2260). */
  areaPrefix?: string | undefined;
  mainCategoryId?: string | undefined;
  after?: { name: string; id: string } | null;
  limit: number;
}

/** Open shops matching the filter, by name then id, after the keyset `after` (shop_directory_idx). */
export async function directory(db: Executor, f: DirectoryFilter) {
  return db
    .select({
      id: shop.id,
      boId: shop.boId,
      name: shop.name,
      brand: shop.brand,
      areaCode: shop.areaCode,
      mainCategoryId: shop.mainCategoryId,
      intro: shop.intro,
    })
    .from(shop)
    .where(
      and(
        eq(shop.status, "open"),
        f.name ? sql`(${shop.name} ilike ${containing(f.name)} or ${shop.brand} ilike ${containing(f.name)})` : undefined,
        f.areaPrefix ? sql`${shop.areaCode} like ${`${f.areaPrefix}%`}` : undefined,
        f.mainCategoryId ? eq(shop.mainCategoryId, f.mainCategoryId) : undefined,
        f.after ? sql`(${shop.name}, ${shop.id}) > (${f.after.name}, ${f.after.id})` : undefined,
      ),
    )
    .orderBy(shop.name, shop.id)
    .limit(f.limit);
}
