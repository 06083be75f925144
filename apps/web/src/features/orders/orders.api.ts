import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/orders";
import { useQuery } from "@tanstack/react-query";
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
