import type { OutputOf } from "@sbo/contract/define";
import type * as contract from "@sbo/contract/statement";
import dayjs from "dayjs";
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

export const when = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm");
