import { financeRefusals as R } from "@sbo/contract";
import { addDays, startOfDay } from "../../platform/days";
import type { Ctx } from "../../platform/http/context";
import { badField } from "../../platform/http/errors";
import type * as repo from "./finance.repository";

/* The finance account's checks without the database. */

/**
 * The flow list's filter (a kind, days in the shop's zone) for its input: the list and its export both read through
 * this. A reversed span is refused naming `to`.
 */
export function flowFilterOf(
  ctx: Ctx,
  input: { kind?: "credit" | "debit" | undefined; from?: string | undefined; to?: string | undefined },
): repo.FlowFilter {
  const { timeZone } = ctx.me();
  if (input.from && input.to && input.to < input.from) throw badField("to", R.flowRangeReversed);
  return {
    kind: input.kind,
    start: input.from ? startOfDay(input.from, timeZone) : undefined,
    end: input.to ? startOfDay(addDays(input.to, 1), timeZone) : undefined,
  };
}
