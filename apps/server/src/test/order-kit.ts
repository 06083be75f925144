import { type Call, codes, contract, type InputOf, type OutputOf } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { goodsSku } from "../domains/goods/goods.tables";
import { buyerAddress, buyerLogin, buyerPost } from "./buyer-kit";
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

/** Another buyer's ticket, or the cookie and headers to send (no ticket: no cookie). */
export type BuyerOptions = string | { ticket?: string; headers?: Record<string, string> };

/**
 * A test file's buyer calls: `bcall(call, input)` posts a contract entry's call with the file's buyer's cookie; a third
 * argument names another ticket or gives `{ ticket, headers }`. `scene` is read at each call (a file makes its app and
 * its buyer in `beforeAll`).
 */
export function buyerCaller(scene: () => { t: TestApp; ticket: string }) {
  return <C extends Call>(c: C, input: InputOf<C>, o?: BuyerOptions) => {
    const { t, ticket } = scene();
    const options = o === undefined ? { ticket } : typeof o === "string" ? { ticket: o } : o;
    return buyerPost<OutputOf<C>>(t, c.path, input as Record<string, unknown>, options);
  };
}

/** Submits an order as the buyer (a refusal fails the test): the first shop's order (id, number, shop, amount). */
export async function placeOrder(t: TestApp, ticket: string, input: InputOf<typeof contract.buyer.submitOrder>) {
  const submit = contract.buyer.submitOrder;
  const res = await buyerPost<OutputOf<typeof submit>>(t, submit.path, input as Record<string, unknown>, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
  const order = res.data.orders[0];
  if (!order) throw new Error("no order");
  return order;
}
