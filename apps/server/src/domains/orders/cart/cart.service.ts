import { codes, type contract, MAX_CART_LINES, type OutputOf, type ParsedInputOf, orderRefusals as R } from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import { buyerOf } from "../buyer/buyer.rules";
import * as repo from "../orders.repository";
import type { OrderPorts } from "../orders-needs.port";
import { saveCartLine } from "./cart.repository";

type Bu = typeof contract.buyer;
type In<K extends keyof Bu> = ParsedInputOf<Bu[K]>;
type Out<K extends keyof Bu> = OutputOf<Bu[K]>;

/** The buyer's cart: its lines as the goods are now (price, stock, on sale). */
export function createCartService(ports: OrderPorts) {
  return {
    async selCart(_input: unknown, ctx: Ctx): Promise<Out<"selCart">> {
      const b = buyerOf(ctx);
      const cart = await repo.cartOf(ctx.db, b.memberId);
      const skus = new Map(
        (
          await ports.goods.skusForOrder(
            ctx.db,
            cart.map((c) => c.skuId),
          )
        ).map((s) => [s.skuId, s]),
      );
      return cart.flatMap((c) => {
        const s = skus.get(c.skuId);
        if (!s) return [];
        return [
          {
            skuId: s.skuId,
            goodsId: s.goodsId,
            boId: s.boId,
            goodsName: s.goodsName,
            specValues: s.specValues,
            price: s.price,
            quantity: c.quantity,
            stock: s.stock,
            onSale: s.onSale,
          },
        ];
      });
    },

    async saveCartItem(input: In<"saveCartItem">, ctx: Ctx): Promise<null> {
      const b = buyerOf(ctx);
      const [sku] = await ports.goods.skusForOrder(ctx.db, [input.skuId]);
      if (!sku) throw badField("skuId", R.skuNotFound);
      if (!sku.onSale) throw refuse(codes.CONFLICT, R.offShelf, { name: sku.goodsName });
      const cart = await repo.cartOf(ctx.db, b.memberId);
      if (!cart.some((c) => c.skuId === input.skuId) && cart.length >= MAX_CART_LINES)
        throw refuse(codes.CONFLICT, R.tooManyCartLines, { max: MAX_CART_LINES });
      await saveCartLine(ctx.db, b.memberId, input.skuId, input.quantity);
      return null;
    },

    async delCartItems(input: In<"delCartItems">, ctx: Ctx): Promise<null> {
      await repo.deleteCartItems(ctx.db, buyerOf(ctx).memberId, input.skuIds);
      return null;
    },
  };
}
