import type { OutputOf } from "@sbo/contract/define";
import * as pay from "@sbo/contract/orders-pay";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { orderKeys } from "./orders.api";

/** The offline-payment review queue (a screen beyond routes.json, reached from the order list). */

export type VoucherRow = OutputOf<typeof pay.orderPay.selPayListByParam>["list"][number];
export type OrderChangeEntry = OutputOf<typeof pay.orderChange.selChangeOrderInfo>[number];

/** One voucher (the review dialog), fresh each time it opens. */
export const useVoucher = (id: string | null) =>
  useQuery({
    queryKey: orderKeys.detail(`voucher:${id ?? ""}`),
    queryFn: ({ signal }) => call(pay.orderPay.selVoucherById, { id: id ?? "" }, { notify: false, signal }),
    enabled: Boolean(id),
  });

/** An order's line changes, newest first. */
export const useOrderChanges = (orderId: string) =>
  useQuery({
    queryKey: orderKeys.detail(`changes:${orderId}`),
    queryFn: ({ signal }) => call(pay.orderChange.selChangeOrderInfo, { id: orderId }, { notify: false, signal }),
  });

/** Lines may change, and the address too, only before anything is shipped. */
export const canChangeLines = (s: VoucherRow["orderStatus"]) => s === "pendingPayment" || s === "paid";
export const canChangeAddress = canChangeLines;
export const canCorrectLogistics = (s: VoucherRow["orderStatus"]) => s === "partlyShipped" || s === "shipped";
