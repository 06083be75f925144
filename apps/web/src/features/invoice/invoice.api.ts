import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/invoice";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const invoiceKeys = queryKeys("invoice");

export type InvoiceRow = OutputOf<typeof contract.invoice.selInvoiceListByPage>["list"][number];
export type InvoiceDetail = OutputOf<typeof contract.invoice.invoiceOrderDetail>;

/** One invoice request: the detail screen's query, and its prefetch. */
export const invoiceDetailQuery = (id: string) => ({
  queryKey: invoiceKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.invoice.invoiceOrderDetail, { id }, { notify: false, signal }),
});

export const useInvoiceDetail = (id: string) => useQuery({ ...invoiceDetailQuery(id), enabled: id !== "" });

/** Only a requested invoice may be issued or refused (the server's machine decides; this chooses what to offer). */
export const canDecide = (state: InvoiceRow["state"]) => state === "requested";
