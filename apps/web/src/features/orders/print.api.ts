import type { OutputOf } from "@sbo/contract/define";
import { orderWarehouse, PRINT_MAX_ORDERS } from "@sbo/contract/orders-warehouse";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { orderKeys } from "./orders.api";

export type PrintSet = OutputOf<typeof orderWarehouse.selOrderPrintData>;
export type PrintOrder = PrintSet["orders"][number];

/** The paper a print page is laid out for: A4 sheets, or 100 × 150 mm shipping labels. */
export const paperSizes = ["a4", "label"] as const;
export type PaperSize = (typeof paperSizes)[number];

export const printPickListPath = (ids: readonly string[], size?: PaperSize) => paths.printPickList({ ids: ids.join(","), size });
export const printSlipsPath = (ids: readonly string[], size?: PaperSize) => paths.printSlips({ ids: ids.join(","), size });

/** The order ids of a print page's URL (`ids=a,b,c`): distinct, in order, at most what one call prints. */
export const idsOf = (params: URLSearchParams): string[] =>
  [
    ...new Set(
      (params.get("ids") ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, PRINT_MAX_ORDERS);

/** A print page's data, started by its route's loader (platform/screen-preload.ts) from the ids in its URL. */
export const prefetchPrintData: Prefetch = (client, _params, search) => {
  const ids = idsOf(search);
  if (ids.length > 0) void client.prefetchQuery(printDataQuery(ids));
};

export const paperOf = (params: URLSearchParams): PaperSize => (params.get("size") === "label" ? "label" : "a4");

export const printDataQuery = (ids: string[]) =>
  queryOptions({
    queryKey: [...orderKeys.all, "print", ids],
    queryFn: ({ signal }) => call(orderWarehouse.selOrderPrintData, { ids }, { notify: false, signal }),
  });
export const usePrintData = (ids: string[]) => useQuery({ ...printDataQuery(ids), enabled: ids.length > 0 });

/** One row of a pick list: a SKU from one batch (or without batches), summed over the orders. */
export interface PickRow {
  key: string;
  skuId: string;
  goodsName: string;
  specValues: string[];
  skuCode: string | null;
  storageLocation: string | null;
  batchNo: string | null;
  expiresOn: string | null;
  quantity: number;
  /** How many of the orders want it. */
  orders: number;
}

const byText = (a: string | null, b: string | null) => {
  if (a === b) return 0;
  if (a === null) return 1; // items without a location come last
  if (b === null) return -1;
  return a.localeCompare(b, undefined, { numeric: true });
};

/**
 * The goods of the orders summed per SKU and batch (fresh goods: the batches FEFO took; other goods: one row per SKU),
 * what is left to ship only, sorted as a picker walks: by storage location (items without one last), then goods name,
 * spec, batch expiry.
 */
export function pickListOf(orders: readonly PrintOrder[]): PickRow[] {
  const rows = new Map<string, PickRow & { orderIds: Set<string> }>();
  const add = (o: PrintOrder, l: PrintOrder["lines"][number], batch: { batchNo: string; expiresOn: string | null } | null, n: number) => {
    if (n <= 0) return;
    const key = `${l.skuId}\u001f${batch?.batchNo ?? ""}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        skuId: l.skuId,
        goodsName: l.goodsName,
        specValues: l.specValues,
        skuCode: l.skuCode,
        storageLocation: l.storageLocation,
        batchNo: batch?.batchNo ?? null,
        expiresOn: batch?.expiresOn ?? null,
        quantity: 0,
        orders: 0,
        orderIds: new Set(),
      };
      rows.set(key, row);
    }
    row.quantity += n;
    row.orderIds.add(o.id);
    row.orders = row.orderIds.size;
  };
  for (const o of orders)
    for (const l of o.lines) {
      // Shipped pieces are already out of the warehouse; the batches are taken in their order (FEFO's record).
      let toSkip = l.shippedQuantity;
      if (l.batches.length === 0) add(o, l, null, l.quantity - l.shippedQuantity);
      for (const b of l.batches) {
        const skipped = Math.min(toSkip, b.quantity);
        toSkip -= skipped;
        add(o, l, b, b.quantity - skipped);
      }
    }
  return [...rows.values()]
    .map(({ orderIds: _, ...row }) => row)
    .sort(
      (a, b) =>
        byText(a.storageLocation, b.storageLocation) ||
        a.goodsName.localeCompare(b.goodsName) ||
        a.specValues.join("/").localeCompare(b.specValues.join("/")) ||
        byText(a.expiresOn, b.expiresOn) ||
        byText(a.batchNo, b.batchNo),
    );
}
