import {
  codes,
  type contract,
  orderDeskRefusals as D,
  DESK_MAX_SERIES_DAYS,
  DESK_MAX_WINDOW_DAYS,
  type OutputOf,
  type ParsedInputOf,
  orderRefusals as R,
  REMIND_EVERY_MINUTES,
  SERVICE_FEE_BP,
} from "@sbo/contract";
import { desc, type SQL } from "drizzle-orm";
import { addDays, DAY_MS, iso, startOfDay, todayIn } from "../../../platform/days";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import { COUNT_CAP, decodeTimeCursor, encodeTimeCursor, offsetOf } from "../../../platform/http/paging";
import { transition } from "../order.machine";
import { serviceFee } from "../orders.port";
import { sellerWhere, TAB_STATUSES } from "../orders.repository";
import { orderInfo } from "../orders.tables";
import { detailOf, lineOf, summaryOf } from "../orders.view";
import { exportOrder } from "./desk.export";
import * as desk from "./desk.repository";

/* The seller's order desk: reads, statistics and export (docs/domains/orders.md "Desk: reads, statistics, export"). */

type O = typeof contract.orderDesk;
type In<K extends keyof O> = ParsedInputOf<O[K]>;
type Out<K extends keyof O> = OutputOf<O[K]>;

const newestFirst = [desc(orderInfo.createdAt), desc(orderInfo.id)];
const boOf = (ctx: Ctx) => ctx.me().boId;

/** Refuses a window [from, to) longer than `max` days or reversed, naming `field`. */
function checkWindow(from: string, to: string, field: string, max = DESK_MAX_WINDOW_DAYS) {
  const span = Date.parse(to) - Date.parse(from);
  if (span < 0) throw badField(field, D.windowReversed);
  if (span > max * DAY_MS) throw badField(field, D.windowTooLong, { max });
}

async function pageOfSummaries(ctx: Ctx, where: SQL, input: { pageNum: number; pageSize: number }) {
  const [keys, total] = await Promise.all([
    desk.keyedIds(ctx.db, where, newestFirst, input.pageSize, offsetOf(input)),
    desk.cappedCount(ctx.db, where),
  ]);
  const rows = await desk.summaryRowsInOrder(
    ctx.db,
    keys.map((k) => k.id),
  );
  return { list: rows.map((r) => summaryOf(r, { maskPhone: true })), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export function createOrderDeskService() {
  return {
    exportOrder,
    async selSaleOrderListByPage(input: In<"selSaleOrderListByPage">, ctx: Ctx): Promise<Out<"selSaleOrderListByPage">> {
      return pageOfSummaries(ctx, sellerWhere(boOf(ctx), input, desk.SALE_STATUSES), input);
    },

    async selAllOrderListByPageV3(input: In<"selAllOrderListByPageV3">, ctx: Ctx): Promise<Out<"selAllOrderListByPageV3">> {
      const after = decodeTimeCursor(input.cursor);
      const where = sellerWhere(boOf(ctx), input, input.statuses ?? null);
      const keys = await desk.keyedIds(ctx.db, after ? desk.afterCursor(where, after) : where, newestFirst, input.pageSize + 1);
      const pageKeys = keys.slice(0, input.pageSize);
      const rows = await desk.summaryRowsInOrder(
        ctx.db,
        pageKeys.map((k) => k.id),
      );
      const last = pageKeys[pageKeys.length - 1];
      return {
        list: rows.map((r) => summaryOf(r, { maskPhone: true })),
        nextCursor: keys.length > input.pageSize && last ? encodeTimeCursor(last.at, last.id) : null,
      };
    },

    async selFilterOrderListByPage(input: In<"selFilterOrderListByPage">, ctx: Ctx): Promise<Out<"selFilterOrderListByPage">> {
      if (input.payMethod || input.flagColor) {
        const field = input.payMethod ? "payMethod" : "flagColor";
        if (!input.from || !input.to) throw badField(field, D.windowNeeded, { max: DESK_MAX_WINDOW_DAYS });
        checkWindow(input.from, input.to, "to");
      } else if (input.from && input.to) checkWindow(input.from, input.to, "to", Number.MAX_SAFE_INTEGER / DAY_MS);
      return pageOfSummaries(ctx, desk.deskWhere(boOf(ctx), input, input.statuses ?? null), input);
    },

    async selOrderGoodsListByParam(input: In<"selOrderGoodsListByParam">, ctx: Ctx): Promise<Out<"selOrderGoodsListByParam">> {
      const ids = [...new Set(input.orderIds)];
      const { orders, lines } = await desk.linesOfOrders(ctx.db, boOf(ctx), ids);
      const byOrder = new Map(
        orders.map((o) => [o.id, { orderId: o.id, orderNo: o.order_no, lines: [] as Out<"selOrderGoodsListByParam">[number]["lines"] }]),
      );
      for (const l of lines) byOrder.get(l.orderId)?.lines.push(lineOf(l));
      // In the order asked; ids of other sellers (or unknown) are simply absent.
      return ids.flatMap((id) => {
        const o = byOrder.get(id);
        return o ? [o] : [];
      });
    },

    async selBuyerOrderDetailById(input: In<"selBuyerOrderDetailById">, ctx: Ctx): Promise<Out<"selBuyerOrderDetailById">> {
      const order = await desk.findOwnPurchase(ctx.db, boOf(ctx), input.id);
      if (!order) throw refuse(codes.NOT_FOUND, D.notOwnPurchase);
      return detailOf(ctx.db, order);
    },

    async statisticalOrder(_input: unknown, ctx: Ctx): Promise<Out<"statisticalOrder">> {
      const { boId, timeZone } = ctx.me();
      const today = todayIn(timeZone);
      const t0 = startOfDay(today, timeZone);
      const tomorrow = startOfDay(addDays(today, 1), timeZone);
      const yesterday = startOfDay(addDays(today, -1), timeZone);
      const weekAgo = startOfDay(addDays(today, -6), timeZone);
      const [a, b, c] = await Promise.all([
        desk.windowStats(ctx.db, boId, t0, tomorrow),
        desk.windowStats(ctx.db, boId, yesterday, t0),
        desk.windowStats(ctx.db, boId, weekAgo, tomorrow),
      ]);
      return { timeZone, today: a, yesterday: b, last7Days: c };
    },

    async statisticalDuringOrder(input: In<"statisticalDuringOrder">, ctx: Ctx): Promise<Out<"statisticalDuringOrder">> {
      const { boId, timeZone } = ctx.me();
      const span = (Date.parse(input.toDay) - Date.parse(input.fromDay)) / DAY_MS + 1;
      if (span < 1) throw badField("toDay", D.windowReversed);
      if (span > DESK_MAX_SERIES_DAYS) throw badField("toDay", D.windowTooLong, { max: DESK_MAX_SERIES_DAYS });
      const byDay = await desk.dailyStats(
        ctx.db,
        boId,
        startOfDay(input.fromDay, timeZone),
        startOfDay(addDays(input.toDay, 1), timeZone),
        timeZone,
      );
      const days = Array.from({ length: span }, (_, i) => {
        const day = addDays(input.fromDay, i);
        return { day, ...(byDay.get(day) ?? { orders: 0, paidOrders: 0, paidAmount: 0, cancelled: 0 }) };
      });
      return { timeZone, days };
    },

    async selCountBuyerBoIdByOrder(input: In<"selCountBuyerBoIdByOrder">, ctx: Ctx): Promise<Out<"selCountBuyerBoIdByOrder">> {
      checkWindow(input.from, input.to, "to");
      return desk.buyerCounts(ctx.db, boOf(ctx), input.from, input.to);
    },

    async selOrderTime(input: In<"selOrderTime">, ctx: Ctx): Promise<Out<"selOrderTime">> {
      const order = await desk.findOrder(ctx.db, boOf(ctx), input.id);
      if (!order) throw refuse(codes.NOT_FOUND, R.notFound);
      const shop = await desk.shopTimesOf(ctx.db, order.shopId);
      const autoCloseMinutes = shop?.auto_close_minutes ?? 30;
      const autoConfirmDays = shop?.auto_confirm_days ?? 7;
      return {
        id: order.id,
        status: order.status as Out<"selOrderTime">["status"],
        timeZone: shop?.time_zone ?? ctx.me().timeZone,
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
        shippedAt: iso(order.shippedAt),
        receivedAt: iso(order.receivedAt),
        completedAt: iso(order.completedAt),
        cancelledAt: iso(order.cancelledAt),
        autoCloseMinutes,
        autoConfirmDays,
        payBy: order.status === "pendingPayment" ? new Date(order.createdAt.getTime() + autoCloseMinutes * 60_000).toISOString() : null,
        autoReceiveAt:
          order.status === "shipped" && order.shippedAt
            ? new Date(order.shippedAt.getTime() + autoConfirmDays * DAY_MS).toISOString()
            : null,
      };
    },

    async fetchServiceUnitFee(input: In<"fetchServiceUnitFee">, ctx: Ctx): Promise<Out<"fetchServiceUnitFee">> {
      const order = await desk.findOrder(ctx.db, boOf(ctx), input.id);
      if (!order) throw refuse(codes.NOT_FOUND, R.notFound);
      const base = Math.max(0, order.payAmount - order.freightAmount);
      const fee = serviceFee(order.payAmount, order.freightAmount);
      return {
        id: order.id,
        orderNo: order.orderNo,
        payAmount: order.payAmount,
        freightAmount: order.freightAmount,
        base,
        rateBp: SERVICE_FEE_BP,
        fee,
      };
    },

    async remindDelivery(input: In<"remindDelivery">, ctx: Ctx): Promise<null> {
      const me = ctx.me();
      const own = await desk.findOwnPurchase(ctx.db, me.boId, input.id);
      if (!own) throw refuse(codes.NOT_FOUND, D.notOwnPurchase);
      await transition(
        ctx.db,
        { orderId: own.id, scope: { buyerMemberId: own.buyerMemberId }, action: "remind", actor: { kind: "buyer", memberId: me.memberId } },
        async (o) => {
          if (o.remindedAt && Date.now() - o.remindedAt.getTime() < REMIND_EVERY_MINUTES * 60_000)
            throw refuse(codes.CONFLICT, R.remindTooSoon);
          return { patch: { remindCount: o.remindCount + 1, remindedAt: new Date() }, detail: { byOrganisation: me.boId } };
        },
      );
      return null;
    },

    async deleteSellerAndBuyOrderById(input: In<"deleteSellerAndBuyOrderById">, ctx: Ctx): Promise<null> {
      const me = ctx.me();
      await transition(
        ctx.db,
        { orderId: input.id, scope: { boId: me.boId }, action: "deleteSeller", actor: { kind: "seller", memberId: me.memberId } },
        async (o) => {
          const now = new Date();
          return { patch: { sellerDeletedAt: now, buyerDeletedAt: o.buyerDeletedAt ?? now }, detail: { sides: ["seller", "buyer"] } };
        },
      );
      return null;
    },

    async selCouponRecordByOrderId(input: In<"selCouponRecordByOrderId">, ctx: Ctx): Promise<Out<"selCouponRecordByOrderId">> {
      const order = await desk.findOrder(ctx.db, boOf(ctx), input.id);
      if (!order) throw refuse(codes.NOT_FOUND, R.notFound);
      const records: Out<"selCouponRecordByOrderId">["records"] = [];
      for (const e of await desk.adjustmentEvents(ctx.db, order.id)) {
        const at = new Date(e.at).toISOString();
        if (e.event === "created") {
          const adjustments = Array.isArray(e.detail.adjustments) ? (e.detail.adjustments as { label?: unknown; amount?: unknown }[]) : [];
          for (const a of adjustments)
            if (typeof a.label === "string" && typeof a.amount === "number")
              records.push({ kind: "discount", label: a.label, amount: a.amount, at, reason: null });
        } else {
          const before = Number(e.detail.payBefore ?? e.detail.before ?? 0);
          const after = Number(e.detail.payAfter ?? e.detail.after ?? 0);
          records.push({
            kind: "revision",
            label: typeof e.detail.goodsName === "string" ? e.detail.goodsName : "",
            amount: after - before,
            at,
            reason: typeof e.detail.reason === "string" ? e.detail.reason : null,
          });
        }
      }
      return { discountAmount: order.discountAmount, reviseAmount: order.reviseAmount, records };
    },

    async selSellerTodo(_input: unknown, ctx: Ctx): Promise<Out<"selSellerTodo">> {
      // The same orders as the list's links (tab toShip; need=voucher, every tab; tab toShip with need=reminded), read
      // from the counts the database keeps instead of counted; capped at COUNT_CAP like the list's counts.
      const row = await desk.todoCounts(ctx.db, boOf(ctx), TAB_STATUSES.toShip ?? []);
      const capped = (v: number | string) => Math.min(Number(v), COUNT_CAP);
      return { toShip: capped(row.to_ship), vouchers: capped(row.vouchers), reminders: capped(row.reminders) };
    },
  };
}
