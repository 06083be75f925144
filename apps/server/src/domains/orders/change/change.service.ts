import {
  codes,
  type contract,
  type OrderChangeEntry,
  type OutputOf,
  orderPayRefusals as P,
  type ParsedInputOf,
  orderRefusals as R,
} from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { AppError, badField, notFound, stateForbids } from "../../../platform/http/errors";
import { type Actor, transition } from "../order.machine";
import * as repo from "../orders.repository";
import { detailOf } from "../orders.view";
import type { OrderPorts } from "../orders-needs.port";
import * as changes from "./change.repository";

/*
 * Changing an order's lines before shipping (docs/domains/orders.md "Offline payment and order changes"): each named
 * line gets a new quantity (0 removes it). More pieces are taken from stock FEFO like a checkout (the new batches
 * joined to the line's record); fewer go back into the line's own batches, latest-expiring first (the reverse of the
 * take), so a later cancel still returns exactly what is held. The line's amount is its unit price × the new quantity;
 * a price revision of a changed line is dropped (the seller may revise again). Through the machine (`changeLines`),
 * on the timeline with each line before and after and the reason the buyer sees.
 */

type OC = typeof contract.orderChange;
type In<K extends keyof OC> = ParsedInputOf<OC[K]>;
type Out<K extends keyof OC> = OutputOf<OC[K]>;
type Batch = { batchId: string; quantity: number };

const sellerOf = (ctx: Ctx) => {
  const me = ctx.me();
  return { boId: me.boId, actor: { kind: "seller", memberId: me.memberId } satisfies Actor as Actor };
};

/** Takes `n` pieces off the end of a FEFO record: what goes back, and what the line keeps. */
export function giveBack(batches: Batch[], n: number): { back: Batch[]; kept: Batch[] } {
  const kept = batches.map((b) => ({ ...b }));
  const back: Batch[] = [];
  let left = n;
  for (let i = kept.length - 1; i >= 0 && left > 0; i--) {
    const b = kept[i] as Batch;
    const q = Math.min(b.quantity, left);
    b.quantity -= q;
    left -= q;
    back.push({ batchId: b.batchId, quantity: q });
  }
  return { back, kept: kept.filter((b) => b.quantity > 0) };
}

/** Adds newly taken batches to a line's record (one entry per batch). */
function joinBatches(batches: Batch[], more: Batch[]): Batch[] {
  const out = batches.map((b) => ({ ...b }));
  for (const m of more) {
    const same = out.find((b) => b.batchId === m.batchId);
    if (same) same.quantity += m.quantity;
    else out.push({ ...m });
  }
  return out;
}

export function createOrderChangeService(ports: OrderPorts) {
  return {
    async selChangeOrderInfo(input: In<"selChangeOrderInfo">, ctx: Ctx): Promise<Out<"selChangeOrderInfo">> {
      const s = sellerOf(ctx);
      const order = await repo.findSellerOrder(ctx.db, s.boId, input.id);
      if (!order) throw notFound(R.notFound);
      return (await changes.changesOf(ctx.db, order.id)).map((c) => {
        const d = c.detail as Partial<OrderChangeEntry>;
        return {
          id: c.id,
          at: c.at.toISOString(),
          actorName: c.actorName,
          reason: d.reason ?? "",
          lines: d.lines ?? [],
          payBefore: d.payBefore ?? 0,
          payAfter: d.payAfter ?? 0,
          refundDue: d.refundDue ?? 0,
        };
      });
    },

    async changeOrderInfo(input: In<"changeOrderInfo">, ctx: Ctx): Promise<Out<"changeOrderInfo">> {
      const s = sellerOf(ctx);
      const tz = await repo.timeZoneOfShop(ctx.db, input.id);
      const order = await transition(
        ctx.db,
        { orderId: input.id, scope: { boId: s.boId }, action: "changeLines", actor: s.actor },
        async (o) => {
          if (await changes.hasShipments(ctx.db, o.id)) throw stateForbids(P.changeShipped, { orderNo: o.orderNo });
          const lines = await repo.linesOf(ctx.db, o.id, true);
          const byId = new Map(lines.map((l) => [l.id, l]));
          const seen = new Set<string>();
          const wanted = new Map<string, number>();
          input.lines.forEach((w, i) => {
            if (!byId.has(w.lineId) || seen.has(w.lineId)) throw badField(`lines.${i}.lineId`, R.lineNotFound);
            seen.add(w.lineId);
            const l = byId.get(w.lineId);
            if (o.status !== "pendingPayment" && l && w.quantity > l.quantity)
              throw badField(`lines.${i}.quantity`, P.paidIncrease, { orderNo: o.orderNo });
            if (l && w.quantity !== l.quantity) wanted.set(w.lineId, w.quantity);
          });
          if (wanted.size === 0) throw badField("lines", P.nothingChanged);
          if (lines.every((l) => (wanted.get(l.id) ?? l.quantity) === 0)) throw badField("lines", P.lastLine);

          const changed: OrderChangeEntry["lines"] = [];
          let goodsAmount = o.goodsAmount;
          let reviseAmount = o.reviseAmount;
          const sales: { goodsId: string; quantity: number }[] = [];
          for (const l of lines) {
            const q = wanted.get(l.id);
            if (q === undefined) continue;
            const amountAfter = l.unitPrice * q;
            let batches = l.batches;
            if (q > l.quantity) {
              const more = await ports.goods.takeStock(ctx.db, l.skuId, q - l.quantity, tz).catch((err: unknown) => {
                if (err instanceof AppError && err.code === codes.CONFLICT) {
                  const i = input.lines.findIndex((w) => w.lineId === l.id);
                  throw badField(`lines.${i}.quantity`, R.stockShort, {
                    name: l.goodsName,
                    left: Number(err.params?.left ?? 0),
                    wanted: q - l.quantity,
                  });
                }
                throw err;
              });
              batches = joinBatches(l.batches, more);
            } else {
              const { back, kept } = giveBack(l.batches, l.quantity - q);
              await ports.goods.returnStock(ctx.db, l.skuId, l.quantity - q, back, tz);
              batches = kept;
            }
            if (q === 0) await changes.deleteLine(ctx.db, l.id);
            else await changes.setLine(ctx.db, l.id, { quantity: q, amount: amountAfter, revisedAmount: null, batches });
            goodsAmount += amountAfter - l.amount;
            // The line's own revision (revised − checkout amount) leaves with its old quantity.
            if (l.revisedAmount !== null) reviseAmount -= l.revisedAmount - l.amount;
            sales.push({ goodsId: l.goodsId, quantity: q - l.quantity });
            changed.push({
              lineId: l.id,
              goodsName: l.goodsName,
              specValues: l.specValues,
              quantityBefore: l.quantity,
              quantityAfter: q,
              amountBefore: l.revisedAmount ?? l.amount,
              amountAfter,
            });
          }
          await ports.goods.addSales(ctx.db, sales);
          const payAmount = goodsAmount + o.freightAmount - o.discountAmount + reviseAmount;
          if (payAmount < 1) throw badField("lines", R.payTooLow);
          const refundDue = o.status === "pendingPayment" ? 0 : Math.max(o.payAmount - payAmount, 0);
          return {
            patch: { goodsAmount, reviseAmount, payAmount },
            detail: { reason: input.reason, lines: changed, payBefore: o.payAmount, payAfter: payAmount, refundDue },
          };
        },
      );
      return detailOf(ctx.db, order);
    },
  };
}
