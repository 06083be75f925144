import { type Call, codes, type contract, type ParsedInputOf, orderRefusals as R } from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { AppError, notFound, stateForbids } from "../../../platform/http/errors";
import { type Actor, findLine, giveBack, type OrderPorts, setLineBatches } from "../../orders/orders.port";
import { shopTimeZone } from "../../shop/shop.port";
import { step } from "../aftersale.machine";

/*
 * The pieces an application moves (docs/domains/aftersale.md): a return received goes back into the line's own batches
 * (latest-expiring first), an exchange's replacement leaves stock FEFO like a checkout. The line's record of batches
 * is rewritten by the orders (setLineBatches), the stock by the goods (ports.goods).
 */

type AS = typeof contract.afterSale;
type In<K extends keyof AS> = AS[K] extends Call ? ParsedInputOf<AS[K]> : never;

export function createStockSteps(ports: OrderPorts) {
  /** The seller confirms a return's (or an exchange's) pieces arrived: they go back into stock. */
  function receive(ctx: Ctx, seller: { boId: string; actor: Actor }, input: In<"confirmReceipt">) {
    return step(ctx.db, { id: input.id, scope: { boId: seller.boId }, action: "receive", actor: seller.actor }, async (app, order) => {
      // The returned pieces go back into the line's own batches (latest-expiring first), as a reduced line's do.
      const line = await findLine(ctx.db, app.lineId, true);
      if (!line) throw notFound(R.lineNotFound);
      const tz = await shopTimeZone(ctx.db, order.shopId);
      const { back, kept } = giveBack(line.batches, app.quantity);
      await ports.goods.returnStock(ctx.db, line.skuId, app.quantity, back, tz);
      await setLineBatches(ctx.db, line.id, kept);
      // A return unsells its pieces; an exchange's replacement goes out again, so its sales stay.
      if (app.type === "returnRefund") await ports.goods.addSales(ctx.db, [{ goodsId: line.goodsId, quantity: -app.quantity }]);
      return { detail: { goodsName: line.goodsName, batches: back } };
    });
  }

  /** The seller ships an exchange's replacement: taken from stock FEFO, its batches join the line's record. */
  function shipExchange(ctx: Ctx, seller: { boId: string; actor: Actor }, input: In<"shipExchange">) {
    return step(ctx.db, { id: input.id, scope: { boId: seller.boId }, action: "shipExchange", actor: seller.actor }, async (app, order) => {
      const line = await findLine(ctx.db, app.lineId, true);
      if (!line) throw notFound(R.lineNotFound);
      const tz = await shopTimeZone(ctx.db, order.shopId);
      const more = await ports.goods.takeStock(ctx.db, line.skuId, app.quantity, tz).catch((err: unknown) => {
        if (err instanceof AppError && err.code === codes.CONFLICT)
          throw stateForbids(R.stockShort, { name: line.goodsName, left: Number(err.params?.left ?? 0), wanted: app.quantity });
        throw err;
      });
      const batches = line.batches.map((b) => ({ ...b }));
      for (const m of more) {
        const same = batches.find((b) => b.batchId === m.batchId);
        if (same) same.quantity += m.quantity;
        else batches.push({ ...m });
      }
      await setLineBatches(ctx.db, line.id, batches);
      return {
        patch: { exchangeExpressCode: input.expressCode, exchangeTrackingNo: input.trackingNo },
        detail: { expressCode: input.expressCode, trackingNo: input.trackingNo },
      };
    });
  }

  return { receive, shipExchange };
}
