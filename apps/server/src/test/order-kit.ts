import { eq } from "drizzle-orm";
import { goodsSku } from "../domains/goods/goods.tables";
import { buyerAddress, buyerLogin } from "./buyer-kit";
import { createSeller } from "./fixtures";
import { publish, simpleGoods, uploadImage } from "./goods-kit";
import type { TestApp } from "./harness";

/**
 * Where every order test starts: a new seller (its owner logged in, an image uploaded for goods), another seller
 * (`demo2`, for the other-tenant cases) and a buyer with a default address.
 */
export async function orderScene(t: TestApp, buyerPhone: string, buyerName = "Li Lei") {
  const s = await createSeller(t);
  const owner = await t.login(s.loginName, s.password);
  const other = await t.login("demo2");
  const image = await uploadImage(t, owner);
  const buyer = await buyerLogin(t, buyerPhone);
  const addressId = await buyerAddress(t, buyer, buyerPhone, buyerName);
  return { boId: s.boId, owner, other, image, buyer, addressId };
}

/** Publishes an item of one SKU and puts it on shelf: the SKU's id. */
export async function onShelfSku(t: TestApp, owner: string, image: string, name: string, price: number, stock: number): Promise<string> {
  const goodsId = await publish(t, owner, simpleGoods(image, name, { skus: [{ specValues: [], price, stock }] }), true);
  const [sku] = await t.db.select({ id: goodsSku.id }).from(goodsSku).where(eq(goodsSku.goodsId, goodsId));
  if (!sku) throw new Error(`${name} has no SKU`);
  return sku.id;
}
