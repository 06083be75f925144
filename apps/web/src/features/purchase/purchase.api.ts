import type { OutputOf } from "@sbo/contract/define";
import { INVOICE_ORDER_STATUSES } from "@sbo/contract/invoice";
import * as desk from "@sbo/contract/orders-desk";
import * as statement from "@sbo/contract/statement";
import { queryOptions, useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

/** The organisation's own purchases: its list, one purchase, its invoice titles (docs/domains/orders.md). */
export const purchaseKeys = queryKeys("purchase");

export type PurchaseRow = OutputOf<typeof statement.statement.selBuyerStatementByPC>["list"][number];
export type PurchaseDayRow = OutputOf<typeof statement.statement.selBuyerDateNumByPC>["list"][number];
export type PurchaseDetail = OutputOf<typeof desk.orderDesk.selBuyerOrderDetailById>;

const DATE = "YYYY-MM-DD";
/** The list's days from the URL (`from`, `to`: YYYY-MM-DD); without them, the last 30 days to today. */
export function rangeOf(params: URLSearchParams): { from: string; to: string } {
  const to = params.get("to") || dayjs().format(DATE);
  const from = params.get("from") || dayjs(to).subtract(29, "day").format(DATE);
  return { from, to };
}

export const purchaseQuery = (id: string) =>
  queryOptions({
    queryKey: [...purchaseKeys.all, "detail", id],
    queryFn: ({ signal }) => call(desk.orderDesk.selBuyerOrderDetailById, { id }, { notify: false, signal }),
  });

export function usePurchase(id: string | undefined) {
  return useQuery({ ...purchaseQuery(id ?? ""), enabled: Boolean(id) });
}

/** A range's totals (the list's figures). */
export const purchaseTotalsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...purchaseKeys.all, "totals", from, to],
    queryFn: ({ signal }) => call(statement.statement.selBuyerNumByPC, { from, to }, { notify: false, signal }),
  });

/** The seller may be reminded while the purchase waits for (the rest of) its shipment. */
export const canRemind = (d: Pick<PurchaseDetail, "status">) => d.status === "paid" || d.status === "partlyShipped";
/** Evaluated once received (or completed). */
export const canEvaluate = (d: Pick<PurchaseDetail, "status">) => d.status === "received" || d.status === "completed";
/** An invoice is asked for once paid (the invoice domain's statuses). */
export const canRequestInvoice = (d: Pick<PurchaseDetail, "status">) => (INVOICE_ORDER_STATUSES as readonly string[]).includes(d.status);
