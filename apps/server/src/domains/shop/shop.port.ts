import { sql } from "drizzle-orm";
import type { ShopOpener } from "../../platform/access/seller-account";
import type { ShopStateSource } from "../../platform/auth/session-resolver";
import { shop, shopSetting } from "./shop.tables";

/**
 * What the platform needs of the shop, handed to it when the app is built (the platform never imports a
 * domain): the shop's state for the session resolver's one query, and the row a new seller's shop starts as.
 */
export const shopStateSource: ShopStateSource = {
  relation: sql`(select ${shop.boId} as bo_id, ${shop.id} as id, ${shop.name} as name, ${shop.brand} as brand, ${shop.status} as status,
    (select ${shopSetting.timeZone} from ${shopSetting} where ${shopSetting.shopId} = ${shop.id}) as time_zone from ${shop})`,
};

export const openShopRow: ShopOpener = async (tx, boId, s) => {
  const [created] = await tx.insert(shop).values({ boId, name: s.name, brand: s.brand }).returning({ id: shop.id });
  if (!created) throw new Error("insert returned nothing");
  return created.id;
};
