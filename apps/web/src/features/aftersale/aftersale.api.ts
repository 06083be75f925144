import * as contract from "@sbo/contract/aftersale";
import type { OutputOf } from "@sbo/contract/define";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const afterSaleKeys = queryKeys("afterSale");

export type AfterSaleRow = OutputOf<typeof contract.afterSale.selOrderGoodsAfterSaleService>["list"][number];
export type AfterSaleDetail = OutputOf<typeof contract.afterSale.selAfterSaleById>;
export type AfterSaleOrder = OutputOf<typeof contract.afterSale.selAfterSaleOrderDetail>;
export type AfterSaleType = AfterSaleRow["type"];
export type AfterSaleState = AfterSaleRow["state"];

export const afterSaleQuery = (id: string) =>
  queryOptions({
    queryKey: afterSaleKeys.detail(id),
    queryFn: ({ signal }) => call(contract.afterSale.selAfterSaleById, { id }, { notify: false, signal }),
  });
export const useAfterSale = (id: string | null | undefined) =>
  useQuery({
    ...afterSaleQuery(id ?? ""),
    enabled: Boolean(id),
    // The buyer moves an application on too (ships it back, withdraws it): each visit reads it afresh.
    refetchOnMount: "always",
  });

export const afterSaleOrderQuery = (id: string) =>
  queryOptions({
    queryKey: afterSaleKeys.detail(`order:${id}`),
    queryFn: ({ signal }) => call(contract.afterSale.selAfterSaleOrderDetail, { id }, { notify: false, signal }),
  });
export const useAfterSaleOrder = (id: string | undefined) => useQuery({ ...afterSaleOrderQuery(id ?? ""), enabled: Boolean(id) });

/** Which seller actions the state offers (the server's machine decides; these only choose the buttons). */
export const sellerActions = (a: { type: AfterSaleType; state: AfterSaleState }) => ({
  approve: a.state === "applied",
  reject: a.state === "applied",
  receive: a.state === "buyerShipped",
  refund: (a.type === "refundOnly" && a.state === "approved") || (a.type === "returnRefund" && a.state === "received"),
  shipExchange: a.type === "exchange" && a.state === "received",
});

/** The states after which nothing more happens. */
export const isClosed = (s: AfterSaleState) => s === "rejected" || s === "withdrawn" || s === "refunded" || s === "exchangeShipped";

/** An instant in the reader's zone, to the minute. */
