import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/orders";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const orderKeys = queryKeys("orders");

export type OrderRow = OutputOf<typeof contract.orders.selOrderListByPage>["list"][number];
export type OrderDetail = OutputOf<typeof contract.orders.selSellerOrderDetailById>;
export type OrderCounts = OutputOf<typeof contract.orders.selectOrderCount>;

/** One order's detail: the detail screen's query, and its prefetch. */
export const orderDetailQuery = (id: string) => ({
  queryKey: orderKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.orders.selSellerOrderDetailById, { id }, { notify: false, signal }),
});

export const useOrderDetail = (id: string | undefined) => useQuery({ ...orderDetailQuery(id ?? ""), enabled: Boolean(id) });

/** After any write of an order: every order list, the tab counts and the details refresh. */
export function useInvalidateOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: orderKeys.all });
}

/** What the state allows (the server's machine decides; these only choose which actions to offer). */
export const canShip = (s: OrderRow["status"]) => s === "paid" || s === "partlyShipped";
export const canRevise = (s: OrderRow["status"]) => s === "pendingPayment";
export const canCancel = (s: OrderRow["status"]) => s === "pendingPayment";
export const canMarkReceived = (s: OrderRow["status"]) => s === "shipped";
export const canDelete = (s: OrderRow["status"]) => s === "completed" || s === "cancelled";
