import type { OutputOf } from "@sbo/contract/define";
import * as fulfil from "@sbo/contract/orders-fulfil";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

/* The fulfilment paths' reads (repeated deliveries, pickup) and what refreshes after their writes. */

export const fulfilKeys = queryKeys("fulfil");

export type RepeatedDeliveries = OutputOf<typeof fulfil.orderFulfil.selRepeatedlyDeliveryListByOrderId>;
export type DeliveryRound = RepeatedDeliveries["rounds"][number];
export type BatchShipResult = OutputOf<typeof fulfil.orderFulfil.batchDeliveryByExcel>;
export type AwaitingRow = OutputOf<typeof fulfil.extract.selAwaitingPickupByPage>["list"][number];
export type PickupPointRow = OutputOf<typeof fulfil.extract.selPickupPointList>["list"][number];

export const useRepeatedDeliveries = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: fulfilKeys.detail(orderId),
    queryFn: ({ signal }) => call(fulfil.orderFulfil.selRepeatedlyDeliveryListByOrderId, { orderId }, { notify: false, signal }),
    enabled,
  });
