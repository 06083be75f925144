import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/statement";
import { queryOptions } from "@tanstack/react-query";
import dayjs from "dayjs";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const statementKeys = queryKeys("statement");

export type StatementDayRow = OutputOf<typeof contract.statement.selSellerDateNumByPC>["list"][number];
export type StatementOrderRow = OutputOf<typeof contract.statement.selSellerStatementByPC>["list"][number];

const DATE = "YYYY-MM-DD";
/** The statement's days from the URL (`from`, `to`: YYYY-MM-DD); without them, the last 30 days to today. */
export function rangeOf(params: URLSearchParams): { from: string; to: string } {
  const to = params.get("to") || dayjs().format(DATE);
  const from = params.get("from") || dayjs(to).subtract(29, "day").format(DATE);
  return { from, to };
}

/** A range's totals (the statement's figures). */
export const statementTotalsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...statementKeys.all, "totals", from, to],
    queryFn: ({ signal }) => call(contract.statement.selSellerNumByPC, { from, to }, { notify: false, signal }),
  });

export const when = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm");
