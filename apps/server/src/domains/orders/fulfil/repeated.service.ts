import {
  codes,
  type contract,
  fulfilRefusals as F,
  type OutputOf,
  type ParsedInputOf,
  orderRefusals as R,
  type RoundStatus,
  roundStatusWords,
} from "@sbo/contract";
import { iso } from "../../../platform/days";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../../platform/http/errors";
import { type Actor, type OrderRow, transition } from "../order.machine";
import * as repo from "../orders.repository";
import * as fr from "./fulfil.repository";

/*
 * Repeated delivery (docs/domains/orders.md "Fulfilment"): an order the buyer placed with `delivery: repeated` is
 * delivered in planned deliveries. Each is planned (its date and pieces), shipped (logistics; an `order_shipment`
 * is written, so tracking and the detail's shipments show it) and delivered; the last delivery delivered, with every
 * piece shipped, completes the order. Every step is one action of the order machine.
 */

type C = typeof contract.orderFulfil;
type In<K extends keyof C> = ParsedInputOf<C[K]>;
type Out<K extends keyof C> = OutputOf<C[K]>;

const sellerOf = (ctx: Ctx) => {
  const me = ctx.me();
  return { boId: me.boId, actor: { kind: "seller", memberId: me.memberId } satisfies Actor as Actor };
};

/** Refuses an order that is not a repeated-delivery one (000005, its mode named). */
async function repeatedOf(db: Executor, order: OrderRow) {
  const f = await fr.fulfilOf(db, order.id);
  if (f?.mode !== "repeated") throw refuse(codes.CONFLICT, F.notRepeated, { orderNo: order.orderNo });
  return f;
}

/** The order's deliveries as the contract shows them. */
export async function roundsView(db: Executor, order: OrderRow): Promise<Out<"selRepeatedlyDeliveryListByOrderId">> {
  const f = await repeatedOf(db, order);
  const lines = await repo.linesOf(db, order.id);
  const rounds = await fr.roundsOf(db, order.id);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const planned = new Map<string, number>();
  for (const r of rounds) for (const l of r.lines) planned.set(l.lineId, (planned.get(l.lineId) ?? 0) + l.quantity);
  const lineOf = (lineId: string, quantity: number) => {
    const l = byId.get(lineId);
    return { lineId, goodsName: l?.goodsName ?? "", specValues: l?.specValues ?? [], quantity };
  };
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status as Out<"selRepeatedlyDeliveryListByOrderId">["status"],
    repeatTimes: f.repeatTimes ?? 0,
    repeatEveryDays: f.repeatEveryDays ?? 0,
    unplanned: lines.map((l) => lineOf(l.id, l.quantity - (planned.get(l.id) ?? 0))).filter((l) => l.quantity > 0),
    rounds: rounds.map((r) => ({
      id: r.id,
      orderId: r.orderId,
      seq: r.seq,
      plannedOn: r.plannedOn,
      status: r.status as RoundStatus,
      expressCode: r.expressCode,
      expressName: r.expressName,
      expressNameEn: r.expressNameEn,
      trackingNo: r.trackingNo,
      lines: r.lines.map((l) => lineOf(l.lineId, l.quantity)),
      remark: r.remark,
      shippedAt: iso(r.shippedAt),
      deliveredAt: iso(r.deliveredAt),
    })),
  };
}

async function checkExpress(db: Executor, code: string | undefined) {
  if (code !== undefined && !(await repo.expressItem(db, code))) throw badField("expressCode", R.expressUnknown);
}

function roundWrongState(seq: number, from: RoundStatus, to: RoundStatus) {
  const a = roundStatusWords[from];
  const b = roundStatusWords[to];
  return stateForbids(F.roundWrongState, { seq, "status.en": a.en, "status.zh": a.zh, "to.en": b.en, "to.zh": b.zh });
}

export function createRepeatedService() {
  return {
    async selRepeatedlyDeliveryListByOrderId(
      input: In<"selRepeatedlyDeliveryListByOrderId">,
      ctx: Ctx,
    ): Promise<Out<"selRepeatedlyDeliveryListByOrderId">> {
      const order = await repo.findSellerOrder(ctx.db, sellerOf(ctx).boId, input.orderId);
      if (!order) throw notFound(R.notFound);
      return roundsView(ctx.db, order);
    },

    /** Plans one delivery: at most the order's `times`, each line's pieces at most what is not yet planned. */
    async orderRepeatedlyDelivery(input: In<"orderRepeatedlyDelivery">, ctx: Ctx): Promise<Out<"orderRepeatedlyDelivery">> {
      const s = sellerOf(ctx);
      if ((input.expressCode === undefined) !== (input.trackingNo === undefined))
        throw badField(input.expressCode === undefined ? "expressCode" : "trackingNo", F.roundLogistics);
      await checkExpress(ctx.db, input.expressCode);
      const order = await transition(
        ctx.db,
        { orderId: input.orderId, scope: { boId: s.boId }, action: "planRound", actor: s.actor },
        async (o) => {
          const f = await repeatedOf(ctx.db, o);
          const rounds = await fr.roundsOf(ctx.db, o.id);
          if (rounds.length >= (f.repeatTimes ?? 0))
            throw refuse(codes.CONFLICT, F.roundsFull, { orderNo: o.orderNo, times: f.repeatTimes ?? 0 });
          const lines = new Map((await repo.linesOf(ctx.db, o.id)).map((l) => [l.id, l]));
          const planned = new Map<string, number>();
          for (const r of rounds) for (const l of r.lines) planned.set(l.lineId, (planned.get(l.lineId) ?? 0) + l.quantity);
          const seen = new Set<string>();
          input.lines.forEach((w, i) => {
            const l = lines.get(w.lineId);
            if (!l || seen.has(w.lineId)) throw badField(`lines.${i}.lineId`, R.lineNotFound);
            seen.add(w.lineId);
            const left = l.quantity - (planned.get(l.id) ?? 0);
            if (w.quantity > left) throw badField(`lines.${i}.quantity`, F.roundTooMany, { left });
          });
          const seq = rounds.reduce((n, r) => Math.max(n, r.seq), 0) + 1;
          const round = await fr.insertRound(ctx.db, {
            orderId: o.id,
            boId: o.boId,
            seq,
            plannedOn: input.plannedOn,
            expressCode: input.expressCode ?? null,
            trackingNo: input.trackingNo ?? null,
            lines: input.lines,
            remark: input.remark ?? "",
          });
          return { detail: { roundId: round.id, seq, plannedOn: input.plannedOn, lines: input.lines } };
        },
      );
      return roundsView(ctx.db, order);
    },

    /**
     * One delivery's next step: planned → shipped (logistics given now or at planning) → delivered; without a new
     * status, its date (while planned), logistics (until delivered) and remark. Backwards or skipping steps: 000409.
     */
    async updOrderRepeatedlyDeliveryV2(input: In<"updOrderRepeatedlyDeliveryV2">, ctx: Ctx): Promise<Out<"updOrderRepeatedlyDeliveryV2">> {
      const s = sellerOf(ctx);
      await checkExpress(ctx.db, input.expressCode);
      const seen = await fr.findRound(ctx.db, s.boId, input.orderId, input.roundId);
      if (!seen) throw notFound(F.roundNotFound);
      const from = seen.status as RoundStatus;
      const to = input.status ?? from;
      const action =
        to === from
          ? "updateRound"
          : from === "planned" && to === "shipped"
            ? "shipRound"
            : from === "shipped" && to === "delivered"
              ? "deliverRound"
              : null;
      if (!action || (action === "updateRound" && from === "delivered")) throw roundWrongState(seen.seq, from, to);
      if (input.plannedOn !== undefined && from !== "planned") throw badField("plannedOn", F.roundDateFixed);

      const order = await transition(ctx.db, { orderId: input.orderId, scope: { boId: s.boId }, action, actor: s.actor }, async (o) => {
        await repeatedOf(ctx.db, o);
        // Under the order's lock: the delivery as it is now (a concurrent step may have moved it).
        const round = await fr.findRound(ctx.db, s.boId, o.id, input.roundId);
        if (!round) throw notFound(F.roundNotFound);
        if (round.status !== from) throw roundWrongState(round.seq, round.status as RoundStatus, to);
        const now = new Date();
        const expressCode = input.expressCode ?? round.expressCode;
        const trackingNo = input.trackingNo ?? round.trackingNo;
        const base = { roundId: round.id, seq: round.seq };

        if (action === "shipRound") {
          if (!expressCode) throw badField("expressCode", F.roundLogistics);
          if (!trackingNo) throw badField("trackingNo", F.roundLogistics);
          const lines = await repo.linesOf(ctx.db, o.id, true);
          const byId = new Map(lines.map((l) => [l.id, l]));
          for (const w of round.lines) {
            await fr.addShipped(ctx.db, w.lineId, w.quantity);
            const l = byId.get(w.lineId);
            if (l) l.shippedQuantity += w.quantity;
          }
          const shipment = await fr.insertShipment(ctx.db, { orderId: o.id, boId: o.boId, expressCode, trackingNo, lines: round.lines });
          await fr.updateRound(ctx.db, round.id, {
            status: "shipped",
            expressCode,
            trackingNo,
            shipmentId: shipment?.id ?? null,
            shippedAt: now,
            ...(input.remark !== undefined ? { remark: input.remark } : {}),
          });
          const all = lines.every((l) => l.shippedQuantity >= l.quantity);
          return {
            to: all ? "shipped" : "partlyShipped",
            detail: { ...base, shipmentId: shipment?.id, expressCode, trackingNo, lines: round.lines },
          };
        }

        if (action === "deliverRound") {
          await fr.updateRound(ctx.db, round.id, {
            status: "delivered",
            deliveredAt: now,
            ...(expressCode !== round.expressCode || trackingNo !== round.trackingNo ? { expressCode, trackingNo } : {}),
            ...(input.remark !== undefined ? { remark: input.remark } : {}),
          });
          const rounds = await fr.roundsOf(ctx.db, o.id);
          const lines = await repo.linesOf(ctx.db, o.id);
          const done = rounds.every((r) => r.status === "delivered") && lines.every((l) => l.shippedQuantity >= l.quantity);
          return {
            to: done ? "completed" : (o.status as "partlyShipped" | "shipped"),
            patch: done ? { receivedAt: now } : {},
            detail: { ...base, shipmentId: round.shipmentId, completed: done },
          };
        }

        // updateRound: date, logistics, remark.
        const before = { plannedOn: round.plannedOn, expressCode: round.expressCode, trackingNo: round.trackingNo, remark: round.remark };
        const after = {
          plannedOn: input.plannedOn ?? round.plannedOn,
          expressCode,
          trackingNo,
          remark: input.remark ?? round.remark,
        };
        await fr.updateRound(ctx.db, round.id, after);
        if (round.shipmentId && expressCode && trackingNo) await fr.setShipmentExpress(ctx.db, round.shipmentId, expressCode, trackingNo);
        return { detail: { ...base, shipmentId: round.shipmentId, before, after } };
      });
      return roundsView(ctx.db, order);
    },
  };
}
