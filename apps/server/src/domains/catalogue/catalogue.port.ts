import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { shopClassify } from "./shop-category/shop-category.tables";

/* What the catalogue offers the domains above it (adverts link to shop categories): reads, so none names its tables. */

/** The names of the organisation's shop categories among `ids`. */
export async function shopCategoryNames(db: Executor, boId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: shopClassify.id, name: shopClassify.name })
    .from(shopClassify)
    .where(and(eq(shopClassify.boId, boId), inArray(shopClassify.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The shop's categories, top level first, each list in order (at most MAX_SHOP_CATEGORIES). */
export async function shopCategoriesOf(db: Executor, boId: string) {
  return db
    .select({ id: shopClassify.id, name: shopClassify.name, parentId: shopClassify.parentId })
    .from(shopClassify)
    .where(eq(shopClassify.boId, boId))
    .orderBy(sql`${shopClassify.parentId} is not null`, asc(shopClassify.sort), asc(shopClassify.id))
    .limit(500);
}

/** Whether `id` is one of the organisation's shop categories. */
export async function isOwnShopCategory(db: Executor, boId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shopClassify.id })
    .from(shopClassify)
    .where(and(eq(shopClassify.boId, boId), eq(shopClassify.id, id)));
  return row !== undefined;
}
