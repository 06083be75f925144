import { codes, type contract, type OutputOf, type ParsedInputOf, orderRefusals as R } from "@sbo/contract";
import type { Ctx } from "../../platform/http/context";
import { badField, refuse } from "../../platform/http/errors";
import { decodeTimeCursor, encodeTimeCursor, offsetOf } from "../../platform/http/paging";
import { addShipped, insertShipment, setShipmentExpress } from "./fulfil/fulfil.repository";
import { refuseOtherModes } from "./fulfil/pickup.service";
import { once } from "./idempotency.service";
import { type Actor, transition } from "./order.machine";
import { cancelAndReturnStock } from "./order-effects.service";
import * as repo from "./orders.repository";
import { detailOf, sellerDetail, summaries } from "./orders.view";
import type { OrderPorts } from "./orders-needs.port";

type O = typeof contract.orders;
type In<K extends keyof O> = ParsedInputOf<O[K]>;
type Out<K extends keyof O> = OutputOf<O[K]>;

const sellerOf = (ctx: Ctx) => {
  const me = ctx.me();
  return { boId: me.boId, actor: { kind: "seller", memberId: me.memberId } satisfies Actor as Actor };
};

/** Ships one order (batch-ship.service.ts ships a sheet's rows through it). */
export async function shipOrder(ctx: Ctx, input: In<"orderDelivery">) {
  const s = sellerOf(ctx);
  if (!(await repo.expressItem(ctx.db, input.expressCode))) throw badField("expressCode", R.expressUnknown);
  return transition(ctx.db, { orderId: input.id, scope: { boId: s.boId }, action: "ship", actor: s.actor }, async (order) => {
    await refuseOtherModes(ctx.db, order);
    const lines = await repo.linesOf(ctx.db, order.id, true);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted =
      input.lines ??
      lines.filter((l) => l.shippedQuantity < l.quantity).map((l) => ({ lineId: l.id, quantity: l.quantity - l.shippedQuantity }));
    const seen = new Set<string>();
    input.lines?.forEach((w, i) => {
      const l = byId.get(w.lineId);
      if (!l || seen.has(w.lineId)) throw badField(`lines.${i}.lineId`, R.lineNotFound);
      seen.add(w.lineId);
      const left = l.quantity - l.shippedQuantity;
      if (left === 0) throw badField(`lines.${i}.quantity`, R.nothingToShip);
      if (w.quantity > left) throw badField(`lines.${i}.quantity`, R.shipTooMany, { left });
    });
    for (const w of wanted) await addShipped(ctx.db, w.lineId, w.quantity);
    const shipment = await insertShipment(ctx.db, {
      orderId: order.id,
      boId: order.boId,
      expressCode: input.expressCode,
      trackingNo: input.trackingNo,
      lines: wanted,
    });
    const after = new Map(wanted.map((w) => [w.lineId, w.quantity]));
    const all = lines.every((l) => l.shippedQuantity + (after.get(l.id) ?? 0) >= l.quantity);
    return {
      to: all ? "shipped" : "partlyShipped",
      detail: { shipmentId: shipment?.id, expressCode: input.expressCode, trackingNo: input.trackingNo, lines: wanted },
    };
  });
}

export function createSellerOrderService(ports: OrderPorts) {
  return {
    async selOrderListByPage(input: In<"selOrderListByPage">, ctx: Ctx): Promise<Out<"selOrderListByPage">> {
      const s = sellerOf(ctx);
      const after = decodeTimeCursor(input.cursor);
      // One more than the page: whether a next page exists without counting. The tabs' counts come with the page
      // (one grouped pass, or the kept counts), so the screen asks for them with the list and nowhere else.
      const [ids, tabs] = await Promise.all([
        repo.sellerPageIds(ctx.db, s.boId, input, repo.TAB_STATUSES[input.tab] ?? null, input.pageSize + 1, after, offsetOf(input)),
        repo.tabCounts(ctx.db, s.boId, input),
      ]);
      const list = await summaries(ctx.db, ids.slice(0, input.pageSize), { maskPhone: true });
      const lastRow = list[list.length - 1];
      const last = lastRow ? (await repo.summariesByIds(ctx.db, [lastRow.id]))[0] : undefined;
      return {
        list,
        total: tabs.counts[input.tab] ?? 0,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
        nextCursor: ids.length > input.pageSize && last ? encodeTimeCursor(last.created_key, last.id) : null,
        counts: tabs.counts as Out<"selectOrderCount">,
        countsAtLeast: tabs.atLeast,
      };
    },

    async selSellerOrderDetailById(input: In<"selSellerOrderDetailById">, ctx: Ctx): Promise<Out<"selSellerOrderDetailById">> {
      const s = sellerOf(ctx);
      const order = await repo.findSellerOrder(ctx.db, s.boId, input.id);
      if (!order) throw refuse(codes.NOT_FOUND, R.notFound);
      return sellerDetail(ctx, detailOf(ctx.db, order));
    },

    async selectOrderCount(input: In<"selectOrderCount">, ctx: Ctx): Promise<Out<"selectOrderCount">> {
      return (await repo.tabCounts(ctx.db, sellerOf(ctx).boId, input)).counts as Out<"selectOrderCount">;
    },

    async orderDelivery(input: In<"orderDelivery">, ctx: Ctx): Promise<Out<"orderDelivery">> {
      return sellerDetail(ctx, detailOf(ctx.db, await shipOrder(ctx, input)));
    },

    async updateOrderLogistics(input: In<"updateOrderLogistics">, ctx: Ctx): Promise<Out<"updateOrderLogistics">> {
      const s = sellerOf(ctx);
      if (!(await repo.expressItem(ctx.db, input.expressCode))) throw badField("expressCode", R.expressUnknown);
      const order = await transition(
        ctx.db,
        { orderId: input.id, scope: { boId: s.boId }, action: "updateLogistics", actor: s.actor },
        async (o) => {
          const before = await repo.findShipment(ctx.db, o.id, input.shipmentId);
          if (!before) throw refuse(codes.NOT_FOUND, R.shipmentNotFound);
          await setShipmentExpress(ctx.db, before.id, input.expressCode, input.trackingNo);
          return {
            detail: {
              shipmentId: before.id,
              before: { expressCode: before.expressCode, trackingNo: before.trackingNo },
              after: { expressCode: input.expressCode, trackingNo: input.trackingNo },
            },
          };
        },
      );
      return sellerDetail(ctx, detailOf(ctx.db, order));
    },

    async cancelOrder(input: In<"cancelOrder">, ctx: Ctx): Promise<Out<"cancelOrder">> {
      const s = sellerOf(ctx);
      return sellerDetail(
        ctx,
        once(ctx, s.boId, "cancelOrder", async () =>
          detailOf(ctx.db, await cancelAndReturnStock(ctx.db, ports, input.id, { boId: s.boId }, s.actor, input.reason)),
        ),
      );
    },

    /** A line's new amount, or the order's new total; the difference lands in `revise_amount` and on the timeline. */
    async orderPriceRevision(input: In<"orderPriceRevision">, ctx: Ctx): Promise<Out<"orderPriceRevision">> {
      const s = sellerOf(ctx);
      const order = await transition(
        ctx.db,
        { orderId: input.id, scope: { boId: s.boId }, action: "revisePrice", actor: s.actor },
        async (o) => {
          let delta: number;
          const detail: Record<string, unknown> = { reason: input.reason, payBefore: o.payAmount };
          if (input.lineId) {
            const line = (await repo.linesOf(ctx.db, o.id, true)).find((l) => l.id === input.lineId);
            if (!line) throw badField("lineId", R.lineNotFound);
            if (input.amount > line.amount * 10) throw badField("amount", R.reviseTooHigh, { max: line.amount * 10 });
            const current = line.revisedAmount ?? line.amount;
            delta = input.amount - current;
            await repo.setLineRevisedAmount(ctx.db, line.id, input.amount);
            Object.assign(detail, { lineId: line.id, goodsName: line.goodsName, before: current, after: input.amount });
          } else {
            const original = o.goodsAmount + o.freightAmount - o.discountAmount;
            if (input.amount > original * 10) throw badField("amount", R.reviseTooHigh, { max: original * 10 });
            delta = input.amount - o.payAmount;
            Object.assign(detail, { before: o.payAmount, after: input.amount });
          }
          const payAmount = o.payAmount + delta;
          if (payAmount < 1) throw badField("amount", R.payTooLow);
          detail.payAfter = payAmount;
          return { patch: { reviseAmount: o.reviseAmount + delta, payAmount }, detail };
        },
      );
      return sellerDetail(ctx, detailOf(ctx.db, order));
    },

    async modifyOrderByObj(input: In<"modifyOrderByObj">, ctx: Ctx): Promise<Out<"modifyOrderByObj">> {
      const s = sellerOf(ctx);
      const order = await transition(
        ctx.db,
        { orderId: input.id, scope: { boId: s.boId }, action: "remark", actor: s.actor },
        async (o) => ({
          patch: {
            ...(input.sellerRemark !== undefined ? { sellerRemark: input.sellerRemark } : {}),
            ...(input.flagColor !== undefined ? { flagColor: input.flagColor } : {}),
          },
          detail: {
            ...(input.sellerRemark !== undefined ? { remark: { before: o.sellerRemark, after: input.sellerRemark } } : {}),
            ...(input.flagColor !== undefined ? { flag: { before: o.flagColor, after: input.flagColor } } : {}),
          },
        }),
      );
      return sellerDetail(ctx, detailOf(ctx.db, order));
    },

    async orderReceived(input: In<"orderReceived">, ctx: Ctx): Promise<Out<"orderReceived">> {
      const s = sellerOf(ctx);
      return sellerDetail(
        ctx,
        detailOf(ctx.db, await transition(ctx.db, { orderId: input.id, scope: { boId: s.boId }, action: "receive", actor: s.actor })),
      );
    },

    async deleteOrderById(input: In<"deleteOrderById">, ctx: Ctx): Promise<null> {
      const s = sellerOf(ctx);
      await transition(ctx.db, { orderId: input.id, scope: { boId: s.boId }, action: "deleteSeller", actor: s.actor }, async () => ({
        patch: { sellerDeletedAt: new Date() },
      }));
      return null;
    },

    async updateOrderInfoAddrById(input: In<"updateOrderInfoAddrById">, ctx: Ctx): Promise<Out<"updateOrderInfoAddrById">> {
      const s = sellerOf(ctx);
      const areaName = await repo.areaNameOf(ctx.db, input.areaCode);
      if (areaName === null) throw badField("areaCode", R.addressNotFound);
      const order = await transition(
        ctx.db,
        { orderId: input.id, scope: { boId: s.boId }, action: "changeAddress", actor: s.actor },
        async (o) => {
          const after = { name: input.name, phone: input.phone, areaCode: input.areaCode, areaName, detail: input.detail };
          return { patch: { address: after }, detail: { before: o.address, after } };
        },
      );
      return sellerDetail(ctx, detailOf(ctx.db, order));
    },
  };
}
