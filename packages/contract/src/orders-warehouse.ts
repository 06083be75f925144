import { z } from "zod";
import { calendarDay, id, instant } from "./common";
import { exportFile, read, seller } from "./define";
import { orderStatuses } from "./orders";
import { deskListFilters } from "./orders-desk";

/*
 * What the warehouse works from (issue 25 §4; docs/domains/orders.md "Warehouse: printing and the line export"):
 * one read of what to print for a set of orders (pick lists and packing slips are drawn from it on the web), and the
 * order list exported one row per order line.
 */

/** At most this many orders printed at once. */
export const PRINT_MAX_ORDERS = 200;

/**
 * Who sees buyers' and recipients' full phone numbers: members holding this function (the owner holds every one).
 * Without it the order detail, both order exports and printed slips show them masked (`maskPhone`).
 */
export const ORDER_PHONE_FUNCTION = "order.manage.phone";

const F = (func: string) => ({ func });
const info = (name: string) => seller(`/trading/order/info/${name}`);

export const printBatch = z.object({
  batchId: id,
  batchNo: z.string(),
  expiresOn: calendarDay.nullable(),
  quantity: z.int(),
});

export const printLine = z.object({
  lineId: id,
  goodsId: id,
  skuId: id,
  goodsName: z.string(),
  specValues: z.array(z.string()),
  skuCode: z.string().nullable(),
  /** The goods' storage location (shelf, bin), as the seller wrote it; null when none is kept. */
  storageLocation: z.string().nullable(),
  quantity: z.int(),
  shippedQuantity: z.int(),
  /** The fresh batches the line's stock came from (FEFO); empty for other goods. */
  batches: z.array(printBatch),
});
export type PrintLine = z.infer<typeof printLine>;

export const printOrder = z.object({
  id,
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  createdAt: instant,
  paidAt: instant.nullable(),
  buyerName: z.string(),
  recipient: z.object({
    name: z.string(),
    /** Masked unless the caller holds `order.manage.phone`. */
    phone: z.string(),
    /** The area's path in Chinese and in English (province, city, district). */
    areaName: z.string(),
    areaNameEn: z.string(),
    detail: z.string(),
  }),
  buyerRemark: z.string(),
  sellerRemark: z.string(),
  lines: z.array(printLine),
});
export type PrintOrder = z.infer<typeof printOrder>;

export const printSet = z.object({
  shopName: z.string(),
  timeZone: z.string(),
  /** The phones are masked: the caller lacks `order.manage.phone`. */
  phonesMasked: z.boolean(),
  /** In the order asked; ids that are not the caller's organisation's orders are absent. */
  orders: z.array(printOrder),
});
export type PrintSet = z.infer<typeof printSet>;

export const orderWarehouse = {
  selOrderPrintData: read({
    path: info("selOrderPrintData"),
    summary:
      "What to print for up to 200 of the shop's orders (pick list and packing slips): recipient, lines with spec, SKU code, storage location and batches, remarks; in the order asked, others' ids absent",
    access: F("order.manage"),
    input: z.strictObject({ ids: z.array(id).min(1).max(PRINT_MAX_ORDERS) }),
    output: printSet,
  }),
  exportOrderLines: exportFile({
    path: info("exportOrderLines"),
    summary:
      "The order list as an Excel file with one row per order line (for a warehouse or an ERP): the list's tab, keyword, days placed and need, in the reader's language",
    access: F("order.manage.export"),
    input: z.strictObject(deskListFilters),
  }),
};
