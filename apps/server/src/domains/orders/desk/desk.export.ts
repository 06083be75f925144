import { type contract, flagColors, orderStatusWords, type ParsedInputOf } from "@sbo/contract";
import type { SQL } from "drizzle-orm";
import { todayIn } from "../../../platform/days";
import type { Executor } from "../../../platform/db/client";
import { col, type ExportColumn, sheetColumns } from "../../../platform/export/columns";
import { xlsxStream } from "../../../platform/export/xlsx";
import type { FileResult } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { keysetBatches } from "../../../platform/http/paging";
import { sellerWhere, TAB_STATUSES } from "../orders.repository";
import { orderInfo } from "../orders.tables";
import { phoneFor, seesFullPhones } from "../orders.view";
import * as desk from "./desk.repository";

/* The order desk's sheet (`exportOrder`): the seller list's orders, every page read by keyset. */

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

/** The order list as a sheet: the list's filter and tab, every page by keyset. */
export async function exportOrder(input: ParsedInputOf<(typeof contract.orderDesk)["exportOrder"]>, ctx: Ctx): Promise<FileResult> {
  const { boId, timeZone } = ctx.me();
  const where = sellerWhere(boId, input, TAB_STATUSES[input.tab] ?? null);
  const zh = ctx.lang === "zh";
  const stream = xlsxStream(
    zh ? "订单" : "Orders",
    sheetColumns(orderExportColumnsFor({ fullPhones: seesFullPhones(ctx) }), { lang: ctx.lang, timeZone }),
    orderExportPages(ctx.db, where),
  );
  return { fileName: `${zh ? "订单" : "orders"}-${todayIn(timeZone)}.xlsx`, stream };
}
