import {
  codes,
  type contract,
  orderDeskRefusals as D,
  DESK_MAX_SERIES_DAYS,
  DESK_MAX_WINDOW_DAYS,
  flagColors,
  type OutputOf,
  orderStatusWords,
  type ParsedInputOf,
  orderRefusals as R,
  REMIND_EVERY_MINUTES,
  SERVICE_FEE_BP,
} from "@sbo/contract";
import { desc, type SQL } from "drizzle-orm";
import { addDays, DAY_MS, iso, startOfDay, todayIn } from "../../../platform/days";
import type { Executor } from "../../../platform/db/client";
import { col, type ExportColumn, sheetColumns } from "../../../platform/export/columns";
import { xlsxStream } from "../../../platform/export/xlsx";
import type { FileResult } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import { COUNT_CAP, keysetBatches, offsetOf } from "../../../platform/http/paging";
import { transition } from "../order.machine";
import { sellerWhere, TAB_STATUSES } from "../orders.repository";
import { decodeCursor, encodeCursor } from "../orders.service";
import { orderInfo } from "../orders.tables";
import { detailOf, imageUrlOf, phoneFor, seesFullPhones, summaryOf } from "../orders.view";
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

const flagWords = Object.fromEntries(
  flagColors.map((c) => [
    c,
    {
      en: c[0]?.toUpperCase() + c.slice(1),
      zh: { red: "红", orange: "橙", yellow: "黄", green: "绿", blue: "蓝", purple: "紫" }[c],
    },
  ]),
);
const statusWords = Object.fromEntries(
  Object.entries(orderStatusWords).map(([k, w]) => [k, { en: w.en[0]?.toUpperCase() + w.en.slice(1), zh: w.zh }]),
);

const money = (v: string | number) => Number(v);

/**
 * The order export's columns, in the reader's language; money in yuan, times as spreadsheet date-times in the shop's
 * zone; phones in full only for members holding `order.manage.phone` (`fullPhones`).
 */
export const orderExportColumnsFor = (opts: { fullPhones: boolean }): ExportColumn<desk.ExportRow>[] => [
  col.text({ en: "Order number", zh: "订单编号" }, (r) => r.order_no, 24),
  col.enum({ en: "Status", zh: "订单状态" }, statusWords, (r) => r.status, 12),
  col.text({ en: "Buyer", zh: "买家" }, (r) => r.buyer_name ?? "", 16),
  col.text({ en: "Buyer phone", zh: "买家手机" }, (r) => phoneFor(opts.fullPhones, r.buyer_phone), 16),
  col.text({ en: "Recipient", zh: "收货人" }, (r) => r.address.name, 16),
  col.text({ en: "Recipient phone", zh: "收货人手机" }, (r) => phoneFor(opts.fullPhones, r.address.phone), 16),
  col.text({ en: "Address", zh: "收货地址" }, (r) => [r.address.areaName, r.address.detail].filter(Boolean).join(" "), 40),
  col.text({ en: "Goods", zh: "商品" }, (r) => r.first_name, 32),
  col.integer({ en: "Lines", zh: "商品种数" }, (r) => r.line_count),
  col.integer({ en: "Pieces", zh: "件数" }, (r) => r.pieces),
  col.money({ en: "Goods amount (¥)", zh: "商品金额（元）" }, (r) => money(r.goods_amount)),
  col.money({ en: "Freight (¥)", zh: "运费（元）" }, (r) => money(r.freight_amount)),
  col.money({ en: "Discount (¥)", zh: "优惠（元）" }, (r) => money(r.discount_amount)),
  col.money({ en: "Price revision (¥)", zh: "改价（元）" }, (r) => money(r.revise_amount)),
  col.money({ en: "Amount to pay (¥)", zh: "实付金额（元）" }, (r) => money(r.pay_amount)),
  col.enum(
    { en: "Payment", zh: "支付方式" },
    { online: { en: "Online", zh: "在线支付" }, offline: { en: "Offline transfer", zh: "线下转账" } },
    (r) => r.pay_method,
    12,
  ),
  col.datetime({ en: "Placed at", zh: "下单时间" }, (r) => r.created_at),
  col.datetime({ en: "Paid at", zh: "付款时间" }, (r) => r.paid_at),
  col.enum({ en: "Flag", zh: "标记" }, flagWords, (r) => r.flag_color, 8),
  col.text({ en: "Tracking number", zh: "快递单号" }, (r) => r.tracking_nos ?? "", 24),
  col.text({ en: "Seller remark", zh: "卖家备注" }, (r) => r.seller_remark, 32),
];

/** The columns as a member without `order.manage.phone` gets them (the bench writes these). */
export const orderExportColumns = orderExportColumnsFor({ fullPhones: false });

/** Orders an export page reads on PostgreSQL (one statement each; the embedded database reads smaller ones: turns.ts). */
export const EXPORT_PAGE = 2000;

/** The export's pages of `where`, newest first, by keyset. */
export const orderExportPages = (db: Executor, where: SQL) =>
  keysetBatches(
    { at: orderInfo.createdAt, id: orderInfo.id },
    where,
    (w, orderBy, size) => desk.exportRows(db, w, orderBy, size),
    (r) => ({ at: r.created_key, id: r.id }),
    EXPORT_PAGE,
  );

export function createOrderDeskService() {
  return {
    async selSaleOrderListByPage(ctx: Ctx, input: In<"selSaleOrderListByPage">): Promise<Out<"selSaleOrderListByPage">> {
      return pageOfSummaries(ctx, sellerWhere(boOf(ctx), input, desk.SALE_STATUSES), input);
    },

    async selAllOrderListByPageV3(ctx: Ctx, input: In<"selAllOrderListByPageV3">): Promise<Out<"selAllOrderListByPageV3">> {
      const after = decodeCursor(input.cursor);
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
        nextCursor: keys.length > input.pageSize && last ? encodeCursor(last.at, last.id) : null,
      };
    },

    async selFilterOrderListByPage(ctx: Ctx, input: In<"selFilterOrderListByPage">): Promise<Out<"selFilterOrderListByPage">> {
      if (input.payMethod || input.flagColor) {
        const field = input.payMethod ? "payMethod" : "flagColor";
        if (!input.from || !input.to) throw badField(field, D.windowNeeded, { max: DESK_MAX_WINDOW_DAYS });
        checkWindow(input.from, input.to, "to");
      } else if (input.from && input.to) checkWindow(input.from, input.to, "to", Number.MAX_SAFE_INTEGER / DAY_MS);
      return pageOfSummaries(ctx, desk.deskWhere(boOf(ctx), input, input.statuses ?? null), input);
    },

    async selOrderGoodsListByParam(ctx: Ctx, input: In<"selOrderGoodsListByParam">): Promise<Out<"selOrderGoodsListByParam">> {
      const ids = [...new Set(input.orderIds)];
      const { orders, lines } = await desk.linesOfOrders(ctx.db, boOf(ctx), ids);
      const byOrder = new Map(
        orders.map((o) => [o.id, { orderId: o.id, orderNo: o.order_no, lines: [] as Out<"selOrderGoodsListByParam">[number]["lines"] }]),
      );
      for (const l of lines)
        byOrder.get(l.orderId)?.lines.push({
          id: l.id,
          goodsId: l.goodsId,
          skuId: l.skuId,
          goodsName: l.goodsName,
          specValues: l.specValues,
          image: l.image,
          imageUrl: imageUrlOf(l.image),
          unitPrice: l.unitPrice,
          priceSource: l.priceSource,
          quantity: l.quantity,
          amount: l.amount,
          revisedAmount: l.revisedAmount,
          shippedQuantity: l.shippedQuantity,
        });
      // In the order asked; ids of other sellers (or unknown) are simply absent.
      return ids.flatMap((id) => {
        const o = byOrder.get(id);
        return o ? [o] : [];
      });
    },

    async selBuyerOrderDetailById(ctx: Ctx, input: In<"selBuyerOrderDetailById">): Promise<Out<"selBuyerOrderDetailById">> {
      const order = await desk.findOwnPurchase(ctx.db, boOf(ctx), input.id);
      if (!order) throw refuse(codes.NOT_FOUND, D.notOwnPurchase);
      return detailOf(ctx.db, order);
    },

    async statisticalOrder(ctx: Ctx): Promise<Out<"statisticalOrder">> {
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

    async statisticalDuringOrder(ctx: Ctx, input: In<"statisticalDuringOrder">): Promise<Out<"statisticalDuringOrder">> {
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

    async selCountBuyerBoIdByOrder(ctx: Ctx, input: In<"selCountBuyerBoIdByOrder">): Promise<Out<"selCountBuyerBoIdByOrder">> {
      checkWindow(input.from, input.to, "to");
      return desk.buyerCounts(ctx.db, boOf(ctx), input.from, input.to);
    },

    async selOrderTime(ctx: Ctx, input: In<"selOrderTime">): Promise<Out<"selOrderTime">> {
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

    async fetchServiceUnitFee(ctx: Ctx, input: In<"fetchServiceUnitFee">): Promise<Out<"fetchServiceUnitFee">> {
      const order = await desk.findOrder(ctx.db, boOf(ctx), input.id);
      if (!order) throw refuse(codes.NOT_FOUND, R.notFound);
      const base = Math.max(0, order.payAmount - order.freightAmount);
      // Integer arithmetic, half up: (base × bp + 5,000) ÷ 10,000.
      const fee = Math.floor((base * SERVICE_FEE_BP + 5_000) / 10_000);
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

    async remindDelivery(ctx: Ctx, input: In<"remindDelivery">): Promise<null> {
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

    async deleteSellerAndBuyOrderById(ctx: Ctx, input: In<"deleteSellerAndBuyOrderById">): Promise<null> {
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

    async selCouponRecordByOrderId(ctx: Ctx, input: In<"selCouponRecordByOrderId">): Promise<Out<"selCouponRecordByOrderId">> {
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

    async exportOrder(ctx: Ctx, input: In<"exportOrder">): Promise<FileResult> {
      const { boId, timeZone } = ctx.me();
      const where = sellerWhere(boId, input, TAB_STATUSES[input.tab] ?? null);
      const zh = ctx.lang === "zh";
      const stream = xlsxStream(
        zh ? "订单" : "Orders",
        sheetColumns(orderExportColumnsFor({ fullPhones: seesFullPhones(ctx) }), { lang: ctx.lang, timeZone }),
        orderExportPages(ctx.db, where),
      );
      return { fileName: `${zh ? "订单" : "orders"}-${todayIn(timeZone)}.xlsx`, stream };
    },

    async selSellerTodo(ctx: Ctx): Promise<Out<"selSellerTodo">> {
      // The same orders as the list's links (tab toShip; need=voucher, every tab; tab toShip with need=reminded), read
      // from the counts the database keeps instead of counted; capped at COUNT_CAP like the list's counts.
      const row = await desk.todoCounts(ctx.db, boOf(ctx), TAB_STATUSES.toShip ?? []);
      const capped = (v: number | string) => Math.min(Number(v), COUNT_CAP);
      return { toShip: capped(row.to_ship), vouchers: capped(row.vouchers), reminders: capped(row.reminders) };
    },
  };
}
